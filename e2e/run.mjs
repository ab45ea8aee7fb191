#!/usr/bin/env node
// Runs the browser tests in Debian's Chromium (Playwright's own browsers cannot be downloaded
// here). Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- e2e/editor.spec.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.PODPLAY_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const chromium = candidates.find((path) => path && existsSync(path));
if (!chromium) {
  console.error('e2e: no Chromium found (tried /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome).');
  console.error('e2e: install it (Debian: apt-get install chromium) or set PODPLAY_CHROMIUM to its path.');
  process.exit(1);
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PODPLAY_CHROMIUM: chromium },
});
process.exit(result.status ?? 1);
