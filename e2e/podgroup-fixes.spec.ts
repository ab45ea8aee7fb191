// A PodGroup member's why-pending fixes in the page: the group's own fix (a smaller gang minCount,
// v1.37) is listed, verified, and Apply writes it into the PodGroup so the member binds.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { engineResult, expectBoundAtEnd, freshPage, openScenario } from './helpers';

// the gang of four with no fourth node joining: it stays Pending for good
const text = readFileSync(fileURLToPath(new URL('../scenarios/gang-podgroup.yaml', import.meta.url)), 'utf8').replace(/ {2}timeline:[\s\S]*?(?=---)/, '');
const POD = 'default/worker-0';

test('a gang member\'s minCount fix appears and Apply makes the group schedule', async ({ page }) => {
  expect(engineResult(text, 'gang-stuck.yaml').pods.find((p) => p.pod === POD)?.node).toBeUndefined();
  await freshPage(page);
  await openScenario(page, 'gang-stuck.yaml', text);
  await page.locator(`[data-testid="pending-queue"] [data-testid="pod-chip"][data-pod="${POD}"]`).click();
  await expect(page.getByTestId('fixes')).toHaveAttribute('data-done', 'true', { timeout: 60_000 });
  const fix = page.locator('[data-testid="fix"][data-kind="pod-group"]').first();
  await expect(fix).toContainText('gang minCount 3 (from 4)');
  await fix.getByTestId('fix-apply').click();
  await expectBoundAtEnd(page, POD);
});
