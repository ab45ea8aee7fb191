// Presenter mode's live "what if" (issue 19): no key lands in the YAML unless an editor has the
// focus on purpose — not `f` pressed to leave presenter mode while the hidden editor kept the
// focus, not the clicker's PageDown in the live editor — and an edit applied at a story point
// re-runs the scenario and the story goes on from that point, its narration marked as changed;
// Restore puts the lesson's own scenario back.
import { expect, test } from '@playwright/test';
import { lessonById } from '../src/lessons';
import { editorReady, freshPage, pageText } from './helpers';

test.use({ viewport: { width: 1280, height: 720 } });

test('taints-noschedule: a toleration added live at the Filter point re-runs and the story continues; navigation keys never change the YAML', async ({ page }) => {
  const lesson = lessonById('taints-noschedule')!;
  await freshPage(page);
  await page.locator('body').press('g');
  await page.locator(`[data-testid="lesson-card"][data-lesson="${lesson.id}"]`).click();
  await expect(page.getByTestId('lesson-start')).toBeEnabled();
  await editorReady(page);
  // the editor has the focus when presenter mode comes on (the button pressed from page script,
  // as a remote would, leaves the focus where it was)
  await page.locator('[data-testid="scenario-editor"] .monaco-editor').click();
  await page.getByTestId('presenter').evaluate((b: HTMLButtonElement) => b.click());
  await expect(page.locator('.app.presenter')).toHaveCount(1);

  const progress = page.getByTestId('lesson-story-progress');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(progress).toHaveAttribute('data-point', '1');
  const node1 = page.locator('[data-testid="node-card"][data-node="node1"]');
  await expect(node1).toHaveAttribute('data-state', 'filtered');
  // out of presenter mode and back: the text is the lesson's, nothing typed into it
  await page.keyboard.press('f');
  await expect(page.locator('.app.presenter')).toHaveCount(0);
  await page.keyboard.press('f');
  await expect(page.locator('.app.presenter')).toHaveCount(1);
  expect(await pageText(page)).toBe(lesson.scenario);
  await expect(page.locator('.stale-badge')).toHaveCount(0);

  // e opens the live editor, focused; the clicker's keys move neither the text nor the story
  await page.keyboard.press('e');
  const text = page.getByTestId('live-edit-text');
  await expect(text).toBeFocused();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageUp');
  await expect(text).toHaveValue(lesson.scenario);
  await expect(progress).toHaveAttribute('data-point', '1');

  const toleration = '  - {key: key1, operator: Equal, value: value1, effect: NoExecute}\n';
  expect(lesson.scenario).toContain(toleration);
  await text.fill(lesson.scenario.replace(toleration, `${toleration}  - {key: key2, operator: Equal, value: value2, effect: NoSchedule}\n`));
  await page.getByTestId('live-edit-apply').click();
  await expect(page.getByTestId('live-edit')).not.toBeVisible();
  // the same point, the edited run: node1's third taint is tolerated now
  await expect(progress).toHaveAttribute('data-point', '1');
  await expect(page.locator('.stale-badge')).toHaveCount(0);
  await expect(node1).toHaveAttribute('data-state', 'feasible');
  await expect(page.getByTestId('lesson-changed')).toContainText('Changed: what you see is the edited scenario');
  await expect(page.getByTestId('lesson-narration')).toHaveAttribute('data-changed', 'true');
  await page.keyboard.press('PageDown');
  await expect(progress).toHaveAttribute('data-point', '2');

  // leaving the edit: the lesson's own scenario at the same point
  await page.keyboard.press('e');
  await page.getByTestId('live-edit-restore').click();
  await expect(page.getByTestId('lesson-changed')).toHaveCount(0);
  await expect(progress).toHaveAttribute('data-point', '2');
  await expect(page.locator('.stale-badge')).toHaveCount(0);
  await expect(node1).toHaveAttribute('data-state', 'filtered');
  expect(await pageText(page)).toBe(lesson.scenario);
});
