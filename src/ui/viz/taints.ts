// The taints TaintToleration looked at on a node, read from its Filter details in the trace: each
// NoSchedule/NoExecute taint with the pod's toleration that tolerates it, and the one that decided;
// then each PreferNoSchedule taint, which Filter passes over and Score counts when untolerated.

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
  /** a PreferNoSchedule taint: never filters; untolerated, it counts against the node at Score */
  soft?: true;
}

export function formatToleration(t: Toleration): string {
  const key = t.key ? t.key : '*';
  const what = t.operator === 'Exists' ? `${key} Exists` : `${key}=${t.value ?? ''}`;
  return `${what}${t.effect ? `:${t.effect}` : ''}`;
}

/** The node's taints at this cycle with the pod's tolerations; undefined when Filter recorded none. */
export function taintMarks(trace: CycleTrace, node: string): TaintMark[] | undefined {
  const result = trace.filter[node]?.find((r) => r.plugin === PLUGIN);
  const verdicts = (result?.details?.taints as TaintVerdict[] | undefined) ?? [];
  const soft = (result?.details?.preferNoSchedule as TaintVerdict[] | undefined) ?? [];
  if (verdicts.length === 0 && soft.length === 0) return undefined;
  const deciding = result?.details?.taint as TaintVerdict['taint'] | undefined;
  let decided = false;
  const hard = verdicts.map((v): TaintMark => {
    const decides = !decided && deciding !== undefined && v.toleration === undefined
      && v.taint.key === deciding.key && v.taint.value === deciding.value && v.taint.effect === deciding.effect;
    decided ||= decides;
    return mark(v, decides);
  });
  return [...hard, ...soft.map((v): TaintMark => ({ ...mark(v, false), soft: true }))];
}

function mark(v: TaintVerdict, decides: boolean): TaintMark {
  const taint = `${v.taint.key}${v.taint.value ? `=${v.taint.value}` : ''}:${v.taint.effect}`;
  return v.toleration === undefined ? { taint, decides } : { taint, toleration: formatToleration(v.toleration), decides };
}
