// The topology spread panel's numbers, read from what PodTopologySpread recorded in the trace:
// its PreFilter explanation when present, else the per-constraint verdicts it left on every
// filtered node. Only the skew arithmetic for display is done here; nothing is decided.

import type { CycleTrace } from '../../engine/api';
import type { ConstraintVerdict, ScoreSpreadExplanation, SkippedNode, SpreadExplanation } from '../../engine/readers';
import { PHASES, type Phase } from '../../worker/protocol';

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
  /** DoNotSchedule filters (Filter's numbers); ScheduleAnyway only scores (PreScore's numbers) */
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway';
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

function skippedWhy(s: SkippedNode): { node: string; why: string } {
  return { node: s.node, why: s.missingKeys ? `lacks ${s.missingKeys.join(', ')}` : WHY[s.reason] };
}

function domainsOf(counts: Record<string, number>, selfMatch: boolean, minMatch: number, maxSkew: number, filters = true): DomainView[] {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([domain, count]) => {
      const skewIfPlaced = count + (selfMatch ? 1 : 0) - minMatch;
      return { domain, count, skewIfPlaced, violating: filters && skewIfPlaced > maxSkew };
    });
}

function fromExplanation(e: SpreadExplanation): SpreadConstraintView {
  return {
    topologyKey: e.topologyKey, whenUnsatisfiable: 'DoNotSchedule', maxSkew: e.maxSkew, minDomains: e.minDomains, selfMatch: e.selfMatch, minMatch: e.minMatch,
    domains: domainsOf(e.counts, e.selfMatch, e.minMatch, e.maxSkew),
    skippedNodes: e.skippedNodes.map(skippedWhy),
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
      topologyKey: c.topologyKey, whenUnsatisfiable: 'DoNotSchedule' as const, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch, minMatch: c.minMatch,
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

/**
 * The pod's ScheduleAnyway constraints as PreScore counted them (the trace's PreScore details);
 * empty when Score did not run. They never filter: the skew is drawn, never a violation. The
 * global minimum is the least count among the domains PreScore counted (display only: upstream's
 * Score reads the counts, not the skew).
 */
export function scoreSpreadView(trace: CycleTrace): SpreadConstraintView[] {
  const explanation = trace.preScore?.find((r) => r.plugin === PLUGIN && r.code === 'Success')?.details?.constraints;
  if (!Array.isArray(explanation)) return [];
  return (explanation as ScoreSpreadExplanation[]).map((e) => {
    const minMatch = Math.min(...Object.values(e.counts));
    return {
      topologyKey: e.topologyKey, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: e.maxSkew, minDomains: 1, selfMatch: e.selfMatch,
      minMatch: Number.isFinite(minMatch) ? minMatch : 0,
      domains: domainsOf(e.counts, e.selfMatch, Number.isFinite(minMatch) ? minMatch : 0, e.maxSkew, false),
      skippedNodes: e.skippedNodes.map(skippedWhy),
    };
  });
}

/**
 * The constraints the stage draws at a phase: the hard ones from PreFilter on, then the
 * ScheduleAnyway ones from Score on (PreScore counts them after Filter).
 */
export function stageSpreadConstraints(trace: CycleTrace, phase: Phase): SpreadConstraintView[] {
  const hard = spreadView(trace);
  return PHASES.indexOf(phase) >= PHASES.indexOf('Score') ? [...hard, ...scoreSpreadView(trace)] : hard;
}

/**
 * One domain's skew verdict in words: ✗ for a DoNotSchedule violation, never for a ScheduleAnyway
 * constraint (no mark: the skew only lowers the score; the summary above the lanes says ScheduleAnyway).
 */
export function skewVerdict(d: Pick<DomainSpread, 'skewIfPlaced' | 'maxSkew' | 'violating' | 'soft'>): string {
  if (d.soft) return `skew ${d.skewIfPlaced} ${d.skewIfPlaced > d.maxSkew ? '>' : '≤'} ${d.maxSkew}`;
  return d.violating ? `skew ${d.skewIfPlaced} > ${d.maxSkew} ✗` : `skew ${d.skewIfPlaced} ≤ ${d.maxSkew} ✓`;
}

/** One topology domain's spread numbers, drawn on its lane or on a node. */
export interface DomainSpread {
  topologyKey: string;
  maxSkew: number;
  /** the global minimum the skew is measured against */
  minMatch: number;
  domain: string;
  /** matching pods in the domain at the step on screen (with the pod itself once it is bound there) */
  count: number;
  /** the incoming pod was just bound in this domain and is counted in `count` */
  placedHere: boolean;
  /** the domain holds the global minimum */
  isMinimum: boolean;
  /** count + selfMatch − minMatch: the skew if the pod went there (before it is bound) */
  skewIfPlaced: number;
  violating: boolean;
  /** a ScheduleAnyway constraint: its skew is a preference Score weighs, never a ✗ */
  soft: boolean;
}

export interface SpreadOnStage {
  /** by lane domain: the first constraint whose topology key makes the lanes */
  lanes: Map<string, DomainSpread>;
  /** by node: the other constraints, each node in its own domain (e.g. kubernetes.io/hostname) */
  nodes: Map<string, DomainSpread[]>;
  /** the constraint drawn on the lanes */
  laneConstraint?: SpreadConstraintView;
}

function domainSpread(c: SpreadConstraintView, d: DomainView, placedHere: boolean): DomainSpread {
  return {
    topologyKey: c.topologyKey, maxSkew: c.maxSkew, minMatch: c.minMatch, domain: d.domain,
    count: d.count + (placedHere && c.selfMatch ? 1 : 0), placedHere, isMinimum: d.count === c.minMatch,
    skewIfPlaced: d.skewIfPlaced, violating: d.violating, soft: c.whenUnsatisfiable === 'ScheduleAnyway',
  };
}

/**
 * Where each constraint's numbers are drawn: on the lanes when its topology key makes them, else
 * on every node that carries the key. `boundTo` is the node the pod is bound to at the step on
 * screen (Bind), whose domains then count it.
 */
export function spreadOnStage(
  constraints: readonly SpreadConstraintView[], laneKey: string | undefined,
  nodes: readonly { name: string; labels: Record<string, string> }[], boundTo?: string,
): SpreadOnStage {
  const out: SpreadOnStage = { lanes: new Map(), nodes: new Map() };
  const boundLabels = nodes.find((n) => n.name === boundTo)?.labels;
  const laneIndex = laneKey === undefined ? -1 : constraints.findIndex((c) => c.topologyKey === laneKey);
  constraints.forEach((c, i) => {
    const byDomain = new Map(c.domains.map((d) => [d.domain, d]));
    const spreadOf = (d: DomainView) => domainSpread(c, d, boundLabels?.[c.topologyKey] === d.domain);
    if (i === laneIndex) {
      out.laneConstraint = c;
      for (const d of c.domains) out.lanes.set(d.domain, spreadOf(d));
      return;
    }
    for (const node of nodes) {
      const d = byDomain.get(node.labels[c.topologyKey] ?? '');
      if (d === undefined) continue;
      const list = out.nodes.get(node.name) ?? [];
      list.push(spreadOf(d));
      out.nodes.set(node.name, list);
    }
  });
  return out;
}
