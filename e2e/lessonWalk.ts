// A lesson taught with a clicker: open it from the gallery, switch to presenter mode, then PageDown
// from the title card to the lesson's end. Shared by the clicker test and `npm run lessons:shots`.
import { expect, type Page } from '@playwright/test';
import { hiddenAtCycle, hidesGrace, lessonStory, type Lesson, type Spoiler } from '../src/lessons';
import { encodePermalink } from '../src/permalink/codec';
import { engineResult } from './helpers';

export interface StoryStop {
  /** -1: the title card */
  point: number;
  /** what the open questions keep off the screen, from the catalog */
  hidden: Set<Spoiler>;
  /** an open question keeps the grace countdowns off the screen */
  graceHidden: boolean;
}

/** Opens the lesson on its title card from the gallery. */
export async function openInGallery(page: Page, lesson: Lesson): Promise<void> {
  await page.locator('body').press('g');
  await page.locator(`[data-testid="lesson-card"][data-lesson="${lesson.id}"]`).click();
  await expect(page.getByTestId('lesson-start')).toBeEnabled();
}

/** Opens the lesson on its title card from its permalink, as a student does on a phone (the
 *  phone layout has no gallery button to press). */
export async function openByLink(page: Page, lesson: Lesson): Promise<void> {
  // with the lesson's seed, as the gallery's Share link has it (without it a tie-break can differ
  // from the lesson's text: eviction-pdb drew web-jmd9t on node-1, its text says node-2)
  await page.goto(`/#${await encodePermalink({ scenario: lesson.scenario, lesson: lesson.id, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) })}`);
  await expect(page.getByTestId('lesson-start')).toBeEnabled();
}

/** Opens the lesson on its title card, in presenter mode. */
export async function openInPresenter(page: Page, lesson: Lesson): Promise<void> {
  await openInGallery(page, lesson);
  if (!(await page.locator('.app.presenter').count())) await page.locator('body').press('f');
  await expect(page.locator('.app.presenter')).toHaveCount(1);
}

/** What the questions still open on screen declare hidden at the cycle on screen. */
async function hiddenOnScreen(page: Page, lesson: Lesson): Promise<Omit<StoryStop, 'point'>> {
  const { questions } = lessonStory(lesson);
  // one round trip: the questions still open and the cycle on screen
  const { open, cycle } = await page.evaluate(() => ({
    open: [...document.querySelectorAll('[data-testid="lesson-question"]:not([data-state="revealed"])')].map((i) => Number(i.getAttribute('data-question'))),
    cycle: Number(document.querySelector('[data-testid="cycle-indicator"]')?.getAttribute('data-cycle') ?? 1) || 1,
  }));
  return { hidden: new Set(open.flatMap((i) => hiddenAtCycle(questions[i]!, cycle))), graceHidden: open.some((i) => hidesGrace(questions[i]!, cycle)) };
}

/** Presses PageDown from the title card until the lesson's end, calling `visit` at every stop. */
export async function walkLesson(page: Page, lesson: Lesson, visit: (stop: StoryStop) => Promise<void>): Promise<number> {
  const points = lessonStory(lesson).points.length;
  await visit({ point: -1, ...await hiddenOnScreen(page, lesson) });
  const progress = page.getByTestId('lesson-story-progress');
  for (let point = 0; point < points; point++) {
    await page.locator('body').press('PageDown');
    await expect(progress).toHaveAttribute('data-point', String(point));
    await expect(page.locator('.stale-badge')).toHaveCount(0);
    // the deferred cluster view and the stage's fit settle after the frame arrives
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await visit({ point, ...await hiddenOnScreen(page, lesson) });
  }
  await expect(page.getByTestId('lesson-end')).toBeVisible();
  return points;
}

/** The simulation the page shows for the lesson (same text and seed). */
export function lessonResult(lesson: Lesson) {
  return engineResult(lesson.scenario, `${lesson.id}.yaml`, lesson.seed);
}
