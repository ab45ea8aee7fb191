// Work is never lost: a link or a file that replaces the scenario keeps it in Recent; each tab
// reloads into its own scenario; a save that fails says so; a large scenario survives a reload; a
// dead worker is replaced and the run repeated; a run can be cancelled.
import { expect, test, type Page } from '@playwright/test';
import { encodePermalink } from '../src/permalink/codec';
import { INLINE_MAX_CHARS } from '../src/store/persistence';
import { chooseFile, freshPage, openScenario, scenarioFile } from './helpers';

/** A small scenario whose node names say which one it is. */
function namedScenario(name: string): string {
  return `apiVersion: v1
kind: Node
metadata: {name: ${name}-node, labels: {topology.kubernetes.io/zone: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: v1
kind: Pod
metadata: {name: ${name}-pod}
spec: {containers: [{name: c, resources: {requests: {cpu: "1"}}}]}
`;
}

interface DebugHooks { __podplay: { hangNextRun(ms: number): void; loadState(): string; crashWorker(): void } }

const nodeOf = (page: Page, name: string) => page.locator(`[data-testid="node-card"][data-node="${name}-node"]`);

/** Waits until the address bar holds the page's state (what a reload then reads). */
async function addressCaughtUp(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => location.hash.length)).toBeGreaterThan(10);
  await page.waitForTimeout(400);
}

test('two tabs keep their own scenario across reloads', async ({ context }) => {
  const a = await context.newPage();
  await freshPage(a);
  await openScenario(a, 'a.yaml', namedScenario('alpha'));
  const b = await context.newPage();
  await b.goto('/');
  await openScenario(b, 'b.yaml', namedScenario('beta'));
  await addressCaughtUp(a);
  await addressCaughtUp(b);

  for (const [page, own, other] of [[b, 'beta', 'alpha'], [a, 'alpha', 'beta'], [b, 'beta', 'alpha']] as const) {
    await page.reload();
    await expect(nodeOf(page, own)).toBeVisible();
    await expect(nodeOf(page, other)).toHaveCount(0);
    await expect(page.locator('.file-name')).toHaveText(own === 'alpha' ? 'a.yaml' : 'b.yaml');
  }
  // a fresh tab on the plain address starts from the scenario saved last
  const c = await context.newPage();
  await c.goto('/');
  await expect(nodeOf(c, 'beta')).toBeVisible();
});

test('a link keeps the scenario it replaces in Recent, and Reopen brings it back', async ({ page }) => {
  await freshPage(page);
  const mine = namedScenario('mine');
  await openScenario(page, 'mine.yaml', mine);
  const link = await encodePermalink({ scenario: namedScenario('linked') });
  await page.goto(`/#${link}`);
  await expect(nodeOf(page, 'linked')).toBeVisible();
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('A link replaced your scenario');
  await expect(notice).toContainText('Your previous scenario (mine.yaml) is kept in Recent');
  await notice.getByTestId('notice-action').click();
  await expect(nodeOf(page, 'mine')).toBeVisible();
  await expect(page.locator('.file-name')).toHaveText('mine.yaml');

  // the linked scenario went to Recent in turn; the menu works from the keyboard
  await page.getByTestId('recent-menu').focus();
  await page.keyboard.press('Enter');
  const items = page.getByTestId('recent-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('shared-scenario.yaml');
  await expect(items.nth(1)).toContainText('mine.yaml');
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nodeOf(page, 'linked')).toBeVisible();
});

test('a link opened in a fresh tab keeps the scenario saved by another', async ({ page, context }) => {
  await freshPage(page);
  await openScenario(page, 'mine.yaml', namedScenario('mine'));
  const other = await context.newPage();
  await other.goto(`/#${await encodePermalink({ scenario: namedScenario('linked') })}`);
  await expect(nodeOf(other, 'linked')).toBeVisible();
  await expect(other.getByTestId('notice')).toContainText('kept in Recent');
  await other.getByTestId('recent-menu').click();
  await other.getByTestId('recent-item').first().click();
  await expect(nodeOf(other, 'mine')).toBeVisible();
});

