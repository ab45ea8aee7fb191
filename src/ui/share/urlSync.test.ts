// The address bar and browser history against a fake browser, with the real engine and codec.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonById } from '../../lessons';
import { decodePermalink, encodePermalink } from '../../permalink/codec';
import type { PermalinkState } from '../../permalink/migrations';
import { STORAGE_KEY } from '../../store/persistence';
import { namedPosition } from '../../store/permalinkState';
import { engineClient } from '../../store/testing/engineClient';
import { TWO_NODES_TWO_PODS } from '../../store/testing/scenarios';
import { savedScenario, testStore } from '../../store/testing';
import type { PodplayStore } from '../../store/store';
import { browserTimers } from '../../store/store';
import { CORRUPT_LINK_TITLE, installUrlSync, URL_SYNC_MAX_TEXT, type UrlSyncEnv } from './urlSync';

interface Entry { hash: string; state: unknown }

/** Session history, an address bar and a tab memory, the way a browser keeps them. */
function fakeBrowser(hash = '', tabMemory?: string, writtenAt = 1) {
  const entries: Entry[] = [{ hash, state: null }];
  let index = 0;
  const listeners = new Map<string, Set<() => void>>([['popstate', new Set()], ['hashchange', new Set()]]);
  const tab = new Map(tabMemory === undefined ? [] : [[tabMemory, writtenAt]]);
  const hashOf = (url: string) => (url.includes('#') ? url.slice(url.indexOf('#')) : '');
  const go = (delta: number) => {
    index += delta;
    for (const l of listeners.get('popstate')!) l();
  };
  const env: UrlSyncEnv = {
    location: { get hash() { return entries[index]!.hash; }, pathname: '/', search: '' },
    history: {
      get state() { return entries[index]!.state; },
      pushState(state: unknown, _unused: string, url?: string | URL | null) {
        entries.splice(index + 1);
        entries.push({ hash: hashOf(String(url)), state });
        index++;
      },
      replaceState(state: unknown, _unused: string, url?: string | URL | null) {
        entries[index] = { hash: hashOf(String(url)), state };
      },
    },
    listen(type, listener) {
      listeners.get(type)!.add(listener);
      return () => listeners.get(type)!.delete(listener);
    },
    timers: browserTimers,
    encode: encodePermalink,
    tab: { wrote: (f) => tab.get(f), remember: (f) => { tab.set(f, Date.now()); } },
  };
  return {
    env,
    entries,
    back: () => go(-1),
    forward: () => go(1),
    get index() { return index; },
    async link(): Promise<PermalinkState | undefined> {
      const r = await decodePermalink(entries[index]!.hash);
      return r.ok ? r.state : undefined;
    },
  };
}

let stop: (() => void) | undefined;
afterEach(() => { stop?.(); stop = undefined; });

function start(browser: ReturnType<typeof fakeBrowser>, saved?: string): { store: PodplayStore; storage: ReturnType<typeof savedScenario>['shared'] } {
  const { shared: storage, overrides } = savedScenario(saved);
  const store = testStore(engineClient(), { ...overrides, debounceMs: 10 });
  stop = installUrlSync(store, browser.env);
  return { store, storage };
}

/** Time for a write that should not happen to have happened (a check that nothing changed). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
/**
 * Until the page (the real engine, the codec) and the address bar get there. The test flaked once on
 * a loaded machine: it read the address bar a fixed 400 ms after a step (the write is debounced and
 * its encoding asynchronous) and waited for engine runs with vi.waitFor's 1 s default.
 */
const eventually = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe('a page opened on a link (linkFirst) simulates once, what the link opens', () => {
  const SAVED = 'apiVersion: v1\nkind: Node\nmetadata: {name: mine}\n';
  it.each([
    { name: 'a link to another scenario: only its scenario', link: () => encodePermalink({ scenario: TWO_NODES_TWO_PODS }), loads: [TWO_NODES_TWO_PODS] },
    { name: 'a link to the saved scenario: the saved scenario, once', link: () => encodePermalink({ scenario: SAVED }), loads: [SAVED] },
    { name: 'a damaged link: the empty playground', link: async () => (await encodePermalink({ scenario: TWO_NODES_TWO_PODS })).slice(0, -6), loads: [''] },
  ])('$name', async ({ link, loads }) => {
    const browser = fakeBrowser(`#${await link()}`);
    const { overrides } = savedScenario(SAVED);
    const client = engineClient();
    const store = testStore(client, { ...overrides, debounceMs: 10, linkFirst: true });
    expect(store.getState().pendingRunId).toBeUndefined();
    stop = installUrlSync(store, browser.env);
    await eventually(() => expect(client.loads.length > 0 && store.getState().pendingRunId === undefined).toBe(true));
    await settle();
    expect(client.loads.map((l) => l.text)).toEqual(loads);
  });
});

