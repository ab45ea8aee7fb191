// Where the browser tests get their Chromium: the decision table (pure, unit-tested in
// chromium.test.ts) and the probes and installers e2e/run.mjs runs it with.
//
// Order: PODPLAY_CHROMIUM → a chromium on PATH → Playwright's own (already downloaded) →
// `playwright install chromium` when its download host answers → Debian's `chromium` through
// apt-get when the user is root and apt has it → fail with the one command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** Names a system Chromium goes by on PATH (Debian, Ubuntu's snap wrapper, Google's build). */
export const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
/** Where Debian's package puts the binary, checked after apt-get even if PATH lacks /usr/bin. */
export const APT_BINARY = '/usr/bin/chromium';

/**
 * @typedef {{
 *   override: string | undefined,            // PODPLAY_CHROMIUM
 *   isExecutable: (path: string) => boolean,
 *   pathDirs: string[],                      // PATH, split
 *   playwrightPath: string | undefined,      // where Playwright keeps its own Chromium
 * }} FindProbe
 * @typedef {{ path: string, source: string } | { error: string }} Found
 */

/** @param {FindProbe} probe @returns {Found | undefined} */
export function findChromium(probe) {
  if (probe.override) {
    // an explicit choice is never second-guessed: a wrong path is the user's to fix
    return probe.isExecutable(probe.override)
      ? { path: probe.override, source: 'PODPLAY_CHROMIUM' }
      : { error: `PODPLAY_CHROMIUM=${probe.override} is not an executable file` };
  }
  for (const dir of probe.pathDirs) {
    for (const name of SYSTEM_NAMES) {
      const path = join(dir, name);
      if (probe.isExecutable(path)) return { path, source: 'the system (PATH)' };
    }
  }
  if (probe.playwrightPath && probe.isExecutable(probe.playwrightPath)) {
    return { path: probe.playwrightPath, source: "Playwright's own download" };
  }
  if (probe.isExecutable(APT_BINARY)) return { path: APT_BINARY, source: "Debian's chromium package" };
  return undefined;
}

/**
 * @typedef {{
 *   downloadReachable: boolean,   // Playwright's download host answered
 *   isRoot: boolean,
 *   hasApt: boolean,
 * }} InstallProbe
 * @typedef {'playwright' | 'apt'} Installer
 */

/** Which installers to try, in order. @param {Pick<InstallProbe, 'downloadReachable' | 'isRoot' | 'hasApt'>} probe @returns {Installer[]} */
export function installers(probe) {
  /** @type {Installer[]} */
  const order = [];
  if (probe.downloadReachable) order.push('playwright');
  if (probe.isRoot && probe.hasApt) order.push('apt');
  return order;
}

/** The one command a user runs when nothing could be found or installed. @param {Pick<InstallProbe, 'isRoot' | 'hasApt'>} probe */
export function missingCommand(probe) {
  if (probe.hasApt && !probe.isRoot) return 'sudo apt-get install -y chromium';
  return 'npx playwright install chromium';
}

// ---- the real probes and installers (not unit-tested: they touch the machine) ----

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightPath() {
  try {
    const require = createRequire(import.meta.url);
    // the chromium build this Playwright version drives, wherever PLAYWRIGHT_BROWSERS_PATH or
    // ~/.cache/ms-playwright puts it
    return require('@playwright/test').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** Playwright's command line, run with this Node (no npx needed on PATH). */
export function playwrightCli() {
  return createRequire(import.meta.url).resolve('@playwright/test/cli');
}

/** @param {NodeJS.ProcessEnv} env */
export function probeFind(env) {
  return {
    override: env.PODPLAY_CHROMIUM || undefined,
    isExecutable,
    pathDirs: (env.PATH ?? '').split(delimiter).filter((dir) => dir !== ''),
    playwrightPath: playwrightPath(),
  };
}

/** Does Playwright's download host answer within a few seconds? (no network: fail fast) */
export async function downloadReachable(env) {
  const host = env.PLAYWRIGHT_DOWNLOAD_HOST || 'https://cdn.playwright.dev';
  try {
    await fetch(host, { method: 'HEAD', signal: AbortSignal.timeout(8_000) });
    return true;
  } catch {
    return false;
  }
}

/** @param {string[]} pathDirs */
export function hasApt(pathDirs) {
  return pathDirs.some((dir) => isExecutable(join(dir, 'apt-get')));
}

/** @param {string} label @param {string} command @param {string[]} args @param {number} timeoutMs @param {NodeJS.ProcessEnv} env */
function run(label, command, args, timeoutMs, env) {
  console.error(`e2e: ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], timeout: timeoutMs, env });
  if (result.error) console.error(`e2e: ${label} did not finish: ${result.error.message}`);
  else if (result.status !== 0) console.error(`e2e: ${label} exited with status ${result.status}`);
  return !result.error && result.status === 0;
}

/** Playwright's own Chromium (about 170 MB); bounded so a stalled download cannot hang the run. */
export function installWithPlaywright(env) {
  return run("downloading Playwright's Chromium", process.execPath, [playwrightCli(), 'install', 'chromium'], 10 * 60_000, env);
}

/** Debian's package, when the user is root and apt has a candidate after an update. */
export function installWithApt(env) {
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('refreshing apt', 'apt-get', ['update', '-qq'], 3 * 60_000, aptEnv)) return false;
  const policy = spawnSync('apt-cache', ['policy', 'chromium'], { encoding: 'utf8', timeout: 30_000, env });
  if (!/Candidate: (?!\(none\))/.test(policy.stdout ?? '')) {
    console.error('e2e: apt has no chromium package');
    return false;
  }
  return run("installing Debian's chromium", 'apt-get', ['install', '-y', '-qq', 'chromium'], 10 * 60_000, aptEnv);
}
