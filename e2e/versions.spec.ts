// The Kubernetes version in the page (issue 17): the header says the version the run simulated,
// the selector writes spec.kubernetesVersion into the scenario and re-runs, and a link made before
// the version axis replays as before, pinned to v1.35.
import { expect, test } from '@playwright/test';
import { compareVersions } from '../src/engine/compare/versions';
import { balancedAllocationUpgrade } from '../src/engine/testing/versionScenarios';
import { frozenLinks } from '../src/permalink/fixtures';
import { freshPage, openScenario, pageText, scenarioFile } from './helpers';

/** screenshots to look at, outside the repository */
const SHOTS = 'test-results/shots';

test('choosing the version writes it into the scenario, re-runs it and changes the header', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  const header = page.getByTestId('kubernetes-version');
  // no spec.kubernetesVersion: the newest
  await expect(header).toHaveAttribute('data-version', '1.37');
  // the engine's own account of why this version
  await expect(header).toHaveAttribute('title', /kube-scheduler v1\.37: .*does not set spec\.kubernetesVersion/);
  await expect(page.getByTestId('kubernetes-version-select').locator('option:checked')).toHaveText('kube-scheduler v1.37');
  await page.getByTestId('kubernetes-version-select').selectOption('1.36');
  // the header reads the run on screen: it changes once the scenario has been simulated again
  await expect(header).toHaveAttribute('data-version', '1.36');
  await expect(page.getByTestId('kubernetes-version-select').locator('option:checked')).toHaveText('kube-scheduler v1.36');
  await expect.poll(() => pageText(page)).toContain('kubernetesVersion: "1.36"');
  // the rest of the text is as it was
  expect((await pageText(page)).endsWith(scenarioFile('taints.yaml'))).toBe(true);
  for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/versions-header-${width}x${height}.png` });
  }
});

for (const fixture of frozenLinks.filter((f) => /^#p[12]\./.test(f.link) && f.state.compare === undefined)) {
  test(`a link made before the version axis replays as before and says v1.35: ${fixture.name}`, async ({ page }) => {
    await page.goto(`/${fixture.link}`);
    const indicator = page.getByTestId('cycle-indicator');
    await expect(indicator).toHaveAttribute('data-cycle', String(fixture.state.cycle));
    await expect(page.getByTestId('kubernetes-version')).toHaveAttribute('data-version', '1.35');
    await expect(page.getByTestId('kubernetes-version-select')).toHaveValue('1.35');
    expect(await pageText(page)).toBe(fixture.state.scenario);
    await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', fixture.state.pod!);
  });
}

test('every lesson states its version, on its card and its title card', async ({ page }) => {
  await freshPage(page);
  await page.getByRole('button', { name: 'Lessons' }).click();
  const versions = page.getByTestId('lesson-card-version');
  // the gallery is its own chunk: count its cards once they are drawn (count() does not wait; CI saw 0)
  await expect(versions.first()).toBeVisible();
  expect(await versions.count()).toBeGreaterThan(0);
  for (const text of await versions.allTextContents()) expect(text).toMatch(/^kube-scheduler v1\.3[567]$/);
  for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/versions-lessons-${width}x${height}.png` });
  }
  await page.getByTestId('lesson-card').first().click();
  await expect(page.getByTestId('lesson-version')).toHaveText(/^kube-scheduler v1\.3[567]$/);
});

test('the upgrade preview lists the pod BalancedAllocation moves between 1.35 and 1.37, with its cause', async ({ page }) => {
  const text = balancedAllocationUpgrade('1.35');
  const out = compareVersions(text, '1.35', '1.37', { fileName: 'ba.yaml' });
  if (!out.ok) throw new Error('scenario');
  const expected = out.comparison;
  expect(expected.differences.length).toBeGreaterThan(0);
  await freshPage(page);
  await openScenario(page, 'ba.yaml', text);
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-kind').selectOption('versions');
  // from the scenario's version to the newest
  await expect(page.getByTestId('version-from')).toHaveValue('1.35');
  await expect(page.getByTestId('version-to')).toHaveValue('1.37');
  const view = page.getByTestId('compare-view');
  await expect(view).toHaveAttribute('data-state', 'done');
  await expect(view).toHaveAttribute('data-differ', String(expected.differences.length));
  for (const d of expected.differences) {
    const row = page.locator(`[data-testid="version-difference"][data-pod="${d.pod}"]`);
    await expect(row).toHaveAttribute('data-kind', d.kind);
    await expect(row).toHaveAttribute('data-before', d.before.node ?? '');
    await expect(row).toHaveAttribute('data-after', d.after.node ?? '');
    await expect(row).toHaveAttribute('data-causes', d.causes.map((c) => c.id).join(' '));
    for (const c of d.causes) await expect(row).toContainText(`kubernetes PR #${c.pr}`);
  }
  for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/versions-upgrade-${width}x${height}.png` });
  }
  // two versions with nothing between them that moves a pod: says so
  await page.getByTestId('version-from').selectOption('1.36');
  await expect(view).toHaveAttribute('data-differ', '0');
  await expect(page.getByTestId('version-status')).toHaveText(`No difference for ${expected.differences.length + expected.unchanged} pods between v1.36 and v1.37`);
  // the link carries the preview and its versions (permalink format 4): reopening it shows them again
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#p4\./);
  await page.reload();
  await expect(page.getByTestId('version-from')).toHaveValue('1.36');
  await expect(page.getByTestId('version-to')).toHaveValue('1.37');
  await expect(page.getByTestId('compare-kind')).toHaveValue('versions');
});
