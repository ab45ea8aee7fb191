// The pod-group cycle of a CompositePodGroup hierarchy (v1.37 alpha, feature gate CompositePodGroup;
// KEP-6012). upstream (read at a commit after v1.37, the v1.37 tag is not in the stored index):
// pkg/scheduler/algorithm_podgroup.go RunRootSchedulingAlgorithm, podGroupSchedulingRecursiveAlgorithm,
// compositePodGroupSchedulingPlacementAlgorithm / compositePodGroupSchedulingDefaultAlgorithm,
// successfulLeafResults; GangScheduling.PlacementFeasible (its messages). What it does:
//  - the queue pops the whole hierarchy: every pending pod of every leaf PodGroup under the root;
//  - each CompositePodGroup generates placements from its topology constraint inside its parent's
//    placement (TopologyPlacement; the whole cluster for the root), tries its children in each
//    (every trial undone), scores the feasible ones and keeps the best — without a constraint its
//    parent's placement is the only one;
//  - inside a placement the children are tried in order, a leaf PodGroup by the ordinary pod-group
//    algorithm (its own placements when TopologyAwareWorkloadScheduling is on), a CompositePodGroup
//    recursively; it succeeds when at least minGroupCount children (1 for basic) succeeded, and
//    stops as soon as that can no longer happen; a failure undoes its whole subtree;
//  - the leaves that succeeded under ancestors that all succeeded bind; every other member goes
//    back to the queue. Each group gets its condition (PodGroupInitiallyScheduled,
//    CompositePodGroupInitiallyScheduled).
// Not simulated here: workload-aware preemption of a hierarchy (a member never preempts in it), and
// the nominated-placement fast path (upstream skips it for hierarchies too).

import type { CompositePodGroupCycleTrace, CycleTrace, PlacementCandidate } from '../api';
import type { QueuedPodInfo } from '../framework/interfaces';
import type { Framework } from '../framework/runtime';
import { podGroupSchedulingPlacementAlgorithm } from '../framework/placementAlgorithm';
import type { ProposedAssignment } from '../framework/placement';
import { Status } from '../framework/status';
import type { CycleState } from '../framework/cycleState';
import type { NodeInfo } from '../framework/nodeInfo';
import type { CompositePodGroup, Pod, PodGroup } from '../model/types';
import { podKey } from '../model/types';
import { podGroupPriority } from '../model/admission/podGroupPriority';
import { placementPlugins } from '../scheduler/placementPlugins';
import { buildHierarchy, findRoot, leafPodGroups, minGroupCount, nodeName, validateHierarchy, waitingForTree, type HierarchyNode } from '../plugins/GangScheduling/hierarchy';
import {
  ErrPodGroupUnschedulable, podGroupCondition, podGroupOrder, podGroupTrace, podGroupVerdict, setPodGroupCondition, submitMember, validatePodGroup,
  type MemberAttempt, type PodGroupVerdict,
} from '../scheduler/podGroupCycle';
import type { CycleOutcome } from '../scheduler/scheduleOne';
import type { ClusterState } from './cluster';

/** What the cycle uses of the simulation (./simulation.ts). */
export interface HierarchyHost {
  readonly cluster: ClusterState;
  readonly cycles: CycleTrace[];
  now(): number;
  topologyAware(): boolean;
  validatesPriority(): boolean;
  hasProfile(schedulerName: string): boolean;
  random(): number;
  /** the scheduler's snapshot node list */
  nodeInfos(): readonly NodeInfo[];
  /** the pod's node when the cache has it assumed or bound */
  nodeOfPod(key: string): string | undefined;
  popSpecific(key: string): QueuedPodInfo | undefined;
  skipPodSchedule(q: QueuedPodInfo): boolean;
  tryMembers(fwk: Framework, members: readonly QueuedPodInfo[], placementNodes?: ReadonlySet<string>): MemberAttempt[];
  forgetPlaced(fwk: Framework, a: MemberAttempt): void;
  choosePlacement(fwk: Framework, pg: PodGroup, members: readonly QueuedPodInfo[], groupPods: readonly Pod[], parentNodes?: ReadonlySet<string>): { nodes: ReadonlySet<string>; candidates: PlacementCandidate[]; message?: string };
  clearCycleInProgress(): void;
  bind(fwk: Framework, state: CycleState, q: QueuedPodInfo, node: string, trace: CycleTrace): void;
  failWithError(q: QueuedPodInfo, trace: CycleTrace, message: string): void;
  unschedulable(q: QueuedPodInfo, message: string, unschedulablePlugins: Set<string>, pendingPlugins: Set<string>, nominatedNode: string | undefined): void;
  /** the pod waits for its hierarchy (PreEnqueue said yes, but the tree changed since) */
  requeueGated(q: QueuedPodInfo, message: string): void;
}

