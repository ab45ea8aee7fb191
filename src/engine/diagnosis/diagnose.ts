// Why a pod is unschedulable, from one cycle's trace: the nodes grouped by the first Filter plugin
// that rejected them and its reason (the histogram of upstream's FitError message, with the nodes
// behind each count), the pods that block inter-pod affinity and topology spread per domain, the
// nodes that fail one plugin only, and what preemption found. Structured data: the CLI prints it
// as text, the browser draws it.

import type { CycleTrace, PluginResult, StatusCode } from '../api';

/** Nodes that the same plugin rejected for the same reason. */
export interface ReasonGroup {
  plugin: string;
  reason: string;
  code: StatusCode;
  /** in the order the scheduler visited them */
  nodes: string[];
}

/** A topology domain where pods make the pod fail, with those pods. */
export interface BlockingDomain {
  plugin: 'InterPodAffinity' | 'PodTopologySpread';
  /** e.g. "podAntiAffinity", "existingPodsAntiAffinity", "podAffinity", "topologySpread" */
  rule: string;
  topologyKey: string;
  topologyValue: string;
  /** pods counted in the domain (at most 20 for PodTopologySpread), namespace/name */
  pods: string[];
  /** matching pods in the domain (both plugins) */
  count: number;
  /** PodTopologySpread: the skew placing the pod here would make, and the limit */
  skew?: number;
  maxSkew?: number;
  /** the nodes of that domain that failed for it */
  nodes: string[];
}

/** A node that fails exactly one Filter plugin: the smallest change to make the pod fit. */
export interface ClosestNode {
  node: string;
  plugin: string;
  reasons: string[];
  details?: Record<string, unknown>;
}

export interface PreemptionDiagnosis {
  /** the node preemption nominated, and its victims */
  nominated?: { node: string; victims: string[] };
  candidates: number;
  /** nodes where removing lower-priority pods would not help, grouped by reason */
  notHelpful: ReasonGroup[];
  /** upstream's preemption message ("preemption: 0/N nodes are available: ...") */
  message?: string;
}

export interface Diagnosis {
  pod: string;
  cycle: number;
  time: number;
  numAllNodes: number;
  /** the FailedScheduling message of this cycle */
  message?: string;
  /** a PreFilter plugin rejected the pod before any node was looked at */
  preFilter?: PluginResult;
  /** by first failing plugin and reason; a node with several reasons is in several groups, as in the message */
  groups: ReasonGroup[];
  blocking: BlockingDomain[];
  /** nodes failing one Filter plugin only, fewest reasons first */
  closest: ClosestNode[];
  preemption?: PreemptionDiagnosis;
  /** the pod's PodGroup, when the pod was tried in a pod-group cycle (v1.36+) */
  podGroup?: PodGroupDiagnosis;
}

/**
 * Why a pod's group did not schedule: the quorum reached, the member that found no node and why,
 * the topology constraint's placements, and what workload-aware preemption said.
 */
export interface PodGroupDiagnosis {
  /** "namespace/name" */
  name: string;
  minCount: number;
  members: number;
  /** members placed in the cycle (and bound before it) */
  placed: number;
  bound: number;
  /** the first member that found no node, with its FitError */
  unplaced?: { pod: string; message: string };
  /** TopologyAwareWorkloadScheduling: how many candidate placements held the group, of how many */
  placements?: { feasible: number; total: number };
  /** the group's message (the PodGroupScheduled condition's) */
  message?: string;
  /** workload-aware preemption's result and why it did not help */
  preemption?: { result: string; message?: string };
}

/** The group part of a member's diagnosis (upstream: the pod-group cycle's verdict, see scheduler/podGroupCycle.ts). */
export function diagnosePodGroup(trace: CycleTrace): PodGroupDiagnosis | undefined {
  const g = trace.podGroup;
  if (g === undefined || g.result === 'Scheduled') return undefined;
  const d: PodGroupDiagnosis = { name: g.name, minCount: g.minCount, members: g.members.length, placed: g.placed, bound: g.bound };
  const unplaced = g.attempts?.find((a) => a.node === undefined);
  if (unplaced) d.unplaced = { pod: unplaced.pod, message: unplaced.message ?? '' };
  if (g.placements) d.placements = { feasible: g.placements.filter((c) => c.feasible).length, total: g.placements.length };
  if (g.message !== undefined) d.message = g.message;
  if (g.preemption) d.preemption = { result: g.preemption.result, ...(g.preemption.message ? { message: g.preemption.message } : {}) };
  return d;
}

const failed = (r: PluginResult): boolean => r.code !== 'Success' && r.code !== 'Skip';

function groupKey(plugin: string, reason: string): string {
  return `${plugin}\u0000${reason}`;
}

function addToGroup(groups: Map<string, ReasonGroup>, plugin: string, code: StatusCode, reason: string, node: string): void {
  const key = groupKey(plugin, reason);
  let g = groups.get(key);
  if (!g) groups.set(key, (g = { plugin, reason, code, nodes: [] }));
  g.nodes.push(node);
}

/** Biggest group first; ties by plugin then reason, so the order is stable. */
function sortGroups(groups: Iterable<ReasonGroup>): ReasonGroup[] {
  return [...groups].sort((a, b) => b.nodes.length - a.nodes.length || a.plugin.localeCompare(b.plugin) || a.reason.localeCompare(b.reason));
}

interface AffinityDetail { topologyKey?: string; topologyValue?: string | null; count?: number; pods?: string[] }
interface SpreadDetail { topologyKey: string; domain: string | null; matchNum: number; skew: number | null; maxSkew: number; result: string; pods?: string[] }