test('opening a file keeps the scenario it replaces in Recent', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'mine.yaml', namedScenario('mine'));
  await openScenario(page, 'taints.yaml', scenarioFile('taints.yaml'));
  await page.getByTestId('recent-menu').click();
  await expect(page.getByTestId('recent-item')).toHaveCount(1);
  await page.getByTestId('recent-item').click();
  await expect(nodeOf(page, 'mine')).toBeVisible();
});

/** A scenario of about `megabytes` MB: one node and a long comment. */
function bigScenario(megabytes: number, name: string): string {
  return `${namedScenario(name)}# ${'padding '.repeat(Math.ceil((megabytes * 1_000_000) / 8))}\n`;
}

test('a scenario of megabytes survives a reload (IndexedDB)', async ({ page }) => {
  await freshPage(page);
  // over INLINE_MAX_CHARS (src/store/persistence.ts), so kept in IndexedDB, not in Web Storage; the
  // 6 MB of the next test would add only seconds of reading and parsing
  const text = bigScenario(2, 'big');
  expect(text.length).toBeGreaterThan(INLINE_MAX_CHARS);
  await openScenario(page, 'dump.yaml', text);
  await expect(page.getByTestId('large-scenario')).toContainText('saved in this browser');
  await page.reload();
  // read back from IndexedDB and parsed again in the worker: megabytes of YAML take seconds on a busy machine
  await expect(nodeOf(page, 'big')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.file-name')).toHaveText('dump.yaml');
});

test('a save that fails says so at once and offers a download', async ({ page }) => {
  // a browser without IndexedDB: a 6 MB text fits nowhere
  await page.addInitScript(() => { Object.defineProperty(window, 'indexedDB', { value: undefined }); });
  await freshPage(page);
  await openScenario(page, 'dump.yaml', bigScenario(6, 'big'));
  const notice = page.getByTestId('notice');
  await expect(notice).toHaveAttribute('data-kind', 'error');
  await expect(notice).toContainText('could not be saved');
  await expect(page.getByTestId('large-scenario')).toContainText('not saved');
  const download = page.waitForEvent('download');
  await notice.getByTestId('notice-action').click();
  expect((await download).suggestedFilename()).toBe('dump.yaml');
  await expect(notice).toBeVisible();
});

test('with storage full, the end of an edit survives a reload', async ({ page }) => {
  await freshPage(page);
  await openScenario(page, 'mine.yaml', namedScenario('first'));
  await addressCaughtUp(page);
  // fill both storages up to their quota
  await page.evaluate(() => {
    for (const storage of [localStorage, sessionStorage]) {
      const chunk = 'x'.repeat(256 * 1024);
      try {
        for (let i = 0; i < 100; i++) storage.setItem(`filler.${i}`, chunk);
      } catch {
        // full
      }
      try {
        for (let i = 0; i < 1000; i++) storage.setItem(`small.${i}`, 'x'.repeat(1024));
      } catch {
        // full to the last kilobyte
      }
    }
  });
  await chooseFile(page, 'mine.yaml', namedScenario('second'));
  await expect(nodeOf(page, 'second')).toBeVisible();
  await addressCaughtUp(page);
  await page.reload();
  await expect(nodeOf(page, 'second')).toBeVisible();
});

/**
 * A scenario that takes the worker a few seconds to simulate (about 4 s here; 200 × 400 took under
 * one, too short to click Cancel in): many pods that fit nowhere, each filtered on every node.
 */
function slowScenario(): string {
  const docs = [];
  for (let i = 0; i < 1000; i++) docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: n-${i}}\nstatus: {allocatable: {cpu: "1", memory: 1Gi, pods: "110"}}`);
  docs.push(`apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: huge}\nspec:\n  replicas: 1000\n  selector: {matchLabels: {app: huge}}\n  template:\n    metadata: {labels: {app: huge}}\n    spec: {containers: [{name: c, resources: {requests: {cpu: "2"}}}]}`);
  return docs.join('\n---\n');
}

test('a worker that dies is replaced and the run repeated', async ({ page }) => {
  await freshPage(page);
  // the run is still going when the worker dies: its first step spins (the repeated run's does not)
  await page.evaluate(() => (window as unknown as DebugHooks).__podplay.hangNextRun(60_000));
  await chooseFile(page, 'slow.yaml', namedScenario('slow'));
  await expect.poll(() => page.evaluate(() => (window as unknown as DebugHooks).__podplay.loadState())).toBe('simulating');
  await page.evaluate(() => (window as unknown as DebugHooks).__podplay.crashWorker());
  const notice = page.getByTestId('notice');
  await expect(notice).toContainText('The simulator stopped');
  await expect(notice).toContainText('simulating your scenario again');
  await expect(nodeOf(page, 'slow')).toBeVisible();
  await expect(page.locator('.file-name')).toHaveText('slow.yaml');
  await expect(page.getByTestId('editor-error')).toHaveCount(0);
});

test('a run can be cancelled, and a run that never finished is not started again by a reload', async ({ page }) => {
  await freshPage(page);
  await chooseFile(page, 'slow.yaml', slowScenario());
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'simulating');
  await page.getByTestId('cancel-run').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'cancelled');
  await page.getByTestId('run-again').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-state', 'simulating');
  // the tab crashes mid-run (as one out of memory does): the run is still marked, and a new tab on the
  // plain address does not run it again by itself
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  void cdp.send('Page.crash').catch(() => undefined);
  await crashed;
  const next = await page.context().newPage();
  await next.goto('/');
  await expect(next.getByTestId('notice')).toContainText('The last run did not finish');
  await expect(next.getByTestId('run-status')).toHaveAttribute('data-state', 'crashed');
  await next.getByTestId('notice').getByTestId('notice-action').click();
  await expect(next.locator('[data-testid="node-card"][data-node="n-0"]')).toBeVisible({ timeout: 60_000 });
});

test('a reload in the middle of a run is not taken for a crash: the scenario runs again', async ({ page }) => {
  await freshPage(page);
  // the run is still going at the reload: its first step spins (the worker goes with the page)
  await page.evaluate(() => (window as unknown as DebugHooks).__podplay.hangNextRun(60_000));
  await chooseFile(page, 'slow.yaml', namedScenario('slow'));
  await expect.poll(() => page.evaluate(() => (window as unknown as DebugHooks).__podplay.loadState())).toBe('simulating');
  await page.reload();
  await expect(nodeOf(page, 'slow')).toBeVisible();
  await expect(page.getByTestId('notice').filter({ hasText: 'The last run did not finish' })).toHaveCount(0);
});

test('Cancel stops a run stuck in a step at once: the worker is replaced, the page says so, and a reload does not run it again', async ({ page }) => {
  await freshPage(page);
  // the next run's first step never returns within the test (as an engine loop would not)
  await page.evaluate(() => (window as unknown as DebugHooks).__podplay.hangNextRun(120_000));
  await chooseFile(page, 'stuck.yaml', namedScenario('stuck'));
  const status = page.getByTestId('run-status');
  await expect.poll(() => page.evaluate(() => (window as unknown as DebugHooks).__podplay.loadState())).toBe('simulating');
  await page.getByTestId('cancel-run').click();
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(page.getByTestId('notice')).toContainText('The simulator was restarted');
  await expect(page.locator('.file-name')).toHaveText('stuck.yaml');
  await page.reload();
  await expect(page.getByTestId('notice')).toContainText('The last run did not finish');
  await expect(nodeOf(page, 'stuck')).toHaveCount(0);
  await page.getByTestId('notice').getByTestId('notice-action').click();
  await expect(nodeOf(page, 'stuck')).toBeVisible();
});
