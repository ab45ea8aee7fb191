// Budgets seen from the page: a link asking for a billion pods is refused at once, at the line
// that asks, with the editor text intact and the page still usable.
import { expect, test } from '@playwright/test';
import { encodePermalink } from '../src/permalink/codec';
import { openScenario, pageText, scenarioFile } from './helpers';

test('a `replicas: 1000000000` link: a clear error at its line, the text intact, the page usable', async ({ page }) => {
  const bomb = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1000000000
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, image: nginx}]}
`;
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/#${await encodePermalink({ scenario: bomb })}`);
  const error = page.getByTestId('editor-error').first();
  await expect(error).toContainText("spec.replicas: 1000000000 would create 1,000,000,000 pods; Podplay's limit is 60,000 pods per scenario");
  await expect(error).toHaveAttribute('data-line', '5');
  expect(await pageText(page)).toBe(bomb);

  // still usable: another scenario opens and runs
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
});
