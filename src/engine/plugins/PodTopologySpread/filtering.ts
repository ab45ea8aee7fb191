// upstream: pkg/scheduler/framework/plugins/podtopologyspread/filtering.go
// Hard constraints (whenUnsatisfiable: DoNotSchedule): PreFilter counts matching pods per domain
// over all nodes, Filter checks the skew a placement would create, and the PreFilter extensions
// keep the counts right while preemption tries removing pods.

import type { CycleState, StateData } from '../../framework/cycleState';
import type { ClusterLister } from '../../framework/interfaces';
import { ListInterner, nodeRecord } from '../../framework/intern';
import type { NodeInfo } from '../../framework/nodeInfo';
import { podNamespace } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { getRequiredNodeAffinity } from '../../model/selectors';
import type { Labels, Node, Pod } from '../../model/types';
import {
  getConstraints, Name, NodeInclusion, nodeLabelsMatchSpreadConstraints, podCounts, topologyValue, type SpreadConstraint, type SpreadDefaults,
} from './common';
import { DomainCounter, type SkippedNode } from './domainCounts';
import type { ConstraintVerdict, CycleFacts, SpreadTraceMemory } from './traceFacts';

/** upstream: ErrReasonConstraintsNotMatch */
export const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
/** upstream: ErrReasonNodeLabelNotMatch */
export const ErrReasonNodeLabelNotMatch = `${ErrReasonConstraintsNotMatch} (missing required label)`;

export const preFilterStateKey = `PreFilter${Name}`;

/** how many matching pods a failing verdict names per domain, for explanations */
const MAX_NAMED_PODS = 20;

/** math.MaxInt32: the match number of a critical path that has not been seen yet. */
const MAX_INT32 = 2147483647;

export interface CriticalPath {
  topologyValue: string;
  matchNum: number;
}

/**
 * upstream: criticalPaths — two domains with few matching pods. [0] always holds the minimum;
 * [1] is >= [0] but not necessarily the second minimum. Two are enough because preemption only
 * removes pods from one node per evaluated copy of the state.
 */
export type CriticalPaths = [CriticalPath, CriticalPath];

function newCriticalPaths(): CriticalPaths {
  return [{ topologyValue: '', matchNum: MAX_INT32 }, { topologyValue: '', matchNum: MAX_INT32 }];
}

/** upstream: criticalPaths.update */
function updateCriticalPaths(p: CriticalPaths, tpVal: string, num: number): void {
  const existing = tpVal === p[0].topologyValue ? p[0] : tpVal === p[1].topologyValue ? p[1] : undefined;
  if (existing) {
    existing.matchNum = num;
    if (p[0].matchNum > p[1].matchNum) [p[0], p[1]] = [p[1], p[0]];
  } else if (num < p[0].matchNum) {
    p[1] = p[0];
    p[0] = { topologyValue: tpVal, matchNum: num };
  } else if (num < p[1].matchNum) {
    p[1] = { topologyValue: tpVal, matchNum: num };
  }
}

export type { SkippedNode };

/** upstream: preFilterState — per hard constraint, the matching pods per eligible domain. */
export class PreFilterState implements StateData {
  /** per constraint, the counts as a plain object, built on demand and shared by all Filter verdicts */
  private readonly countsView: (Record<string, number> | undefined)[];
  /**
   * Filter verdicts depend on the node only through its domain: per constraint, domain (null
   * when the node lacks the key) -> verdict, and one Filter status per combination of verdicts,
   * shared by every node with those domains. Reset when the counts change or the pod differs.
   */
  private verdicts: Map<string | null, ConstraintVerdict>[] = [];
  private statuses = new ListInterner<ConstraintVerdict, Status>();
  private verdictsFor: Pod | undefined;

  constructor(
    readonly constraints: readonly SpreadConstraint[],
    readonly criticalPaths: CriticalPaths[],
    /** per constraint: domain value -> matching pods; the keys are the eligible domains */
    readonly tpValueToMatchNum: Map<string, number>[],
    /** per constraint: the nodes that were not counted (not changed by AddPod/RemovePod) */
    readonly skippedNodes: readonly (readonly SkippedNode[])[],
    /**
     * per constraint: domain value -> its counted nodes, to name the matching pods of a domain
     * where the skew is too high; undefined once AddPod/RemovePod changed the counts
     */
    private domainNodes?: readonly Map<string, NodeInfo[]>[],
    /**
     * the plugin's memory for verdicts kept compactly in the trace (./traceFacts.ts); undefined
     * in a copy or once AddPod/RemovePod changed the counts: those verdicts are made whole
     */
    private memory?: SpreadTraceMemory,
  ) {
    this.countsView = constraints.map(() => undefined);
  }

