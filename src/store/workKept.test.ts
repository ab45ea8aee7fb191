// The store's side of "work is never lost": what a link or a file replaces goes to Recent, a save
// that fails is announced, a run that never finished is not started again by itself, and a dead
// worker is reported as such, never as an error in the scenario.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecentScenarios } from './recent';
import { createRunMarks } from './runMarks';
import { memoryScenarioStorage, memoryStorage, memoryTextStore, savedScenario, scriptedClient, testStore } from './testing';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

const settled = () => vi.runAllTimersAsync();

describe('Recent', () => {
  it('a link that replaces the user\'s scenario keeps it in Recent, announces it, and Reopen brings it back', async () => {
    const store = testStore(scriptedClient(), savedScenario('kind: Node\nmetadata: {name: mine}\n').overrides);
    store.getState().openScenario('shared-scenario.yaml', 'kind: Node\nmetadata: {name: linked}\n', undefined, 'link');
    await settled();
    expect(store.getState().recent.map((e) => e.fileName)).toEqual(['mine.yaml']);
    const notice = store.getState().notices.at(-1)!;
    expect(notice).toMatchObject({ kind: 'info', title: 'A link replaced your scenario', action: { label: 'Reopen' } });
    notice.action!.run();
    await settled();
    expect(store.getState()).toMatchObject({ fileName: 'mine.yaml', text: 'kind: Node\nmetadata: {name: mine}\n' });
    // the linked scenario was kept in turn
    expect(store.getState().recent.map((e) => e.fileName)).toEqual(['shared-scenario.yaml', 'mine.yaml']);
  });

  it.each([
    ['the same text', 'kind: Node\nmetadata: {name: mine}\n'],
    ['the unedited default scenario', undefined],
  ])('keeps nothing when the text replaced is %s', async (_name, saved) => {
    const store = testStore(scriptedClient(), savedScenario(saved).overrides);
    store.getState().openScenario('x.yaml', 'kind: Node\nmetadata: {name: mine}\n', undefined, 'link');
    await settled();
    expect(store.getState().recent).toEqual([]);
    expect(store.getState().notices).toEqual([]);
  });

  it('an edit stays in Recent after eleven lessons are opened over it, and the lessons make room for each other (issue 23 major 6)', async () => {
    const store = testStore(scriptedClient());
    store.getState().setText('kind: Node\nmetadata: {name: my-edit}\n');
    for (let i = 0; i < 11; i++) store.getState().openScenario(`lesson-${i}.yaml`, `kind: Node\nmetadata: {name: l${i}}\n`);
    store.getState().openScenario('last.yaml', 'kind: Node\nmetadata: {name: last}\n');
    await settled();
    const recent = store.getState().recent;
    expect(recent.filter((e) => e.edited === true).map((e) => e.fileName)).toEqual(['default.yaml']);
    expect(recent.filter((e) => e.edited !== true)).toHaveLength(10);
    await store.getState().reopenRecent(recent.find((e) => e.edited === true)!.id);
    expect(store.getState().text).toBe('kind: Node\nmetadata: {name: my-edit}\n');
  });

  it('a scenario that cannot be kept is offered as a download instead', async () => {
    const download = vi.fn();
    const texts = memoryTextStore({ refuse: true });
    const store = testStore(scriptedClient(), {
      ...savedScenario('mine').overrides, download, recent: createRecentScenarios({ index: memoryStorage(), texts, now: () => 1 }),
    });
    store.getState().openScenario('other.yaml', 'other');
    await settled();
    const notice = store.getState().notices.at(-1)!;
    expect(notice).toMatchObject({ kind: 'error', title: 'Your previous scenario could not be kept' });
    notice.action!.run();
    expect(download).toHaveBeenCalledWith('mine.yaml', 'mine');
  });
});

describe('saving', () => {
  it('a failed save says so once, offers the text, and the notice goes when a save works again', async () => {
    const download = vi.fn();
    const tab = memoryStorage({}, 500);
    const { storage } = memoryScenarioStorage({ tab, shared: memoryStorage({}, 500), texts: undefined });
    const store = testStore(scriptedClient(), { storage, download });
    store.getState().setText('x'.repeat(600));
    store.getState().setText('y'.repeat(600));
    await settled();
    expect(store.getState().saveError).toMatch(/IndexedDB, which holds more, is unavailable/);
    const notices = store.getState().notices;
    expect(notices).toHaveLength(1);
    notices[0]!.action!.run();
    expect(download).toHaveBeenCalledWith('default.yaml', 'y'.repeat(600));
    store.getState().setText('short');
    await settled();
    expect(store.getState().saveError).toBeUndefined();
    expect(store.getState().notices).toEqual([]);
  });
});