interface LeafRun {
  pg: PodGroup;
  attempts: MemberAttempt[];
  verdict: PodGroupVerdict;
  placements?: PlacementCandidate[];
  /** undone by this failed ancestor: its members do not bind */
  revertedBy?: CompositePodGroup;
}

interface CompositeRun {
  cpg: CompositePodGroup;
  children: string[];
  scheduledChildren: number;
  success: boolean;
  message: string;
  placements?: PlacementCandidate[];
}

interface NodeResult { success: boolean; message: string; anyScheduled: boolean }

const childLabel = (n: HierarchyNode) => `${n.kind} ${nodeName(n)}`;
const placed = (a: MemberAttempt) => a.outcome.kind === 'scheduled' || a.outcome.kind === 'waiting';

/** upstream: GangScheduling.PlacementFeasible's statuses, for a CompositePodGroup's children */
function feasibility(min: number, scheduled: number, remaining: number): { proceed: boolean; message?: string } {
  if (remaining + scheduled < min) return { proceed: false, message: `minCount (${min}) cannot be satisfied: ${scheduled} scheduled, ${remaining} remaining` };
  if (scheduled < min) return { proceed: true, message: `minCount (${min}) is not yet satisfied: ${scheduled} scheduled, ${remaining} remaining` };
  return { proceed: true };
}

export class HierarchyScheduler {
  private readonly members = new Map<PodGroup, QueuedPodInfo[]>();
  private readonly groupPods = new Map<PodGroup, Pod[]>();
  private leaves: LeafRun[] = [];
  private composites = new Map<CompositePodGroup, CompositeRun>();

  constructor(private readonly host: HierarchyHost) {}

  /** One cycle for the hierarchy of `pg` (upstream: scheduleOnePodGroup with a root CompositePodGroup). */
  schedule(q: QueuedPodInfo, fwk: Framework, pg: PodGroup): CycleTrace[] {
    const found = findRoot(this.host.cluster, pg);
    if (!('root' in found)) {
      this.host.requeueGated(q, waitingForTree('missing' in found ? found.missing : pg.spec.parentCompositePodGroupName!));
      return [];
    }
    const tree = buildHierarchy(this.host.cluster, found.root);
    const leaves = leafPodGroups(tree);
    // upstream: the queue pops the root entity with every queued pod of its leaves
    const popped: QueuedPodInfo[] = [];
    for (const leaf of leaves) {
      const ns = leaf.metadata.namespace ?? 'default';
      const pods = this.host.cluster.pods().filter((p) => p.spec.schedulingGroup?.podGroupName === leaf.metadata.name && (p.metadata.namespace ?? 'default') === ns);
      this.groupPods.set(leaf, pods);
      const queued: QueuedPodInfo[] = [];
      for (const p of pods) {
        const key = podKey(p);
        if (p.spec.nodeName || this.host.nodeOfPod(key) !== undefined) continue;
        const m = key === q.podInfo.key ? q : this.host.popSpecific(key);
        if (m) queued.push(m);
      }
      queued.sort(podGroupOrder);
      this.members.set(leaf, queued);
      popped.push(...queued);
    }
    if (!popped.includes(q)) popped.push(q);
    // upstream: validatePodGroup — one scheduler for the whole hierarchy, every group at the root's priority
    const priorityOf = (g: PodGroup | CompositePodGroup) => (g.kind === 'PodGroup' ? podGroupPriority(g) : g.spec.priority ?? 0);
    const refused = validatePodGroup(popped.map((m) => m.podInfo.pod), (name) => this.host.hasProfile(name))
      ?? validateHierarchy(tree, priorityOf)
      ?? (this.host.validatesPriority() ? leaves.map((l) => validatePodGroup((this.members.get(l) ?? []).map((m) => m.podInfo.pod), () => true, podGroupPriority(l))).find((m) => m !== undefined) : undefined);
    if (refused) return this.refuse(tree, popped, refused);
    for (const leaf of leaves) this.members.set(leaf, (this.members.get(leaf) ?? []).filter((m) => !this.host.skipPodSchedule(m)));
    if (![...this.members.values()].some((m) => m.length > 0)) return [];

    const root = this.runNode(fwk, tree, undefined);
    this.host.clearCycleInProgress();
    let rootOk = root.success;
    let rootMessage = root.message;
    if (rootOk && !root.anyScheduled) { rootOk = false; rootMessage = 'no pods were schedulable'; }
    // the root failed after its children succeeded: nothing binds
    if (!rootOk) for (const leaf of this.leaves) this.revert(fwk, leaf, tree.group as CompositePodGroup);
    const rootRun = this.composites.get(tree.group as CompositePodGroup);
    if (rootRun) { rootRun.success = rootOk; rootRun.message = rootMessage; }
    return this.submit(fwk, tree);
  }

