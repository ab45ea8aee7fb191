// The topology spread panel's numbers, read from what PodTopologySpread recorded in the trace:
// its PreFilter explanation when present, else the per-constraint verdicts it left on every
// filtered node. Only the skew arithmetic for display is done here; nothing is decided.

import type { CycleTrace } from '../../engine/api';
import type { ConstraintVerdict, SkippedNode, SpreadExplanation } from '../../engine/plugins/PodTopologySpread';

const PLUGIN = 'PodTopologySpread';

export interface DomainView {
  domain: string;
  /** matching pods already in the domain */
  count: number;
  /** count + selfMatch − global minimum: the skew if the pod went there */
  skewIfPlaced: number;
  violating: boolean;
}

export interface SpreadConstraintView {
  topologyKey: string;
  maxSkew: number;
  minDomains: number;
  selfMatch: boolean;
  minMatch: number;
  domains: DomainView[];
  skippedNodes: { node: string; why: string }[];
}

const WHY: Record<SkippedNode['reason'], string> = {
  MissingTopologyKey: 'lacks the topology key',
  NodeAffinityPolicy: 'does not match the pod\'s node affinity (nodeAffinityPolicy: Honor)',
  NodeTaintsPolicy: 'has a taint the pod does not tolerate (nodeTaintsPolicy: Honor)',
};

function domainsOf(counts: Record<string, number>, selfMatch: boolean, minMatch: number, maxSkew: number): DomainView[] {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, count]) => {
      const skewIfPlaced = count + (selfMatch ? 1 : 0) - minMatch;
      return { domain, count, skewIfPlaced, violating: skewIfPlaced > maxSkew };
    });
}

function fromExplanation(e: SpreadExplanation): SpreadConstraintView {
  return {
    topologyKey: e.topologyKey, maxSkew: e.maxSkew, minDomains: e.minDomains, selfMatch: e.selfMatch, minMatch: e.minMatch,
    domains: domainsOf(e.counts, e.selfMatch, e.minMatch, e.maxSkew),
    skippedNodes: e.skippedNodes.map((s) => ({ node: s.node, why: s.missingKeys ? `lacks ${s.missingKeys.join(', ')}` : WHY[s.reason] })),
  };
}

function fromVerdicts(trace: CycleTrace): SpreadConstraintView[] {
  const perNode = Object.entries(trace.filter).flatMap(([node, results]) => {
    const details = results.find((r) => r.plugin === PLUGIN)?.details;
    const constraints = details?.constraints;
    return Array.isArray(constraints) ? [[node, constraints as ConstraintVerdict[]] as const] : [];
  });
  const first = perNode[0]?.[1];
  if (first === undefined) return [];
  return first.map((c, i) => {
    const selfMatch = c.selfMatch === 1;
    const skippedNodes = perNode.flatMap(([node, verdicts]) => {
      const v = verdicts[i];
      if (v === undefined) return [];
      if (v.domain === null) return [{ node, why: `has no "${c.topologyKey}" label` }];
      return v.domain in c.counts ? [] : [{ node, why: 'is not counted (nodeAffinityPolicy / nodeTaintsPolicy)' }];
    });
    return {
      topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch, minMatch: c.minMatch,
      domains: domainsOf(c.counts, selfMatch, c.minMatch, c.maxSkew), skippedNodes,
    };
  });
}

/** The pod's hard spread constraints as the panel shows them; empty when it has none. */
export function spreadView(trace: CycleTrace): SpreadConstraintView[] {
  const explanation = trace.preFilter.find((r) => r.plugin === PLUGIN)?.details?.constraints;
  if (Array.isArray(explanation) && explanation.length > 0 && 'skippedNodes' in (explanation[0] as object)) {
    return (explanation as SpreadExplanation[]).map(fromExplanation);
  }
  return fromVerdicts(trace);
}