describe('runs that did not finish', () => {
  it('marks a text while it is simulated and clears the mark when the worker answers', () => {
    const shared = memoryStorage();
    const client = scriptedClient();
    const store = testStore(client, { runMarks: createRunMarks(shared, 'this') });
    // as a page opened after this one (a reload) sees them
    const marks = createRunMarks(shared, 'next');
    expect(marks.isMarked('kind: Node')).toBe(true);
    client.reply({ type: 'error', runId: client.lastLoad(), errors: [] });
    expect(marks.isMarked('kind: Node')).toBe(false);
    store.getState().setText('kind: Pod');
    vi.advanceTimersByTime(300);
    // replaced by a newer text before it finished: not a crash
    store.getState().setText('kind: Pod\n');
    vi.advanceTimersByTime(300);
    expect(marks.isMarked('kind: Pod')).toBe(false);
    expect(marks.isMarked('kind: Pod\n')).toBe(true);
  });

  it('forgets the marks of a page that is left normally (a reload mid-run), and only its own', () => {
    const shared = memoryStorage();
    const crashed = createRunMarks(shared, 'crashed');
    crashed.mark('kind: Pod');
    const reloaded = createRunMarks(shared, 'reloaded');
    reloaded.mark('kind: Node');
    reloaded.leave();
    const next = createRunMarks(shared, 'next');
    expect(next.isMarked('kind: Node')).toBe(false);
    expect(next.isMarked('kind: Pod')).toBe(true);
  });

  it('does not simulate a text whose last run never finished; the notice\'s Run does', () => {
    const shared = memoryStorage();
    createRunMarks(shared, 'before the reload').mark('kind: Node');
    const client = scriptedClient();
    const store = testStore(client, { runMarks: createRunMarks(shared, 'after') });
    expect(client.sent.filter((r) => r.type === 'load')).toEqual([]);
    expect(store.getState().interrupted).toBe('crashed');
    const notice = store.getState().notices[0]!;
    expect(notice).toMatchObject({ title: 'The last run did not finish', text: expect.stringMatching(/may have run out of memory or been closed/) });
    notice.action!.run();
    expect(client.sent.at(-1)).toMatchObject({ type: 'load', text: 'kind: Node' });
    expect(store.getState().interrupted).toBeUndefined();
  });

  it('cancel stops the run and leaves the text unsimulated until Run', () => {
    const client = scriptedClient();
    const store = testStore(client);
    const runId = client.lastLoad();
    store.getState().cancelSimulation();
    expect(client.sent.at(-1)).toEqual({ type: 'cancel', runId });
    expect(store.getState()).toMatchObject({ pendingRunId: undefined, interrupted: 'cancelled' });
    client.reply({ type: 'loaded', runId, summary: {} as never });
    expect(store.getState().run).toBeUndefined();
  });
});

describe('a worker that dies', () => {
  it('is announced as the simulator stopping, not as an error in the scenario, and the run waits for the retry', () => {
    const client = scriptedClient();
    const store = testStore(client);
    const runId = client.lastLoad();
    client.reply({ type: 'failed', runId, cause: 'crash', message: 'out of memory', retrying: true });
    expect(store.getState()).toMatchObject({ errors: [], pendingRunId: runId });
    expect(store.getState().notices.at(-1)).toMatchObject({ kind: 'info', title: 'The simulator stopped', text: expect.stringMatching(/out of memory.*simulating your scenario again/) });
    client.reply({ type: 'failed', runId, cause: 'crash', message: 'out of memory', retrying: false });
    expect(store.getState()).toMatchObject({ errors: [], pendingRunId: undefined, interrupted: 'crashed' });
    const last = store.getState().notices.at(-1)!;
    expect(last).toMatchObject({ kind: 'error', text: expect.stringMatching(/again on this scenario, so it was not run again/) });
    last.action!.run();
    expect(client.sent.at(-1)).toMatchObject({ type: 'load', text: 'kind: Node' });
  });

  it('that held the run on screen: the run is asked for again and shown when it is loaded again', () => {
    const client = scriptedClient();
    const store = testStore(client);
    const runId = client.lastLoad();
    client.reply({ type: 'loaded', runId, summary: {} as never });
    expect(store.getState().run?.runId).toBe(runId);
    client.reply({ type: 'failed', runId, cause: 'crash', message: 'it was terminated', retrying: true });
    expect(store.getState()).toMatchObject({ run: undefined, pendingRunId: runId });
    expect(store.getState().notices.at(-1)).toMatchObject({ kind: 'info', text: expect.stringMatching(/simulating your scenario again/) });
    client.reply({ type: 'loaded', runId, summary: {} as never });
    expect(store.getState()).toMatchObject({ pendingRunId: undefined, run: { runId, text: 'kind: Node' } });
  });

  it('one that could not start says so', () => {
    const client = scriptedClient();
    const store = testStore(client);
    client.reply({ type: 'failed', runId: client.lastLoad(), cause: 'start', message: '', retrying: false });
    expect(store.getState().notices.at(-1)).toMatchObject({ title: 'The simulator could not start', text: expect.not.stringMatching(/undefined/) });
  });
});

