// Types of e2e/chromium.mjs (plain JavaScript so that `node e2e/run.mjs` needs no loader).
export declare const SYSTEM_NAMES: readonly string[];
export declare const APT_BINARY: string;
export interface FindProbe {
  override: string | undefined;
  isExecutable: (path: string) => boolean;
  pathDirs: string[];
  playwrightPath: string | undefined;
}
export type Found = { path: string; source: string } | { error: string };
export declare function findChromium(probe: FindProbe): Found | undefined;
export interface InstallProbe { downloadReachable: boolean; isRoot: boolean; hasApt: boolean }
export type Installer = 'playwright' | 'apt';
export declare function installers(probe: InstallProbe): Installer[];
export declare function missingCommand(probe: Pick<InstallProbe, 'isRoot' | 'hasApt'>): string;
export declare function playwrightCli(): string;
export declare function probeFind(env: NodeJS.ProcessEnv): FindProbe;
export declare function downloadReachable(env: NodeJS.ProcessEnv): Promise<boolean>;
export declare function hasApt(pathDirs: string[]): boolean;
export declare function installWithPlaywright(env: NodeJS.ProcessEnv): boolean;
export declare function installWithApt(env: NodeJS.ProcessEnv): boolean;
