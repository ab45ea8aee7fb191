// Runs a comparison in its own worker for the scenario on screen; a new text, seed, configuration
// B or pair of versions terminates the old one (a change while typing waits for a quiet moment first).

import { useEffect, useState } from 'react';
import type { ScenarioError } from '../../engine/api';
import type { CompareMode, ConfigurationComparison, KubernetesVersion, VersionComparison } from '../../engine/readers';
import type { VersionScores } from '../../engine/experiments';
import type { CompareReply, CompareRequest } from './runCompare';
import type { VersionCompareReply, VersionCompareRequest, VersionScoresReply, VersionScoresRequest } from './runVersions';

interface WorkerRunState<T> {
  running: boolean;
  comparison?: T;
  error?: { which: 'a' | 'b'; errors: ScenarioError[]; more: number };
}
export type CompareState = WorkerRunState<ConfigurationComparison>;
export type VersionCompareState = WorkerRunState<VersionComparison>;

const QUIET_MS = 300;
let nextId = 1;

/** One request to the Compare worker per `key` ('': none); `done` picks the comparison out of a reply (undefined: not the last reply). */
function useCompareWorker<T, Reply extends { id: number; type: string }>(
  key: string,
  request: (id: number) => object,
  done: (reply: Reply) => T | undefined,
): WorkerRunState<T> {
  const [state, setState] = useState<WorkerRunState<T> & { key?: string }>({ running: true });
  useEffect(() => {
    // '': nothing to run
    if (key === '') return;
    const id = nextId++;
    let worker: Worker | undefined;
    const timer = setTimeout(() => {
      worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<Reply | Extract<CompareReply, { type: 'error' }>>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.type === 'error') {
          const e = reply as Extract<CompareReply, { type: 'error' }>;
          setState({ key, running: false, error: { which: e.which, errors: e.errors, more: e.more } });
        } else {
          const comparison = done(reply as Reply);
          if (comparison === undefined) return;
          setState({ key, running: false, comparison });
        }
        worker?.terminate();
      };
      worker.onerror = (e) => setState({ key, running: false, error: { which: 'a', errors: [{ file: '', line: 1, column: 1, message: e.message || 'the comparison stopped' }], more: 0 } });
      worker.postMessage(request(id));
    }, QUIET_MS);
    return () => {
      clearTimeout(timer);
      worker?.terminate();
    };
    // key covers everything the request is made of
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { running: true };
}

export function useCompare(text: string, fileName: string, seed: number | undefined, config: CompareRequest['config'], mode: CompareMode, onConfig: (yaml: string) => void): CompareState {
  const key = `${seed ?? ''}\u0000${mode}\u0000${JSON.stringify(config)}\u0000${text}`;
  return useCompareWorker<ConfigurationComparison, CompareReply>(
    key,
    (id): CompareRequest => ({ id, text, fileName, ...(seed !== undefined ? { seed } : {}), config, mode }),
    (reply) => {
      if (reply.type === 'config') { onConfig(reply.yaml); return undefined; }
      return reply.type === 'done' ? reply.comparison : undefined;
    },
  );
}

/** The upgrade preview: the scenario on screen under `from` and under `to`. */
export function useVersionCompare(text: string, fileName: string, seed: number | undefined, from: KubernetesVersion, to: KubernetesVersion): VersionCompareState {
  const key = `versions\u0000${seed ?? ''}\u0000${from}\u0000${to}\u0000${text}`;
  return useCompareWorker<VersionComparison, VersionCompareReply>(
    key,
    (id): VersionCompareRequest => ({ id, kind: 'versions', text, fileName, ...(seed !== undefined ? { seed } : {}), from, to }),
    (reply) => (reply.type === 'versions' ? reply.comparison : undefined),
  );
}

/**
 * The upgrade lesson's stage: `pod`'s scores on `nodes`, the scenario run at each version (off when
 * `versions` is empty: no request is made).
 */
export function useVersionScores(text: string, fileName: string, seed: number | undefined, versions: readonly KubernetesVersion[], pod: string, nodes: readonly string[]): WorkerRunState<VersionScores> {
  const key = `versionScores\u0000${seed ?? ''}\u0000${versions.join(',')}\u0000${pod}\u0000${nodes.join(',')}\u0000${text}`;
  return useCompareWorker<VersionScores, VersionScoresReply>(
    versions.length === 0 ? '' : key,
    (id): VersionScoresRequest => ({ id, kind: 'versionScores', text, fileName, ...(seed !== undefined ? { seed } : {}), versions: [...versions], pod, nodes: [...nodes] }),
    (reply) => (reply.type === 'versionScores' ? reply.scores : undefined),
  );
}
