// The browser benchmarks (npm run bench:browser): too slow for every CI run, so they live beside
// the engine benchmarks. Same Chromium and production build as the e2e tests (../../playwright.config.ts).
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

const PORT = Number(process.env.PODPLAY_E2E_PORT ?? 4183);
const OUT = process.env.PODPLAY_E2E_OUT ?? 'dist-bench';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 20 * 60_000,
  expect: { timeout: 120_000 },
  reporter: [['list']],
  outputDir: '../../test-results/bench',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}`, trace: 'off' },
  webServer: {
    command: `npx vite build --logLevel warn --outDir ${OUT} --emptyOutDir && npx vite preview --outDir ${OUT} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    cwd: '../..',
  },
});
