// Issue 24's browser check at upstream's largest node count: scheduler_perf's SchedulingDaemonset
// shape (misc/performance-config.yaml 15000Nodes: 15,001 nodes, 30,000 pods whose node affinity
// names scheduler-perf-node; ../schedulerPerf/workloads.ts) opened from a file, simulated in the
// worker to the end, then stepped, jumped and played, as schedulingBasic.spec.ts does with 5,000
// nodes. It fails on a main-thread task over 50 ms of the main thread's CPU (./longtasks.ts) and
// prints every long task and the tab's peak resident memory (page and worker).
import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { engineResult, editorReady, freshPage, stepTo } from '../../e2e/helpers';
import { startLongTaskWatch } from './longtasks';
import { rendererRssMb } from './rss';
import { NAMED_NODE, scenarioText, workloads } from '../schedulerPerf/workloads';

test('SchedulingDaemonset, 15,001 nodes and 30,000 pods: loads, runs and steps with no main-thread long task over 50 ms', async ({ page, browser }, info) => {
  const workload = workloads.find((w) => w.name === 'SchedulingDaemonset')!;
  const text = scenarioText(workload);
  const result = engineResult(text, 'scheduling-daemonset.yaml');
  const cycles = result.cycles.length;
  expect(cycles).toBe(workload.measured.count);

  const file = info.outputPath('scheduling-daemonset.yaml');
  writeFileSync(file, text);

  await freshPage(page);
  await editorReady(page);
  const stopWatch = await startLongTaskWatch(page, browser);
  let peakRss = rendererRssMb();
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, rendererRssMb()); }, 250);
  const opened = Date.now();
  await page.getByTestId('open-file').setInputFiles(file);
  await expect(page.locator('.file-name')).toHaveText('scheduling-daemonset.yaml');
  await expect(page.getByTestId('run-status')).toHaveCount(0, { timeout: 900_000 });
  await expect(page.getByTestId('cycle-indicator')).toContainText(`/${cycles}`, { timeout: 900_000 });
  const simulated = Date.now() - opened;

  // NodeAffinity's PreFilterResult leaves one node to Filter, so a cycle goes from Filter to its bind
  await stepTo(page, 1, 'Filter');
  await expect(page.getByTestId('filter-matrix')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByTestId('next-cycle').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '3');
  const middle = Math.floor(cycles / 2);
  await page.getByTestId('cycle-input').fill(String(middle));
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', String(middle));
  expect(result.cycles[middle - 1]!.selected).toBe(NAMED_NODE);
  await page.getByTestId('next-cycle').click();
  await expect(page.locator(`[data-testid="node-card"][data-node="${NAMED_NODE}"]`)).toHaveAttribute('data-state', 'selected');
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

  clearInterval(sampler);
  const longTasks = await stopWatch();
  console.log(`peak renderer RSS (the tab, its worker included): ${peakRss} MB`);
  console.log(`simulated in the worker in ${(simulated / 1000).toFixed(1)} s (${cycles} cycles)`);
  console.log(`long tasks (wall ms / main-thread CPU ms): ${longTasks.map((t) => `${t.duration}/${t.cpu ?? '?'}${t.inside ? ` [${t.inside}]` : ''}`).join(' ') || 'none'}`);
  expect(longTasks.filter((t) => (t.cpu ?? t.duration) > 50)).toEqual([]);
});