  private revert(fwk: Framework, leaf: LeafRun, by: CompositePodGroup): void {
    if (leaf.revertedBy) return;
    leaf.revertedBy = by;
    if (leaf.verdict.kind === 'scheduled') for (const a of leaf.attempts) this.host.forgetPlaced(fwk, a);
  }

  private runNode(fwk: Framework, node: HierarchyNode, allowed: ReadonlySet<string> | undefined): NodeResult {
    return node.kind === 'PodGroup' ? this.runLeaf(fwk, node.group, allowed) : this.runComposite(fwk, node, allowed);
  }

  /** upstream: podGroupSchedulingAlgorithm for a leaf, inside its parent's placement */
  private runLeaf(fwk: Framework, pg: PodGroup, allowed: ReadonlySet<string> | undefined): NodeResult {
    const members = this.members.get(pg) ?? [];
    const groupPods = this.groupPods.get(pg) ?? [];
    const minCount = pg.spec.schedulingPolicy.gang?.minCount ?? 1;
    if (members.length === 0) {
      // upstream: PlacementFeasible with nothing remaining — the scheduled pods decide
      const scheduled = groupPods.filter((p) => p.spec.nodeName || this.host.nodeOfPod(podKey(p)) !== undefined).length;
      const f = feasibility(minCount, scheduled, 0);
      const verdict: PodGroupVerdict = f.message ? { kind: 'unschedulable', message: f.message } : { kind: 'scheduled' };
      this.leaves.push({ pg, attempts: [], verdict });
      return { success: verdict.kind === 'scheduled', message: f.message ?? '', anyScheduled: false };
    }
    const placement = this.host.topologyAware() ? this.host.choosePlacement(fwk, pg, members, groupPods, allowed) : undefined;
    const attempts = this.host.tryMembers(fwk, members, placement?.nodes ?? allowed);
    let verdict = podGroupVerdict(attempts);
    if (placement?.message && verdict.kind === 'unschedulable') verdict = { kind: 'unschedulable', message: placement.message };
    if (verdict.kind !== 'scheduled') for (const a of attempts) this.host.forgetPlaced(fwk, a);
    const run: LeafRun = { pg, attempts, verdict };
    if (placement) run.placements = placement.candidates;
    this.leaves.push(run);
    if (verdict.kind === 'error') return { success: false, message: verdict.message, anyScheduled: false };
    return { success: verdict.kind === 'scheduled', message: verdict.kind === 'scheduled' ? '' : verdict.message, anyScheduled: verdict.kind === 'scheduled' && attempts.some(placed) };
  }

