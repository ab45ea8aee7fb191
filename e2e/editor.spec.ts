// The editor: engine errors land on the right line (marker and list), the last good simulation
// stays on screen marked stale, fixing the text simulates again, and every edit survives a reload.
import { expect, test } from '@playwright/test';
import { simulate } from '../src/engine/index';
import { editorReady, engineResult, freshPage, goToLine, lineOf, pageText, replaceLine, squiggleOnLine, stepTo } from './helpers';

test('an engine error is marked on its line and listed; fixing it simulates again', async ({ page }) => {
  await freshPage(page);
  await editorReady(page);
  const original = await pageText(page);
  const nodeLine = lineOf(original, 'name: node2, labels');
  const originalLine = original.split('\n')[nodeLine - 1]!;

  // two nodes named node1: only the engine can tell
  await replaceLine(page, nodeLine, originalLine.replace('name: node2', 'name: node1'));
  await expect(page.getByTestId('editor-error').first()).toBeVisible();
  const broken = await pageText(page);
  expect(broken.split('\n')[nodeLine - 1]).toContain('name: node1, labels');
  const outcome = simulate(broken, { fileName: 'zone-spread.yaml' });
  expect(outcome.ok).toBe(false);
  const errors = outcome.ok ? [] : outcome.errors;
  const list = page.getByTestId('editor-error');
  await expect(list).toHaveCount(errors.length);
  for (const [i, error] of errors.entries()) {
    await expect(list.nth(i)).toHaveAttribute('data-line', String(error.line));
    await expect(list.nth(i)).toContainText(error.message);
  }
  expect(errors[0]!.line).toBe(nodeLine);
  await expect.poll(() => squiggleOnLine(page, nodeLine)).toBe(true);

  // the last good simulation stays, marked stale
  await expect(page.locator('.stale-badge')).toContainText('stale');
  await expect(page.locator('[data-testid="node-card"][data-node="node2"]')).toBeVisible();
  await expect(page.getByTestId('narration')).toBeVisible();

  // fix it, and loosen the spread so the outcome changes: the page follows the engine
  await replaceLine(page, nodeLine, originalLine);
  const skewLine = lineOf(original, 'maxSkew: 1');
  await replaceLine(page, skewLine, original.split('\n')[skewLine - 1]!.replace('maxSkew: 1', 'maxSkew: 2'));
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
  await expect(page.locator('.stale-badge')).toHaveCount(0);
  expect(await squiggleOnLine(page, nodeLine)).toBe(false);

  const fixed = await pageText(page);
  expect(fixed).toContain('maxSkew: 2');
  const trace = engineResult(fixed, 'zone-spread.yaml').cycles[0]!;
  // out of the editor first (Home there moves Monaco's cursor), then back to the first step and on
  // to Filter; again if the run of the last edit arrives meanwhile (it follows a typing pause)
  await page.getByTestId('narration').click();
  await expect(async () => {
    await page.keyboard.press('Home');
    await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-phase', 'PreFilter', { timeout: 2_000 });
    await stepTo(page, 1, 'Filter');
    for (const node of trace.nodesEvaluated) {
      await expect(page.locator(`[data-testid="node-card"][data-node="${node}"]`))
        .toHaveAttribute('data-state', trace.feasible.includes(node) ? 'feasible' : 'filtered', { timeout: 2_000 });
    }
  }).toPass({ timeout: 30_000 });
  await page.getByTestId('next-cycle').click();
  await expect(page.locator(`[data-testid="pod-chip"][data-pod="${trace.pod}"]`)).toHaveAttribute('data-node', trace.selected!);
});

test('every edit survives a reload, even one with errors, and the page never blanks', async ({ page }) => {
  await freshPage(page);
  const original = await pageText(page);
  const line = lineOf(original, 'name: node4, labels') + 1;
  const edited = original.split('\n')[line - 1]!.replace('cpu: "4"', 'cpu: "8"');
  await replaceLine(page, line, edited);
  await expect.poll(() => pageText(page)).toContain(edited);
  await page.reload();
  await editorReady(page);
  expect((await pageText(page)).split('\n')[line - 1]).toBe(edited);
  // Monaco draws only the lines in view: bring the edited one there
  await goToLine(page, line);
  await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('cpu: "8"');
  await expect(page.locator('[data-testid="node-card"][data-node="node4"]')).toContainText('/ 8');

  // nonsense in the middle of the file: listed, saved, and the cluster stays
  await replaceLine(page, 3, 'spec: a: b');
  await expect(page.getByTestId('editor-error').first()).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('editor-error').first()).toBeVisible();
  expect((await pageText(page)).split('\n')[2]).toBe('spec: a: b');
  await expect(page.getByTestId('cluster-view')).toBeVisible();
  await expect(page.getByTestId('cycle-indicator')).toBeVisible();
});

test('monaco-yaml knows the scenario kinds: hover text and schema validation, offline', async ({ page }) => {
  await freshPage(page);
  await editorReady(page);
  // hover over a field name shows our description
  await goToLine(page, lineOf(await pageText(page), 'maxSkew: 1'));
  const token = page.locator('[data-testid="scenario-editor"] .view-line span', { hasText: /^maxSkew$/ }).first();
  await token.hover();
  await expect(page.locator('.monaco-hover').filter({ hasText: 'global minimum' })).toBeVisible({ timeout: 20_000 });
  // a typo in a pod spec field is flagged by the schema (additionalProperties: false)
  const text = await pageText(page);
  const line = lineOf(text, 'whenUnsatisfiable: DoNotSchedule');
  const typo = text.split('\n')[line - 1]!.replace('whenUnsatisfiable', 'whenUnsatisfiabel');
  await replaceLine(page, line, typo);
  await expect.poll(() => squiggleOnLine(page, line, 'any'), { timeout: 20_000 }).toBe(true);
});
