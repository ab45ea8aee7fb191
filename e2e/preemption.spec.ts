// Preemption (DefaultPreemption PostFilter): candidates, the nominated node and the victims leaving,
// then the preemptor bound there once they are gone — all as the engine's trace says.
import { expect, test } from '@playwright/test';
import { engineResult, freshPage, openScenario, scenarioFile, stepTo } from './helpers';

test('priority-preemption.yaml: candidates, victims and the nominated node match the engine', async ({ page }) => {
  await freshPage(page);
  const file = 'priority-preemption.yaml';
  const text = scenarioFile(file);
  await openScenario(page, file, text);
  const result = engineResult(text, file);
  const preempting = result.cycles.find((c) => c.postFilter?.chosen !== undefined);
  expect(preempting, 'the engine preempts in this scenario').toBeDefined();
  const chosen = preempting!.postFilter!.chosen!;

  await page.getByTestId('cycle-input').fill(String(preempting!.cycle));
  await stepTo(page, preempting!.cycle, 'Filter');
  for (const node of preempting!.nodesEvaluated) {
    await expect(page.locator(`[data-testid="node-card"][data-node="${node}"]`)).toHaveAttribute('data-state', 'filtered');
  }

  await stepTo(page, preempting!.cycle, 'PostFilter');
  await expect(page.locator(`[data-testid="node-card"][data-node="${chosen.node}"]`)).toHaveAttribute('data-state', 'selected');
  for (const candidate of preempting!.postFilter!.candidates.filter((c) => c.node !== chosen.node)) {
    await expect(page.locator(`[data-testid="node-card"][data-node="${candidate.node}"]`)).toHaveAttribute('data-state', 'candidate');
  }
  await expect(page.getByTestId('nominated-node')).toHaveText(chosen.node);
  const victims = page.getByTestId('victim');
  await expect(victims).toHaveCount(chosen.victims.length);
  for (const victim of chosen.victims) {
    await expect(page.locator(`[data-testid="victim"][data-pod="${victim}"]`)).toBeVisible();
    const chip = page.locator(`[data-testid="pod-chip"][data-pod="${victim}"]`);
    await expect(chip).toHaveClass(/leaving/);
    await expect(chip).toHaveAttribute('data-node', chosen.node);
  }
  // the preemptor waits in the queue, nominated to the node
  await expect(page.locator(`[data-testid="pod-chip"][data-pod="${preempting!.pod}"]`)).not.toHaveAttribute('data-node', /.+/);
  await expect(page.getByTestId('pending-queue')).toContainText(`⇢ ${chosen.node}`);
  await expect(page.getByTestId('narration')).toContainText(chosen.node);

  // the Preempted event, as kubectl get events lists it
  await expect(page.locator('[data-testid="event-row"][data-reason="Preempted"]')).toHaveCount(
    result.events.filter((e) => e.reason === 'Preempted').length,
  );

  // later the preemptor is bound to the nominated node and the victims are gone
  const bound = result.cycles.find((c) => c.cycle > preempting!.cycle && c.pod === preempting!.pod && c.result === 'Scheduled');
  expect(bound?.selected).toBe(chosen.node);
  await stepTo(page, bound!.cycle, 'Bind');
  await expect(page.locator(`[data-testid="pod-chip"][data-pod="${preempting!.pod}"]`)).toHaveAttribute('data-node', chosen.node);
  for (const victim of chosen.victims) await expect(page.locator(`[data-testid="pod-chip"][data-pod="${victim}"]`)).toHaveCount(0);
});