  /** upstream: minMatchNum — the global minimum, 0 while there are fewer eligible domains than minDomains. */
  minMatchNum(i: number): number {
    const domains = this.tpValueToMatchNum[i]!.size;
    return domains < this.constraints[i]!.minDomains ? 0 : this.criticalPaths[i]![0].matchNum;
  }

  counts(i: number): Record<string, number> {
    let view = this.countsView[i];
    if (view === undefined) {
      view = nodeRecord<number>();
      for (const [domain, n] of this.tpValueToMatchNum[i]!) view[domain] = n;
      this.countsView[i] = view = Object.freeze(view);
    }
    return view;
  }

  /** upstream: updateWithPod's per-constraint step */
  add(i: number, tpVal: string, delta: number): void {
    const m = this.tpValueToMatchNum[i]!;
    m.set(tpVal, (m.get(tpVal) ?? 0) + delta);
    updateCriticalPaths(this.criticalPaths[i]!, tpVal, m.get(tpVal)!);
    this.countsView[i] = undefined;
    this.domainNodes = undefined;
    this.verdictsFor = undefined;
    this.memory = undefined;
  }

  /** the matching pods counted in a domain (at most MAX_NAMED_PODS), or undefined when not known */
  matchingPods(i: number, domain: string, pod: Pod): string[] | undefined {
    const nodes = this.domainNodes?.[i]?.get(domain);
    if (nodes === undefined) return undefined;
    const c = this.constraints[i]!;
    const namespace = podNamespace(pod);
    const out: string[] = [];
    for (const n of nodes) {
      for (const p of n.pods) {
        if (out.length >= MAX_NAMED_PODS) return out;
        if (!c.selector.empty && podCounts(p, c.selector, namespace)) out.push(p.key);
      }
    }
    return out;
  }

  /** upstream: PodTopologySpread.Filter's checks, for the node's domains (see filterTopologySpread) */
  filterStatus(pod: Pod, node: Node): Status {
    if (this.verdictsFor !== pod) {
      this.verdictsFor = pod;
      this.verdicts = this.constraints.map(() => new Map());
      this.statuses = new ListInterner();
      this.statusByDomain.clear();
      this.facts = undefined;
    }
    const labels = node.metadata.labels ?? {};
    if (this.constraints.length === 1) {
      // one constraint (the common case): the status follows from the node's domain, no list to intern
      const domain = domainOf(labels, this.constraints[0]!.topologyKey);
      if (this.memory !== undefined) {
        const status = this.compactStatus(pod, node.metadata.name, domain);
        if (status !== undefined) return status;
      }
      let status = this.statusByDomain.get(domain);
      if (status === undefined) this.statusByDomain.set(domain, (status = filterStatusOf([this.verdict(0, pod, domain).v])));
      return status;
    }
    return this.filterStatusOfAll(pod, labels);
  }

  /** this cycle's facts for verdicts built when the trace is read (./traceFacts.ts) */
  private facts: CycleFacts | undefined;

  /**
   * The one constraint's status shared by every node with the same outcome, its verdict built
   * per node when read; undefined when it must be made whole (see CycleFacts.notePods).
   */
  private compactStatus(pod: Pod, node: string, domain: string | null): Status | undefined {
    const c = this.constraints[0]!;
    const facts = (this.facts ??= this.memory!.cycle(
      { topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch: c.selector.matches(pod.metadata.labels ?? {}) ? 1 : 0, minMatch: this.minMatchNum(0) },
      this.tpValueToMatchNum[0]!,
      `${podNamespace(pod)}\u0000${JSON.stringify(c.labelSelector)}`,
    ));
    facts.noteDomain(node, domain);
    if (domain === null) return facts.status('MissingLabel');
    const matchNum = this.tpValueToMatchNum[0]!.get(domain) ?? 0;
    if (matchNum + facts.constraint.selfMatch - facts.constraint.minMatch <= c.maxSkew) return facts.status('Pass');
    // the domain's pods are named once while its nodes do not change, not in every cycle
    const nodes = this.domainNodes?.[0]?.get(domain);
    if (facts.podsKnown(domain, nodes)) return facts.status('SkewTooHigh');
    return facts.notePods(domain, this.matchingPods(0, domain, pod), nodes) ? facts.status('SkewTooHigh') : undefined;
  }

