// Browser tests: Debian's Chromium (browsers cannot be downloaded here) against a production build
// served by `vite preview`. e2e/run.mjs finds the browser and runs this.
import { defineConfig } from '@playwright/test';

// another checkout (or helper) may be serving its own build: PODPLAY_E2E_PORT and
// PODPLAY_E2E_OUT keep two runs apart
const PORT = Number(process.env.PODPLAY_E2E_PORT ?? 4173);
const OUT = process.env.PODPLAY_E2E_OUT ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // No test here asserts a timing (long tasks and frame gaps are measured by `npm run bench:browser`),
  // so CI runs four browsers side by side on its two cores: part of a test's time is spent waiting
  // (an assertion that is not yet true polls again only after 100, 250, 500, then 1,000 ms), which
  // another browser can use. Heavy tests set their own timeouts for it. Locally one at a time, so
  // that several checkouts can share a machine. (Measured on an idle CI machine: 14.6 minutes with
  // four workers, two groups failing and retried, against 14.5 with two: no clear gain yet.)
  workers: process.env.CI ? 4 : 1,
  // tests, not files, are shared out: the clicker file alone (one test per lesson) is a third of the suite
  fullyParallel: true,
  // CI runs once more a test that failed, and reports it as flaky (the line reporter names it):
  // two shared cores make timing races rare but not impossible, and a flaky test is then a finding
  // to read, not a lost run. Locally a failure stays a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['line']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    // a trace snapshots the DOM at every action (a third of the clicker's time): CI records one
    // only when it runs a failed test again, which is the run worth reading
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // the build registers a service worker (offline copy); only e2e/hosted.spec.ts, which tests
    // it, lets it run, so every other test sees the network as a first visit does
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.PODPLAY_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${OUT} --emptyOutDir && npx vite preview --outDir ${OUT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
