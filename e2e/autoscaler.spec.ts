// The node autoscaler in the page (issue 20): while a node it asked for is provisioning, the stage
// draws it as such and the Pending pod's tab says a node is being added for it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { fleetCauses } from '../src/interop/testing/fleetDump';
import { dropDump, engineResult, expectBoundAtEnd, freshPage, importDump, openScenario } from './helpers';

const FLEET = readFileSync(fileURLToPath(new URL('../src/interop/fixtures/kubectl-fleet-pending.yaml', import.meta.url)), 'utf8');
/** the fix kind the fleet dump's author marks as right for the quota-blocked Deployment */
const FLEET_QUOTA_FIX = fleetCauses.find((c) => c.pod === 'reports/Deployment/pdf-renderer')!.fix!.kind;
const scenario = (name: string) => readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), 'utf8');

test('a GPU pod waits for a node the autoscaler adds: the stage shows it provisioning, the Pod tab says why', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'autoscaler-gpu-scale-up.yaml', scenario('autoscaler-gpu-scale-up.yaml'));
  // cycle 4: the third web pod at t=30, while gpu-pool-1 (asked for at t=10) is provisioning
  const indicator = page.getByTestId('cycle-indicator');
  await page.getByTestId('cycle-input').fill('4');
  await expect(indicator).toHaveAttribute('data-cycle', '4');
  const ghost = page.locator('[data-testid="node-ghost"][data-node="gpu-pool-1"]');
  await expect(ghost).toHaveAttribute('data-provisioning', 'gpu-pool');
  await expect(ghost).toContainText('provisioning (cluster-autoscaler, node group gpu-pool), joins at 70 s');
  // the node-group band: gpu-pool's target size counts the upcoming node; cpu-pool stays empty
  await expect(page.locator('[data-testid="node-group"][data-group="gpu-pool"]')).toHaveText('gpu-pool 1 of 0–2 · 1 provisioning');
  await expect(page.locator('[data-testid="node-group"][data-group="cpu-pool"]')).toHaveAttribute('data-size', '0');
  // inspecting the pod jumps to its latest cycle (t=70, gpu-pool-1 ready); one step back is t=30 again
  await page.locator('[data-testid="pod-chip"][data-pod="default/train"]').first().click();
  await expect(indicator).toHaveAttribute('data-cycle', '5');
  await page.getByTestId('cycle-input').fill('4');
  await expect(indicator).toHaveAttribute('data-cycle', '4');
  await page.getByTestId('tab-pod').click();
  await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', 'default/train');
  const note = page.getByTestId('autoscaler-note');
  await expect(note).toHaveAttribute('data-kind', 'triggeredScaleUp');
  await expect(note).toContainText('A node is being added for this pod: cluster-autoscaler grew node group gpu-pool at 10 s; gpu-pool-1 is provisioning and joins at 70 s.');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/autoscaler-${width}.png` });
    }
  }
});

// issue 20: why-pending on a kubectl dump with node groups beside it (src/interop/fixtures/kubectl-node-groups-pending.yaml)
test('a dump with node groups: the Pending pod says which group cannot host it and why; raising general\'s max, applied, schedules it; on the fleet dump a quota-blocked Deployment\'s fix, applied, creates and schedules its pods', async ({ page }) => {
  const dump = readFileSync(fileURLToPath(new URL('../src/interop/fixtures/kubectl-node-groups-pending.yaml', import.meta.url)), 'utf8');
  // two dumps imported, two fix searches (one simulates the 58-node dump per change) and two re-runs
  test.setTimeout(240_000);
  const pod = 'batch/report-5b8c9d7f4-t6h2p';
  await importDump(page, dump, 2);
  await page.locator('body').press('/');
  await page.keyboard.type('report-5b8c9d7f4-t6h2p');
  await page.locator(`[data-testid="search-hit"][data-key="${pod}"]`).click();
  await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', pod);
  // its only cycle is at 0 s; the autoscaler's verdict comes at its first scan (10 s), the run's end
  await page.locator('body').press('End');
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  const note = page.getByTestId('autoscaler-note');
  await expect(note).toHaveAttribute('data-kind', 'notTriggerScaleUp');
  await expect(note.locator('[data-testid="autoscaler-group"][data-group="general"]')).toHaveText('general: max node group size reached');
  await expect(note.locator('[data-testid="autoscaler-group"][data-group="gpu"]')).toHaveText('gpu: node(s) had untolerated taint(s)');
  await expect(note.locator('[data-testid="autoscaler-group"][data-group="graviton"]')).toHaveText("graviton: node(s) didn't match Pod's node affinity/selector");
  const fix = page.locator('[data-testid="fix"][data-kind="node-group"]');
  await expect(fix).toContainText('Raise node group general\'s max size to 3 (from 2)', { timeout: 30_000 });
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/autoscaler-dump-${width}.png` });
    }
  }
  await fix.getByTestId('fix-apply').click();
  // the edited file runs again: the autoscaler grows general, and the pod lands on general-1
  await expectBoundAtEnd(page, pod, 'general-1');

  // the same flow on the production-like fleet dump (58 nodes, a ClusterAutoscaler with per-zone
  // groups, src/interop/testing/fleetDump.ts), on this page: its reports/pdf-renderer Deployment
  // stops at the namespace's ResourceQuota (FailedCreate); the Events tab names the refusal and its
  // numbers, the verified fix raises the quota, and Apply lets the ReplicaSet create the fourth pod,
  // which schedules. Expectations come from the fixture's mark (fleetCauses) and its quota.
  await page.setViewportSize({ width: 1366, height: 768 });
  await dropDump(page, FLEET, 58);
  await page.getByTestId('tab-events').click();
  await page.locator('body').press('End');
  const refusal = page.locator('[data-testid="admission-refusal"][data-object^="ReplicaSet/reports/pdf-renderer-"]');
  await expect(refusal).toHaveCount(1, { timeout: 60_000 });
  await expect(refusal).toContainText('Over quota: ResourceQuota compute would be exceeded.');
  // three replicas of 2500m fit under requests.cpu 8, the fourth does not
  await expect(refusal.locator('[data-testid="quota-number"][data-resource="requests.cpu"]')).toHaveText('requests.cpu: used 7500m + requested 2500m > limited 8');
  const fixes = refusal.getByTestId('fixes');
  await expect(fixes).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
  const quotaFix = fixes.locator(`[data-testid="fix"][data-kind="${FLEET_QUOTA_FIX}"]`).first();
  await expect(quotaFix).toContainText('Raise ResourceQuota reports/compute: spec.hard.requests.cpu 10 (from 8)');
  await expect(quotaFix.getByTestId('fix-admitted')).toHaveText('Deployment reports/pdf-renderer has 4 pods, 4 scheduled');
  await expect(quotaFix.getByTestId('fix-apply')).toBeInViewport();
  if (process.env.PODPLAY_SCREENSHOTS) await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/fleet-quota-1366.png` });
  await quotaFix.getByTestId('fix-apply').click();
  // the edited dump runs again: nothing refuses the ReplicaSet, it creates the fourth pod, and the
  // scheduler binds it (the other three are bound in the dump; the cluster view draws 58 nodes without pod chips)
  await expect(async () => {
    await page.locator('body').press('End');
    await expect(page.locator('[data-testid="admission-refusal"][data-object^="ReplicaSet/reports/pdf-renderer-"]')).toHaveCount(0, { timeout: 2_000 });
    await expect(page.locator('[data-testid="event-row"][data-reason="SuccessfulCreate"][data-object^="ReplicaSet/reports/pdf-renderer-"]')).toHaveCount(1, { timeout: 2_000 });
    await expect(page.locator('[data-testid="event-row"][data-reason="Scheduled"][data-object*="/reports/pdf-renderer-"]')).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
});

// issue 20: a scale-down's node is drawn draining from the engine's drainAt and gone from its deletedAt
test('scale-down: each drained node is drawn draining at the cycle of its drain and is gone once deleted', async ({ page }) => {
  const text = scenario('autoscaler-scale-down.yaml');
  const result = engineResult(text, 'autoscaler-scale-down.yaml');
  // the first cycle at or after a time (the stage shows the cluster at its steps' times)
  const cycleAt = (time: number) => result.cycles.findIndex((c) => c.time >= time) + 1;
  const drained = (result.removedNodes ?? []).filter((n) => n.drainedBy !== undefined);
  expect(drained.length).toBeGreaterThan(0);
  await freshPage(page);
  await openScenario(page, 'autoscaler-scale-down.yaml', text);
  const indicator = page.getByTestId('cycle-indicator');
  let checked = 0;
  for (const n of drained) {
    const card = page.locator(`[data-testid="node-card"][data-node="${n.name}"]`);
    for (const [time, drawn] of [[n.drainedBy!.drainAt, 'draining'], [n.deletedAt!, 'removed']] as const) {
      const cycle = cycleAt(time);
      // a time after the last cycle has no step to show it at
      if (cycle === 0 || result.cycles[cycle - 1]!.time >= (drawn === 'draining' ? n.deletedAt! : Infinity)) continue;
      await page.getByTestId('cycle-input').fill(String(cycle));
      await expect(indicator).toHaveAttribute('data-cycle', String(cycle));
      if (drawn === 'draining') await expect(card.getByTestId('draining-flag'), `${n.name} at ${time} s`).toBeVisible();
      else await expect(card, `${n.name} at ${time} s`).toHaveCount(0);
      checked++;
    }
  }
  // pool-1 draining at 130 s and gone at 160 s, pool-3 draining at 160 s (deleted at 190 s, after the last cycle)
  expect(checked).toBeGreaterThanOrEqual(3);
});
