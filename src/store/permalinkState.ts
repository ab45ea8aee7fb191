// The store's state as a permalink (src/permalink) and back: which fields a link carries, and how
// a playback position is written (cycle + extension point) and found again in a cycle's phases.

import { PLAYBACK_PHASES, type PermalinkState, type PlaybackPhase } from '../permalink/migrations';
import type { Phase } from '../worker/protocol';
import type { NamedPosition, PodplayState } from './types';

/** "PreFilter" → "preFilter": the store's extension points as links name them. */
export function linkPhaseOf(phase: Phase): PlaybackPhase {
  return `${phase[0]!.toLowerCase()}${phase.slice(1)}` as PlaybackPhase;
}

/**
 * The step of a cycle at which a named point shows: the first extension point of the cycle at or
 * after it ("queue" is the cycle's first step), else the cycle's last step ("done", or a point
 * this cycle does not reach, such as Select for a pod that fits nowhere).
 */
export function stepFor(phases: readonly Phase[], phase: PlaybackPhase): number {
  const wanted = PLAYBACK_PHASES.indexOf(phase);
  const index = phases.findIndex((p) => PLAYBACK_PHASES.indexOf(linkPhaseOf(p)) >= wanted);
  return index >= 0 ? index : Math.max(0, phases.length - 1);
}

/** The position on screen, by name; undefined before the first cycle. */
export function namedPosition(state: Pick<PodplayState, 'run' | 'position'>): NamedPosition | undefined {
  const { cycle, step } = state.position;
  const phase = state.run?.cycles[cycle - 1]?.phases[step];
  return phase === undefined ? undefined : { cycle, phase: linkPhaseOf(phase) };
}

/** What a link made now would hold. A position still being restored is written as it was asked for. */
export function toPermalinkState(state: PodplayState): PermalinkState {
  const link: PermalinkState = { scenario: state.text };
  if (state.seed !== undefined) link.seed = state.seed;
  const position = state.pendingPosition ?? (state.lessonIntro ? undefined : namedPosition(state));
  if (position !== undefined) {
    link.cycle = position.cycle;
    link.phase = position.phase;
  }
  if (state.inspectedPod !== undefined) link.pod = state.inspectedPod;
  const view: NonNullable<PermalinkState['view']> = {};
  if (state.topologyKey !== undefined) view.topologyKey = state.topologyKey;
  if (state.showNodeDetails) {
    view.showLabels = true;
    view.showTaints = true;
  }
  if (state.presenter) view.presenter = true;
  if (Object.keys(view).length > 0) link.view = view;
  if (state.lessonId !== undefined) link.lesson = state.lessonId;
  if (state.compareOpen && state.compareConfig !== undefined) link.compare = { config: state.compareConfig };
  if (state.compareOpen && state.compareVersions !== undefined) link.compareVersions = { ...state.compareVersions };
  return link;
}

