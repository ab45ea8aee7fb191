// Permalinks: a copied link opens the same state in a fresh browser; links of old formats keep
// opening; a damaged link leaves a working playground; history moves between scenarios; and a
// link is hostile input: names from it render as text.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodePermalink } from '../src/permalink/codec';
import { frozenLinks } from '../src/permalink/fixtures';
import { editorReady, freshPage, openScenario, pageText, scenarioFile, stepTo } from './helpers';
import { CURRENT_VERSION } from '../src/permalink/migrations';

/** What the cluster view shows: every node's state and every pod's place, in page order. */
async function clusterPicture(page: Page): Promise<string[]> {
  const nodes = await page.getByTestId('node-card').evaluateAll((els) => els.map((e) => `node ${e.getAttribute('data-node')} ${e.getAttribute('data-state')}`));
  const pods = await page.getByTestId('pod-chip').evaluateAll((els) => els.map((e) => `pod ${e.getAttribute('data-pod')} ${e.getAttribute('data-phase')} ${e.getAttribute('data-node') ?? '-'}`));
  return [...nodes, ...pods];
}

/** The lines Monaco shows (the first screenful), as text. */
async function editorLines(page: Page): Promise<string> {
  await editorReady(page);
  return (await page.locator('[data-testid="scenario-editor"] .view-lines').innerText()).replace(/\u00a0/g, ' ');
}

test('a copied link opens the identical editor text, cycle position and cluster view in a fresh browser', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await freshPage(page);
  const text = scenarioFile('web-store.yaml');
  await openScenario(page, 'web-store.yaml', text);
  await stepTo(page, 5, 'Score');
  // a selected pod and a view option travel too
  const pod = page.getByTestId('pod-chip').first();
  const podKey = (await pod.getAttribute('data-pod'))!;
  // selecting a pod jumps to its latest scheduling cycle: the link keeps that position
  await pod.click();
  await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', podKey);
  const at = page.getByTestId('cycle-indicator');
  const [cycle, phase] = [(await at.getAttribute('data-cycle'))!, (await at.getAttribute('data-phase'))!];
  await page.locator('body').press('l');
  await expect(page.locator('.node-details').first()).toBeVisible();
  const picture = await clusterPicture(page);
  const cluster = await page.getByTestId('cluster-view').innerText();

  await page.getByTestId('share-link').click();
  const status = page.getByTestId('share-status');
  await expect(status).toContainText('Link copied');
  const link = await page.getByTestId('share-url').inputValue();
  await expect(status).toContainText(`${new Intl.NumberFormat('en').format(link.length)} characters`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(new RegExp(`#p${CURRENT_VERSION}\\.[A-Za-z0-9_-]+$`));
  expect(link.length).toBeLessThan(2000);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  const indicator = other.getByTestId('cycle-indicator');
  await expect(indicator).toHaveAttribute('data-cycle', cycle);
  await expect(indicator).toHaveAttribute('data-phase', phase);
  expect(await pageText(other)).toBe(text);
  expect(await editorLines(other)).toBe(await editorLines(page));
  await expect.poll(() => clusterPicture(other)).toEqual(picture);
  await expect.poll(() => other.getByTestId('cluster-view').innerText()).toBe(cluster);
  await expect(other.getByTestId('pod-inspector')).toHaveAttribute('data-pod', podKey);
  await expect(other.locator('.node-details').first()).toBeVisible();
  await fresh.close();
});

/** Nodes whose labels do not compress, and a pod: a link of about `nodes` × 22 characters. */
function incompressible(nodes: number): string {
  let x = 12345;
  const hex = () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x.toString(16).padStart(8, '0');
  };
  const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n';
  return [...Array.from({ length: nodes }, (_, i) => `apiVersion: v1\nkind: Node\nmetadata: {name: n${i}, labels: {id: x${hex()}${hex()}}}\nstatus: {allocatable: {cpu: "4", memory: 8Gi}}\n`), pod].join('---\n');
}

test('a long link comes with a warning, a very long one with the scenario as a file', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'long.yaml', incompressible(120));
  await page.getByTestId('share-link').click();
  const status = page.getByTestId('share-status');
  await expect(status).toHaveClass(/advice-warn/);
  expect(Number(await status.getAttribute('data-length'))).toBeGreaterThan(2000);
  await expect(status).toContainText('some chat tools');
  await expect(page.getByTestId('share-download')).toHaveCount(0);
  await page.locator('body').press('Escape');

  await openScenario(page, 'longer.yaml', incompressible(500));
  await page.getByTestId('share-link').click();
  await expect(status).toHaveClass(/advice-download/);
  expect(Number(await status.getAttribute('data-length'))).toBeGreaterThan(8000);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download').click()]);
  expect(file.suggestedFilename()).toMatch(/\.yaml$/);
  expect(readFileSync(await file.path(), 'utf8')).toContain(incompressible(500));
});

