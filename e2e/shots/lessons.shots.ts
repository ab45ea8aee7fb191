// Writes lesson-shots/<lesson>/<nn>.png: the title card (00) and each story point, as a room would
// see them on a 1280×720 projector.
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lessons } from '../../src/lessons';
import { freshPage } from '../helpers';
import { openInPresenter, walkLesson } from '../lessonWalk';

const OUT = fileURLToPath(new URL('../../lesson-shots/', import.meta.url));

test.use({ viewport: { width: 1280, height: 720 } });

const only = process.env.LESSON;
for (const lesson of lessons.filter((l) => only === undefined || l.id === only)) {
  test(`shots of ${lesson.id}`, async ({ page }) => {
    mkdirSync(`${OUT}${lesson.id}`, { recursive: true });
    await freshPage(page);
    await openInPresenter(page, lesson);
    await walkLesson(page, lesson, async ({ point, hidden }) => {
      const name = String(point + 1).padStart(2, '0');
      const scale = await page.locator('.stage [data-testid="fit-box"]').getAttribute('data-scale').catch(() => null);
      await page.screenshot({ path: `${OUT}${lesson.id}/${name}.png` });
      console.log(`${lesson.id} ${name}: hidden [${[...hidden].join(', ')}] stage scale ${scale ?? '1'}`);
    });
  });
}
