// Starts a fix search in its own worker for the pod on screen and collects the verified fixes;
// a new pod, a new text or leaving the panel terminates the old search.

import { useEffect, useState } from 'react';
import { rankFixes, type FailedCandidate } from '../../engine/readers';
import type { FixSearchReply, FixView } from '../../interop/fixSearch';

export interface FixSearchState {
  fixes: FixView[];
  /** candidates being verified; undefined until the worker has simulated the scenario */
  candidates?: number;
  /** candidates generated but not verified (over the search's cap) */
  leftOut?: number;
  /** changes tried that did not help, with why */
  failures: FailedCandidate[];
  tried: number;
  done: boolean;
  error?: string;
}

let nextId = 1;

export function useFixSearch(text: string, fileName: string, seed: number | undefined, pod: string | undefined): FixSearchState {
  const [state, setState] = useState<FixSearchState & { key?: string }>({ fixes: [], failures: [], tried: 0, done: false });
  const key = pod === undefined ? undefined : `${pod}\u0000${seed ?? ''}\u0000${text}`;
  useEffect(() => {
    if (pod === undefined) return;
    const id = nextId++;
    const worker = new Worker(new URL('./fixes.worker.ts', import.meta.url), { type: 'module' });
    // this search's state, replaced whole on every reply (the hook shows it only while `key` is current)
    let current: FixSearchState & { key?: string } = { key, fixes: [], failures: [], tried: 0, done: false };
    const update = (next: Partial<FixSearchState>) => {
      current = { ...current, ...next };
      setState(current);
    };
    worker.onmessage = (event: MessageEvent<FixSearchReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if (reply.type === 'started') update({ candidates: reply.candidates, leftOut: reply.leftOut });
      else if (reply.type === 'fix') update({ fixes: rankFixes([...current.fixes, reply.fix]), tried: current.tried + 1 });
      else if (reply.type === 'failed') update({ failures: [...current.failures, reply.failed], tried: current.tried + 1 });
      else if (reply.type === 'done') {
        update({ tried: reply.tried, done: true });
        worker.terminate();
      } else {
        update({ done: true, error: reply.message });
        worker.terminate();
      }
    };
    worker.onerror = (e) => update({ done: true, error: e.message || 'the fix search stopped' });
    worker.postMessage({ id, text, fileName, ...(seed !== undefined ? { seed } : {}), pod });
    return () => worker.terminate();
    // key covers text, seed and pod
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { fixes: [], failures: [], tried: 0, done: false };
}
