// "Why is my pod Pending": on the committed 20-node dump (src/interop/fixtures/kubectl-20-nodes-pending.yaml)
// the search finds pods, selecting a Pending pod jumps to its Filter step with the diagnosis groups,
// and a pod the dump records as Pending but the simulation places is flagged. Expectations come
// from the importer and the engine run in this process on the same text.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diagnoseCycle, latestCycleOf } from '../src/engine/diagnosis/diagnose';
import { importAny } from '../src/interop';
import { engineResult, expectBoundAtEnd, importDump as importDumpAs } from './helpers';

const dump = readFileSync(fileURLToPath(new URL('../src/interop/fixtures/kubectl-20-nodes-pending.yaml', import.meta.url)), 'utf8');
const imported = importAny(dump, { source: 'cluster.yaml' });
const result = engineResult(imported.yaml, 'cluster-imported.yaml');
const pendingPod = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!.pod;

const importDump = (page: Page) => importDumpAs(page, dump, 20);

async function expectLatestFilterStep(page: Page, pod: string): Promise<void> {
  const latest = latestCycleOf(result.cycles, pod)!;
  const indicator = page.getByTestId('cycle-indicator');
  await expect(indicator).toHaveAttribute('data-cycle', String(latest.cycle));
  await expect(indicator).toHaveAttribute('data-phase', 'Filter');
  await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', pod);
}

// One import of the dump serves the whole walk (an import and its run cost more than the checks):
// each step is named, so a failure still says which view broke.
test('on the 20-node dump: search, the Filter step grouped by reason, the filter matrix, and "differs from your cluster"', async ({ page }) => {
  await importDump(page);
  await test.step('the search box finds a pod by name and by label, and jumps to its latest cycle', async () => {
    await page.locator('body').press('/');
    await expect(page.getByTestId('search')).toBeFocused();
    await page.keyboard.type('debug-shell');
    const hit = page.locator('[data-testid="search-hit"][data-key="ops/debug-shell"]');
    await expect(hit).toBeVisible();
    await page.keyboard.press('Enter');
    await expectLatestFilterStep(page, 'ops/debug-shell');

    // by label: app=postgres matches the three StatefulSet pods
    await page.locator('body').press('Control+k');
    await expect(page.getByTestId('search')).toBeFocused();
    await page.getByTestId('search').fill('app=postgres');
    await expect(page.locator('[data-testid="search-hit"][data-kind="pod"]')).toHaveCount(3);
    // a node by name
    await page.getByTestId('search').fill('ip-10-0-12-99');
    await expect(page.locator('[data-testid="search-hit"][data-kind="node"]')).toHaveCount(1);
    await page.locator('body').press('Escape');
  });

  const pod = pendingPod('db/postgres-2');
  await test.step('selecting a Pending pod shows its Filter step and the nodes grouped by reason', async () => {
    await page.locator(`[data-testid="pending-queue"] [data-testid="pod-chip"][data-pod="${pod}"]`).click();
    await expectLatestFilterStep(page, pod);
    const expected = diagnoseCycle(latestCycleOf(result.cycles, pod)!, result.nodes.map((n) => n.name))!;
    const diagnosis = page.getByTestId('diagnosis');
    await expect(diagnosis).toBeVisible();
    const groups = diagnosis.getByTestId('diagnosis-group');
    await expect(groups).toHaveCount(expected.groups.length);
    for (const g of expected.groups) {
      await expect(diagnosis.locator(`[data-testid="diagnosis-group"][data-plugin="${g.plugin}"]`)).toHaveAttribute('data-count', String(g.nodes.length));
    }
    // a group opens to its nodes; the anti-affinity blockers are named
    const antiAffinity = diagnosis.locator('[data-testid="diagnosis-group"][data-plugin="InterPodAffinity"]');
    await antiAffinity.locator('summary').click();
    await expect(antiAffinity.locator('li')).toHaveCount(2);
    await expect(diagnosis.getByTestId('diagnosis-blocking')).toContainText('db/postgres-0');
    await expect(diagnosis.getByTestId('diagnosis-preemption')).toBeVisible();
  });

  await test.step('the filter matrix names the nodes shortly and reaches every node by scrolling sideways', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectLatestFilterStep(page, pod);
    const trace = latestCycleOf(result.cycles, pod)!;
    const feasible = new Set(trace.feasible);
    const nodes = [...trace.nodesEvaluated].sort((a, b) => Number(feasible.has(a)) - Number(feasible.has(b)));
    const matrix = page.getByTestId('filter-matrix');
    await expect(matrix).toHaveAttribute('data-columns', String(nodes.length));
    // "ip-10-0-10-21.eu-west-1.compute.internal" is "10-21" in its column, the full name on hover
    const firstColumn = matrix.locator(`th[data-node="${nodes[0]}"]`);
    await expect(firstColumn).toHaveText(/^\d+-\d+$/);
    await expect(firstColumn).toHaveAttribute('title', nodes[0]!);
    const last = nodes[nodes.length - 1]!;
    await page.locator('.matrix-wrap').evaluate((box) => { box.scrollLeft = box.scrollWidth; });
    await expect(matrix.locator(`th[data-node="${last}"]`)).toBeInViewport();
    // the plugin names stay in view while the nodes scroll
    await expect(matrix.locator('tbody th', { hasText: 'NodeAffinity' })).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('a pod the dump records as Pending but the simulation places is flagged "differs from your cluster"', async () => {
    const placed = result.pods.filter((p) => p.recorded?.phase === 'Pending' && p.node !== undefined).map((p) => p.pod);
    expect(placed).toEqual(['shop/web-7d4b9c6f8-q9x2k']);
    await page.locator('body').press('End');
    const chip = page.locator(`[data-testid="pod-chip"][data-pod="${placed[0]}"]`);
    await expect(chip).toHaveAttribute('data-differs', 'true');
    await chip.click();
    const note = page.getByTestId('cluster-difference');
    await expect(note).toHaveAttribute('data-kind', 'placed');
    await expect(note).toContainText('Unschedulable');
    // pods the simulation also leaves Pending, for the same reasons, are not flagged
    await expect(page.locator(`[data-testid="pod-chip"][data-pod="${pendingPod('ops/debug-shell')}"]`)).not.toHaveAttribute('data-differs', 'true');
  });
});

// Three Pending pods, three kinds of verified fix (a taint, a selector, a resource request), on one
// import: each appears, and Apply puts it into the editor so that the pod schedules; the next pod's
// fix is then searched on the scenario the last Apply left (each fix touches only its own pod's
// owner, so the next pod is Pending for the same reason).
test('verified toleration, selector and request fixes appear, and Apply makes each pod schedule', async ({ page }) => {
  test.setTimeout(240_000);
  await importDump(page);
  for (const [prefix, kind] of [['ml/trainer-', 'toleration'], ['shop/search-', 'selector'], ['batch/report-', 'request']] as const) {
    await test.step(`a verified ${kind} fix for ${prefix}…`, async () => {
      const pod = pendingPod(prefix);
      await page.locator(`[data-testid="pending-queue"] [data-testid="pod-chip"][data-pod="${pod}"]`).click();
      await expect(page.getByTestId('fixes')).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
      const fix = page.locator(`[data-testid="fix"][data-kind="${kind}"]`).first();
      await expect(fix).toBeVisible();
      await fix.locator('.fix-diff-toggle').click();
      await expect(fix.getByTestId('fix-diff').locator('.diff-add, .diff-del').first()).toBeVisible();
      await fix.getByTestId('fix-apply').click();
      await expectBoundAtEnd(page, pod);
    });
  }
});