  /** upstream: compositePodGroupSchedulingPlacementAlgorithm */
  private runComposite(fwk: Framework, node: Extract<HierarchyNode, { kind: 'CompositePodGroup' }>, allowed: ReadonlySet<string> | undefined): NodeResult {
    const cpg = node.group;
    const key = cpg.spec.schedulingConstraints?.topology?.[0]?.key;
    if (!this.host.topologyAware() || key === undefined) return this.runCompositeDefault(fwk, node, allowed);
    const all = this.host.nodeInfos().filter((n) => !allowed || allowed.has(n.name));
    const byName = new Map(this.host.nodeInfos().map((n) => [n.name, n]));
    const scheduledPods = leafPodGroups(node).flatMap((g) => this.groupPods.get(g) ?? [])
      .map((p) => ({ pod: podKey(p), nodeName: p.spec.nodeName ?? this.host.nodeOfPod(podKey(p)) }))
      .filter((p): p is { pod: string; nodeName: string } => p.nodeName !== undefined);
    const { generators, scorers } = placementPlugins({ topologyKey: key, scheduledPods }, (n) => byName.get(n));
    const result = podGroupSchedulingPlacementAlgorithm(generators, scorers, all, (placement) => {
      const nodes = new Set(placement.nodes.map((n) => n.name));
      const trial = this.trial(fwk, node, nodes);
      const status = trial.result.success ? Status.success() : Status.unschedulable(trial.result.message);
      return { status, assignments: trial.assignments, result: nodes };
    }, () => this.host.random());
    this.host.clearCycleInProgress();
    // the chosen placement (the first when none fits, as upstream reports the first) is run for real
    const out = this.runCompositeDefault(fwk, node, result.attempt?.result ?? new Set<string>());
    const run = this.composites.get(cpg)!;
    run.placements = result.candidates;
    if (!result.status.isSuccess()) {
      run.message = result.status.message();
      return { success: false, message: run.message, anyScheduled: false };
    }
    return out;
  }

  /** The subtree tried in a placement and undone: where its pods would go. */
  private trial(fwk: Framework, node: Extract<HierarchyNode, { kind: 'CompositePodGroup' }>, nodes: ReadonlySet<string>): { result: NodeResult; assignments: ProposedAssignment[] } {
    const firstTrace = this.host.cycles.length;
    const leavesBefore = this.leaves.length;
    const saved = new Map(this.composites);
    const result = this.runCompositeDefault(fwk, node, nodes);
    const assignments: ProposedAssignment[] = [];
    for (const leaf of this.leaves.slice(leavesBefore)) {
      const binds = leaf.verdict.kind === 'scheduled' && !leaf.revertedBy;
      for (const a of leaf.attempts) {
        if (binds && (a.outcome.kind === 'scheduled' || a.outcome.kind === 'waiting')) assignments.push({ pod: a.queued.podInfo.pod, nodeName: a.outcome.node });
        if (binds) this.host.forgetPlaced(fwk, a);
      }
    }
    this.leaves.length = leavesBefore;
    this.composites = saved;
    this.host.cycles.length = firstTrace;
    this.host.clearCycleInProgress();
    return { result, assignments };
  }

  /** upstream: compositePodGroupSchedulingDefaultAlgorithm — the children in order, all-or-nothing over minGroupCount */
  private runCompositeDefault(fwk: Framework, node: Extract<HierarchyNode, { kind: 'CompositePodGroup' }>, allowed: ReadonlySet<string> | undefined): NodeResult {
    const cpg = node.group;
    const min = minGroupCount(cpg);
    const leavesBefore = this.leaves.length;
    const run: CompositeRun = { cpg, children: node.children.map(childLabel), scheduledChildren: 0, success: false, message: '' };
    this.composites.set(cpg, run);
    let remaining = node.children.length;
    let f = feasibility(min, 0, remaining);
    let anyScheduled = false;
    let error: string | undefined;
    if (f.proceed) {
      for (const child of node.children) {
        const r = this.runNode(fwk, child, allowed);
        remaining--;
        if (r.success) run.scheduledChildren++;
        anyScheduled ||= r.anyScheduled;
        const childError = child.kind === 'PodGroup' ? this.leaves.find((l) => l.pg === child.group && l.verdict.kind === 'error') : undefined;
        if (childError) { error = `composite pod group evaluation failed due to child error: ${r.message}`; break; }
        f = feasibility(min, run.scheduledChildren, remaining);
        if (!f.proceed) break;
      }
    }
    run.success = error === undefined && f.message === undefined;
    run.message = error ?? f.message ?? '';
    if (!run.success) for (const leaf of this.leaves.slice(leavesBefore)) this.revert(fwk, leaf, cpg);
    return { success: run.success, message: run.message, anyScheduled: run.success && anyScheduled };
  }