  /** filterStatus with several constraints (apart: its closures would cost every call a context) */
  private filterStatusOfAll(pod: Pod, labels: Labels): Status {
    let seenBefore = true;
    const list = this.constraints.map((c, i) => {
      const { v, seen } = this.verdict(i, pod, domainOf(labels, c.topologyKey));
      if (!seen) seenBefore = false;
      return v;
    });
    // a new verdict (a hostname domain, say) makes a combination no other node has had yet
    return seenBefore ? this.statuses.get(list, () => filterStatusOf(list)) : filterStatusOf(list);
  }

  /** with one constraint: domain -> the Filter status of every node in it */
  private readonly statusByDomain = new Map<string | null, Status>();

  /** constraint i's verdict for a domain, and whether it was made before */
  private verdict(i: number, pod: Pod, domain: string | null): { v: ConstraintVerdict; seen: boolean } {
    const cache = this.verdicts[i]!;
    const v = cache.get(domain);
    if (v !== undefined) return { v, seen: true };
    const made = verdict(this, i, pod, domain);
    cache.set(domain, made);
    return { v: made, seen: false };
  }

  clone(): PreFilterState {
    // Constraints and skipped nodes are shared: they do not change.
    return new PreFilterState(
      this.constraints,
      this.criticalPaths.map((p) => [{ ...p[0] }, { ...p[1] }] as CriticalPaths),
      this.tpValueToMatchNum.map((m) => new Map(m)),
      this.skippedNodes,
      this.domainNodes,
    );
  }
}

export function getPreFilterState(state: CycleState): PreFilterState | undefined {
  return state.read<PreFilterState>(preFilterStateKey);
}

function notFound(): Status {
  return Status.error(`reading "${preFilterStateKey}" from cycleState: not found`);
}

/**
 * upstream: calPreFilterState — undefined when the pod has no hard constraints. The counts come
 * from the plugin's DomainCounter, which recounts only the nodes changed since its last count.
 */
export function calPreFilterState(
  pod: Pod, allNodes: readonly NodeInfo[], defaults: SpreadDefaults, cluster: ClusterLister, counter = new DomainCounter(), memory?: SpreadTraceMemory,
): PreFilterState | undefined {
  const constraints = getConstraints(pod, defaults, cluster, 'DoNotSchedule');
  if (constraints.length === 0) return undefined;
  const { counts, skipped, domainNodes } = counter.count(pod, constraints, allNodes, { requireAllKeys: true });
  // this cycle's copy: AddPod/RemovePod change it
  const tpValueToMatchNum = counts.map((m) => new Map(m));
  const criticalPaths = tpValueToMatchNum.map((m) => {
    const paths = newCriticalPaths();
    for (const [value, num] of m) updateCriticalPaths(paths, value, num);
    return paths;
  });
  return new PreFilterState(constraints, criticalPaths, tpValueToMatchNum, skipped, domainNodes, memory);
}

/** upstream: PodTopologySpread.PreFilter — Skip when the pod has no hard constraints. */
export function preFilterTopologySpread(
  state: CycleState, pod: Pod, allNodes: readonly NodeInfo[], defaults: SpreadDefaults, cluster: ClusterLister, counter?: DomainCounter,
  memory?: SpreadTraceMemory,
): Status {
  const s = calPreFilterState(pod, allNodes, defaults, cluster, counter, memory);
  if (s === undefined) return Status.skip();
  state.write(preFilterStateKey, s);
  return Status.success();
}

/** upstream: updateWithPod — AddPod (delta 1) and RemovePod (delta -1) during preemption dry runs. */
export function updateWithPod(state: CycleState, updatedPod: Pod, preemptorPod: Pod, node: Node, delta: 1 | -1): Status {
  const s = getPreFilterState(state);
  if (s === undefined) return notFound();
  if (podNamespace(updatedPod) !== podNamespace(preemptorPod)) return Status.success();
  if (!nodeLabelsMatchSpreadConstraints(node.metadata.labels, s.constraints)) return Status.success();
  const inclusion = new NodeInclusion(preemptorPod, getRequiredNodeAffinity(preemptorPod), node);
  s.constraints.forEach((c, i) => {
    if (!c.selector.matches(updatedPod.metadata.labels ?? {})) return;
    if (inclusion.exclusion(c)) return;
    s.add(i, topologyValue(node, c.topologyKey), delta);
  });
  return Status.success();
}

/** the node's value for the topology key; null when it lacks the label */
function domainOf(labels: Labels, topologyKey: string): string | null {
  return Object.prototype.hasOwnProperty.call(labels, topologyKey) ? labels[topologyKey]! : null;
}

export type { ConstraintVerdict };

