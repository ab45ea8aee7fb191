// The taints TaintToleration looked at on a node, read from its Filter details in the trace: each
// NoSchedule/NoExecute taint with the pod's toleration that tolerates it, and the one that decided.

import type { CycleTrace } from '../../engine/api';
import type { TaintVerdict, Toleration } from '../../engine/readers';

const PLUGIN = 'TaintToleration';

export interface TaintMark {
  /** key=value:Effect, as kubectl prints a taint */
  taint: string;
  /** the pod's toleration that tolerates it, as written; absent when untolerated */
  toleration?: string;
  /** the untolerated taint that filtered the node out (the first, in node order) */
  decides: boolean;
}

export function formatToleration(t: Toleration): string {
  const key = t.key ? t.key : '*';
  const what = t.operator === 'Exists' ? `${key} Exists` : `${key}=${t.value ?? ''}`;
  return `${what}${t.effect ? `:${t.effect}` : ''}`;
}

/** The node's hard taints at this cycle with the pod's tolerations; undefined when Filter did not look at any. */
export function taintMarks(trace: CycleTrace, node: string): TaintMark[] | undefined {
  const result = trace.filter[node]?.find((r) => r.plugin === PLUGIN);
  const verdicts = result?.details?.taints as TaintVerdict[] | undefined;
  if (result === undefined || verdicts === undefined || verdicts.length === 0) return undefined;
  const deciding = result.details?.taint as TaintVerdict['taint'] | undefined;
  let decided = false;
  return verdicts.map((v) => {
    const taint = `${v.taint.key}${v.taint.value ? `=${v.taint.value}` : ''}:${v.taint.effect}`;
    const decides = !decided && deciding !== undefined && v.toleration === undefined
      && v.taint.key === deciding.key && v.taint.value === deciding.value && v.taint.effect === deciding.effect;
    decided ||= decides;
    return v.toleration === undefined ? { taint, decides } : { taint, toleration: formatToleration(v.toleration), decides };
  });
}
