import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimulationResult } from '../engine/api';
import { createInProcessClient } from '../worker/client';
import { runOfResult } from '../worker/host';
import type { CycleSummary, Phase, RunSummary } from '../worker/protocol';
import { RunSession } from '../worker/session';
import { twoNodeRun } from '../worker/testing/results';
import { LARGE_EDITOR_CHARS } from './simulation';
import { memoryScenarioStorage, scriptedClient, testStore } from './testing';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

function summaryOf(run: SimulationResult): RunSummary {
  return new RunSession(run).summary();
}

function cycles(...phases: Phase[][]): CycleSummary[] {
  return phases.map((p, i) => ({ cycle: i + 1, time: 0, pod: 'default/web', result: 'Scheduled', phases: p }));
}

/** A store whose first load has been answered with these cycles. */
function loadedStore(cycleList: CycleSummary[]) {
  const client = scriptedClient();
  const store = testStore(client);
  const runId = client.lastLoad();
  client.reply(
    { type: 'loaded', runId, summary: summaryOf(twoNodeRun()) },
    { type: 'events', runId, cycles: cycleList, events: [] },
    { type: 'done', runId },
  );
  return { client, store, runId };
}

describe('simulation slice', () => {
  it('a scenario over LARGE_EDITOR_CHARS opens outside the editor until the user asks, and is simulated and saved all the same', async () => {
    const client = scriptedClient();
    const { storage } = memoryScenarioStorage();
    const store = testStore(client, { storage });
    const big = `kind: Node\n${'# padding line for a big scenario\n'.repeat(Math.ceil(LARGE_EDITOR_CHARS / 34))}`;
    expect(store.getState().editorDeferred).toBe(false);
    store.getState().openScenario('dump.yaml', big);
    expect(store.getState().editorDeferred).toBe(true);
    expect(client.sent.at(-1)).toMatchObject({ type: 'load', text: big });
    await vi.runAllTimersAsync();
    expect((await storage.load()).scenario?.text).toBe(big);
    store.getState().openInEditor();
    expect(store.getState().editorDeferred).toBe(false);
    store.getState().openScenario('small.yaml', 'kind: Node');
    expect(store.getState().editorDeferred).toBe(false);
  });

  it('simulates the default scenario on a first visit and starts at the first extension point', () => {
    const { client, store, runId } = loadedStore(cycles(['PreFilter', 'Filter']));
    expect(client.sent[0]).toMatchObject({ type: 'load', text: 'kind: Node' });
    expect(client.sent).toContainEqual({ type: 'run', runId });
    expect(store.getState().position).toEqual({ cycle: 1, step: 0 });
    expect(client.sent).toContainEqual({ type: 'seek', runId, cycle: 1 });
  });

  it('keeps the last good run on screen while the text has errors, then replaces it', () => {
    const { client, store, runId } = loadedStore(cycles(['PreFilter']));
    store.getState().setText('kind: Pod\nspec: 3');
    expect(client.lastLoad()).toBe(runId);
    vi.advanceTimersByTime(300);
    const bad = client.lastLoad();
    expect(bad).not.toBe(runId);
    client.reply({ type: 'error', runId: bad, errors: [{ file: 's.yaml', line: 2, column: 7, message: 'spec: must be an object' }] });
    expect(store.getState().errors).toHaveLength(1);
    expect(store.getState().run?.runId).toBe(runId);
    expect(store.getState().run?.text).not.toBe(store.getState().text);

    store.getState().setText('kind: Pod');
    vi.advanceTimersByTime(300);
    const good = client.lastLoad();
    client.reply({ type: 'loaded', runId: good, summary: summaryOf(twoNodeRun()) });
    expect(store.getState().errors).toEqual([]);
    expect(store.getState().run).toMatchObject({ runId: good, text: 'kind: Pod' });
  });

  it('drops replies that belong to a run it no longer waits for', () => {
    const { client, store, runId } = loadedStore(cycles(['PreFilter']));
    store.getState().simulateNow();
    const older = client.lastLoad();
    store.getState().simulateNow();
    expect(client.sent).toContainEqual({ type: 'cancel', runId: older });
    client.reply({ type: 'loaded', runId: older, summary: summaryOf(twoNodeRun()) });
    client.reply({ type: 'error', runId: older, errors: [{ file: '', line: 1, column: 1, message: 'old' }] });
    expect(store.getState().run?.runId).toBe(runId);
    expect(store.getState().errors).toEqual([]);
  });

  it('waits for the typing pause before simulating', () => {
    const client = scriptedClient();
    const store = testStore(client);
    const loads = () => client.sent.filter((r) => r.type === 'load').length;
    store.getState().setText('a');
    vi.advanceTimersByTime(200);
    store.getState().setText('ab');
    vi.advanceTimersByTime(200);
    expect(loads()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(loads()).toBe(2);
  });

  it('stays on the same cycle and step when an edit re-simulates', () => {
    const { client, store } = loadedStore(cycles(['PreFilter'], ['PreFilter', 'Filter', 'Bind']));
    store.getState().seekCycle(2);
    store.getState().stepForward();
    store.getState().simulateNow();
    const next = client.lastLoad();
    client.reply({ type: 'loaded', runId: next, summary: summaryOf(twoNodeRun()) });
    expect(store.getState().position).toEqual({ cycle: 2, step: 1 });
    client.reply({ type: 'events', runId: next, cycles: cycles(['PreFilter'], ['PreFilter', 'Filter']), events: [] }, { type: 'done', runId: next });
    expect(store.getState().position).toEqual({ cycle: 2, step: 1 });
    expect(client.sent).toContainEqual({ type: 'seek', runId: next, cycle: 2 });
  });

  it('keeps the frames of the run on screen only', () => {
    const { client, store, runId } = loadedStore(cycles(['PreFilter']));
    const frame = new RunSession(twoNodeRun()).frame(1)!;
    client.reply({ type: 'snapshot', runId: runId + 100, frame });
    expect(store.getState().frames.size).toBe(0);
    client.reply({ type: 'snapshot', runId, frame });
    expect(store.getState().frames.get(1)).toBe(frame);
  });
});

describe('playback slice', () => {
  const twoCycles = () => cycles(['PreFilter', 'Filter'], ['PreFilter', 'Filter', 'Score', 'Select', 'Bind']);
  const rows: { name: string; from: [number, number]; action: 'stepForward' | 'stepBack' | 'nextCycle' | 'previousCycle'; to: [number, number] }[] = [
    { name: 'step forward inside a cycle', from: [1, 0], action: 'stepForward', to: [1, 1] },
    { name: 'step forward into the next cycle', from: [1, 1], action: 'stepForward', to: [2, 0] },
    { name: 'step forward at the very end stays', from: [2, 4], action: 'stepForward', to: [2, 4] },
    { name: 'step back into the previous cycle\'s last step', from: [2, 0], action: 'stepBack', to: [1, 1] },
    { name: 'step back at the very start stays', from: [1, 0], action: 'stepBack', to: [1, 0] },
    { name: 'next cycle runs to the end of this cycle', from: [2, 1], action: 'nextCycle', to: [2, 4] },
    { name: 'next cycle at a cycle\'s end runs to the end of the next', from: [1, 1], action: 'nextCycle', to: [2, 4] },
    { name: 'previous cycle goes to this cycle\'s start', from: [2, 3], action: 'previousCycle', to: [2, 0] },
    { name: 'previous cycle at a start goes to the previous start', from: [2, 0], action: 'previousCycle', to: [1, 0] },
  ];
  it.each(rows)('$name', ({ from, action, to }) => {
    const { store } = loadedStore(twoCycles());
    store.setState({ position: { cycle: from[0], step: from[1] } });
    store.getState()[action]();
    expect(store.getState().position).toEqual({ cycle: to[0], step: to[1] });
  });

  it('plays at its speed and stops at the end', () => {
    const { store } = loadedStore(twoCycles());
    store.getState().setSpeed(4);
    store.getState().play();
    vi.advanceTimersByTime(250);
    expect(store.getState().position).toEqual({ cycle: 1, step: 1 });
    vi.advanceTimersByTime(250 * 10);
    expect(store.getState().position).toEqual({ cycle: 2, step: 4 });
    expect(store.getState().playing).toBe(false);
  });

  it('asks for the frames around the position as it moves', () => {
    const { client, store, runId } = loadedStore(cycles(['PreFilter'], ['PreFilter'], ['PreFilter'], ['PreFilter']));
    store.getState().seekCycle(4);
    const seeks = client.sent.filter((r) => r.type === 'seek').map((r) => (r as { cycle: number }).cycle);
    expect(seeks).toEqual([1, 2, 4, 3]);
    expect(runId).toBeGreaterThan(0);
  });
});

describe('with the worker host in this thread', () => {
  it('goes from text to a stepped-through cycle with its frame', async () => {
    const start = (text: string) => text.includes('bad')
      ? { ok: false as const, errors: [{ file: 's.yaml', line: 1, column: 1, message: 'bad' }] }
      : { ok: true as const, run: runOfResult(twoNodeRun()) };
    const store = testStore(createInProcessClient(start));
    await vi.runAllTimersAsync();
    const state = store.getState();
    expect(state.run?.complete).toBe(true);
    expect(state.run?.cycles.map((c) => c.phases)).toEqual([['PreFilter', 'Filter', 'Select', 'Bind']]);
    expect(state.run?.events.map((e) => e.cycle)).toEqual([1]);
    expect(state.frames.get(1)?.trace.selected).toBe('node-b');
    store.getState().setText('bad');
    await vi.runAllTimersAsync();
    expect(store.getState().errors.map((e) => e.message)).toEqual(['bad']);
    expect(store.getState().run?.cycles).toHaveLength(1);
  });
});
