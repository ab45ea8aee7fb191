// Prepares the page's idle fix worker when a large scenario's run comes on screen with a Pending pod
// (./useFixSearch.ts prepareFixWorker): the fix panel of any of its Pending pods then starts its
// search at the first variant, neither loading nor simulating the scenario, nor indexing its text.

import type { StoreApi } from 'zustand/vanilla';
import type { PodplayState, RunView } from '../../store/types';
import { PREPARE_FIX_CHARS, prepareFixWorker, type LendBaseline } from './useFixSearch';

type Inputs = { text: string; fileName: string; seed?: number };

/** The scenario to prepare a fix worker with: the run on screen, when it is of the text on screen, large, and leaves a pod Pending. */
export function scenarioToPrepare(state: Pick<PodplayState, 'run' | 'text' | 'fileName' | 'seed' | 'pendingRunId'>): Inputs | undefined {
  const { run, text, fileName, seed } = state;
  if (run === undefined || state.pendingRunId !== undefined || run.text !== text || text.length < PREPARE_FIX_CHARS) return undefined;
  const pending = run.summary.pods.some((p) => p.phase === 'Pending' && p.node === undefined && p.deletedAt === undefined);
  return pending ? { text, fileName, ...(seed === undefined ? {} : { seed }) } : undefined;
}

/** Prepares a fix worker for each such run, once; returns the unsubscribe. */
export function prepareFixesOnRuns(store: StoreApi<PodplayState>, prepare: (inputs: Inputs, lend: LendBaseline) => void = ({ text, fileName, seed }, lend) => prepareFixWorker(text, fileName, seed, lend)): () => void {
  let prepared: RunView | undefined;
  return store.subscribe((state) => {
    if (state.run === prepared) return;
    const inputs = scenarioToPrepare(state);
    if (inputs === undefined) return;
    prepared = state.run;
    prepare(inputs, state.lendBaseline);
  });
}
