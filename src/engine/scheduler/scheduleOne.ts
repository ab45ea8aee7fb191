// upstream: pkg/scheduler/schedule_one.go — one scheduling cycle for one pod: PreFilter, the
// nominated node first, Filter over nodes from the rotating start index until enough are
// feasible, PostFilter when none is, PreScore/Score, host selection, Assume, Reserve, Permit.
// The trace records what each step saw.

import type { CycleTrace, NodeScore, PluginResult } from '../api';
import { numFeasibleNodesToFind } from '../framework/config/feasibleNodes';
import type { CycleState } from '../framework/cycleState';
import { KeyedLists, nodeRecord, sameElements } from '../framework/intern';
import { formatFitError } from '../framework/fitError';
import { NodeToStatus, type QueuedPodInfo } from '../framework/interfaces';
import type { NodeInfo } from '../framework/nodeInfo';
import type { PodInfo } from '../framework/podInfo';
import type { Rng } from '../framework/rng';
import type { Framework } from '../framework/runtime';
import type { Snapshot } from '../framework/snapshot';
import { Status, goSlice } from '../framework/status';
import { compactCycle, tellingResult } from './traceRecords';
import { plainResults } from '../framework/labelledResults';

/** upstream: ErrNoNodesAvailable */
export const ErrNoNodesAvailable = 'no nodes available to schedule pods';

export interface SchedulerState {
  /** upstream: sched.nextStartNodeIndex, carried across cycles */
  nextStartNodeIndex: number;
  /** KubeSchedulerConfiguration.percentageOfNodesToScore (global) */
  percentageOfNodesToScore: number;
}

export type CycleOutcome =
  | { kind: 'scheduled'; node: string; state: CycleState }
  | { kind: 'waiting'; node: string; state: CycleState; timeout: number; waitingOn: string[] }
  | {
      kind: 'unschedulable';
      status: Status;
      message: string;
      /** upstream NominatingInfo: undefined = leave status.nominatedNodeName as it is; "" = clear it */
      nominatedNodeName?: string;
      /** the cycle's state, when PostFilter nominated a node (a pod-group cycle assumes the pod there) */
      state?: CycleState;
      unschedulablePlugins: Set<string>;
      pendingPlugins: Set<string>;
    }
  | { kind: 'error'; status: Status; message: string };

interface Diagnosis {
  nodeToStatus: NodeToStatus;
  unschedulablePlugins: Set<string>;
  pendingPlugins: Set<string>;
  preFilterMsg: string;
  postFilterMsg: string;
}

function newDiagnosis(): Diagnosis {
  return {
    nodeToStatus: new NodeToStatus(Status.unresolvable()),
    unschedulablePlugins: new Set(),
    pendingPlugins: new Set(),
    preFilterMsg: '',
    postFilterMsg: '',
  };
}

