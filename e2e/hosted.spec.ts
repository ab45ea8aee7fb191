// The build as an instructor hosts it: `npm run build`'s output on a plain static server under a
// sub-path. A lesson link opens and steps there; after one visit the app works offline (the
// service worker's copy: page, engine worker, Monaco, lessons).
import { expect, test, type Page } from '@playwright/test';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePermalink } from '../src/permalink/codec';
import { lessonById } from '../src/lessons';
import { editorReady, expectBoundAtEnd, lineOf, pageText, replaceLine, scenarioFile } from './helpers';
import { serveStatic, type StaticSite } from './staticServer';

const OUT = process.env.PODPLAY_E2E_OUT ?? 'dist';
const PREFIX = '/workshop/podplay/';

test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'allow' });

let site: StaticSite;
test.beforeAll(async () => {
  site = await serveStatic(OUT, PREFIX);
});
test.afterAll(async () => {
  await site.close();
});

/** Every request that failed or left the sub-path. */
function watchRequests(page: Page): string[] {
  const bad: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.startsWith('http') && (response.status() >= 400 || !new URL(url).pathname.startsWith(PREFIX))) bad.push(`${response.status()} ${url}`);
  });
  page.on('requestfailed', (request) => bad.push(`failed ${request.url()}`));
  return bad;
}

/** From a lesson's title card: Start, then two story points with PageDown. */
async function stepLesson(page: Page, id: string): Promise<void> {
  await expect(page.getByTestId('lesson-panel')).toHaveAttribute('data-lesson', id);
  await expect(page.getByTestId('lesson-start')).toBeEnabled();
  await page.getByTestId('lesson-start').click();
  const progress = page.getByTestId('lesson-story-progress');
  const from = Number(await progress.getAttribute('data-point'));
  await page.locator('body').press('PageDown');
  await expect(progress).toHaveAttribute('data-point', String(from + 1));
  await page.locator('body').press('PageDown');
  await expect(progress).toHaveAttribute('data-point', String(from + 2));
  await expect(page.getByTestId('cycle-indicator')).toBeVisible();
}

test('under a sub-path of a plain static server: a lesson link opens and steps, a scenario link opens', async ({ page }) => {
  const bad = watchRequests(page);
  const lesson = lessonById('node-selector')!;
  const link = `${site.url}#${await encodePermalink({ scenario: lesson.scenario, seed: lesson.seed, lesson: lesson.id })}`;
  await page.goto(link);
  await stepLesson(page, lesson.id);
  // the link's run came with the build (src/worker/shipped.ts); an edit is the engine worker's
  await replaceLine(page, lineOf(lesson.scenario, 'disktype: nvme'), '    disktype: ssd');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expectBoundAtEnd(page, 'default/nginx-nvme', 'node-1');

  const text = scenarioFile('taints.yaml');
  await page.goto(`${site.url}#${await encodePermalink({ scenario: text })}`);
  await expect.poll(() => pageText(page)).toBe(text);
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  expect(bad).toEqual([]);
});

test('after one visit it works offline: reload, open a lesson, step it, edit', async ({ page, context }) => {
  await page.goto(site.url);
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  // installed = every file of the build is in the precache
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.locator('body').press('g');
  await page.locator('[data-testid="lesson-card"][data-lesson="taints-noschedule"]').click();
  await stepLesson(page, 'taints-noschedule');
  // Monaco and its YAML worker came from the offline copy too
  await editorReady(page);
  await expect(page.getByTestId('update-ready')).toHaveCount(0);
});

test('a new build is announced and only taken with a reload: never half old, half new', async ({ page }) => {
  // a copy of the build to publish "the next version" into
  const copy = mkdtempSync(join(tmpdir(), 'podplay-hosted-'));
  cpSync(OUT, copy, { recursive: true });
  const own = await serveStatic(copy, PREFIX);
  try {
    await page.goto(own.url);
    await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.reload();
    const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? 'none');
    expect(await controller()).toBe(`${own.url}sw.js`);
    await expect(page.getByTestId('update-ready')).toHaveCount(0);

    // the next build is published: its service worker differs
    appendFileSync(join(copy, 'sw.js'), '\n// the next build\n');
    await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
    await expect(page.getByTestId('update-ready')).toContainText('A new version of Podplay is ready');
    // until the user says so, the old build keeps serving this page and its workers
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(waiting).toBe(true);

    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
    await expect(page.getByTestId('update-ready')).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    await own.close();
    rmSync(copy, { recursive: true, force: true });
  }
});
