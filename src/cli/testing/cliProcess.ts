// The command line as a user runs it, in a child process, for the CLI's tests. Through `tsx`
// (what `npm run simulate` runs) each start transpiles and resolves the engine's few hundred
// modules again: about 2.6 s of CPU, a third of the unit suite's CPU on CI's two cores. So the
// tests run the same source bundled once per test process with esbuild (the transpiler tsx uses):
// about 0.6 s a start. `simulateWithTsx` keeps one path through `tsx` itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const source = new URL('../simulate.ts', import.meta.url).pathname;
let bundled: string | undefined;

/**
 * The CLI as one file, written once per test process into node_modules/.cache (its packages stay
 * imports, resolved from there as from the source; nothing there is linted or committed).
 */
export function cliBundle(): string {
  if (bundled === undefined) {
    const cache = new URL('../../../node_modules/.cache/', import.meta.url).pathname;
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'podplay-cli-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'simulate.mjs');
    buildSync({
      entryPoints: [source], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out,
      packages: 'external', logLevel: 'warning',
    });
    bundled = out;
  }
  return bundled;
}

/** `npm run simulate -- …args` as a child process, from the bundle. */
export function simulate(...args: string[]): CliRun {
  return run([cliBundle(), ...args]);
}

/** The same through `tsx`, exactly as `npm run simulate` starts it. */
export function simulateWithTsx(...args: string[]): CliRun {
  return run(['--import', 'tsx', source, ...args]);
}

function run(argv: string[]): CliRun {
  const r = spawnSync(process.execPath, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
