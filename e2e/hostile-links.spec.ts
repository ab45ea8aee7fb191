// Links are hostile input: a link that asks for a billion pods or carries thousands of errors
// leaves a page that answers, with the text intact and a clear message.
import { expect, test } from '@playwright/test';
import { encodePermalink } from '../src/permalink/codec';
import { ALLOCATOR_BOMB } from '../src/engine/testing/allocatorBomb';
import { chooseFile, editorReady, engineResult, goToLine, lineOf, openScenario, scenarioFile, useSharedPage } from './helpers';

// each test opens its own scenario on the one page (a fresh page each cost more than the checks)
const sharedPage = useSharedPage();

test('a link asking for a billion replicas shows a clear error, keeps its text, and the page stays usable', async () => {
  const page = sharedPage();
  const text = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 1000000000
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
`;
  await page.goto(`/#${await encodePermalink({ scenario: text })}`);
  const error = page.getByTestId('editor-error').first();
  await expect(error).toBeVisible({ timeout: 60_000 });
  await expect(error).toHaveAttribute('data-line', String(lineOf(text, 'replicas:')));
  // nothing is being simulated, and the page does not pretend otherwise
  await expect(page.locator('.stale-badge')).toContainText('the scenario has errors');
  await expect(page.getByTestId('narration')).not.toContainText('Simulating');
  await editorReady(page);
  await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('replicas: 1000000000');
  // a CEL cost bomb (issue 23, critical 1: the nested split("").all link never finished): refused
  // at its line with upstream's message, nothing simulated
  const long = 'x'.repeat(150);
  const bomb = `apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors:
    - cel: {expression: '"${long}".split("").all(a, "${long}".split("").all(b, "${long}".split("").all(c, a + b + c != "")))'}
`;
  await chooseFile(page, 'cel-bomb.yaml', bomb);
  const costError = page.getByTestId('editor-error').first();
  await expect(costError).toContainText('too complex, exceeds cost limit', { timeout: 60_000 });
  await expect(costError).toHaveAttribute('data-line', String(lineOf(bomb, '- cel:')));
  await expect(page.locator('.stale-badge')).toContainText('the scenario has errors');
  // the page answers: another scenario opens and steps
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', 'Filter');
});

test('the DRA allocator bomb as a link ends at its budget with upstream\'s message; the CEL map and replace bombs are refused; another scenario runs at once', async () => {
  const page = sharedPage();
  // issue 23, critical 3: 8 of a node's 20 GPUs and a device nothing matches (like the probe's 795-character link, over 60 s)
  const text = ALLOCATOR_BOMB;
  const result = engineResult(text, 'greedy.yaml');
  const message = result.pods.find((p) => p.pod === 'default/trainer')!.message!;
  // upstream v1.36+ (dynamicresources.go Filter, kubernetes PR #137607) wrapped by runtime/framework.go
  expect(message.startsWith('running "DynamicResources" filter plugin: node n1: timed out trying to allocate devices ')).toBe(true);
  await page.goto(`/#${await encodePermalink({ scenario: text })}`);
  // the run ends (upstream retries a timeout after backoff for ever: the retry limit stops it) and says why
  await expect(page.locator('.problem-warning')).toContainText(result.warnings.at(-1)!.message, { timeout: 60_000 });
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
  await page.getByTestId('narration').click();
  await page.keyboard.press('End');
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', String(result.cycles.length));
  await page.getByTestId('tab-pod').click();
  await expect(page.getByTestId('pod-inspector')).toHaveAttribute('data-pod', 'default/trainer');
  await expect(page.getByTestId('pod-inspector').locator('dd').filter({ hasText: /^running "DynamicResources"/ })).toHaveText(message);
  // an error, not a verdict: upstream handleSchedulingFailure's condition reason is SchedulerError
  await expect(page.getByTestId('pod-inspector').locator('dd').filter({ hasText: /^PodScheduled / })).toHaveText('PodScheduled False (SchedulerError)');
  // its retries are one FailedScheduling row, counted as upstream's event series counts them (client-go tools/events)
  const retries = result.events.filter((e) => e.reason === 'FailedScheduling' && e.object === 'Pod/default/trainer').length;
  await page.getByTestId('tab-events').click();
  await expect(page.locator('[data-testid="event-row"][data-reason="FailedScheduling"]')).toHaveCount(1);
  await expect(page.getByTestId('event-series')).toHaveText(new RegExp(`^\\(x${retries} over \\d+h\\d*m?\\)$`));
  // the CEL bombs of critical 2 and 1 (nested map over split(""), a replace chain): each refused at its line
  const long = 'x'.repeat(150);
  const cel = [
    `"${long}".split("").map(a, "${long}".split("").map(b, "${long}".split("").map(c, a + b + c))).size() > 0`,
    `"${long}"${'.replace("x", "xx")'.repeat(20)}.size() > 0`,
  ];
  const bombs = cel.map((expression, i) => `apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: bomb-${i}}\nspec:\n  selectors:\n    - cel: {expression: '${expression}'}`).join('\n---\n');
  await chooseFile(page, 'cel-bombs.yaml', bombs);
  const errors = page.getByTestId('editor-error');
  await expect(errors).toHaveCount(cel.length, { timeout: 60_000 });
  for (const [i, expression] of cel.entries()) {
    await expect(errors.nth(i)).toContainText('too complex, exceeds cost limit');
    await expect(errors.nth(i)).toHaveAttribute('data-line', String(lineOf(bombs, expression)));
  }
  // and the page answers at once
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', 'Filter');
});

test('thousands of errors: the first ones are listed and marked, with a count of the rest', async () => {
  const page = sharedPage();
  const pods = Array.from({ length: 3000 }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata: {name: p-${i}}\nspec: 3`);
  const text = pods.join('\n---\n');
  await page.goto(`/#${await encodePermalink({ scenario: text })}`);
  await expect(page.getByTestId('problems-more')).toBeVisible({ timeout: 60_000 });
  const listed = await page.getByTestId('editor-error').count();
  expect(listed).toBeGreaterThan(0);
  expect(listed).toBeLessThanOrEqual(500);
  await expect(page.getByTestId('problems-more')).toContainText('more');
  await expect(page.locator('.problems-note')).toContainText('errors');
  // the page answers
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
});

test('a link with 20,000 aliases: the editor keeps the text and colouring but drops schema hints until they are few again', async () => {
  const page = sharedPage();
  const aliases = Array.from({ length: 20_000 }, () => '*v').join(', ');
  const text = `apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels: {zone: &v a}\n  annotations: {list: [${aliases}]}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}\n`;
  await page.goto(`/#${await encodePermalink({ scenario: text })}`);
  await editorReady(page);
  await expect(page.getByTestId('hints-off')).toContainText(/more than [\d,]+ YAML aliases/);
  await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('annotations: {list: [*v, *v');
  // the page answers, and an ordinary scenario gets its hints back
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await expect(page.getByTestId('hints-off')).toHaveCount(0);
  await goToLine(page, lineOf(scenarioFile('taints.yaml'), 'tolerations:'));
  await page.locator('[data-testid="scenario-editor"] .view-line span', { hasText: /^tolerations$/ }).first().hover();
  await expect(page.locator('.monaco-hover').filter({ hasText: 'Taints this pod tolerates' })).toBeVisible({ timeout: 20_000 });
});