function blockingFrom(node: string, verdict: PluginResult, out: Map<string, BlockingDomain>): void {
  const details = verdict.details ?? {};
  const add = (b: Omit<BlockingDomain, 'nodes'>) => {
    const key = `${b.plugin}\u0000${b.rule}\u0000${b.topologyKey}\u0000${b.topologyValue}`;
    const seen = out.get(key);
    if (seen) seen.nodes.push(node);
    else out.set(key, { ...b, nodes: [node] });
  };
  if (verdict.plugin === 'InterPodAffinity') {
    const rule = typeof details.rule === 'string' ? details.rule : 'podAffinity';
    const entries = (rule === 'existingPodsAntiAffinity' ? details.domains : details.terms) as AffinityDetail[] | undefined;
    for (const e of entries ?? []) {
      if (e.topologyKey === undefined || e.topologyValue === undefined || e.topologyValue === null) continue;
      // podAffinity fails where nothing matches: the domain has no pods to name
      add({ plugin: 'InterPodAffinity', rule, topologyKey: e.topologyKey, topologyValue: e.topologyValue, pods: e.pods ?? [], count: e.count ?? 0 });
    }
  } else if (verdict.plugin === 'PodTopologySpread') {
    for (const c of (details.constraints as SpreadDetail[] | undefined) ?? []) {
      if (c.result !== 'SkewTooHigh' || c.domain === null) continue;
      add({ plugin: 'PodTopologySpread', rule: 'topologySpread', topologyKey: c.topologyKey, topologyValue: c.domain, pods: c.pods ?? [], count: c.matchNum, skew: c.skew ?? 0, maxSkew: c.maxSkew });
    }
  }
}

function preemptionOf(trace: CycleTrace): PreemptionDiagnosis | undefined {
  const pf = trace.postFilter;
  if (!pf) return undefined;
  const groups = new Map<string, ReasonGroup>();
  for (const [node, r] of Object.entries(pf.rejected ?? {})) {
    for (const reason of r.reasons ?? ['(no reason)']) addToGroup(groups, r.plugin, r.code, reason, node);
  }
  const out: PreemptionDiagnosis = { candidates: pf.candidates.length, notHelpful: sortGroups(groups.values()) };
  if (pf.chosen) out.nominated = { node: pf.chosen.node, victims: [...pf.chosen.victims] };
  if (pf.message) out.message = pf.message;
  return out;
}

/**
 * The diagnosis of one cycle. For a cycle that scheduled the pod there is nothing to explain:
 * undefined. `allNodes` (the cluster's node names) names the nodes a PreFilterResult left out.
 * Every evaluated node's first failing Filter verdict decides its group, as upstream's
 * FitError counts it (all plugins are evaluated for the trace; only the first one counts).
 */
export function diagnoseCycle(trace: CycleTrace, allNodes: readonly string[] = []): Diagnosis | undefined {
  if (trace.result !== 'Unschedulable') return undefined;
  const numAllNodes = trace.numAllNodes ?? trace.nodesEvaluated.length;
  const diagnosis: Diagnosis = { pod: trace.pod, cycle: trace.cycle, time: trace.time, numAllNodes, groups: [], blocking: [], closest: [] };
  if (trace.message !== undefined) diagnosis.message = trace.message;
  const preemption = preemptionOf(trace);
  if (preemption) diagnosis.preemption = preemption;
  const podGroup = diagnosePodGroup(trace);
  if (podGroup) diagnosis.podGroup = podGroup;

  const rejectedAtPreFilter = trace.preFilter.find(failed);
  if (rejectedAtPreFilter) {
    diagnosis.preFilter = rejectedAtPreFilter;
    return diagnosis;
  }

  const groups = new Map<string, ReasonGroup>();
  const blocking = new Map<string, BlockingDomain>();
  const closest: ClosestNode[] = [];
  for (const node of new Set(trace.nodesEvaluated)) {
    const verdicts = trace.filter[node] ?? [];
    const failures = verdicts.filter(failed);
    const first = failures[0];
    if (!first) continue;
    for (const reason of first.reasons ?? ['(no reason)']) addToGroup(groups, first.plugin, first.code, reason, node);
    for (const f of failures) blockingFrom(node, f, blocking);
    if (failures.length === 1) closest.push({ node, plugin: first.plugin, reasons: [...(first.reasons ?? [])], ...(first.details ? { details: first.details } : {}) });
  }
  const excluded = trace.preFilterExcluded;
  if (excluded) {
    const evaluated = new Set(trace.nodesEvaluated);
    let left = numAllNodes - evaluated.size;
    for (const node of allNodes) {
      if (evaluated.has(node) || left-- <= 0) continue;
      for (const reason of excluded.reasons ?? []) addToGroup(groups, excluded.plugin, excluded.code, reason, node);
    }
  }
  diagnosis.groups = sortGroups(groups.values());
  diagnosis.blocking = [...blocking.values()];
  diagnosis.closest = closest.sort((a, b) => a.reasons.length - b.reasons.length);
  return diagnosis;
}

/** " (ns/a, ns/b, …)": the pods a topology spread domain counts, as far as they are named; "" when none are. */
export function namedPods(b: BlockingDomain): string {
  if (b.pods.length === 0) return '';
  return ` (${b.pods.join(', ')}${b.count > b.pods.length ? ', …' : ''})`;
}

/** The pod's latest cycle in a run's trace, or undefined when it never had one. */
export function latestCycleOf<T extends { pod: string; cycle: number }>(cycles: readonly T[], pod: string): T | undefined {
  for (let i = cycles.length - 1; i >= 0; i--) if (cycles[i]!.pod === pod) return cycles[i];
  return undefined;
}
