// `npm run lessons:shots`: a screenshot of every story point of every lesson at 1280×720 in
// presenter mode, written to lesson-shots/ (not committed), for anyone to look at.
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  timeout: 600_000,
  outputDir: '../../test-results/shots',
  // the build and preview run from the project root, as for the browser tests
  // and never a server left running from an older build
  webServer: { ...(base.webServer as object), cwd: '../..', reuseExistingServer: false } as typeof base.webServer,
});
