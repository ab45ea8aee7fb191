// The scenario and simulation slices: text in, runs out. Text is simulated in the worker after a
// short typing pause; the run on screen is replaced only by a run that simulated, so a bad edit
// leaves the last good picture visible (marked stale) and the errors listed beside it.

import type { StoreApi } from 'zustand/vanilla';
import type { CycleFrame, WorkerReply } from '../worker/protocol';
import type { StoreDeps } from './store';
import type { PodplayState, RunView, ScenarioSlice, SimulationSlice } from './types';

/** How many frames to keep; stepping needs the current one and its neighbours. */
const FRAME_CACHE = 24;

type Set = StoreApi<PodplayState>['setState'];
type Get = StoreApi<PodplayState>['getState'];

export interface SimulationControl {
  slice: ScenarioSlice & SimulationSlice;
  /** asks the worker for the frames around the current position that are missing */
  ensureFrames(): void;
  applyReplies(replies: WorkerReply[]): void;
}

/**
 * Above this many characters (about 1 MB) a scenario opens outside the editor: Monaco takes a
 * text of that size in one piece (5 MB: ~200 ms on the main thread, then seconds of tokenizing),
 * so it waits for the user to ask. A `kubectl get -o yaml` dump of a real cluster is often larger.
 */
export const LARGE_EDITOR_CHARS = 1_000_000;

export function createSimulation(set: Set, get: Get, deps: StoreDeps, initial: { fileName: string; text: string }): SimulationControl {
  let nextRunId = 1;
  let pendingText = '';
  let debounce: unknown;
  const requested = new Set<string>();

  function simulateNow(): void {
    if (debounce !== undefined) deps.timers.clearTimeout(debounce);
    debounce = undefined;
    const { pendingRunId, text, fileName, seed } = get();
    if (pendingRunId !== undefined) deps.client.send({ type: 'cancel', runId: pendingRunId });
    const runId = nextRunId++;
    pendingText = text;
    set({ pendingRunId: runId });
    deps.client.send({ type: 'load', runId, text, options: seed === undefined ? { fileName } : { fileName, seed } });
  }

  function scheduleSimulation(): void {
    if (debounce !== undefined) deps.timers.clearTimeout(debounce);
    debounce = deps.timers.setTimeout(simulateNow, deps.debounceMs);
  }

  function ensureFrames(): void {
    const { run, position, frames } = get();
    if (run === undefined || position.cycle === 0) return;
    for (const cycle of [position.cycle, position.cycle + 1, position.cycle - 1]) {
      if (cycle < 1 || cycle > run.cycles.length || frames.has(cycle)) continue;
      const key = `${run.runId}:${cycle}`;
      if (requested.has(key)) continue;
      requested.add(key);
      deps.client.send({ type: 'seek', runId: run.runId, cycle });
    }
  }

  function withFrame(frames: ReadonlyMap<number, CycleFrame>, frame: CycleFrame, around: number): Map<number, CycleFrame> {
    const next = new Map(frames);
    next.set(frame.cycle, frame);
    if (next.size > FRAME_CACHE) {
      // drop the frames furthest from where the user is
      const far = [...next.keys()].sort((a, b) => Math.abs(b - around) - Math.abs(a - around));
      for (const cycle of far.slice(0, next.size - FRAME_CACHE)) next.delete(cycle);
    }
    return next;
  }

  function applyReply(state: PodplayState, reply: WorkerReply): Partial<PodplayState> {
    switch (reply.type) {
      case 'loaded': {
        if (reply.runId !== state.pendingRunId) return {};
        const run: RunView = { runId: reply.runId, text: pendingText, summary: reply.summary, cycles: [], events: [], complete: false };
        deps.client.send({ type: 'run', runId: reply.runId });
        return { run, pendingRunId: undefined, errors: [], frames: new Map() };
      }
      case 'events': {
        const run = state.run;
        if (run === undefined || reply.runId !== run.runId) return {};
        return { run: { ...run, cycles: run.cycles.concat(reply.cycles), events: run.events.concat(reply.events) } };
      }
      case 'done': {
        const run = state.run;
        if (run === undefined || reply.runId !== run.runId) return {};
        return { run: { ...run, complete: true } };
      }
      case 'snapshot': {
        if (state.run === undefined || reply.runId !== state.run.runId) return {};
        return { frames: withFrame(state.frames, reply.frame, state.position.cycle) };
      }
      case 'error': {
        // -1: the worker itself failed, whatever run was under way
        if (reply.runId !== state.pendingRunId && reply.runId !== -1) return {};
        return { errors: reply.errors, pendingRunId: undefined };
      }
    }
  }

  function applyReplies(replies: WorkerReply[]): void {
    let state = get();
    const changes: Partial<PodplayState> = {};
    for (const reply of replies) {
      const change = applyReply(state, reply);
      Object.assign(changes, change);
      state = { ...state, ...change };
    }
    if (Object.keys(changes).length === 0) return;
    set({ ...changes, position: clampPosition(state) });
    ensureFrames();
  }

  const slice: ScenarioSlice & SimulationSlice = {
    text: initial.text,
    fileName: initial.fileName,
    errors: [],
    frames: new Map(),
    editorDeferred: initial.text.length > LARGE_EDITOR_CHARS,
    openInEditor() {
      set({ editorDeferred: false });
    },
    setText(text) {
      if (text === get().text) return;
      set({ text });
      deps.storage.save({ fileName: get().fileName, text });
      scheduleSimulation();
    },
    openScenario(fileName, text, seed) {
      set({ fileName, text, seed, position: { cycle: 0, step: 0 }, playing: false, inspectedPod: undefined, editorDeferred: text.length > LARGE_EDITOR_CHARS });
      deps.storage.save({ fileName, text });
      simulateNow();
    },
    simulateNow,
  };
  return { slice, ensureFrames, applyReplies };
}

/**
 * Keeps the position on a cycle and step of the run on screen. While a run is still streaming in,
 * a position beyond what has arrived is kept: re-simulating after an edit stays where the user was.
 */
export function clampPosition(state: Pick<PodplayState, 'run' | 'position'>): PodplayState['position'] {
  const { position } = state;
  const cycles = state.run?.cycles ?? [];
  const complete = state.run?.complete ?? true;
  let cycle = position.cycle;
  if (cycles.length === 0) {
    if (complete) cycle = 0;
  } else if (cycle === 0) {
    cycle = 1;
  } else if (cycle > cycles.length && complete) {
    cycle = cycles.length;
  }
  const summary = cycles[cycle - 1];
  const step = summary === undefined ? (cycle === 0 ? 0 : position.step) : Math.min(position.step, summary.phases.length - 1);
  return cycle === position.cycle && step === position.step ? position : { cycle, step };
}