describe('a run that hangs (issue 23: cancel that always works)', () => {
  it.each([
    ['a cancel the worker never heard', (runId: number) => ({ type: 'replaced', unanswered: runId } as const), 'cancelled', 'The simulator was restarted'],
    ['a step past the budget', (runId: number) => ({ type: 'failed', runId, cause: 'stuck', retrying: false, message: 'one step ran for more than 10 s after 3 scheduling cycles' } as const), 'crashed', 'The simulation was stopped'],
  ])('%s: the page says so, keeps the text, and no reload runs it by itself', (_name, reply, state, title) => {
    const shared = memoryStorage();
    const client = scriptedClient();
    const store = testStore(client, { runMarks: createRunMarks(shared, 'first') });
    const runId = client.lastLoad();
    if (state === 'cancelled') store.getState().cancelSimulation();
    client.reply(reply(runId));
    expect(store.getState()).toMatchObject({ text: 'kind: Node', errors: [], pendingRunId: undefined, interrupted: state });
    const notice = store.getState().notices.at(-1)!;
    expect(notice).toMatchObject({ kind: 'error', title, text: expect.stringMatching(/not run again by itself, not even by a reload/) });
    // the page goes away normally (a reload): the hung run's mark stays
    createRunMarks(shared, 'first').leave();
    const reloaded = scriptedClient();
    const next = testStore(reloaded, { runMarks: createRunMarks(shared, 'second') });
    expect(reloaded.sent.filter((r) => r.type === 'load')).toEqual([]);
    expect(next.getState().interrupted).toBe('crashed');
    // the reloaded page says the run hung, not that the page may have run out of memory
    expect(next.getState().notices.at(-1)).toMatchObject({ title: 'The last run did not finish', text: expect.stringMatching(/one of its steps never returned/) });
    expect(next.getState().notices.at(-1)!.text).not.toMatch(/memory/);
    // Run again runs it; once a run of it finishes, it is forgotten
    notice.action!.run();
    const again = client.lastLoad();
    expect(again).toBeGreaterThan(runId);
    client.reply({ type: 'error', runId: again, errors: [] });
    expect(createRunMarks(shared, 'third').isMarked('kind: Node')).toBe(false);
  });

  it('a newer text waiting behind a hung run is simulated by the new worker, and the notice says so', () => {
    const client = scriptedClient();
    const store = testStore(client);
    const hung = client.lastLoad();
    store.getState().openScenario('other.yaml', 'kind: Pod');
    client.reply({ type: 'replaced', unanswered: hung });
    expect(store.getState().pendingRunId).toBe(client.lastLoad());
    expect(store.getState().notices.at(-1)).toMatchObject({ title: 'The simulator was restarted', text: expect.stringMatching(/which is simulating your scenario\. Your scenario is unchanged\.$/) });
  });
});

describe('notices', () => {
  it('a notice of the same title replaces the earlier one', () => {
    const store = testStore(scriptedClient());
    store.getState().notify({ kind: 'error', title: 'The simulator could not start', text: 'x' });
    store.getState().notify({ kind: 'info', title: 'Other', text: 'y' });
    store.getState().notify({ kind: 'error', title: 'The simulator could not start', text: 'x, again' });
    expect(store.getState().notices.map((n) => n.title)).toEqual(['Other', 'The simulator could not start']);
  });
});
