// The session slice with the real engine in this thread: lessons, links restored to the exact
// position, and the empty playground a broken link leaves.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lessonById, lessonStory } from '../lessons';
import { currentLessonProgress } from './lessonProgress';
import type { PermalinkState } from '../permalink/migrations';
import { STORAGE_KEY } from './persistence';
import { namedPosition, toPermalinkState } from './permalinkState';
import { lessonFileName, missingLessonNotice } from './session';
import { engineClient } from './testing/engineClient';
import { TWO_NODES_TWO_PODS } from './testing/scenarios';
import { savedScenario, testStore } from './testing';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

async function settled() {
  await vi.runAllTimersAsync();
}

async function engineStore(saved?: string) {
  const client = engineClient();
  const { shared: storage, overrides } = savedScenario(saved);
  const store = testStore(client, overrides);
  await settled();
  return { client, store, storage };
}

describe('lessons', () => {
  it('opens a lesson on its title card with its scenario and seed, and leaves the card on the first step', async () => {
    const { client, store } = await engineStore();
    const lesson = lessonById('taints-noschedule')!;
    expect(store.getState().openLesson(lesson.id)).toBe(true);
    await settled();
    const state = store.getState();
    expect(state).toMatchObject({ lessonId: lesson.id, lessonIntro: true, text: lesson.scenario, fileName: lessonFileName(lesson), position: { cycle: 1, step: 0 } });
    expect(client.loads.at(-1)).toEqual(lesson.seed === undefined ? { text: lesson.scenario } : { text: lesson.scenario, seed: lesson.seed });
    expect(toPermalinkState(state)).toEqual({ scenario: lesson.scenario, lesson: lesson.id });

    store.getState().startLesson();
    expect(store.getState()).toMatchObject({ lessonIntro: false, position: { cycle: 1, step: 0 } });
    expect(toPermalinkState(store.getState())).toMatchObject({ cycle: 1, phase: 'preFilter', lesson: lesson.id });
  });

  it('at a lesson\'s end, the next press opens the gallery\'s next lesson on its title card', async () => {
    const { store } = await engineStore();
    const lesson = lessonById('taints-noschedule')!;
    store.getState().openLesson(lesson.id);
    await settled();
    for (let press = 0; press <= lessonStory(lesson).points.length; press++) {
      expect(store.getState().lessonId, `press ${press}`).toBe(lesson.id);
      store.getState().nextStoryPoint();
      await settled();
    }
    expect(store.getState()).toMatchObject({ lessonId: 'taints-prefer-noschedule', lessonIntro: true });
  });

  it('keeps off the stage what the open question hides: taints-noexecute\'s countdown while it asks when cache goes', async () => {
    const { store } = await engineStore();
    const lesson = lessonById('taints-noexecute')!;
    const story = lessonStory(lesson);
    const asked = story.questions.find((q) => q.hides.includes('events'))!;
    store.getState().openLesson(lesson.id);
    await settled();
    const seen: { point: number; events: boolean }[] = [];
    for (let press = 0; press < story.points.length; press++) {
      store.getState().nextStoryPoint();
      await settled();
      seen.push({ point: press, events: store.getState().stageHidden.events });
    }
    // hidden from the point that asks until the one whose press reveals it, never before
    expect(seen.filter((s) => s.events).map((s) => s.point)[0]).toBe(asked.point);
    expect(seen.find((s) => s.point < asked.point && s.events)).toBeUndefined();
    expect(seen.at(-1)!.events).toBe(false);
  });

  it('leaves the title card when the user steps past the first extension point', async () => {
    const { store } = await engineStore();
    store.getState().openLesson('taints-noschedule');
    await settled();
    store.getState().stepForward();
    expect(store.getState().lessonIntro).toBe(false);
  });

  it('runs a lesson with the seed it names', async () => {
    const { client, store } = await engineStore();
    const seeded = { ...lessonById('taints-noschedule')!, id: 'x' };
    store.getState().restore({ scenario: seeded.scenario, seed: 7 }, { newEntry: true });
    await settled();
    expect(client.loads.at(-1)).toEqual({ text: seeded.scenario, seed: 7 });
    expect(store.getState().run?.summary.seed).toBe(7);
  });

  it('ends the lesson when another scenario is opened', async () => {
    const { store } = await engineStore();
    store.getState().openLesson('taints-noschedule');
    store.getState().predict(0, 2);
    store.getState().openScenario('other.yaml', TWO_NODES_TWO_PODS);
    expect(store.getState()).toMatchObject({ lessonId: undefined, lessonIntro: false, predictions: {}, seed: undefined });
  });

  it('pages through the story with a clicker: one point per press, back to the title card, and Run stops at each question', async () => {
    const { store } = await engineStore();
    const lesson = lessonById('spread-zone')!;
    const story = lessonStory(lesson);
    store.getState().openLesson(lesson.id);
    await settled();
    const point = () => currentLessonProgress(store.getState())!.progress.current;
    for (let i = 0; i < story.points.length; i++) {
      store.getState().nextStoryPoint();
      expect(point()).toBe(i);
    }
    expect(store.getState().lessonReached[lesson.id]).toBe(story.points.length - 1);
    for (let i = story.points.length - 2; i >= 0; i--) {
      store.getState().previousStoryPoint();
      expect(point()).toBe(i);
    }
    store.getState().previousStoryPoint();
    expect(store.getState().lessonIntro).toBe(true);

    // Run from the title card: it stops at the first point that asks a question
    const asking = story.questions.map((q) => q.point).filter((p) => p >= 0);
    store.getState().play();
    await settled();
    expect(store.getState().playing).toBe(false);
    expect(point()).toBe(asking[0]);
    store.getState().play();
    await settled();
    expect(point()).toBe(asking[1] ?? story.points.length - 1);
  });

  it('refuses a lesson it does not have', async () => {
    const { store } = await engineStore();
    expect(store.getState().openLesson('no-such-lesson')).toBe(false);
    expect(store.getState().lessonId).toBeUndefined();
  });
});

