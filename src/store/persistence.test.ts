// Where the scenario is kept: this tab's copy first, every tab's for a fresh tab, IndexedDB for
// what the storages cannot hold, and nothing read is ever overwritten unseen.

import { describe, expect, it } from 'vitest';
import { INLINE_MAX_CHARS, STORAGE_KEY, UNREADABLE_PREFIX } from './persistence';
import { memoryScenarioStorage, memoryStorage, memoryTextStore } from './testing';

const record = (text: string, savedAt = 5) => JSON.stringify({ version: 1, fileName: 'x.yaml', savedAt, text });

describe('scenario storage', () => {
  it('reads this tab\'s copy before the one every tab shares', async () => {
    const { storage } = memoryScenarioStorage({ tab: memoryStorage({ [STORAGE_KEY]: record('mine') }), shared: memoryStorage({ [STORAGE_KEY]: record('theirs') }) });
    expect(await storage.load()).toMatchObject({ scenario: { text: 'mine', savedAt: 5 }, from: 'tab' });
  });

  it('a fresh tab reads the shared copy, and adopting it gives the tab its own', async () => {
    const tab = memoryStorage();
    const { storage } = memoryScenarioStorage({ tab, shared: memoryStorage({ [STORAGE_KEY]: record('theirs', 7) }) });
    const loaded = await storage.load();
    expect(loaded).toMatchObject({ scenario: { text: 'theirs' }, from: 'shared' });
    storage.adopt(loaded.scenario!);
    await Promise.resolve();
    expect(JSON.parse(tab.data[STORAGE_KEY]!)).toMatchObject({ text: 'theirs', savedAt: 7 });
  });

  it('saves into both storages, and a later store reads it back', async () => {
    const parts = { tab: memoryStorage(), shared: memoryStorage() };
    const { storage } = memoryScenarioStorage(parts);
    expect(await storage.save({ fileName: 'a.yaml', text: 'kind: Node' })).toEqual({ ok: true });
    expect(JSON.parse(parts.tab.data[STORAGE_KEY]!).text).toBe('kind: Node');
    expect(JSON.parse(parts.shared.data[STORAGE_KEY]!).text).toBe('kind: Node');
    expect((await memoryScenarioStorage(parts).storage.load()).scenario?.text).toBe('kind: Node');
  });

  it('puts a text over INLINE_MAX_CHARS in IndexedDB and reads it back through the record', async () => {
    const parts = { tab: memoryStorage(), shared: memoryStorage(), texts: memoryTextStore() };
    const big = 'x'.repeat(INLINE_MAX_CHARS + 1);
    const { storage } = memoryScenarioStorage(parts);
    expect(await storage.save({ fileName: 'dump.yaml', text: big })).toEqual({ ok: true });
    expect(parts.tab.data[STORAGE_KEY]!.length).toBeLessThan(200);
    expect([...parts.texts.data.values()]).toEqual([big, big]);
    expect((await memoryScenarioStorage(parts).storage.load()).scenario).toMatchObject({ fileName: 'dump.yaml', text: big });
  });

  it('a full storage sends the text to IndexedDB instead of failing', async () => {
    const parts = { tab: memoryStorage({}, 2000), shared: memoryStorage({}, 2000), texts: memoryTextStore() };
    const { storage } = memoryScenarioStorage(parts);
    const text = 'y'.repeat(3000);
    expect(await storage.save({ fileName: 'a.yaml', text })).toEqual({ ok: true });
    expect((await memoryScenarioStorage(parts).storage.load()).scenario?.text).toBe(text);
  });

  it('a save nothing can hold says why, and removes the older copy a reload would otherwise prefer', async () => {
    const tab = memoryStorage({ [STORAGE_KEY]: record('older') }, 2000);
    const { storage } = memoryScenarioStorage({ tab, shared: memoryStorage({}, 2000), texts: memoryTextStore({ refuse: true }) });
    const result = await storage.save({ fileName: 'a.yaml', text: 'z'.repeat(3000) });
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/refused to store it/) });
    expect(tab.data[STORAGE_KEY]).toBeUndefined();
  });

  it('without IndexedDB, a text too large for storage is reported as not saved', async () => {
    const { storage } = memoryScenarioStorage({ texts: undefined });
    const result = await storage.save({ fileName: 'a.yaml', text: 'x'.repeat(INLINE_MAX_CHARS + 1) });
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/IndexedDB, which holds more, is unavailable/) });
  });

  // issue 23 major 7: tab A keeps a large my-work.yaml; tab B opens a link over 1 MB. B's text lands
  // in IndexedDB before its record lands in storage; a reload in between must never read A's record
  // (its file name) over B's text.
  it.each([
    ['a fresh tab reading the shared copy', 'shared'],
    ['tab B reloading its own copy', 'tab'],
  ] as const)('a record never names a text it was not written with: %s', async (_name, reader) => {
    const shared = memoryStorage();
    const texts = memoryTextStore();
    const tabB = memoryStorage();
    const a = memoryScenarioStorage({ tab: memoryStorage(), shared, texts, tabId: 'a' }).storage;
    const b = memoryScenarioStorage({ tab: tabB, shared, texts, tabId: 'b' }).storage;
    const mine = 'm'.repeat(INLINE_MAX_CHARS + 1);
    const link = 'l'.repeat(INLINE_MAX_CHARS + 2);
    await a.save({ fileName: 'my-work.yaml', text: mine });
    b.adopt({ fileName: 'my-work.yaml', text: mine, savedAt: 1 });
    await Promise.resolve();
    const saving = b.save({ fileName: 'shared-scenario.yaml', text: link });
    // B's text is in IndexedDB, its records not yet written: the reload happens now
    const reloaded = reader === 'shared'
      ? memoryScenarioStorage({ tab: memoryStorage(), shared, texts, tabId: 'c' }).storage
      : memoryScenarioStorage({ tab: tabB, shared, texts, tabId: 'b' }).storage;
    const { scenario } = await reloaded.load();
    expect([scenario?.fileName, scenario?.text.length]).toEqual(['my-work.yaml', mine.length]);
    await saving;
    const after = (await reloaded.load()).scenario;
    expect([after?.fileName, after?.text.length]).toEqual(['shared-scenario.yaml', link.length]);
    // the replaced texts are deleted once no record names them: one text per record (A's tab, B's tab, shared)
    await Promise.resolve();
    expect(texts.data.size).toBe(3);
  });

  it('copies each unreadable record to a key of its own, never over an earlier copy, and says where', async () => {
    const earlier = `${UNREADABLE_PREFIX}.1000`;
    const shared = memoryStorage({ [STORAGE_KEY]: '{"version":7,"text":"future"}', [earlier]: 'an earlier copy' });
    const { storage } = memoryScenarioStorage({ shared });
    const loaded = await storage.load();
    expect(loaded.scenario).toBeUndefined();
    expect(loaded.unreadable).toEqual([{ key: `${earlier}-1`, raw: '{"version":7,"text":"future"}' }]);
    expect(shared.data[earlier]).toBe('an earlier copy');
    expect(shared.data[`${earlier}-1`]).toBe('{"version":7,"text":"future"}');
    // copied once: the next visit finds nothing to copy again
    expect((await storage.load()).unreadable).toEqual([]);
  });
});
