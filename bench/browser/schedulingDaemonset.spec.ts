// Issue 24's browser check at upstream's largest node count: scheduler_perf's SchedulingDaemonset
// shape (misc/performance-config.yaml 15000Nodes: 15,001 nodes, 30,000 pods whose node affinity
// names scheduler-perf-node; ../schedulerPerf/workloads.ts) opened from a file, simulated in the
// worker to the end, then stepped, jumped and played, as schedulingBasic.spec.ts does with 5,000
// nodes. It fails on a main-thread task over 50 ms of the main thread's CPU (./longtasks.ts) and
// prints every long task and the tab's peak resident memory (page and worker).
import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { engineResult, stepTo } from '../../e2e/helpers';
import { jumpPlayAndRewind, openWatched } from './largeRun';
import { NAMED_NODE, scenarioText, workloads } from '../schedulerPerf/workloads';

test('SchedulingDaemonset, 15,001 nodes and 30,000 pods: loads, runs and steps with no main-thread long task over 50 ms', async ({ page, browser }, info) => {
  const workload = workloads.find((w) => w.name === 'SchedulingDaemonset')!;
  const text = scenarioText(workload);
  const result = engineResult(text, 'scheduling-daemonset.yaml');
  const cycles = result.cycles.length;
  expect(cycles).toBe(workload.measured.count);

  const file = info.outputPath('scheduling-daemonset.yaml');
  writeFileSync(file, text);

  const run = await openWatched(page, browser, file, 'scheduling-daemonset.yaml', cycles, 900_000);

  // NodeAffinity's PreFilterResult leaves one node to Filter, so a cycle goes from Filter to its bind
  await stepTo(page, 1, 'Filter');
  await expect(page.getByTestId('filter-matrix')).toBeVisible();
  await jumpPlayAndRewind(page, cycles, (cycle) => {
    expect(result.cycles[cycle - 1]!.selected).toBe(NAMED_NODE);
    return NAMED_NODE;
  });

  await run.finish();
});