// format 1's link opens at a cycle with a pod selected; format 2's Compare view is in compare.spec.ts,
// format 4's upgrade preview (a Compare view, no cycle) in versions.spec.ts
for (const fixture of frozenLinks.filter((f) => f.state.compare === undefined && f.state.compareVersions === undefined)) {
  test(`an old link still opens: ${fixture.name}`, async ({ page }) => {
    await page.goto(`/${fixture.link}`);
    const indicator = page.getByTestId('cycle-indicator');
    await expect(indicator).toHaveAttribute('data-cycle', String(fixture.state.cycle));
    await expect(indicator).toHaveAttribute('data-phase', 'Filter');
    expect(await pageText(page)).toBe(fixture.state.scenario);
    await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', fixture.state.pod!);
    // the node details are drawn when the link's view asks for labels and taints
    await expect(page.locator('.node-details')).toHaveCount(fixture.state.view?.showLabels ? 1 : 0);
    await expect(page.locator('[data-testid="pod-chip"][data-pod="default/web"]')).toBeVisible();
    await expect(page.getByTestId('notice')).toHaveCount(0);
  });
}

test('a damaged link says why and leaves an empty playground that works', async ({ page }) => {
  await freshPage(page);
  const saved = scenarioFile('pod-overhead.yaml');
  await openScenario(page, 'pod-overhead.yaml', saved);
  const good = await encodePermalink({ scenario: scenarioFile('taints.yaml'), cycle: 2, phase: 'filter' });
  for (const [link, message] of [
    [good.slice(0, -12), /damaged or truncated/],
    ['p7.abc', /newer Podplay \(format 7\)/],
    ['hello', /not a Podplay scenario link/],
  ] as const) {
    // a fresh load with the link (a hash change on the open page is handled, and may clear the
    // hash, before a reload would come)
    await page.goto('about:blank');
    await page.goto(`/#${link}`);
    const notice = page.getByTestId('notice');
    await expect(notice).toHaveAttribute('data-kind', 'error');
    await expect(notice).toContainText('This link could not be opened');
    await expect(notice).toContainText(message);
    await expect(page.getByTestId('cluster-view')).toBeVisible();
    await expect(page.getByTestId('narration')).toContainText('No scheduling cycles');
    expect(await editorLines(page)).toBe('');
  }
  // the user's own scenario was not overwritten, the notice offers it back, and the playground works
  expect(await pageText(page)).toBe(saved);
  await page.getByRole('button', { name: 'Open pod-overhead.yaml instead' }).click();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await expect(page.locator('.file-name')).toHaveText('pod-overhead.yaml');
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', 'Filter');
  await page.goto('about:blank');
  await page.goto('/#hello');
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', 'Filter');
});

test('Back and Forward move between scenarios and lessons; stepping adds no history entries', async ({ page }) => {
  const entries = () => page.evaluate(() => history.length);
  await freshPage(page);
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(new RegExp(`^#p${CURRENT_VERSION}\\.`));
  const start = await entries();
  // opening a scenario is an entry of its own, however fast stepping follows
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await stepTo(page, 1, 'Filter');
  await expect.poll(entries).toBe(start + 1);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  const phase = (await page.getByTestId('cycle-indicator').getAttribute('data-phase'))!;
  await page.waitForTimeout(600);
  expect(await entries()).toBe(start + 1);
  const here = await page.evaluate(() => location.hash);

  await page.locator('body').press('g');
  await page.locator('[data-testid="lesson-card"][data-lesson="node-selector"]').click();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'node-selector');
  await expect.poll(entries).toBe(start + 2);

  await page.goBack();
  await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
  await expect(page.locator('.file-name')).toHaveText('taints.yaml');
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', phase);
  expect(await page.evaluate(() => location.hash)).toBe(here);

  await page.goForward();
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', 'node-selector');
  await expect(page.getByTestId('lesson-cover')).toBeVisible();
  await page.waitForTimeout(600);
  expect(await entries()).toBe(start + 2);
});

test('names from a link render as text: the editor, the problem list, the inspector and notices', async ({ page }) => {
  const markup = '<img src=x onerror=alert(1)>';
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });

  // a pod named with markup: the engine refuses the name; the editor and the problem list show it
  const badName = `apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: "${markup}", namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n`;
  await page.goto(`/#${await encodePermalink({ scenario: badName, pod: `default/${markup}`, lesson: markup })}`);
  await expect(page.getByTestId('editor-error').first()).toContainText(`"${markup}"`);
  expect(await editorLines(page)).toContain(`metadata: {name: "${markup}", namespace: default}`);
  await expect(page.getByTestId('notice')).toContainText(`("${markup}")`);

  // markup where Kubernetes takes any string (spec.schedulerName): the inspector shows it as text
  const anyString = `apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec:\n  schedulerName: "${markup}"\n  containers: [{name: c, image: nginx}]\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: ok, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n`;
  await page.goto(`/#${await encodePermalink({ scenario: anyString, cycle: 1, phase: 'bind', pod: 'default/web' })}`);
  await page.reload();
  const inspector = page.getByTestId('pod-inspector');
  await expect(inspector).toHaveAttribute('data-pod', 'default/web');
  await expect(inspector.locator('dd', { hasText: markup })).toHaveText(markup);

  expect(await page.locator('img').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
