// Writes lesson-shots/<lesson>/<nn>.png: the title card (00) and each story point, as a room would
// see them on a 1280×720 projector; with PHONE=1, lesson-shots-phone/ as a student sees them on a
// 390×844 phone (no presenter mode); with TABLET=1, lesson-shots-tablet/ on an 820×1180 tablet; with
// ZOOM=1, lesson-shots-zoom/ in presenter mode on a 1280×720 laptop at 150 % browser zoom (853×480 CSS px);
// with LAPTOP=1, lesson-shots-laptop/ in presenter mode on a 1366×768 laptop.
import { test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lessons } from '../../src/lessons';
import { freshPage } from '../helpers';
import { openByLink, openInPresenter, walkLesson } from '../lessonWalk';
import { lowContrastTexts } from '../contrast';
import { phoneFit, phoneProblems } from '../phoneFit';

const phone = process.env.PHONE === '1';
const tablet = !phone && process.env.TABLET === '1';
const zoom = !phone && !tablet && process.env.ZOOM === '1';
const laptop = !phone && !tablet && !zoom && process.env.LAPTOP === '1';
// a student's screen: the lesson link, no presenter mode, the whole page (it scrolls)
const student = phone || tablet;
const OUT = fileURLToPath(new URL(phone ? '../../lesson-shots-phone/' : tablet ? '../../lesson-shots-tablet/' : zoom ? '../../lesson-shots-zoom/' : laptop ? '../../lesson-shots-laptop/' : '../../lesson-shots/', import.meta.url));

test.use(phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
  : tablet ? { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true }
  : zoom ? { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 }
  : laptop ? { viewport: { width: 1366, height: 768 } } : { viewport: { width: 1280, height: 720 } });

// LESSON=<id>[,<id>…]: only those lessons (one build for several)
const only = process.env.LESSON?.split(',');
for (const lesson of lessons.filter((l) => only === undefined || only.includes(l.id))) {
  test(`shots of ${lesson.id}`, async ({ page }) => {
    mkdirSync(`${OUT}${lesson.id}`, { recursive: true });
    await freshPage(page);
    if (student) await openByLink(page, lesson);
    else await openInPresenter(page, lesson);
    await walkLesson(page, lesson, async ({ point, hidden }) => {
      const name = String(point + 1).padStart(2, '0');
      // the phone layout has no fit box: getAttribute would wait for one until the test times out
      // (and the screenshot after it then fails on a closed page, which looked like a page that never idles)
      const fit = page.locator('.stage [data-testid="fit-box"]');
      const scale = (await fit.count()) > 0 ? await fit.getAttribute('data-scale') : null;
      // a pod that moved travels for 0.7 s (PodChip's FLIP): shoot the point as the room sees it at rest
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.pod-chip')].every((e) => !e.style.transform || e.style.transform === 'translate(0px, 0px)'));
      // the upgrade lesson's second version runs in the Compare worker: shoot its scores, not "Running…"
      await page.waitForFunction(() => document.querySelector('[data-testid="version-scores"][data-state="running"]') === null);
      await page.screenshot({ path: `${OUT}${lesson.id}/${name}.png`, fullPage: student });
      const problems = student ? phoneProblems(await phoneFit(page), tablet ? 820 : 390) : [];
      const contrast = await lowContrastTexts(page);
      console.log(`${lesson.id} ${name}: hidden [${[...hidden].join(', ')}] stage scale ${scale ?? '1'}${problems.map((p) => `; PHONE: ${p}`).join('')}${contrast.map((t) => `; CONTRAST: ${t}`).join('')}`);
    });
  });
}
