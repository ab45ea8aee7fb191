// Shared steps for the browser tests. Expectations come from the engine itself, run here in the
// test process on the very text the page holds — never hard-coded.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/engine/index';
import type { SimulationResult } from '../src/engine/api';

export const STORAGE_KEY = 'podplay.scenario';

export function scenarioFile(name: string): string {
  const inE2e = fileURLToPath(new URL(`./scenarios/${name}`, import.meta.url));
  const inApp = fileURLToPath(new URL(`../src/ui/scenarios/${name}`, import.meta.url));
  try {
    return readFileSync(inE2e, 'utf8');
  } catch {
    return readFileSync(inApp, 'utf8');
  }
}

/** The engine's result for a text, as the page computes it (same options). */
export function engineResult(text: string, fileName: string, seed?: number): SimulationResult {
  const outcome = simulate(text, { fileName, ...(seed !== undefined ? { seed } : {}) });
  if (!outcome.ok) throw new Error(`scenario has errors: ${outcome.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`);
  return outcome.result;
}

/** A fresh page with no saved scenario, showing the default one simulated. */
export async function freshPage(page: Page): Promise<void> {
  // a test's browser context starts with nothing stored: only a page that shares its context with
  // an earlier one needs clearing and a second load (every other test saves one page load)
  const stored = (await page.context().storageState()).origins.length > 0;
  await page.goto('/');
  if (stored) {
    await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
    await page.reload();
  }
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
}

/**
 * One page for every test of a file, the tests run in order on it (`serial`: after a failure the
 * rest are skipped, and CI runs them again together). A fresh page costs about 3.5 s of CPU
 * (the app, the engine worker, Monaco) before a test does anything, more than many tests' own
 * checks: files whose tests each open their own scenario and leave nothing behind that the next
 * one would read share one. Call at the top of the file; each test then calls the getter.
 */
export function useSharedPage(): () => Page {
  let shared: Page | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport, serviceWorkers, reducedMotion } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, viewport, serviceWorkers, reducedMotion });
    shared = await context.newPage();
    await freshPage(shared);
  });
  test.afterAll(async () => {
    await shared?.context().close();
  });
  return () => {
    if (shared === undefined) throw new Error('useSharedPage: the page is made in beforeAll');
    return shared;
  };
}

/**
 * Opens a scenario through the Open button's file input and waits for its first cycle. The file is
 * handed to the input from page script (as a drop would): Playwright's own file transfer runs on
 * the page's main thread and would count against it in the long-task test.
 */
export async function openScenario(page: Page, fileName: string, text: string): Promise<void> {
  await chooseFile(page, fileName, text);
  await expect(page.locator('.file-name')).toHaveText(fileName);
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1');
  await expect(page.locator('.stale-badge')).toHaveCount(0);
}

/** Hands a file to the Open button's input, without waiting for anything. */
export async function chooseFile(page: Page, fileName: string, text: string): Promise<void> {
  await page.getByTestId('open-file').evaluate((input: HTMLInputElement, [name, content]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], name, { type: 'application/x-yaml' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [fileName, text] as const);
}

/**
 * The scenario text the page holds: it autosaves every edit (this tab's copy in sessionStorage, a
 * large text in IndexedDB; see src/store/persistence.ts); before the first, it shows the default.
 */
export async function pageText(page: Page): Promise<string> {
  const saved = await page.evaluate(async (key) => {
    const raw = sessionStorage.getItem(key) ?? localStorage.getItem(key);
    if (raw === null) return null;
    const record = JSON.parse(raw) as { text?: string; textKey?: string };
    if (record.text !== undefined) return record.text;
    return new Promise<string>((resolve, reject) => {
      const open = indexedDB.open('podplay', 1);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const read = open.result.transaction('texts').objectStore('texts').get(record.textKey!);
        read.onerror = () => reject(read.error);
        read.onsuccess = () => resolve(read.result as string);
      };
    });
  }, STORAGE_KEY);
  return saved ?? scenarioFile('zone-spread.yaml');
}

/** Waits until Monaco has replaced the read-only view. */
export async function editorReady(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="scenario-editor"] .monaco-editor')).toBeVisible({ timeout: 30_000 });
}

export async function phase(page: Page): Promise<string> {
  return (await page.getByTestId('cycle-indicator').getAttribute('data-phase')) ?? '';
}

/** What the page shows of playback and the run, for a test that cannot step where it wants. */
async function playbackState(page: Page): Promise<string> {
  const indicator = page.getByTestId('cycle-indicator');
  const text = async (selector: string) => (await page.locator(selector).allInnerTexts()).join(' | ');
  return [
    `indicator: cycle ${await indicator.getAttribute('data-cycle')} at "${await phase(page)}" (${(await indicator.innerText()).replace(/\s+/g, ' ')})`,
    `run status: "${await text('[data-testid="run-status"]')}"`,
    `stale: "${await text('.stale-badge')}"`,
    `notices: "${await text('[data-testid="notice"]')}"`,
    `url: ${page.url().slice(0, 120)}`,
  ].join('; ');
}