  /** The CompositePodGroups above a PodGroup, the root first. */
  private ancestors(tree: HierarchyNode, pg: PodGroup): CompositePodGroup[] {
    const path = (node: HierarchyNode): CompositePodGroup[] | undefined => {
      if (node.kind === 'PodGroup') return node.group === pg ? [] : undefined;
      for (const c of node.children) {
        const below = path(c);
        if (below) return [node.group, ...below];
      }
      return undefined;
    };
    return path(tree) ?? [];
  }

  /** upstream: submitPodGroupAlgorithmResult for every group of the hierarchy */
  private submit(fwk: Framework, tree: HierarchyNode): CycleTrace[] {
    const now = this.host.now();
    const cpgTraces = new Map<CompositePodGroup, CompositePodGroupCycleTrace>();
    const rootRun = this.composites.get(tree.group as CompositePodGroup);
    const walk = (node: HierarchyNode, parentFailed: string | undefined): void => {
      if (node.kind === 'PodGroup') return;
      const run = this.composites.get(node.group);
      // a child the cycle did not reach (its parent stopped early) shares its parent's verdict
      const success = run?.success === true && parentFailed === undefined;
      const message = run && !run.success ? run.message : parentFailed ?? '';
      const t: CompositePodGroupCycleTrace = {
        name: nodeName(node), minGroupCount: minGroupCount(node.group), children: node.children.map(childLabel),
        scheduledChildren: run?.scheduledChildren ?? 0, result: success ? 'Scheduled' : message.startsWith('composite pod group evaluation failed') ? 'Error' : 'Unschedulable',
      };
      if (!success) t.message = message;
      if (run?.placements) t.placements = run.placements;
      const conditions = (node.group.status ??= {}).conditions ??= [];
      const condition = success
        ? { type: 'CompositePodGroupInitiallyScheduled', status: 'True' as const, reason: 'Scheduled', message: '', lastTransitionTime: now }
        : { type: 'CompositePodGroupInitiallyScheduled', status: 'False' as const, reason: t.result === 'Error' ? 'SchedulerError' : 'Unschedulable', message, lastTransitionTime: now };
      setCondition(conditions, condition);
      const stored = conditions.find((c) => c.type === condition.type)!;
      t.condition = { type: stored.type, status: stored.status, reason: stored.reason, message: stored.message };
      cpgTraces.set(node.group, t);
      for (const c of node.children) walk(c, success ? undefined : message);
    };
    walk(tree, undefined);

    const traces: CycleTrace[] = [];
    for (const leaf of this.leaves) {
      const path = this.ancestors(tree, leaf.pg);
      const failedAncestor = leaf.revertedBy ?? (rootRun?.success === false ? tree.group as CompositePodGroup : undefined);
      let verdict = leaf.verdict;
      // a placed member of a leaf its ancestor undid: its own status, then why the ancestor failed
      let ancestorReason: string | undefined;
      if (verdict.kind === 'scheduled' && failedAncestor) {
        ancestorReason = `composite pod group "${failedAncestor.metadata.name}": ${this.composites.get(failedAncestor)?.message ?? ''}`;
        verdict = { kind: 'unschedulable', message: `${ErrPodGroupUnschedulable}, ${ancestorReason}` };
      }
      const bound = (this.groupPods.get(leaf.pg) ?? []).filter((p) => p.spec.nodeName).length;
      const groupTrace = podGroupTrace(leaf.pg, leaf.attempts, bound, verdict);
      if (leaf.placements) groupTrace.placements = leaf.placements;
      groupTrace.compositePodGroups = path.map((c) => cpgTraces.get(c)!).filter((t) => t !== undefined);
      const condition = podGroupCondition(leaf.pg, verdict, now);
      setPodGroupCondition(leaf.pg, condition);
      const stored = leaf.pg.status?.conditions?.find((c) => c.type === condition.type);
      if (stored) groupTrace.condition = { type: stored.type, status: stored.status, reason: stored.reason, message: stored.message };
      for (const a of leaf.attempts) {
        a.trace.podGroup = groupTrace;
        const submitted = submitMember(a, verdict, undefined, ancestorReason);
        if (submitted.kind === 'bind') {
          const outcome = a.outcome as Extract<CycleOutcome, { kind: 'scheduled' | 'waiting' }>;
          a.trace.result = 'Waiting';
          this.host.bind(fwk, outcome.state, a.queued, submitted.node, a.trace);
        } else if (submitted.kind === 'error') {
          this.host.failWithError(a.queued, a.trace, submitted.message);
        } else {
          const own = a.outcome.kind === 'unschedulable' ? a.outcome : undefined;
          if (verdict.kind !== 'scheduled') { a.trace.result = 'Unschedulable'; a.trace.message = submitted.message; }
          this.host.unschedulable(a.queued, submitted.message, own?.unschedulablePlugins ?? new Set(), own?.pendingPlugins ?? new Set(), submitted.nominatedNode);
        }
        traces.push(a.trace);
      }
      // members the cycle did not reach (a sibling failed first, an error stopped it) go back with the group's message
      const tried = new Set(leaf.attempts.map((a) => a.queued));
      for (const m of this.members.get(leaf.pg) ?? []) {
        if (tried.has(m)) continue;
        this.host.unschedulable(m, verdict.kind === 'scheduled' ? '' : verdict.message, new Set(), new Set(), undefined);
      }
    }
    // the leaves no trial reached (a parent stopped before them)
    const reached = new Set(this.leaves.map((l) => l.pg));
    for (const [pg, members] of this.members) {
      if (reached.has(pg)) continue;
      const failed = this.ancestors(tree, pg).map((c) => this.composites.get(c)).find((r) => r && !r.success);
      const message = `${ErrPodGroupUnschedulable}, composite pod group "${failed?.cpg.metadata.name ?? tree.group.metadata.name}": ${failed?.message ?? rootRun?.message ?? ''}`;
      setPodGroupCondition(pg, podGroupCondition(pg, { kind: 'unschedulable', message }, now));
      for (const m of members) this.host.unschedulable(m, message, new Set(), new Set(), undefined);
    }
    return traces;
  }

