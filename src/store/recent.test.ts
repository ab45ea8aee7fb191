import { describe, expect, it } from 'vitest';
import { createRecentScenarios, RECENT_MAX, scenarioTitle } from './recent';
import { memoryStorage, memoryTextStore } from './testing';
import { keyValueTextStore } from './textStore';

function recentScenarios(texts = memoryTextStore()) {
  let clock = 0;
  return { texts, recent: createRecentScenarios({ index: memoryStorage(), texts, now: () => ++clock * 60_000 }) };
}

describe('recent scenarios', () => {
  it('keeps scenarios newest first with title, file, time and size, and reads them back', async () => {
    const { recent } = recentScenarios();
    await recent.keep({ fileName: 'a.yaml', text: 'kind: Node' });
    const scenario = 'kind: Scenario\nmetadata: {name: drain}\n';
    await recent.keep({ fileName: 'b.yaml', text: scenario });
    const list = recent.list();
    expect(list.map((e) => [e.title, e.fileName, e.size])).toEqual([['drain', 'b.yaml', scenario.length], ['a.yaml', 'a.yaml', 'kind: Node'.length]]);
    expect(list[0]!.savedAt).toBeGreaterThan(list[1]!.savedAt);
    expect(await recent.read(list[1]!.id)).toEqual({ fileName: 'a.yaml', text: 'kind: Node' });
  });

  it('keeps the same text once, moved to the top', async () => {
    const { recent, texts } = recentScenarios();
    await recent.keep({ fileName: 'a.yaml', text: 'one' });
    await recent.keep({ fileName: 'b.yaml', text: 'two' });
    await recent.keep({ fileName: 'a.yaml', text: 'one' });
    expect(recent.list().map((e) => e.fileName)).toEqual(['a.yaml', 'b.yaml']);
    expect(texts.data.size).toBe(2);
  });

  it(`keeps the newest ${RECENT_MAX} and deletes the texts of older ones`, async () => {
    const { recent, texts } = recentScenarios();
    for (let i = 0; i < RECENT_MAX + 3; i++) await recent.keep({ fileName: `s${i}.yaml`, text: `text ${i}` });
    expect(recent.list()).toHaveLength(RECENT_MAX);
    expect(recent.list().at(-1)!.fileName).toBe('s3.yaml');
    await Promise.resolve();
    expect(texts.data.size).toBe(RECENT_MAX);
  });

  it('never drops an edited scenario to make room: only scenarios merely opened do (issue 23 major 6)', async () => {
    const { recent, texts } = recentScenarios();
    await recent.keep({ fileName: 'my-work.yaml', text: 'my edit' }, { edited: true });
    for (let i = 0; i < RECENT_MAX + 1; i++) await recent.keep({ fileName: `lesson-${i}.yaml`, text: `lesson ${i}` });
    const list = recent.list();
    expect(list).toHaveLength(RECENT_MAX + 1);
    expect(list.at(-1)).toMatchObject({ fileName: 'my-work.yaml', edited: true });
    expect(list.some((e) => e.fileName === 'lesson-0.yaml')).toBe(false);
    expect(await recent.read(list.at(-1)!.id)).toEqual({ fileName: 'my-work.yaml', text: 'my edit' });
    await Promise.resolve();
    expect(texts.data.size).toBe(RECENT_MAX + 1);
  });

  it('a text kept again unedited stays edited; the user removes it with its text', async () => {
    const { recent, texts } = recentScenarios();
    await recent.keep({ fileName: 'a.yaml', text: 'mine' }, { edited: true });
    await recent.keep({ fileName: 'a.yaml', text: 'mine' });
    expect(recent.list()).toMatchObject([{ fileName: 'a.yaml', edited: true }]);
    expect(recent.remove(recent.list()[0]!.id)).toEqual([]);
    await Promise.resolve();
    expect(texts.data.size).toBe(0);
  });

  it('rejects when the browser refuses to store the text, and lists nothing it does not hold', async () => {
    const { recent } = recentScenarios(memoryTextStore({ refuse: true }));
    await expect(recent.keep({ fileName: 'a.yaml', text: 'x' })).rejects.toThrow();
    expect(recent.list()).toEqual([]);
  });

  it.each([
    ['block metadata', 'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata:\n  name: drain-a-node\n', 'drain-a-node'],
    ['flow metadata', 'kind: Scenario\nmetadata: {name: spread}\n', 'spread'],
    ['no Scenario document', 'kind: Node\nmetadata: {name: n1}\n', 'f.yaml'],
  ])('title: %s', (_name, text, title) => {
    expect(scenarioTitle({ fileName: 'f.yaml', text })).toBe(title);
  });

  it('without IndexedDB keeps what fits in localStorage, and refuses what does not', async () => {
    const local = memoryStorage({}, 2000);
    const recent = createRecentScenarios({ index: local, texts: keyValueTextStore(local, 'podplay.text.'), now: () => 1 });
    await recent.keep({ fileName: 'small.yaml', text: 'kind: Node' });
    await expect(recent.keep({ fileName: 'big.yaml', text: 'x'.repeat(3000) })).rejects.toThrow();
    expect(recent.list().map((e) => e.fileName)).toEqual(['small.yaml']);
    expect(await recent.read(recent.list()[0]!.id)).toEqual({ fileName: 'small.yaml', text: 'kind: Node' });
  });
});