/** one constraint's verdict for a node in `domain` (null: the node lacks the topology key) */
function verdict(s: PreFilterState, i: number, pod: Pod, domain: string | null): ConstraintVerdict {
  const c = s.constraints[i]!;
  const minMatch = s.minMatchNum(i);
  const selfMatch = c.selector.matches(pod.metadata.labels ?? {}) ? 1 : 0;
  const eligibleDomains = s.tpValueToMatchNum[i]!.size;
  const counts = s.counts(i);
  // object literals rather than spreads of a shared base: V8 gives spread copies shapes of their own
  if (domain === null) {
    return { topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch, minMatch, eligibleDomains, counts, domain: null, matchNum: 0, skew: null, result: 'MissingLabel' };
  }
  const matchNum = s.tpValueToMatchNum[i]!.get(domain) ?? 0;
  const skew = matchNum + selfMatch - minMatch;
  if (skew <= c.maxSkew) {
    return {
      topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch, minMatch, eligibleDomains, counts,
      domain, matchNum, skew, result: 'Pass',
    };
  }
  const pods = s.matchingPods(i, domain, pod);
  return {
    topologyKey: c.topologyKey, maxSkew: c.maxSkew, minDomains: c.minDomains, selfMatch, minMatch, eligibleDomains, counts,
    domain, matchNum, skew, result: 'SkewTooHigh', ...(pods ? { pods } : {}),
  };
}

/** The first failing constraint decides; the details carry every constraint's numbers, on success too. */
function filterStatusOf(constraints: ConstraintVerdict[]): Status {
  const failed = constraints.find((v) => v.result !== 'Pass');
  const status = failed === undefined ? Status.success()
    : failed.result === 'MissingLabel' ? Status.unresolvable(ErrReasonNodeLabelNotMatch)
      : Status.unschedulable(ErrReasonConstraintsNotMatch);
  return status.withDetails({ constraints });
}

/**
 * upstream: PodTopologySpread.Filter — for each hard constraint in order: a node without the
 * topology key is UnschedulableAndUnresolvable; 'existing matching num' + 'self-match (1 or 0)' -
 * 'global minimum' > maxSkew is Unschedulable. The first failing constraint decides; the details
 * carry every constraint's numbers, on success too.
 */
export function filterTopologySpread(state: CycleState, pod: Pod, nodeInfo: NodeInfo): Status {
  const s = getPreFilterState(state);
  if (s === undefined) return notFound();
  if (s.constraints.length === 0) return Status.success();
  return s.filterStatus(pod, nodeInfo.node);
}

/** One hard constraint, as the topology-spread panel shows it. */
export interface SpreadExplanation {
  topologyKey: string;
  maxSkew: number;
  minDomains: number;
  nodeAffinityPolicy: SpreadConstraint['nodeAffinityPolicy'];
  nodeTaintsPolicy: SpreadConstraint['nodeTaintsPolicy'];
  /** the constraint's selector after the matchLabelKeys merge (or the default selector); null matches nothing */
  labelSelector: SpreadConstraint['labelSelector'];
  selfMatch: boolean;
  /** matching pods per eligible domain */
  counts: Record<string, number>;
  eligibleDomains: string[];
  /** the global minimum used in the skew */
  minMatch: number;
  /** domains where placing the pod would exceed maxSkew */
  violatingDomains: string[];
  /** nodes that contribute no domain: missing topology keys, or excluded by nodeAffinity/nodeTaints policies */
  skippedNodes: readonly SkippedNode[];
}

/**
 * Per hard constraint: counts per domain, eligible domains, the global minimum, which domains
 * would violate maxSkew and which nodes were not counted. Reads the PreFilter state only;
 * undefined when PreFilter did not run or skipped (no hard constraints).
 */
export function explainSpread(state: CycleState, pod: Pod): SpreadExplanation[] | undefined {
  const s = getPreFilterState(state);
  if (s === undefined) return undefined;
  return s.constraints.map((c, i) => {
    const selfMatch = c.selector.matches(pod.metadata.labels ?? {});
    const minMatch = s.minMatchNum(i);
    const counts = s.tpValueToMatchNum[i]!;
    return {
      topologyKey: c.topologyKey,
      maxSkew: c.maxSkew,
      minDomains: c.minDomains,
      nodeAffinityPolicy: c.nodeAffinityPolicy,
      nodeTaintsPolicy: c.nodeTaintsPolicy,
      labelSelector: c.labelSelector,
      selfMatch,
      counts: s.counts(i),
      eligibleDomains: [...counts.keys()],
      minMatch,
      violatingDomains: [...counts].filter(([, n]) => n + (selfMatch ? 1 : 0) - minMatch > c.maxSkew).map(([domain]) => domain),
      skippedNodes: s.skippedNodes[i]!,
    };
  });
}
