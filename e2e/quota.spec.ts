// Admission in the page: a Deployment stopped at its ResourceQuota (the Events tab says which
// workload cannot create its pod, with the quota's numbers and the verified fix that would admit
// it, said once; its Apply lets it create all its pods), one whose PriorityClass limitedResources
// keeps to namespaces with a quota (the fix adds that quota), and a Pending pod whose LimitRange defaults no node can take (the Pod tab says so).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { stringify } from 'yaml';
import { freshPage, openScenario } from './helpers';

const scenario = (name: string) => readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), 'utf8');

async function shots(page: Page, name: string, target: ReturnType<Page['getByTestId']>): Promise<void> {
  if (!process.env.PODPLAY_SCREENSHOTS) return;
  for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/${name}-${width}.png` });
  }
}

/**
 * Applies a verified fix; the edited scenario runs again, `creator` (an object prefix) is no longer
 * refused and created `pods` pods. (Other refusals may stay: limited-priority-class's bare Pod
 * team-a/agent is refused before and after its Deployment's fix.)
 */
async function applyAndExpectCreated(page: Page, fix: ReturnType<Page['locator']>, creator: string, pods: number): Promise<void> {
  await fix.getByTestId('fix-apply').click();
  await expect(async () => {
    await page.locator('body').press('End');
    await expect(page.locator(`[data-testid="admission-refusal"][data-object^="${creator}"]`)).toHaveCount(0, { timeout: 2_000 });
    await expect(page.locator(`[data-testid="event-row"][data-reason="SuccessfulCreate"][data-object^="${creator}"]`)).toHaveCount(pods, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a Deployment over its quota: the Events tab names the ReplicaSet that cannot create its pod, the numbers and the verified fix, and Apply creates the pods', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'quota-deployment.yaml', scenario('quota-deployment.yaml'));
  await page.getByTestId('tab-events').click();
  await page.keyboard.press('End');
  const refusals = page.getByTestId('admission-refusals');
  await expect(refusals).toBeVisible();
  await expect(refusals.getByTestId('admission-refusal')).toHaveAttribute('data-object', /^ReplicaSet\/shop\/web-/);
  await expect(refusals).toContainText('Over quota: ResourceQuota compute would be exceeded.');
  await expect(refusals.locator('[data-testid="quota-number"][data-resource="requests.cpu"]')).toHaveText('requests.cpu: used 2 + requested 500m > limited 2');
  // the verified fix: raising the quota lets the API server create all five pods; Apply puts it into the editor
  const fixes = refusals.getByTestId('fixes');
  await expect(fixes).toHaveAttribute('data-done', 'true', { timeout: 30_000 });
  const fix = fixes.locator('[data-testid="fix"][data-kind="quota"]');
  await expect(fix).toContainText('spec.hard.requests.cpu 2500m (from 2)');
  // said once: the old unverified raise-quota line is not shown beside the verified fix
  await expect(refusals.getByTestId('raise-quota-fix')).toHaveCount(0);
  await expect(fix.getByTestId('fix-admitted')).toHaveText('Deployment shop/web has 5 pods, 5 scheduled');
  await shots(page, 'quota-refusals', fix);
  // the edited scenario simulates again: nothing is refused, and the ReplicaSet created five pods
  await applyAndExpectCreated(page, fix, 'ReplicaSet/shop/web-', 5);

  // limitedResources (an AdmissionConfiguration): no quota covers the pods' PriorityClass; the
  // verified fix adds one scoped to it (a new document), and Apply lets the ReplicaSet create both
  await openScenario(page, 'limited-priority-class.yaml', scenario('limited-priority-class.yaml'));
  await page.locator('body').press('End');
  const limited = page.getByTestId('admission-refusals').locator('[data-testid="fix"][data-kind="quota"]');
  await expect(limited).toContainText('Add ResourceQuota team-a/pods-cluster-services: spec.hard.pods 2', { timeout: 30_000 });
  await expect(limited.getByTestId('fix-admitted')).toHaveText('Deployment team-a/collector has 2 pods, 2 scheduled');
  await applyAndExpectCreated(page, limited, 'ReplicaSet/team-a/collector-', 2);
});

test('a pod defaulted by a LimitRange that fits nowhere: the Pod tab says the defaults made it too big', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'limitrange-defaults.yaml', scenario('limitrange-defaults.yaml'));
  await page.getByTestId('tab-pod').click();
  const note = page.getByTestId('limit-range-note');
  await expect(note).toContainText('LimitRange defaults made the pod request cpu 2');
  await expect(note).toContainText('LimitRanger plugin set: cpu, memory request for container notebook');
  await shots(page, 'limitrange-note', note);
});

test('a kubectl dump with a quota-blocked Deployment imports, and the Events tab says why it is short of pods', async ({ page }) => {
  const dump = stringify({
    apiVersion: 'v1', kind: 'List', items: [
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' } } },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } },
      { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'shop' }, spec: { hard: { pods: '2' } }, status: { hard: { pods: '2' }, used: { pods: '2' } } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop' }, spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } } } },
    ],
  });
  await freshPage(page);
  await page.getByTestId('import').click();
  await page.getByTestId('import-text').fill(dump);
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-summary')).toBeVisible();
  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await page.getByTestId('tab-events').click();
  await page.keyboard.press('End');
  const refusals = page.getByTestId('admission-refusals');
  await expect(refusals.getByTestId('admission-refusal')).toHaveAttribute('data-object', /^ReplicaSet\/shop\/web-/);
  await expect(refusals.locator('[data-testid="quota-number"][data-resource="pods"]')).toHaveText('pods: used 2 + requested 1 > limited 2');
  await expect(refusals.locator('[data-testid="fix"][data-kind="quota"]')).toContainText('spec.hard.pods 3 (from 2)', { timeout: 30_000 });
  await expect(refusals.getByTestId('raise-quota-fix')).toHaveCount(0);
  await shots(page, 'quota-dump', refusals);
});
