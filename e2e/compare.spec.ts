// The Compare view: one scenario under its own scheduler configuration (LeastAllocated, the
// default) and under MostAllocated, per pod where each placed it and per node the utilisation
// under each; run in a worker; shareable as a link. Expectations come from the engine run here
// on the same text.
import { expect, test, type Page } from '@playwright/test';
import { compareConfigurations, loadSchedulerConfig, type ConfigurationComparison } from '../src/engine/compare/compare';
import { loadExpandedScenario } from '../src/engine/index';
import { frozenLinks } from '../src/permalink/fixtures';
import { CURRENT_VERSION } from '../src/permalink/migrations';
import { strategyVariant } from '../src/ui/compare/presets';
import { freshPage, openScenario, pageText } from './helpers';

const FILE = 'compare.yaml';
// three nodes, one already half full; four pods: LeastAllocated spreads them, MostAllocated packs
const text = ['n1', 'n2', 'n3'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`).join('---\n') + `---
apiVersion: v1
kind: Pod
metadata: {name: running, namespace: default}
spec: {nodeName: n1, containers: [{name: c, image: nginx, resources: {requests: {cpu: "2", memory: 2Gi}}}]}
` + [1, 2, 3, 4].map((i) => `---
apiVersion: v1
kind: Pod
metadata: {name: web-${i}, namespace: default}
spec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}}}]}
`).join('');

function expected(): ConfigurationComparison {
  const loaded = loadExpandedScenario(text, FILE);
  if (!loaded.ok) throw new Error('scenario');
  const b = loadSchedulerConfig(strategyVariant(undefined, 'MostAllocated'), 'b');
  if (!b.ok) throw new Error('config');
  const out = compareConfigurations(loaded.scenario, b.config, 'b');
  if (!out.ok) throw new Error('compare');
  return out.comparison;
}

async function expectComparison(page: Page, c: ConfigurationComparison): Promise<void> {
  const view = page.getByTestId('compare-view');
  await expect(view).toHaveAttribute('data-state', 'done');
  await expect(view).toHaveAttribute('data-differ', String(c.differ));
  for (const p of c.pods.slice(0, c.differ)) {
    const row = page.locator(`[data-testid="compare-pod"][data-pod="${p.pod}"]`);
    await expect(row).toHaveAttribute('data-a', p.a ?? '');
    await expect(row).toHaveAttribute('data-b', p.b ?? '');
  }
  for (const n of c.nodes) {
    const row = page.locator(`[data-testid="compare-node"][data-node="${n.node}"]`);
    await expect(row).toHaveAttribute('data-cpu-a', String(Math.round((100 * (n.a.cpu ?? 0)) / n.allocatable.cpu!)));
    await expect(row).toHaveAttribute('data-cpu-b', String(Math.round((100 * (n.b.cpu ?? 0)) / n.allocatable.cpu!)));
  }
}

test('LeastAllocated against MostAllocated: where each places the pods, each node\'s utilisation, and the link', async ({ page, context }) => {
  const c = expected();
  // the scenario is one where the two strategies disagree
  expect(c.differ).toBeGreaterThan(0);
  await freshPage(page);
  await openScenario(page, FILE, text);
  await page.getByTestId('compare').click();
  await expect(page.getByTestId('compare-preset')).toHaveValue('MostAllocated');
  await expectComparison(page, c);
  await expect(page.getByTestId('cluster-view')).toHaveCount(0);

  // the address bar carries configuration B: a new tab opens the same comparison
  await expect.poll(() => page.url()).toContain(`#p${CURRENT_VERSION}.`);
  await expect.poll(async () => (await page.evaluate(() => location.hash)).length).toBeGreaterThan(10);
  const link = page.url();
  const other = await context.newPage();
  await other.goto(link);
  await expectComparison(other, c);
  expect(await pageText(other)).toBe(text);

  // a configuration B with a mistake says where, in B's own lines
  await page.locator('.compare-config summary').click();
  const area = page.getByTestId('compare-config');
  await area.fill((await area.inputValue()).replace('MostAllocated', 'Sideways'));
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-state', 'error');
  await expect(page.getByTestId('compare-error').first()).toContainText('configuration B:');
  await expect(page.getByTestId('compare-error').first()).toContainText('Sideways');

  // closing it brings the cluster back
  await page.getByTestId('compare-close').click();
  await expect(page.getByTestId('cluster-view')).toBeVisible();
});

for (const fixture of frozenLinks.filter((f) => f.state.compare !== undefined)) {
  test(`an old link still opens: ${fixture.name}`, async ({ page }) => {
    await page.goto(`/${fixture.link}`);
    await expect(page.getByTestId('compare-view')).toHaveAttribute('data-state', 'done');
    await page.locator('.compare-config summary').click();
    await expect(page.getByTestId('compare-config')).toHaveValue(fixture.state.compare!.config);
    expect(await pageText(page)).toBe(fixture.state.scenario);
    await expect(page.getByTestId('notice')).toHaveCount(0);
  });
}

test('on a dump, "replay from empty" schedules the bound pods again and says so; "keep" leaves them', async ({ page }) => {
  // three pods the "cluster" spread one per node, and a Pending pod only n3 can take: kept, MostAllocated
  // changes nothing; replayed, it packs the three
  const dump = ['n1', 'n2', 'n3'].map((n) => `apiVersion: v1
kind: Node
metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
`).join('---\n') + ['n1', 'n2', 'n3'].map((n, i) => `---
apiVersion: v1
kind: Pod
metadata: {name: app-${i}, namespace: default}
spec: {nodeName: ${n}, containers: [{name: c, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}]}
`).join('') + `---
apiVersion: v1
kind: Pod
metadata: {name: pinned, namespace: default}
spec: {nodeSelector: {kubernetes.io/hostname: n3}, containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m, memory: 128Mi}}}]}
`;
  const loaded = loadExpandedScenario(dump, 'dump.yaml');
  const b = loadSchedulerConfig(strategyVariant(undefined, 'MostAllocated'), 'b');
  if (!loaded.ok || !b.ok) throw new Error('fixture');
  const replayed = compareConfigurations(loaded.scenario, b.config, 'b', {}, 'from-empty');
  if (!replayed.ok) throw new Error('compare');
  expect(replayed.comparison.differ).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1366, height: 768 });
  await freshPage(page);
  await openScenario(page, 'dump.yaml', dump);
  await page.getByTestId('compare').click();
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-differ', '0');
  await expect(page.locator('.compare-status')).toContainText('bound pods kept where the file put them');

  await page.getByTestId('compare-mode').selectOption('from-empty');
  await expectComparison(page, replayed.comparison);
  await expect(page.locator('.compare-status')).toContainText('replayed from empty: 3 bound pods scheduled again');
});
