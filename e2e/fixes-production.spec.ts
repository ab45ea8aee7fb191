// The production-like dump (src/interop/testing/productionDump.ts) at 1366×768: for five Pending
// pods, the search finds the pod, the Pod tab shows its diagnosis and the fix its author marks as
// right ranked first, Apply puts it into the editor, and the pod schedules. Expectations come from
// the fixture's marks, not from what the page prints.
import { expect, test, type Page } from '@playwright/test';
import { importAny } from '../src/interop';
import { pendingCauses, productionDump } from '../src/interop/testing/productionDump';
import { engineResult, importDump as importDumpAs } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const dump = productionDump();
const result = engineResult(importAny(dump, { source: 'cluster.yaml' }).yaml, 'cluster-imported.yaml');
const pendingPod = (prefix: string) => result.pods.find((p) => p.pod.startsWith(prefix) && p.recorded?.phase === 'Pending')!.pod;
const SHOTS = process.env.PODPLAY_SHOTS;

const importDump = (page: Page) => importDumpAs(page, dump, result.nodes.length);

for (const prefix of ['geo/geo-api-', 'ml/trainer', 'web/checkout-', 'kafka/kafka-2', 'batch/nightly-etl-']) {
  const cause = pendingCauses.find((c) => c.pod === prefix)!;
  const kind = (cause.fix as { kind: string }).kind;
  test(`${prefix}: search → diagnosis → the marked ${kind} fix first → Apply → scheduled`, async ({ page }) => {
    const pod = pendingPod(prefix);
    await importDump(page);
    await page.locator('body').press('/');
    await page.keyboard.type(pod.slice(pod.indexOf('/') + 1));
    await page.locator(`[data-testid="search-hit"][data-key="${pod}"]`).click();
    await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', pod);
    await expect(page.getByTestId('fixes')).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
    const top = page.getByTestId('fix').first();
    await expect(top).toHaveAttribute('data-kind', kind);
    await expect(top).toBeInViewport();
    // widened, the Pod tab shows five fixes at once where there are five
    await page.getByTestId('detail-widen').click();
    const fixes = page.getByTestId('fix');
    const shown = Math.min(5, await fixes.count());
    for (let i = 0; i < shown; i++) await expect(fixes.nth(i)).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${prefix.replace(/\W+/g, '-')}-1366.png` });
    await top.getByTestId('fix-apply').click();
    const chip = page.locator(`[data-testid="pod-chip"][data-pod="${pod}"]`);
    await expect(async () => {
      await page.locator('body').press('End');
      await expect(chip).toHaveAttribute('data-node', /.+/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });
}
