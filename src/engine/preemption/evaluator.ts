// upstream: pkg/scheduler/framework/preemption/preemption.go (Evaluator) and executor.go.
// The plugin-independent half of preemption: which nodes to dry-run, how many candidates to
// look for, which candidate wins, and the API calls that make room on it. The plugin supplies
// eligibility and victim selection (PreemptionInterface), as DefaultPreemption does upstream.

import type { PluginResult, PreemptionTrace, StatusCode } from '../api';
import type { CycleState } from '../framework/cycleState';
import { formatFitError } from '../framework/fitError';
import { NodeToStatus, type Handle } from '../framework/interfaces';
import type { NodeInfo } from '../framework/nodeInfo';
import { podPriority, type PodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import type { PodDisruptionBudget } from '../model/types';
import type { Candidate, Victims } from './candidate';
import { defaultScoreFuncs, pickOneNodeForPreemption, type PreemptionScoreFunc, type SelectionStep } from './pickOneNode';

/** upstream: preemption.Interface — what a preemption plugin decides. */
export interface PreemptionInterface {
  /** a random offset into the potential nodes and how many candidates to look for */
  getOffsetAndNumCandidates(numNodes: number): { offset: number; numCandidates: number };
  candidatesToVictimsMap(candidates: readonly Candidate[]): Map<string, Victims>;
  /** `reason` is the message when not eligible */
  podEligibleToPreemptOthers(pod: PodInfo, nominatedNodeStatus: Status): { eligible: boolean; reason: string };
  /** `state` and `nodeInfo` are copies the plugin may change */
  selectVictimsOnNode(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, pdbs: readonly PodDisruptionBudget[]): { victims: PodInfo[]; numViolatingVictim: number; status: Status };
  /** criteria for picking the node; undefined means upstream's defaults */
  orderedScoreFuncs(nodesToVictims: ReadonlyMap<string, Victims>): PreemptionScoreFunc[] | undefined;
}

export const REASON_NOT_HELPFUL = 'Preemption is not helpful for scheduling';

export interface DryRunOutcome {
  /** non-violating candidates first, then violating ones, each in visit order */
  candidates: Candidate[];
  /** the nodes that were tried and are not candidates; every other node is "absent" */
  nodeStatuses: NodeToStatus;
  /** messages of the Error statuses met on the way */
  errors: string[];
}

export interface PreemptOutcome {
  /** undefined: leave the pod's nomination as it is; '': clear it; otherwise nominate this node */
  nominatedNodeName?: string;
  status: Status;
  trace: PreemptionTrace;
}

/** upstream: utilerrors.NewAggregate(errs).Error() — one message as is, several deduplicated in brackets. */
function aggregateErrors(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

export class Evaluator {
  constructor(
    readonly pluginName: string,
    private readonly handle: Handle,
    private readonly plugin: PreemptionInterface,
  ) {}

  /** upstream: Evaluator.Preempt (without extenders, which the simulator does not have). */
  preempt(state: CycleState, pod: PodInfo, m: NodeToStatus): PreemptOutcome {
    const nominatedNodeStatus = m.get(pod.pod.status.nominatedNodeName ?? '');
    const { eligible, reason } = this.plugin.podEligibleToPreemptOthers(pod, nominatedNodeStatus);
    if (!eligible) return { status: Status.unschedulable(reason), trace: { candidates: [] } };

    const allNodes = this.handle.snapshot().nodeInfoList;
    if (allNodes.length === 0) return { status: Status.error('no nodes available'), trace: { candidates: [] } };
    // each node's Filter code, looked up once (a preemptor that fits nowhere has a status per node)
    const filterCodes = allNodes.map((n) => m.get(n.name).code);
    // upstream: NodesForStatusCode(Unschedulable)
    const potentialNodes = allNodes.filter((_, i) => filterCodes[i] === 'Unschedulable');
    const dryRun = this.findCandidates(state, pod, potentialNodes);
    const rejected = this.rejectedNodes(allNodes, filterCodes, dryRun.nodeStatuses);
    const { candidates } = dryRun;
    if (dryRun.errors.length > 0 && candidates.length === 0) {
      return { status: Status.error(aggregateErrors(dryRun.errors)), trace: { candidates: [], rejected } };
    }
    if (candidates.length === 0) {
      // Every node that was not dry-run counts as "not helpful" in the message.
      dryRun.nodeStatuses.absentNodesStatus = Status.unresolvable(REASON_NOT_HELPFUL);
      const message = formatFitError(allNodes.length, dryRun.nodeStatuses);
      return { nominatedNodeName: '', status: Status.unschedulable(message), trace: { candidates: [], rejected } };
    }

    const { candidate: best, steps } = this.selectCandidate(candidates);
    const trace: PreemptionTrace = {
      candidates: candidates.map((c) => ({ node: c.name, victims: c.victims.pods.map((p) => p.key), pdbViolations: c.victims.numPDBViolations })),
      selection: steps,
      rejected,
    };
    if (best === undefined || best.name === '') return { status: Status.unschedulable('no candidate node for preemption'), trace };
    trace.chosen = { node: best.name, victims: best.victims.pods.map((p) => p.key) };
    this.prepareCandidate(best, pod);
    return { nominatedNodeName: best.name, status: Status.success(), trace };
  }

  /** upstream: findCandidates — dry-run the nodes whose filter status was exactly Unschedulable. */
  findCandidates(state: CycleState, pod: PodInfo, potentialNodes: NodeInfo[]): DryRunOutcome {
    if (potentialNodes.length === 0) return { candidates: [], nodeStatuses: new NodeToStatus(Status.unresolvable()), errors: [] };
    const pdbs = this.handle.cluster.pdbs();
    const { offset, numCandidates } = this.plugin.getOffsetAndNumCandidates(potentialNodes.length);
    return this.dryRunPreemption(state, pod, potentialNodes, pdbs, offset, numCandidates);
  }

  /**
   * upstream: DryRunPreemption. Upstream checks nodes in parallel and cancels once it has a
   * non-violating candidate and numCandidates in all; here nodes are checked one at a time in
   * order potentialNodes[(offset + i) % n], which is upstream with parallelism 1. Each list keeps
   * at most numCandidates entries, as upstream's candidateList does.
   */
  dryRunPreemption(state: CycleState, pod: PodInfo, potentialNodes: readonly NodeInfo[], pdbs: readonly PodDisruptionBudget[], offset: number, numCandidates: number): DryRunOutcome {
    const nonViolating: Candidate[] = [];
    const violating: Candidate[] = [];
    const nodeStatuses = new NodeToStatus(Status.unresolvable());
    const errors: string[] = [];
    for (let i = 0; i < potentialNodes.length; i++) {
      const nodeInfoCopy = potentialNodes[(offset + i) % potentialNodes.length]!.clone();
      const { victims, numViolatingVictim, status: selected } = this.plugin.selectVictimsOnNode(state.clone(), pod, nodeInfoCopy, pdbs);
      let status = selected;
      if (status.isSuccess() && victims.length > 0) {
        const c: Candidate = { name: nodeInfoCopy.name, victims: { pods: victims, numPDBViolations: numViolatingVictim } };
        const list = numViolatingVictim === 0 ? nonViolating : violating;
        if (list.length < numCandidates) list.push(c);
        if (nonViolating.length > 0 && nonViolating.length + violating.length >= numCandidates) break;
        continue;
      }
      if (status.isSuccess()) status = Status.error(`expected at least one victim pod on node ${JSON.stringify(nodeInfoCopy.name)}`);
      if (status.code === 'Error') errors.push(status.message());
      nodeStatuses.set(nodeInfoCopy.name, status);
    }
    return { candidates: [...nonViolating, ...violating], nodeStatuses, errors };
  }

  /** upstream: SelectCandidate — a single candidate wins outright; otherwise pickOneNodeForPreemption. */
  selectCandidate(candidates: readonly Candidate[]): { candidate: Candidate | undefined; steps: SelectionStep[] } {
    if (candidates.length <= 1) return { candidate: candidates[0], steps: [] };
    const victimsMap = this.plugin.candidatesToVictimsMap(candidates);
    const scoreFuncs = this.plugin.orderedScoreFuncs(victimsMap) ?? defaultScoreFuncs(victimsMap, this.handle.now());
    const { node, steps } = pickOneNodeForPreemption([...victimsMap.keys()], scoreFuncs, (tied) => tied[this.handle.rng.intn(tied.length)]!);
    const victims = node === undefined ? undefined : victimsMap.get(node);
    // upstream: "We shouldn't reach here" — fall back to the first candidate.
    return { candidate: victims ? { name: node!, victims } : candidates[0], steps };
  }

  /**
   * upstream: prepareCandidateAsync (SchedulerAsyncPreemption, on by default): lower-priority pods
   * nominated to the node lose their nomination, then every victim not already terminating is
   * preempted. Nothing happens when all victims are already terminating.
   */
  prepareCandidate(c: Candidate, preemptor: PodInfo): void {
    const toDelete = c.victims.pods.filter((v) => v.pod.metadata.deletionTimestamp === undefined);
    if (toDelete.length === 0) return;
    const nominated = this.handle.nominatedPodsForNode(c.name).filter((p) => podPriority(p.pod) < podPriority(preemptor.pod));
    if (nominated.length > 0) this.handle.api.clearNominatedNodeName(nominated);
    for (const victim of toDelete) this.handle.api.preemptPod(victim, preemptor, c.name);
  }

  /** For the trace: why each node is not a candidate (dry-run failure, or never worth a dry run). */
  private rejectedNodes(allNodes: readonly NodeInfo[], filterCodes: readonly StatusCode[], dryRunStatuses: NodeToStatus): Record<string, PluginResult> {
    const rejected: Record<string, PluginResult> = {};
    const tried = dryRunStatuses.statuses;
    for (let i = 0; i < allNodes.length; i++) {
      const filterCode = filterCodes[i]!;
      // only nodes whose Filter said Unschedulable are dry-run
      const status = filterCode === 'Unschedulable' && tried.size > 0 ? tried.get(allNodes[i]!.name) : undefined;
      if (status) rejected[allNodes[i]!.name] = status.toResult(status.plugin ?? this.pluginName);
      else if (filterCode !== 'Unschedulable') {
        rejected[allNodes[i]!.name] = { plugin: this.pluginName, code: 'UnschedulableAndUnresolvable', reasons: [REASON_NOT_HELPFUL], details: { filterCode } };
      }
    }
    return rejected;
  }
}
