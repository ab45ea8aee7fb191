// A student on a phone (390×844, touch) follows a lesson link: the stage comes first at the full
// width with names at 14 px or more, the question and its answers below it, and a tap answers
// (issue 19: the desktop layout squeezed the stage to a 141-px thumbnail with ~7-px text).
import { expect, test } from '@playwright/test';
import { lessonById, lessonStory } from '../src/lessons';
import { encodePermalink } from '../src/permalink/codec';
import { phoneFit, phoneProblems } from './phoneFit';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a lesson link on a phone: stage first and readable, a question answered with a tap', async ({ page }) => {
  const lesson = lessonById('spread-zone')!;
  await page.goto(`/#${await encodePermalink({ scenario: lesson.scenario, lesson: lesson.id })}`);
  // the title card inside the screen (it was 394 px wide on this 390 px phone)
  await expect(page.getByTestId('lesson-cover')).toBeVisible();
  expect(phoneProblems(await phoneFit(page)), 'the title card').toEqual([]);
  await page.getByTestId('lesson-start').tap();
  const question = page.locator('[data-testid="lesson-question"][data-state="open"]');
  // forward to the first point that asks something
  const asking = lessonStory(lesson).questions.find((q) => q.point >= 0)!.point;
  for (let point = 0; point < asking; point++) await page.getByTestId('story-next').tap();
  await expect(page.getByTestId('lesson-story-progress')).toHaveAttribute('data-point', String(asking));
  await expect(question).toHaveCount(1);

  const layout = await page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    return {
      cluster: box('[data-testid="cluster-view"]'), question: box('[data-testid="lesson-question"]'),
      names: document.querySelectorAll('.node-name, .pod-chip .pod-name').length,
      fitted: document.querySelector('.stage [data-testid="fit-box"]') !== null,
    };
  });
  expect(layout.fitted, 'the stage is not shrunk to fit').toBe(false);
  expect(layout.cluster.width).toBeGreaterThan(360);
  expect(layout.question.top, 'the question comes below the stage').toBeGreaterThanOrEqual(layout.cluster.bottom - 1);
  expect(layout.names).toBeGreaterThan(0);
  // names at 14 px or more, the whole narration and outcome, every node of a lane on screen (a lane panned sideways hid
  // node2 behind node1's filter reason), nothing past the right edge
  expect(phoneProblems(await phoneFit(page)), `point ${asking}`).toEqual([]);

  // the hint speaks of taps and Next, not keys and arrows a phone does not have
  await expect(question.locator('.q-hint')).toHaveText('Tap your prediction, then Next to find out.');
  // a tap predicts; the next tap on Next shows the answer
  const index = await question.getAttribute('data-question');
  const asked = page.locator(`[data-testid="lesson-question"][data-question="${index}"]`);
  await asked.getByTestId('lesson-choice').first().tap();
  await expect(asked).toHaveAttribute('data-state', 'predicted');
  await expect(asked.locator('.q-hint')).toHaveText('Now tap Next and watch.');
  await page.getByTestId('story-next').tap();
  await expect(asked).toHaveAttribute('data-state', 'revealed');
  // once the cycle has moved on, a longer outcome or file name does not widen the page either
  // (the app's auto grid column grew to 397–544 px there)
  expect(phoneProblems(await phoneFit(page)), `point ${asking + 1}`).toEqual([]);
});