/** Steps forward until the indicator shows this extension point of this cycle. */
export async function stepTo(page: Page, cycle: number, wanted: string): Promise<void> {
  const indicator = page.getByTestId('cycle-indicator');
  const forward = page.getByTestId('step-forward');
  for (let i = 0; i < 200; i++) {
    const at = Number(await indicator.getAttribute('data-cycle'));
    if (at === cycle && (await phase(page)) === wanted) return;
    if (at > cycle) throw new Error(`passed cycle ${cycle} without reaching ${wanted}: ${await playbackState(page)}`);
    // a run still streaming in enables it again; one that ended there has nowhere to go
    try {
      await expect(forward).toBeEnabled();
    } catch {
      throw new Error(`cannot step forward to ${wanted} of cycle ${cycle}: ${await playbackState(page)}`);
    }
    await forward.click();
  }
  throw new Error(`never reached ${wanted} of cycle ${cycle}: ${await playbackState(page)}`);
}

/**
 * After an Apply: the edited scenario simulates again, and at the end of the new run the pod is
 * bound (to `node` when given). Pressing End again until then, as the run streams in.
 */
export async function expectBoundAtEnd(page: Page, pod: string, node: string | RegExp = /.+/): Promise<void> {
  const chip = page.locator(`[data-testid="pod-chip"][data-pod="${pod}"]`);
  await expect(async () => {
    await page.locator('body').press('End');
    await expect(chip).toHaveAttribute('data-node', node, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Puts Monaco's cursor at the start of a line (which scrolls it into view). */
export async function goToLine(page: Page, line: number): Promise<void> {
  await editorReady(page);
  // a click just right of the gutter, top left of what is visible, focuses the editor
  const box = (await page.locator('[data-testid="scenario-editor"] .monaco-editor').boundingBox())!;
  await page.mouse.click(box.x + 70, box.y + 12);
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
}

/** Replaces one line of the scenario in Monaco, the way a user would: select it and type over it. */
export async function replaceLine(page: Page, line: number, content: string): Promise<void> {
  await goToLine(page, line);
  await page.keyboard.press('Shift+End');
  await page.keyboard.insertText(content);
}

/** 1-based number of the first line of the text that contains `needle`. */
export function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no line contains ${needle}`);
  return index + 1;
}

/** True when Monaco draws a squiggle on this line (its line number's vertical band). */
export async function squiggleOnLine(page: Page, line: number, severity: 'error' | 'warning' | 'any' = 'error'): Promise<boolean> {
  const selector = severity === 'any' ? '.squiggly-error, .squiggly-warning' : `.squiggly-${severity}`;
  return page.evaluate(([wanted, squiggles]) => {
    const editor = document.querySelector('[data-testid="scenario-editor"] .monaco-editor');
    if (!editor) return false;
    const number = [...editor.querySelectorAll('.line-numbers')].find((e) => e.textContent?.trim() === String(wanted));
    if (!number) return false;
    const band = number.getBoundingClientRect();
    return [...editor.querySelectorAll(squiggles)].some((s) => {
      const r = s.getBoundingClientRect();
      return r.top < band.bottom && r.bottom > band.top;
    });
  }, [line, selector] as const);
}

/** A fresh page with a kubectl dump dropped on the cluster view and imported; waits for its `nodes` node cards. */
export async function importDump(page: Page, dump: string, nodes: number): Promise<void> {
  await freshPage(page);
  await dropDump(page, dump, nodes);
}

/** Drops a dump onto the cluster view of the page as it is (no fresh load) and opens it. */
export async function dropDump(page: Page, dump: string, nodes: number): Promise<void> {
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'cluster.yaml', { type: 'application/x-yaml' }));
    return dt;
  }, dump);
  await page.dispatchEvent('[data-testid="cluster-view"]', 'drop', { dataTransfer });
  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(page.locator('[data-testid="node-card"]')).toHaveCount(nodes);
}

/** Imports a dump from a file on disk through the import dialog and waits for its summary. */
export async function importDumpFile(page: Page, file: string, nodes: number): Promise<void> {
  await page.getByTestId('import').click();
  await page.getByTestId('import-file').setInputFiles(file);
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('import-kept')).toContainText(`${nodes} nodes`);
}

/** Opens the imported scenario (`cluster-imported.yaml`) and steps to the end of its run. */
export async function openImportedToEnd(page: Page, nodes: number): Promise<void> {
  await page.getByTestId('import-open').click();
  await expect(page.locator('.file-name')).toHaveText('cluster-imported.yaml');
  await expect(page.getByTestId('node-card')).toHaveCount(nodes, { timeout: 120_000 });
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', '1', { timeout: 120_000 });
  await page.locator('body').press('End');
  await expect(page.getByTestId('step-forward')).toBeDisabled({ timeout: 60_000 });
}
