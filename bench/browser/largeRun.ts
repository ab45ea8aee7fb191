// What the large-cluster browser benchmarks share (schedulingBasic.spec.ts, schedulingDaemonset.spec.ts):
// a scenario opened from a file as a user does (handing megabytes to page.evaluate would be the
// harness's own main-thread work, counted as ours), simulated in the worker to the end while the
// tab's memory and main-thread long tasks are watched, then jumped, played and rewound.
import { expect, type Browser, type Page } from '@playwright/test';
import { editorReady, freshPage } from '../../e2e/helpers';
import { startLongTaskWatch } from './longtasks';
import { rendererRssMb } from './rss';

export interface WatchedRun {
  /** wall ms from opening the file until the whole run is on the page */
  simulated: number;
  /** stops watching, prints the peak memory and every long task, and fails on one over 50 ms */
  finish: () => Promise<void>;
}

export async function openWatched(page: Page, browser: Browser, file: string, fileName: string, cycles: number, timeout: number): Promise<WatchedRun> {
  await freshPage(page);
  await editorReady(page);
  const stopWatch = await startLongTaskWatch(page, browser);
  let peakRss = rendererRssMb();
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, rendererRssMb()); }, 250);
  const opened = Date.now();
  await page.getByTestId('open-file').setInputFiles(file);
  await expect(page.locator('.file-name')).toHaveText(fileName);
  await expect(page.getByTestId('run-status')).toHaveCount(0, { timeout });
  await expect(page.getByTestId('cycle-indicator')).toContainText(`/${cycles}`, { timeout });
  const simulated = Date.now() - opened;
  return {
    simulated,
    finish: async () => {
      clearInterval(sampler);
      const longTasks = await stopWatch();
      console.log(`peak renderer RSS (the tab, its worker included): ${peakRss} MB`);
      console.log(`simulated in the worker in ${(simulated / 1000).toFixed(1)} s (${cycles} cycles)`);
      console.log(`long tasks (wall ms / main-thread CPU ms): ${longTasks.map((t) => `${t.duration}/${t.cpu ?? '?'}${t.inside ? ` [${t.inside}]` : ''}`).join(' ') || 'none'}`);
      expect(longTasks.filter((t) => (t.cpu ?? t.duration) > 50)).toEqual([]);
    },
  };
}

/**
 * From cycle 1: Next cycle three times, a jump to the middle cycle (whose pod must be drawn on
 * `selectedAt(middle)`), a jump near the end, the rest played at 16×, the Events tab, then Home.
 */
export async function jumpPlayAndRewind(page: Page, cycles: number, selectedAt: (cycle: number) => string): Promise<void> {
  for (let i = 0; i < 3; i++) await page.getByTestId('next-cycle').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '3');
  const middle = Math.floor(cycles / 2);
  await page.getByTestId('cycle-input').fill(String(middle));
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', String(middle));
  const chosen = selectedAt(middle);
  await page.getByTestId('next-cycle').click();
  await expect(page.locator(`[data-testid="node-card"][data-node="${chosen}"]`)).toHaveAttribute('data-state', 'selected');
  await page.getByTestId('cycle-input').fill(String(cycles - 20));
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', String(cycles - 20));
  await page.getByTestId('speed').selectOption('16');
  await page.getByTestId('run').click();
  await expect(page.getByTestId('step-forward')).toBeDisabled({ timeout: 120_000 });
  await page.getByTestId('tab-events').click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.locator('body').press('Home');
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  await page.waitForTimeout(500);
}
