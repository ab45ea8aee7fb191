#!/usr/bin/env node
// Runs the browser tests in a Chromium it finds or installs (e2e/chromium.mjs says where it
// looks and in which order) and says which one. Extra arguments go to `playwright test`, e.g.
// `npm run test:e2e -- e2e/editor.spec.ts`.
import { spawnSync } from 'node:child_process';
import {
  downloadReachable, findChromium, hasApt, installers, installWithApt, installWithPlaywright, missingCommand,
  playwrightCli, probeFind,
} from './chromium.mjs';

const env = process.env;
let found = findChromium(probeFind(env));

if (found === undefined) {
  console.error('e2e: no Chromium on PATH, none of Playwright\'s, none at /usr/bin/chromium; trying to get one');
  const probe = {
    downloadReachable: await downloadReachable(env),
    isRoot: process.getuid?.() === 0,
    hasApt: hasApt(probeFind(env).pathDirs),
  };
  if (!probe.downloadReachable) console.error("e2e: Playwright's download host does not answer; not downloading");
  for (const installer of installers(probe)) {
    const installed = installer === 'playwright' ? installWithPlaywright(env) : installWithApt(env);
    found = installed ? findChromium(probeFind(env)) : undefined;
    if (found !== undefined) break;
  }
  if (found === undefined) {
    console.error('e2e: could not find or install Chromium. Run this, then `npm test` again:');
    console.error(`    ${missingCommand(probe)}`);
    console.error('e2e: (or set PODPLAY_CHROMIUM to a Chromium or Chrome you have)');
    process.exit(1);
  }
}

if ('error' in found) {
  console.error(`e2e: ${found.error}`);
  process.exit(1);
}
console.error(`e2e: Chromium from ${found.source}: ${found.path}`);

const result = spawnSync(process.execPath, [playwrightCli(), 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...env, PODPLAY_CHROMIUM: found.path },
});
process.exit(result.status ?? 1);
