// Step through Filter, Score and Bind of every cycle and check what the page shows against the
// engine's own trace for the same text.
import { expect, test } from '@playwright/test';
import type { CycleTrace } from '../src/engine/api';
import { engineResult, openScenario, phase, scenarioFile, stepTo, useSharedPage } from './helpers';

// each test opens its own scenario on the one page (a fresh page each cost more than the checks)
const sharedPage = useSharedPage();

/** The verdict the page must name for a filtered node: its first plugin that did not pass. */
function firstFailure(trace: CycleTrace, node: string) {
  return trace.filter[node]?.find((r) => r.code !== 'Success' && r.code !== 'Skip');
}

for (const file of ['zone-spread.yaml', 'taints.yaml', 'pod-overhead.yaml', 'two-constraints.yaml', 'web-store.yaml']) {
  test(`${file}: Filter reasons, scores and the chosen node match the engine`, async () => {
    const page = sharedPage();
    const text = scenarioFile(file);
    await openScenario(page, file, text);
    const result = engineResult(text, file);
    expect(result.cycles.length).toBeGreaterThan(0);

    for (const trace of result.cycles) {
      await stepTo(page, trace.cycle, 'PreFilter');
      await expect(page.getByTestId('cycle-indicator')).toContainText(trace.pod);

      if (trace.nodesEvaluated.length > 0) {
        await stepTo(page, trace.cycle, 'Filter');
        for (const node of trace.nodesEvaluated) {
          const card = page.locator(`[data-testid="node-card"][data-node="${node}"]`);
          const failure = firstFailure(trace, node);
          if (trace.feasible.includes(node)) {
            await expect(card).toHaveAttribute('data-state', 'feasible');
            await expect(page.locator(`[data-testid="filter-reason"][data-node="${node}"]`)).toHaveCount(0);
          } else {
            await expect(card).toHaveAttribute('data-state', 'filtered');
            const reason = page.locator(`[data-testid="filter-reason"][data-node="${node}"]`);
            await expect(reason).toHaveAttribute('data-plugin', failure!.plugin);
            for (const r of failure!.reasons ?? []) await expect(reason).toContainText(r);
          }
        }
      }

      if (trace.score !== undefined) {
        await stepTo(page, trace.cycle, 'Score');
        const rows = page.getByTestId('score-row');
        await expect(rows).toHaveCount(Object.keys(trace.score).length);
        for (const [node, score] of Object.entries(trace.score)) {
          await expect(page.locator(`[data-testid="score-row"][data-node="${node}"]`)).toHaveAttribute('data-total', String(score.total));
        }
        // the ranking: best total first
        const totals = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-total'))));
        expect(totals).toEqual([...totals].sort((a, b) => b - a));
      }

      if (trace.result === 'Scheduled') {
        await stepTo(page, trace.cycle, 'Bind');
        await expect(page.locator(`[data-testid="node-card"][data-node="${trace.selected}"]`)).toHaveAttribute('data-state', 'selected');
        await expect(page.locator(`[data-testid="pod-chip"][data-pod="${trace.pod}"]`)).toHaveAttribute('data-node', trace.selected!);
        await expect(page.getByTestId('narration')).toContainText(`to ${trace.selected}`);
      } else {
        expect(await phase(page)).not.toBe('Bind');
      }
    }

    // the end of the run (End key): every pod where the engine left it
    await page.locator('body').press('End');
    await expect(page.getByTestId('step-forward')).toBeDisabled();
    for (const pod of result.pods.filter((p) => p.node !== undefined && p.deletedAt === undefined)) {
      await expect(page.locator(`[data-testid="pod-chip"][data-pod="${pod.pod}"]`)).toHaveAttribute('data-node', pod.node!);
    }
  });
}