describe('restoring a link', () => {
  const link: PermalinkState = {
    scenario: TWO_NODES_TWO_PODS, seed: 4, cycle: 2, phase: 'score', pod: 'default/web-1',
    view: { topologyKey: 'topology.kubernetes.io/zone', showLabels: true, showTaints: true, presenter: true },
  };

  it('shows the exact state the link holds, and writes the same link back', async () => {
    const { store } = await engineStore();
    store.getState().restore(link, { newEntry: true });
    await settled();
    const state = store.getState();
    expect(state.text).toBe(TWO_NODES_TWO_PODS);
    expect(state.run?.summary.seed).toBe(4);
    expect(namedPosition(state)).toEqual({ cycle: 2, phase: 'score' });
    expect(state).toMatchObject({ inspectedPod: 'default/web-1', detailTab: 'pod', presenter: true, showNodeDetails: true, pendingPosition: undefined, loadCount: 1 });
    expect(state.frames.has(2)).toBe(true);
    expect(toPermalinkState(state)).toEqual(link);
  });

  // permalink format 4: the Compare view's mode and versions come back and are written back
  it.each([
    { name: 'the upgrade preview from 1.35 to 1.37', extra: { compareVersions: { from: '1.35', to: '1.37' } }, want: { compareOpen: true, compareVersions: { from: '1.35', to: '1.37' } } },
    { name: 'comparing configurations (no versions in the link)', extra: { compare: { config: 'kind: KubeSchedulerConfiguration\n' } }, want: { compareOpen: true, compareVersions: undefined } },
    { name: 'no Compare view', extra: {}, want: { compareOpen: false, compareVersions: undefined } },
  ] as const)('restores $name and writes it back', async ({ extra, want }) => {
    const { store } = await engineStore();
    const withCompare: PermalinkState = { ...link, ...extra };
    store.getState().setCompareVersions({ from: '1.36', to: '1.37' });
    store.getState().restore(withCompare, { newEntry: false });
    expect(store.getState()).toMatchObject(want);
    expect(toPermalinkState(store.getState())).toEqual(withCompare);
  });

  it('writes the asked-for position while the run is still on its way', async () => {
    const { store } = await engineStore();
    store.getState().restore(link, { newEntry: false });
    expect(toPermalinkState(store.getState())).toEqual(link);
    expect(store.getState().loadCount).toBe(0);
  });

  it('moves without simulating again when only the position differs', async () => {
    const { client, store } = await engineStore();
    store.getState().restore(link, { newEntry: true });
    await settled();
    const loads = client.loads.length;
    store.getState().restore({ ...link, cycle: 1, phase: 'filter', pod: undefined }, { newEntry: false });
    await settled();
    expect(client.loads).toHaveLength(loads);
    expect(namedPosition(store.getState())).toEqual({ cycle: 1, phase: 'filter' });
    expect(store.getState().inspectedPod).toBeUndefined();
  });

  it('stops at the last cycle when the link points past the end of the run', async () => {
    const { store } = await engineStore();
    store.getState().restore({ scenario: TWO_NODES_TWO_PODS, cycle: 40, phase: 'bind' }, { newEntry: true });
    await settled();
    expect(store.getState().position.cycle).toBe(store.getState().run?.cycles.length);
  });

  it('opens a lesson link on its title card', async () => {
    const { store } = await engineStore();
    const lesson = lessonById('spread-zone')!;
    store.getState().restore({ scenario: lesson.scenario, lesson: lesson.id }, { newEntry: true });
    await settled();
    expect(store.getState()).toMatchObject({ lessonId: lesson.id, lessonIntro: true, fileName: lessonFileName(lesson), position: { cycle: 1, step: 0 } });
  });

  it('opens the scenario of a link to a lesson it does not have, and says so as text', async () => {
    const { store } = await engineStore();
    const name = '<img src=x onerror=alert(1)>';
    store.getState().restore({ scenario: TWO_NODES_TWO_PODS, lesson: name }, { newEntry: true });
    expect(store.getState().lessonId).toBeUndefined();
    expect(store.getState().text).toBe(TWO_NODES_TWO_PODS);
    expect(store.getState().notices.map((n) => n.text)).toEqual([expect.stringContaining(`"${name}"`)]);
  });

  it.each([
    ['a lesson this build lists, whose file could not be fetched', 'spread-zone', 'Lesson not loaded', /could not be fetched.*Reload when online/],
    ['a lesson this build does not have', 'no-such-lesson', 'Unknown lesson', /does not have \("no-such-lesson"\)/],
  ])('says why a link\'s lesson is missing: %s', (_, id, title, text) => {
    const notice = missingLessonNotice(id);
    expect(notice.title).toBe(title);
    expect(notice.text).toMatch(text);
  });
});

describe('an empty playground for a link that cannot be opened', () => {
  it('empties the scenario without saving over the user\'s own, and offers it back', async () => {
    const { store, storage } = await engineStore('kind: Node\nmetadata: {name: mine}\n');
    store.getState().openEmpty('This link could not be opened', 'This link is damaged or truncated.');
    await settled();
    const state = store.getState();
    expect(state).toMatchObject({ text: '', errors: [], position: { cycle: 0, step: 0 } });
    expect(state.run?.text).toBe('');
    expect(JSON.parse(storage.data[STORAGE_KEY]!).text).toBe('kind: Node\nmetadata: {name: mine}\n');
    expect(state.notices).toEqual([expect.objectContaining({ kind: 'error', text: 'This link is damaged or truncated.' })]);

    state.notices[0]!.action!.run();
    expect(store.getState()).toMatchObject({ text: 'kind: Node\nmetadata: {name: mine}\n', fileName: 'mine.yaml' });
    store.getState().dismissNotice(state.notices[0]!.id);
    expect(store.getState().notices).toEqual([]);
  });
});
