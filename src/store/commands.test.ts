import { describe, expect, it } from 'vitest';
import { COMMANDS, commandForKey } from './commands';
import { scriptedClient, testStore } from './testing';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('command registry', () => {
  it('has one command per id', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });

  it('maps keys to enabled commands only; browser shortcuts stay the browser\'s', () => {
    const store = testStore(scriptedClient());
    const state = store.getState();
    expect(commandForKey(state, key('ArrowRight'))).toBeUndefined(); // no cycles yet: disabled
    expect(commandForKey(state, key('?', { shiftKey: true }))?.id).toBe('help');
    expect(commandForKey(state, key('l'))?.id).toBe('toggle-node-details');
    expect(commandForKey(state, key('l', { ctrlKey: true }))).toBeUndefined();
    expect(commandForKey(state, key('ArrowRight', { shiftKey: true }))).toBeUndefined();
    expect(commandForKey(state, key('/'))?.id).toBe('search');
    expect(commandForKey(state, key('k', { ctrlKey: true }))?.id).toBe('search');
    expect(commandForKey(state, key('K', { metaKey: true, shiftKey: true }))?.id).toBe('search');
  });

  it('selecting a pod describes it and jumps to its latest cycle, at Filter when that failed', () => {
    const store = testStore(scriptedClient());
    const phases = ['PreFilter', 'Filter', 'PostFilter'] as const;
    store.setState({ run: { runId: 1, text: '', summary: { seed: 0, endTime: 0, nodes: [], pods: [], warnings: [], cycleCount: 4, eventCount: 0 }, cycles: [
      { cycle: 1, time: 0, pod: 'a/p', result: 'Unschedulable', phases: [...phases] },
      { cycle: 2, time: 0, pod: 'a/q', result: 'Scheduled', phases: ['PreFilter', 'Filter', 'Score', 'Bind'] },
      { cycle: 3, time: 5, pod: 'a/p', result: 'Unschedulable', phases: [...phases] },
      { cycle: 4, time: 6, pod: 'a/r', result: 'Scheduled', phases: ['PreFilter', 'Filter'] },
    ], events: [], complete: true }, position: { cycle: 4, step: 0 } });
    store.getState().selectPod('a/p');
    expect(store.getState()).toMatchObject({ inspectedPod: 'a/p', detailTab: 'pod', position: { cycle: 3, step: 1 } });
    store.getState().selectPod('a/q');
    expect(store.getState().position).toEqual({ cycle: 2, step: 3 });
  });

  it('Space plays when paused and pauses when playing', () => {
    const store = testStore(scriptedClient());
    store.setState({ run: { runId: 1, text: '', summary: { seed: 0, endTime: 0, nodes: [], pods: [], warnings: [], cycleCount: 1, eventCount: 0 }, cycles: [{ cycle: 1, time: 0, pod: 'p', result: 'Scheduled', phases: ['PreFilter', 'Filter'] }], events: [], complete: true }, position: { cycle: 1, step: 0 } });
    expect(commandForKey(store.getState(), key(' '))?.id).toBe('run');
    store.getState().play();
    expect(commandForKey(store.getState(), key(' '))?.id).toBe('pause');
    store.getState().pause();
  });
});