  /** An invalid hierarchy: every popped member fails with the error, every group gets it (KEP-6012 runtime validation). */
  private refuse(tree: HierarchyNode, popped: readonly QueuedPodInfo[], message: string): CycleTrace[] {
    const now = this.host.now();
    const verdict: PodGroupVerdict = { kind: 'error', message };
    for (const pg of leafPodGroups(tree)) setPodGroupCondition(pg, podGroupCondition(pg, verdict, now));
    const setAll = (node: HierarchyNode): void => {
      if (node.kind === 'PodGroup') return;
      setCondition((node.group.status ??= {}).conditions ??= [], { type: 'CompositePodGroupInitiallyScheduled', status: 'False', reason: 'SchedulerError', message, lastTransitionTime: now });
      node.children.forEach(setAll);
    };
    setAll(tree);
    const traces: CycleTrace[] = [];
    for (const m of popped) {
      const trace: CycleTrace = {
        cycle: this.host.cycles.length + 1, time: now, pod: m.podInfo.key, profile: m.podInfo.pod.spec.schedulerName ?? 'default-scheduler',
        preFilter: [], nodesEvaluated: [], filter: {}, feasible: [], result: 'Error', message,
      };
      this.host.cycles.push(trace);
      this.host.failWithError(m, trace, message);
      traces.push(trace);
    }
    return traces;
  }
}

/** apimeta.SetStatusCondition, never turning True back to False (as setPodGroupCondition). */
function setCondition(conditions: NonNullable<NonNullable<CompositePodGroup['status']>['conditions']>, condition: NonNullable<NonNullable<CompositePodGroup['status']>['conditions']>[number]): void {
  const i = conditions.findIndex((c) => c.type === condition.type);
  const existing = i >= 0 ? conditions[i]! : undefined;
  if (existing?.status === 'True' && condition.status !== 'True') return;
  const next = existing?.status === condition.status && existing.lastTransitionTime !== undefined ? { ...condition, lastTransitionTime: existing.lastTransitionTime } : condition;
  if (i >= 0) conditions[i] = next; else conditions.push(next);
}