describe('opening the page with a link', () => {
  it('restores the state the link holds', async () => {
    const link: PermalinkState = { scenario: TWO_NODES_TWO_PODS, seed: 5, cycle: 2, phase: 'filter', pod: 'default/web-2' };
    const browser = fakeBrowser(`#${await encodePermalink(link)}`);
    const { store } = start(browser);
    await eventually(() => expect(namedPosition(store.getState())).toEqual({ cycle: 2, phase: 'filter' }));
    expect(store.getState()).toMatchObject({ text: TWO_NODES_TWO_PODS, seed: 5, inspectedPod: 'default/web-2' });
    await settle();
    expect(browser.entries).toHaveLength(1);
    expect(await browser.link()).toEqual(link);
  });

  it('shows the codec\'s message and an empty playground for a damaged link, and keeps the link', async () => {
    const good = await encodePermalink({ scenario: TWO_NODES_TWO_PODS });
    const browser = fakeBrowser(`#${good.slice(0, -6)}`);
    const { store, storage } = start(browser, 'kind: Node\nmetadata: {name: mine}\n');
    await eventually(() => expect(store.getState().notices).toHaveLength(1));
    expect(store.getState().notices[0]).toMatchObject({ kind: 'error', title: CORRUPT_LINK_TITLE, text: expect.stringMatching(/damaged or truncated/) });
    expect(store.getState().text).toBe('');
    await eventually(() => expect(store.getState().run?.text).toBe(''));
    await settle();
    expect(browser.entries[0]!.hash).toBe(`#${good.slice(0, -6)}`);
    expect(JSON.parse(storage.data[STORAGE_KEY]!).text).toBe('kind: Node\nmetadata: {name: mine}\n');
  });

  it('on a reload of its own address, keeps the scenario autosaved since the address was written', async () => {
    const fragment = await encodePermalink({ scenario: TWO_NODES_TWO_PODS, cycle: 1, phase: 'filter' });
    const edited = TWO_NODES_TWO_PODS.replace('cpu: "2"', 'cpu: "3"');
    const { store } = start(fakeBrowser(`#${fragment}`, fragment), edited);
    await eventually(() => expect(namedPosition(store.getState())).toEqual({ cycle: 1, phase: 'filter' }));
    expect(store.getState()).toMatchObject({ text: edited, fileName: 'mine.yaml' });
  });

  it('on a reload after the last saves failed, keeps the address bar\'s scenario, which is newer', async () => {
    const newer = TWO_NODES_TWO_PODS.replace('cpu: "2"', 'cpu: "3"');
    const fragment = await encodePermalink({ scenario: newer, cycle: 1, phase: 'filter' });
    const browser = fakeBrowser(`#${fragment}`, fragment, 2000);
    browser.env.savedAt = 1000;
    const { store } = start(browser, TWO_NODES_TWO_PODS);
    await eventually(() => expect(namedPosition(store.getState())).toEqual({ cycle: 1, phase: 'filter' }));
    expect(store.getState()).toMatchObject({ text: newer, fileName: 'mine.yaml' });
    // the same tab's older copy is no work of its own to keep
    expect(store.getState().notices).toEqual([]);
  });
});

describe('history', () => {
  it('replaces the entry while stepping and adds one for a lesson; Back and Forward move between them', async () => {
    const browser = fakeBrowser();
    const { store } = start(browser);
    store.getState().openScenario('two.yaml', TWO_NODES_TWO_PODS);
    await eventually(() => expect(store.getState().run?.text).toBe(TWO_NODES_TWO_PODS));
    store.getState().stepForward();
    await eventually(async () => { expect(await browser.link()).toMatchObject({ scenario: TWO_NODES_TWO_PODS, cycle: 1, phase: 'filter' }); });
    const entries = browser.entries.length;
    store.getState().stepForward();
    await settle();
    expect(browser.entries).toHaveLength(entries);

    const lesson = lessonById('node-selector')!;
    store.getState().openLesson(lesson.id);
    await eventually(async () => {
      expect(browser.entries).toHaveLength(entries + 1);
      expect(await browser.link()).toEqual({ scenario: lesson.scenario, lesson: lesson.id, ...(lesson.seed !== undefined ? { seed: lesson.seed } : {}) });
    });

    browser.back();
    await eventually(() => expect(store.getState().text).toBe(TWO_NODES_TWO_PODS));
    await eventually(() => expect(store.getState().position.step).toBeGreaterThan(0));
    expect(store.getState()).toMatchObject({ lessonId: undefined, fileName: 'two.yaml' });
    await settle();
    expect(browser.entries).toHaveLength(entries + 1);

    browser.forward();
    await eventually(() => expect(store.getState()).toMatchObject({ lessonId: lesson.id, lessonIntro: true, text: lesson.scenario }));
  });

  it('catches up once playback stops, not at every step it plays', async () => {
    const browser = fakeBrowser();
    const { store } = start(browser);
    store.getState().openScenario('two.yaml', TWO_NODES_TWO_PODS);
    await eventually(() => expect(store.getState().run?.complete).toBe(true));
    await settle();
    const before = browser.entries.at(-1)!.hash;
    store.getState().play();
    await eventually(() => expect(store.getState().position.step).toBeGreaterThan(0));
    await settle();
    expect(browser.entries.at(-1)!.hash).toBe(before);
    store.getState().pause();
    await eventually(async () => { expect(await browser.link()).toMatchObject(namedPosition(store.getState())!); });
  });

  it('keeps a scenario too large for the address bar out of it', async () => {
    const browser = fakeBrowser();
    const { store } = start(browser);
    store.getState().openScenario('big.yaml', `${TWO_NODES_TWO_PODS}# ${'x'.repeat(URL_SYNC_MAX_TEXT)}\n`);
    await settle();
    expect(browser.entries.at(-1)!.hash).toBe('');
  });
});
