// Runs a comparison in its own worker for the scenario on screen; a new text, seed or
// configuration B terminates the old one (a change while typing waits for a quiet moment first).

import { useEffect, useState } from 'react';
import type { ScenarioError } from '../../engine/api';
import type { CompareMode, ConfigurationComparison } from '../../engine/readers';
import type { CompareReply, CompareRequest } from './runCompare';

export interface CompareState {
  running: boolean;
  comparison?: ConfigurationComparison;
  error?: { which: 'a' | 'b'; errors: ScenarioError[]; more: number };
}

const QUIET_MS = 300;
let nextId = 1;

export function useCompare(text: string, fileName: string, seed: number | undefined, config: CompareRequest['config'], mode: CompareMode, onConfig: (yaml: string) => void): CompareState {
  const key = `${seed ?? ''}\u0000${mode}\u0000${JSON.stringify(config)}\u0000${text}`;
  const [state, setState] = useState<CompareState & { key?: string }>({ running: true });
  useEffect(() => {
    const id = nextId++;
    let worker: Worker | undefined;
    const timer = setTimeout(() => {
      worker = new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<CompareReply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.type === 'config') { onConfig(reply.yaml); return; }
        setState(reply.type === 'done' ? { key, running: false, comparison: reply.comparison } : { key, running: false, error: { which: reply.which, errors: reply.errors, more: reply.more } });
        worker?.terminate();
      };
      worker.onerror = (e) => setState({ key, running: false, error: { which: 'a', errors: [{ file: '', line: 1, column: 1, message: e.message || 'the comparison stopped' }], more: 0 } });
      const request: CompareRequest = { id, text, fileName, ...(seed !== undefined ? { seed } : {}), config, mode };
      worker.postMessage(request);
    }, QUIET_MS);
    return () => {
      clearTimeout(timer);
      worker?.terminate();
    };
    // key covers text, seed, mode and config
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { running: true };
}
