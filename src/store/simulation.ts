// The scenario and simulation slices: text in, runs out. Text is simulated in the worker after a
// short typing pause; the run on screen is replaced only by a run that simulated, so a bad edit
// leaves the last good picture visible (marked stale) and the errors listed beside it.

import type { StoreApi } from 'zustand/vanilla';
import type { CycleFrame, WorkerReply } from '../worker/protocol';
import type { StoreDeps } from './deps';
import type { PodplayState, RunView, ScenarioSlice, SimulationSlice } from './types';

export const SAVE_FAILED_TITLE = 'Not saved';

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
  /** the newest save; an older one answering late says nothing */
  let saves = 0;
  /** the texts of the last few runs sent, to mark the one that hung (a cancel leaves it unanswered) */
  const runTexts = new Map<number, string>();

  function simulateNow(): void {
    if (debounce !== undefined) deps.timers.clearTimeout(debounce);
    debounce = undefined;
    const { pendingRunId, text, fileName, seed } = get();
    if (pendingRunId !== undefined) {
      deps.client.send({ type: 'cancel', runId: pendingRunId });
      // replaced before it finished, not crashed
      deps.runMarks.clear(pendingText);
    }
    const runId = nextRunId++;
    pendingText = text;
    runTexts.set(runId, text);
    for (const old of runTexts.keys()) if (runTexts.size > 8) runTexts.delete(old);
    set({ pendingRunId: runId, interrupted: undefined });
    deps.runMarks.mark(text);
    deps.client.send({ type: 'load', runId, text, options: seed === undefined ? { fileName } : { fileName, seed } });
  }

  /** Simulates the text on screen, unless its last run did not finish (then it waits for the user). */
  function simulateUnlessInterrupted(): void {
    const unfinished = deps.runMarks.unfinished(get().text);
    if (unfinished === undefined) {
      simulateNow();
      return;
    }
    if (debounce !== undefined) deps.timers.clearTimeout(debounce);
    debounce = undefined;
    const { pendingRunId } = get();
    if (pendingRunId !== undefined) deps.client.send({ type: 'cancel', runId: pendingRunId });
    set({ pendingRunId: undefined, interrupted: 'crashed' });
    get().notify({
      kind: 'error', title: 'The last run did not finish',
      text: unfinished === 'hung'
        ? 'The last time this scenario was simulated, one of its steps never returned and the simulation was stopped. It was not run again by itself.'
        : 'The last time this scenario was simulated, the simulation never finished (the page may have run out of memory or been closed). It was not run again by itself.',
      action: { label: 'Run', run: simulateNow },
    });
  }

  function cancelSimulation(): void {
    const { pendingRunId } = get();
    if (pendingRunId === undefined) return;
    if (debounce !== undefined) deps.timers.clearTimeout(debounce);
    debounce = undefined;
    deps.client.send({ type: 'cancel', runId: pendingRunId });
    deps.runMarks.clear(pendingText);
    set({ pendingRunId: undefined, interrupted: 'cancelled' });
  }

  function save(fileName: string, text: string): void {
    const id = ++saves;
    void deps.storage.save({ fileName, text }).then((result) => {
      if (id !== saves) return;
      const { saveError, notices } = get();
      if (result.ok) {
        if (saveError !== undefined) set({ saveError: undefined, notices: notices.filter((n) => n.title !== SAVE_FAILED_TITLE) });
        return;
      }
      set({ saveError: result.reason });
      // one notice while saving keeps failing, not one per keystroke
      if (saveError === undefined) {
        get().notify({
          kind: 'error', title: SAVE_FAILED_TITLE,
          text: `Your scenario could not be saved: ${result.reason}. A reload would show an older version. Download it to keep it.`,
          action: { label: 'Download', run: () => { const s = get(); deps.download(s.fileName, s.text); }, keep: true },
        });
      }
    });
  }

  /**
   * Whether the text on screen is the user's own edit (typed since it was opened), rather than a
   * link, lesson or file merely opened: Recent never drops an edit to make room. A text restored at
   * start may be an edit from before the reload: it counts as one.
   */
  let edited = true;

  /** Keeps the text on screen in Recent before something else replaces it. */
  function keepPrevious(next: string, via: 'link' | 'open'): void {
    const { text, fileName } = get();
    if (text === next || text.trim() === '' || text === deps.defaultScenario.text) return;
    deps.recent.keep({ fileName, text }, { edited }).then((recent) => {
      set({ recent });
      if (via === 'link') {
        const id = recent[0]?.id;
        get().notify({
          kind: 'info', title: 'A link replaced your scenario',
          text: `Your previous scenario (${fileName}) is kept in Recent.`,
          ...(id === undefined ? {} : { action: { label: 'Reopen', run: () => { void get().reopenRecent(id); } } }),
        });
      }
    }, (e: unknown) => {
      get().notify({
        kind: 'error', title: 'Your previous scenario could not be kept',
        text: `${fileName} was replaced and could not be stored in Recent (${e instanceof Error ? e.message : String(e)}). Download it to keep it.`,
        action: { label: 'Download', run: () => deps.download(fileName, text), keep: true },
      });
    });
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
        deps.runMarks.clear(pendingText);
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
        if (reply.runId !== state.pendingRunId) return {};
        deps.runMarks.clear(pendingText);
        return { errors: reply.errors, pendingRunId: undefined };
      }
      case 'failed':
        return workerFailed(state, reply);
      case 'replaced':
        if (reply.unanswered !== undefined) workerUnanswered(state, reply.unanswered);
        // the run on screen lived in the old worker: its frames cannot be asked for any more
        requested.clear();
        return { run: undefined, frames: new Map() };
      case 'started':
      case 'ready':
      case 'heard':
      case 'progress':
        return {};
    }
  }

  /**
   * The worker did not hear a cancel or a newer load: a step of run `runId` never returned, and the
   * client replaced the worker. That text is marked as hung, so no reload runs it by itself.
   */
  function workerUnanswered(state: PodplayState, runId: number): void {
    const text = runTexts.get(runId);
    if (text !== undefined) deps.runMarks.hung(text);
    const again = state.pendingRunId !== undefined;
    queueNotice({
      kind: 'error', title: 'The simulator was restarted',
      text: `A run did not stop when asked: one of its steps never returned, so the simulator was stopped and a new one started${again ? ', which is simulating your scenario' : ''}. Your scenario is unchanged${text === state.text ? '; it is not run again by itself, not even by a reload' : ''}.`,
      ...(again ? {} : { action: { label: 'Run again', run: simulateNow } }),
    });
  }

  /** The worker died (or never started): whatever it held is gone; the client has started another. */
  function workerFailed(state: PodplayState, reply: Extract<WorkerReply, { type: 'failed' }>): Partial<PodplayState> {
    // the run on screen died with its worker: the client loads it again under its own id
    const shown = reply.runId !== state.pendingRunId && state.run !== undefined && reply.runId === state.run.runId;
    const ours = reply.runId === state.pendingRunId || shown;
    if (reply.cause === 'stuck') return runHung(state, reply, ours);
    const what = reply.cause === 'start' ? 'The simulator could not start' : 'The simulator stopped';
    const detail = reply.message === '' ? '' : ` (${reply.message})`;
    // notices are set after this batch: replies are applied as one change
    queueNotice(ours && reply.retrying
      ? { kind: 'info', title: what, text: `${what}${detail}. A new one was started and is simulating your scenario again.` }
      : {
        kind: 'error', title: what,
        text: `${what}${detail}${ours ? ' again on this scenario, so it was not run again' : ''}. Your scenario is unchanged.`,
        action: { label: 'Run again', run: simulateNow },
      });
    requested.clear();
    // the run on screen lived in the dead worker: its frames cannot be asked for any more
    const lost = { run: undefined, frames: new Map<number, CycleFrame>() };
    if (!ours) return lost;
    if (shown && reply.retrying && state.run !== undefined) {
      pendingText = state.run.text;
      deps.runMarks.mark(pendingText);
      return { ...lost, pendingRunId: reply.runId, interrupted: undefined };
    }
    return reply.retrying ? lost : { ...lost, pendingRunId: undefined, interrupted: 'crashed' as const };
  }

  /** A step of the run went past the client's budget: the worker was replaced and the run is not repeated, now or on reload. */
  function runHung(state: PodplayState, reply: Extract<WorkerReply, { type: 'failed' }>, ours: boolean): Partial<PodplayState> {
    const text = runTexts.get(reply.runId);
    if (text !== undefined) deps.runMarks.hung(text);
    requested.clear();
    queueNotice({
      kind: 'error', title: 'The simulation was stopped',
      text: `The simulation was stopped: ${reply.message}, so the simulator was replaced. Your scenario is unchanged; it is not run again by itself, not even by a reload.`,
      action: { label: 'Run again', run: simulateNow },
    });
    const lost = { run: undefined, frames: new Map<number, CycleFrame>() };
    return ours ? { ...lost, pendingRunId: undefined, interrupted: 'crashed' as const } : (state.run?.runId === reply.runId ? lost : {});
  }

  let queuedNotices: Parameters<PodplayState['notify']>[0][] = [];
  function queueNotice(notice: Parameters<PodplayState['notify']>[0]): void {
    queuedNotices.push(notice);
  }

  function applyReplies(replies: WorkerReply[]): void {
    let state = get();
    const changes: Partial<PodplayState> = {};
    for (const reply of coalesceEvents(replies)) {
      const change = applyReply(state, reply);
      Object.assign(changes, change);
      state = { ...state, ...change };
    }
    const notices = queuedNotices;
    queuedNotices = [];
    if (Object.keys(changes).length > 0) {
      set({ ...changes, position: clampPosition(state) });
      ensureFrames();
    }
    for (const notice of notices) get().notify(notice);
  }

  const slice: ScenarioSlice & SimulationSlice = {
    text: initial.text,
    fileName: initial.fileName,
    errors: [],
    frames: new Map(),
    lendBaseline(port, { text, fileName, seed }) {
      try {
        deps.client.send({ type: 'lendBaseline', port, text, fileName, ...(seed === undefined ? {} : { seed }) });
      } catch (e) {
        // the fix worker holds the other end: it loads the scenario itself at once instead of waiting
        port.postMessage({ type: 'none', reason: `not sent to the engine worker: ${e instanceof Error ? e.message : String(e)}` });
        port.close();
      }
    },
    editorDeferred: initial.text.length > LARGE_EDITOR_CHARS,
    openInEditor() {
      set({ editorDeferred: false });
    },
    setText(text) {
      if (text === get().text) return;
      edited = true;
      set({ text });
      save(get().fileName, text);
      scheduleSimulation();
    },
    openScenario(fileName, text, seed, via = 'open') {
      keepPrevious(text, via);
      edited = false;
      set({ fileName, text, seed, position: { cycle: 0, step: 0 }, playing: false, inspectedPod: undefined, editorDeferred: text.length > LARGE_EDITOR_CHARS });
      save(fileName, text);
      if (via === 'link') simulateUnlessInterrupted();
      else simulateNow();
    },
    simulateNow,
    simulateUnlessInterrupted,
    cancelSimulation,
    keepPrevious,
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

/**
 * Consecutive `events` replies of one run as one: a frame's worth of batches is appended to the
 * run's cycles once (each append copies the list; thousands of cycles stream in).
 */
export function coalesceEvents(replies: readonly WorkerReply[]): WorkerReply[] {
  const out: WorkerReply[] = [];
  /** the merged reply last pushed (its lists are our own copies, so they can grow in place) */
  let merged: Extract<WorkerReply, { type: 'events' }> | undefined;
  for (const reply of replies) {
    const last = out.at(-1);
    if (reply.type === 'events' && last?.type === 'events' && last.runId === reply.runId) {
      if (merged !== last) {
        merged = { ...last, cycles: [...last.cycles], events: [...last.events] };
        out[out.length - 1] = merged;
      }
      for (const cycle of reply.cycles) merged.cycles.push(cycle);
      for (const event of reply.events) merged.events.push(event);
    } else {
      out.push(reply);
    }
  }
  return out;
}
