// The playback slice: a position (cycle, extension point) over the recorded trace. Going back is
// moving the position and asking the worker for that cycle's frame, never undoing anything.

import type { StoreApi } from 'zustand/vanilla';
import { asksHere, currentLessonProgress } from './lessonProgress';
import type { StoreDeps } from './deps';
import type { PlaybackPosition, PlaybackSlice, PodplayState } from './types';

export const SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
const DEFAULT_SPEED = 2;

type Set = StoreApi<PodplayState>['setState'];
type Get = StoreApi<PodplayState>['getState'];

function phaseCount(state: PodplayState, cycle: number): number {
  return state.run?.cycles[cycle - 1]?.phases.length ?? 0;
}

/** Lessons and presenter mode step over the extension points where nothing happens. */
function collapsesQuietSteps(state: PodplayState): boolean {
  return state.lessonId !== undefined || state.presenter;
}

function isQuiet(state: PodplayState, { cycle, step }: PlaybackPosition): boolean {
  const summary = state.run?.cycles[cycle - 1];
  const phase = summary?.phases[step];
  return phase !== undefined && (summary!.quiet?.includes(phase) ?? false);
}

function nextPosition(state: PodplayState, { cycle, step }: PlaybackPosition): PlaybackPosition | undefined {
  const cycles = state.run?.cycles.length ?? 0;
  if (cycle === 0) return cycles > 0 ? { cycle: 1, step: 0 } : undefined;
  if (step + 1 < phaseCount(state, cycle)) return { cycle, step: step + 1 };
  if (cycle < cycles) return { cycle: cycle + 1, step: 0 };
  return undefined;
}

function previousPosition(state: PodplayState, { cycle, step }: PlaybackPosition): PlaybackPosition | undefined {
  if (step > 0) return { cycle, step: step - 1 };
  if (cycle > 1) return { cycle: cycle - 1, step: Math.max(0, phaseCount(state, cycle - 1) - 1) };
  return undefined;
}

/** A pod's latest scheduling cycle: its Filter step when it failed, its last step otherwise. */
export function latestCyclePosition(state: PodplayState, pod: string): PlaybackPosition | undefined {
  const cycles = state.run?.cycles ?? [];
  for (let i = cycles.length - 1; i >= 0; i--) {
    const c = cycles[i]!;
    if (c.pod !== pod) continue;
    const filter = c.phases.indexOf('Filter');
    return { cycle: c.cycle, step: c.result === 'Unschedulable' && filter >= 0 ? filter : Math.max(0, c.phases.length - 1) };
  }
  return undefined;
}

/** Moves by `move` once, and on over quiet steps when they are collapsed. */
function skipQuiet(state: PodplayState, move: typeof nextPosition): PlaybackPosition | undefined {
  let at = move(state, state.position);
  if (!collapsesQuietSteps(state)) return at;
  while (at !== undefined && isQuiet(state, at)) at = move(state, at);
  return at;
}

/** The position one extension point later, or undefined at the end of what has arrived. */
export function positionAfter(state: PodplayState): PlaybackPosition | undefined {
  return skipQuiet(state, nextPosition);
}

/** The position one extension point earlier, or undefined at the very start. */
export function positionBefore(state: PodplayState): PlaybackPosition | undefined {
  return skipQuiet(state, previousPosition);
}

/** Seconds a story point stays on screen while a lesson plays, at speed 1. */
const STORY_POINT_SECONDS = 5;

export function createPlayback(set: Set, get: Get, deps: StoreDeps, ensureFrames: () => void): PlaybackSlice {
  let timer: unknown;

  function moveTo(position: PlaybackPosition | undefined): boolean {
    if (position === undefined) return false;
    set({ position });
    ensureFrames();
    return true;
  }

  function stopTimer(): void {
    if (timer !== undefined) deps.timers.clearTimeout(timer);
    timer = undefined;
  }

  /** A lesson plays story point by story point, and stops at each question and at its end. */
  function storyTick(): void {
    const next = currentLessonProgress(get())?.progress.next;
    if (next === undefined) {
      if (get().run?.complete === false) timer = deps.timers.setTimeout(tick, 1000);
      else set({ playing: false });
      return;
    }
    get().nextStoryPoint();
    const now = currentLessonProgress(get())?.progress;
    if (now === undefined || now.next === undefined || asksHere(now)) set({ playing: false });
    else timer = deps.timers.setTimeout(tick, (STORY_POINT_SECONDS * 1000) / get().speed);
  }

  function tick(): void {
    timer = undefined;
    const state = get();
    if (!state.playing) return;
    if (state.lessonId !== undefined) {
      storyTick();
      return;
    }
    if (!moveTo(positionAfter(state))) {
      // at the end: wait for more cycles while the worker is still sending them
      if (state.run !== undefined && !state.run.complete) {
        timer = deps.timers.setTimeout(tick, 1000 / state.speed);
        return;
      }
      set({ playing: false });
      return;
    }
    timer = deps.timers.setTimeout(tick, 1000 / get().speed);
  }

  function seek(cycle: number, step: 'first' | 'last'): void {
    const state = get();
    const count = state.run?.cycles.length ?? 0;
    if (count === 0) return;
    const target = Math.min(Math.max(1, Math.round(cycle)), count);
    moveTo({ cycle: target, step: step === 'first' ? 0 : Math.max(0, phaseCount(state, target) - 1) });
  }

  return {
    position: { cycle: 0, step: 0 },
    playing: false,
    speed: DEFAULT_SPEED,
    stepForward: () => { moveTo(positionAfter(get())); },
    stepBack: () => { moveTo(positionBefore(get())); },
    nextCycle() {
      const state = get();
      const { cycle, step } = state.position;
      const last = phaseCount(state, cycle) - 1;
      if (cycle > 0 && step < last) seek(cycle, 'last');
      else seek(cycle + 1, 'last');
    },
    previousCycle() {
      const { cycle, step } = get().position;
      if (step > 0) seek(cycle, 'first');
      else seek(cycle - 1, 'first');
    },
    seekCycle: (cycle) => seek(cycle, 'first'),
    seekPosition: (position) => { moveTo(position); },
    seekStep(step) {
      const { cycle } = get().position;
      const count = phaseCount(get(), cycle);
      if (count > 0) moveTo({ cycle, step: Math.min(Math.max(0, step), count - 1) });
    },
    toFirstCycle: () => seek(1, 'first'),
    toLastCycle: () => seek(get().run?.cycles.length ?? 0, 'last'),
    play() {
      const state = get();
      if (state.playing || state.run === undefined) return;
      set({ playing: true });
      stopTimer();
      if (state.lessonId !== undefined) {
        // a lesson plays from its next story point on: the first press moves at once
        tick();
        return;
      }
      // playing from the very end starts again from the beginning
      if (positionAfter(state) === undefined && state.run.complete) moveTo({ cycle: 1, step: 0 });
      timer = deps.timers.setTimeout(tick, 1000 / get().speed);
    },
    pause() {
      stopTimer();
      set({ playing: false });
    },
    togglePlay() {
      if (get().playing) get().pause();
      else get().play();
    },
    setSpeed: (speed) => set({ speed }),
    faster() {
      const next = SPEEDS.find((s) => s > get().speed);
      if (next !== undefined) set({ speed: next });
    },
    slower() {
      const next = [...SPEEDS].reverse().find((s) => s < get().speed);
      if (next !== undefined) set({ speed: next });
    },
  };
}