/** upstream: Diagnosis.AddPluginStatus */
function addPluginStatus(d: Diagnosis, s: Status): void {
  if (!s.plugin) return;
  if (s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable') d.unschedulablePlugins.add(s.plugin);
  else if (s.code === 'Pending') d.pendingPlugins.add(s.plugin);
}

export interface CycleInput {
  fwk: Framework;
  snapshot: Snapshot;
  rng: Rng;
  scheduler: SchedulerState;
  queued: QueuedPodInfo;
  /** assumes the pod on the node in the cache (upstream: sched.assume) */
  assume(pod: PodInfo, nodeName: string): void;
  /** forgets an assumed pod (upstream: cache.ForgetPod) */
  forget(pod: PodInfo): void;
}

/** Runs one scheduling cycle and fills `trace` as it goes. */
export function schedulingCycle(input: CycleInput, trace: CycleTrace): CycleOutcome {
  const { fwk, snapshot, queued } = input;
  const pod = queued.podInfo;
  const state = fwk.newCycleState();
  const startIndex = input.scheduler.nextStartNodeIndex;
  trace.numAllNodes = snapshot.numNodes;
  // each visited node's verdicts, beside trace.nodesEvaluated (made compact at the end, see traceRecords.ts)
  const verdicts: PluginResult[][] = [];

  const diagnosis = newDiagnosis();
  let feasible: NodeInfo[] = [];
  if (snapshot.numNodes === 0) {
    return fail(input, trace, Status.unresolvable(ErrNoNodesAvailable), ErrNoNodesAvailable);
  }
  const found = findNodesThatFitPod(input, state, diagnosis, trace, verdicts);
  if ('error' in found) {
    trace.filter = plainRecord(trace.nodesEvaluated, verdicts.map((v, i) => plainResults(v, state.traceLabels, trace.nodesEvaluated[i]!) as PluginResult[]));
    return { kind: 'error', status: found.error, message: found.error.message() };
  }
  feasible = found.feasible;
  trace.feasible = feasible.map((n) => n.name);

  if (feasible.length === 0) {
    // FitError: PostFilter (preemption) may nominate a node for a later cycle.
    let nominatedNodeName: string | undefined;
    if (fwk.hasPostFilterPlugins()) {
      const pf = fwk.runPostFilterPlugins(state, pod, diagnosis.nodeToStatus);
      diagnosis.postFilterMsg = pf.status.message();
      if (pf.result?.trace) trace.postFilter = pf.result.trace;
      if (pf.result?.nominatedNodeName !== undefined) nominatedNodeName = pf.result.nominatedNodeName;
      if (trace.postFilter) {
        if (nominatedNodeName) trace.postFilter.chosen ??= { node: nominatedNodeName, victims: [] };
      }
      if (nominatedNodeName) trace.selected = nominatedNodeName;
    }
    compactCycle(trace, snapshot.nodeInfoList, verdicts, undefined, startIndex, state.traceLabels);
    const message = formatFitError(snapshot.numNodes, diagnosis.nodeToStatus, diagnosis.preFilterMsg, diagnosis.postFilterMsg);
    trace.result = 'Unschedulable';
    trace.message = message;
    return {
      kind: 'unschedulable', status: Status.unschedulable(), message, nominatedNodeName,
      ...(nominatedNodeName ? { state } : {}),
      unschedulablePlugins: diagnosis.unschedulablePlugins, pendingPlugins: diagnosis.pendingPlugins,
    };
  }

  let host: string;
  let scores: readonly NodeScore[] | undefined;
  if (feasible.length === 1) {
    host = feasible[0]!.name;
  } else {
    const scored = prioritizeNodes(fwk, state, pod, feasible, trace);
    if (!scored.status.isSuccess()) {
      trace.filter = plainRecord(trace.nodesEvaluated, verdicts.map((v, i) => plainResults(v, state.traceLabels, trace.nodesEvaluated[i]!) as PluginResult[]));
      if (scored.traced) trace.score = plainRecord([...scored.scores.keys()], [...scored.scores.values()]);
      return { kind: 'error', status: scored.status, message: scored.status.message() };
    }
    if (scored.traced) scores = scored.list;
    const { selected, tied } = selectHost(trace.feasible, scored.list, input.rng);
    host = selected;
    if (tied.length > 1) trace.tiedNodes = tied;
  }
  compactCycle(trace, snapshot.nodeInfoList, verdicts, scores, startIndex, state.traceLabels);
  trace.selected = host;

  // Assume, then Reserve and Permit (the end of the synchronous scheduling cycle).
  input.assume(pod, host);
  trace.reserve = [];
  const reserve = fwk.runReservePluginsReserve(state, pod, host, trace.reserve);
  if (!reserve.isSuccess()) {
    fwk.runReservePluginsUnreserve(state, pod, host);
    input.forget(pod);
    return failOnSelectedNode(input, trace, reserve, host);
  }
  trace.permit = [];
  const permit = fwk.runPermitPlugins(state, pod, host, trace.permit);
  if (permit.status.isRejected() || permit.status.code === 'Error') {
    fwk.runReservePluginsUnreserve(state, pod, host);
    input.forget(pod);
    if (permit.status.code === 'Error') return { kind: 'error', status: permit.status, message: permit.status.message() };
    return failOnSelectedNode(input, trace, permit.status, host);
  }
  if (permit.status.code === 'Wait') {
    trace.result = 'Waiting';
    return { kind: 'waiting', node: host, state, timeout: permit.timeout, waitingOn: permit.waitingOn };
  }
  return { kind: 'scheduled', node: host, state };
}

/** Reserve/Permit rejections: FitError with NumAllNodes = 1 (upstream: schedulingCycle). */
function failOnSelectedNode(input: CycleInput, trace: CycleTrace, status: Status, host: string): CycleOutcome {
  const nodeToStatus = new NodeToStatus(Status.unresolvable());
  nodeToStatus.set(host, status);
  const message = formatFitError(1, nodeToStatus);
  trace.result = 'Unschedulable';
  trace.message = message;
  const plugins = new Set(status.plugin ? [status.plugin] : []);
  void input;
  return { kind: 'unschedulable', status, message, unschedulablePlugins: status.code === 'Pending' ? new Set() : plugins, pendingPlugins: status.code === 'Pending' ? plugins : new Set() };
}

function fail(_input: CycleInput, trace: CycleTrace, status: Status, message: string): CycleOutcome {
  trace.result = 'Unschedulable';
  trace.message = message;
  return { kind: 'unschedulable', status, message, unschedulablePlugins: new Set(), pendingPlugins: new Set() };
}

/** upstream: findNodesThatFitPod */
/** A record node -> value, as the trace held it before traceRecords.ts (the error paths). */
function plainRecord<T>(names: readonly string[], values: readonly T[]): Record<string, T> {
  const out = nodeRecord<T>();
  names.forEach((n, i) => { out[n] = values[i]!; });
  return out;
}

function findNodesThatFitPod(
  input: CycleInput, state: CycleState, diagnosis: Diagnosis, trace: CycleTrace, verdicts: PluginResult[][],
): { feasible: NodeInfo[] } | { error: Status } {
  const { fwk, snapshot, queued } = input;
  const pod = queued.podInfo;
  const allNodes = snapshot.nodeInfoList;

  const pre = fwk.runPreFilterPlugins(state, pod, allNodes);
  trace.preFilter = pre.trace;
  if (!pre.status.isSuccess()) {
    if (!pre.status.isRejected()) return { error: pre.status };
    // Every node gets the PreFilter status, so preemption can handle them alike.
    diagnosis.nodeToStatus.absentNodesStatus = pre.status;
    diagnosis.preFilterMsg = pre.status.message();
    addPluginStatus(diagnosis, pre.status);
    return { feasible: [] };
  }

  // The nominated node (from an earlier preemption) is tried first; if it fits it is taken
  // without scoring and the rotating start index does not move.
  const nominated = pod.pod.status.nominatedNodeName;
  if (nominated) {
    const nodeInfo = snapshot.get(nominated);
    trace.nominatedNode = nominated;
    if (nodeInfo) {
      const found = findNodesThatPassFilters(input, state, pod, diagnosis, [nodeInfo], trace, verdicts, false);
      if ('error' in found) return found;
      if (found.feasible.length > 0) return found;
    }
  }

  let nodes = allNodes;
  if (pre.result?.nodeNames !== undefined) {
    const names = pre.result.nodeNames;
    nodes = allNodes.filter((n) => names.has(n.name));
    const plugins = [...pre.pluginsWithNodes].sort();
    diagnosis.nodeToStatus.absentNodesStatus = Status.unresolvable(`node(s) didn't satisfy plugin(s) ${goSlice(plugins)}`);
    if (names.size < allNodes.length) {
      trace.preFilterExcluded = diagnosis.nodeToStatus.absentNodesStatus.toResult(plugins.join(','));
      trace.preFilterNodes = nodes.map((n) => n.name);
    }
  }
  const found = findNodesThatPassFilters(input, state, pod, diagnosis, nodes, trace, verdicts, true);
  if ('error' in found) return found;
  const processed = found.feasible.length + diagnosis.nodeToStatus.size;
  input.scheduler.nextStartNodeIndex = (input.scheduler.nextStartNodeIndex + processed) % allNodes.length;
  return found;
}

/**
 * Nodes with the same verdicts (shared results) share one frozen list in the trace, in this
 * cycle and the next ones: found by the first verdict that fails or has details.
 */
const verdictLists = new KeyedLists<PluginResult>(tellingResult);

/** upstream: findNodesThatPassFilters — walks nodes from the start index until enough are feasible. */
function findNodesThatPassFilters(
  input: CycleInput, state: CycleState, pod: PodInfo, diagnosis: Diagnosis, nodes: NodeInfo[], trace: CycleTrace,
  verdicts: PluginResult[][], fullSearch: boolean,
): { feasible: NodeInfo[] } | { error: Status } {
  const { fwk } = input;
  const numAllNodes = nodes.length;
  const numNodesToFind = numFeasibleNodesToFind(
    fwk.percentageOfNodesToScore ?? input.scheduler.percentageOfNodesToScore, numAllNodes, fwk.hasScorePlugins(),
  );
  if (fullSearch) trace.numFeasibleNodesToFind = numNodesToFind;
  const start = fullSearch ? input.scheduler.nextStartNodeIndex : 0;
  const feasible: NodeInfo[] = [];
  if (fwk.points.filter.length === 0) {
    for (let i = 0; i < Math.min(numNodesToFind, numAllNodes); i++) feasible.push(nodes[(start + i) % numAllNodes]!);
    for (const n of feasible) { trace.nodesEvaluated.push(n.name); verdicts.push([]); }
    return { feasible };
  }
  // one list to collect each node's verdicts in, refilled for every node (the trace keeps a shared copy)
  const explain: PluginResult[] = [];
  // the shared copy the last node got: the next node's verdicts are often the same
  let last: PluginResult[] = [];
  const nodeToStatus = diagnosis.nodeToStatus;
  // Nodes with a status already (the nominated node, tried first): this walk sets theirs one by
  // one. Else its failing nodes go to nodeToStatus together at the end, in two lists, read only
  // if the cycle finds no node (each node is visited once in a walk).
  const direct = nodeToStatus.size > 0;
  const failedNames: string[] = [];
  const failedStatuses: Status[] = [];
  // the last failing status: the plugin it names is in the diagnosis already
  let lastFailed: Status | undefined;
  const evaluated = trace.nodesEvaluated;
  // no nominated pods anywhere (Filter does not nominate): every node runs the plain Filter
  // plugins, without asking the nominator per node
  const withNominated = fwk.hasNominatedPods();
  // j: (start + i) % numAllNodes, without a division per node
  for (let i = 0, j = start % numAllNodes; i < numAllNodes && feasible.length < numNodesToFind; i++, j = j + 1 === numAllNodes ? 0 : j + 1) {
    const nodeInfo = nodes[j]!;
    const status = withNominated ? fwk.runFilterPluginsWithNominatedPods(state, pod, nodeInfo, explain) : fwk.runFilterPlugins(state, pod, nodeInfo, explain);
    evaluated.push(nodeInfo.name);
    if (!sameElements(last, explain)) last = verdictLists.share(explain);
    verdicts.push(last);
    if (status.code === 'Success') {
      feasible.push(nodeInfo);
      // (nothing to forget while no node has failed)
      if (direct) nodeToStatus.statuses.delete(nodeInfo.name);
    } else {
      if (status.code === 'Error') {
        nodeToStatus.addWalk(failedNames, failedStatuses);
        return { error: status };
      }
      if (direct) nodeToStatus.set(nodeInfo.name, status);
      else {
        failedNames.push(nodeInfo.name);
        failedStatuses.push(status);
      }
      if (status !== lastFailed) {
        addPluginStatus(diagnosis, status);
        lastFailed = status;
      }
    }
  }
  nodeToStatus.addWalk(failedNames, failedStatuses);
  return { feasible };
}

/**
 * upstream: prioritizeNodes — with no score plugins every node scores 1. `traced`: the scores
 * belong in trace.score (the caller puts them there).
 */
function prioritizeNodes(
  fwk: Framework, state: CycleState, pod: PodInfo, nodes: NodeInfo[], trace: CycleTrace,
): { status: Status; scores: Map<string, NodeScore>; list: readonly NodeScore[]; traced: boolean } {
  if (!fwk.hasScorePlugins()) {
    const list = nodes.map(() => ({ plugins: {}, total: 1 }));
    return { status: Status.success(), scores: new Map(nodes.map((n, i) => [n.name, list[i]!])), list, traced: false };
  }
  const pre = fwk.runPreScorePlugins(state, pod, nodes);
  trace.preScore = pre.trace;
  if (!pre.status.isSuccess()) return { status: pre.status, scores: new Map(), list: [], traced: false };
  // the key's place in the trace (before tiedNodes); the caller fills it
  trace.score = nodeRecord();
  const out = fwk.runScorePlugins(state, pod, nodes);
  // (scores: read on the error path only; built when read)
  return { status: out.status, get scores() { return out.scores; }, list: out.list ?? [], traced: true };
}

/**
 * Picks uniformly at random among the nodes sharing the top total score, with the seeded
 * generator, the way upstream's selectHost does in v1.33/v1.34 (reservoir sampling over the
 * score heap). v1.35 breaks ties by heap position instead: see docs/fidelity.md.
 */
export function selectHost(feasibleOrder: readonly string[], scores: readonly NodeScore[], rng: Rng): { selected: string; tied: string[] } {
  // scores[i] is feasibleOrder[i]'s
  let best = -Infinity;
  for (let i = 0; i < feasibleOrder.length; i++) best = Math.max(best, scores[i]?.total ?? 0);
  // counted first: the list of a big cluster's ties is made at its size
  let ties = 0;
  for (let i = 0; i < feasibleOrder.length; i++) if ((scores[i]?.total ?? 0) === best) ties++;
  const tied = new Array<string>(ties);
  for (let i = 0, k = 0; k < ties; i++) if ((scores[i]?.total ?? 0) === best) tied[k++] = feasibleOrder[i]!;
  let selected = tied[0]!;
  for (let k = 2; k <= tied.length; k++) {
    if (rng.intn(k) === 0) selected = tied[k - 1]!;
  }
  return { selected, tied };
}
