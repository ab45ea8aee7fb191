// upstream: pkg/scheduler/framework/runtime/framework.go — runs a profile's plugins at each
// extension point, in configured order, with upstream's failure semantics. Every runner also
// returns what it saw, so the cycle trace can show each plugin's verdict.

import type { NodeScore, PluginResult } from '../api';
import type { ExtensionPoint, ProfilePlugins } from './config/types';
import { CycleState } from './cycleState';
import {
  MAX_NODE_SCORE, MIN_NODE_SCORE, NodeToStatus, type Handle, type NodeScoreEntry, type Plugin,
  type PostFilterResult, type PreFilterResult, type QueuedPodInfo, type PreBindWait,
} from './interfaces';
import type { NodeInfo } from './nodeInfo';
import { podPriority, type PodInfo } from './podInfo';
import { Status, goSlice } from './status';

export interface PreFilterOutcome {
  result?: PreFilterResult;
  status: Status;
  trace: PluginResult[];
  /** plugins that returned a PreFilterResult (node names) */
  pluginsWithNodes: string[];
}

type ScoreBreakdown = NodeScore['plugins'][string];

/** A node's NodeScore from the breakdowns of the plugins `names` that have scored it so far. */
function nodeScore(names: readonly string[], list: readonly ScoreBreakdown[], total: number, freeze: boolean): NodeScore {
  const plugins: NodeScore['plugins'] = {};
  list.forEach((b, i) => { plugins[names[i]!] = b; });
  return { plugins: freeze ? Object.freeze(plugins) : plugins, total };
}

/** A node's breakdowns so far as a path from the root: the running total, the NodeScore of nodes whose path ends here. */
interface ScorePath {
  parent?: ScorePath;
  breakdown?: ScoreBreakdown;
  total: number;
  next?: Map<ScoreBreakdown, ScorePath>;
  /** the child step() returned last (nodes that share a path mostly take the same next step) */
  lastBreakdown?: ScoreBreakdown;
  lastChild?: ScorePath;
  value?: NodeScore;
}

function breakdownsOf(path: ScorePath): ScoreBreakdown[] {
  const out: ScoreBreakdown[] = [];
  for (let p: ScorePath | undefined = path; p?.breakdown; p = p.parent) out.push(p.breakdown);
  return out.reverse();
}

/** The scores so far, when a plugin fails part-way (what the trace shows of them). */
function nodeScores(nodes: readonly NodeInfo[], names: readonly string[], at: readonly ScorePath[]): Map<string, NodeScore> {
  return new Map(nodes.map((n, i) => [n.name, nodeScore(names, breakdownsOf(at[i]!), at[i]!.total, false)]));
}

/** upstream: addGENominatedPods — the nominated pods of at least the pod's priority, other than the pod */
function nominatedPodsToAdd(onNode: readonly PodInfo[], pod: PodInfo): PodInfo[] {
  return onNode.filter((pi) => podPriority(pi.pod) >= podPriority(pod.pod) && pi.key !== pod.key);
}

export interface ScoreOutcome {
  status: Status;
  /** node name -> breakdown, in feasible order (built when read) */
  readonly scores: Map<string, NodeScore>;
  /** on success: the breakdowns by position in the list of nodes scored */
  list?: readonly NodeScore[];
}

/** A successful ScoreOutcome: the list, and the record by node name when someone asks. */
function scored(nodes: readonly NodeInfo[], list: readonly NodeScore[]): ScoreOutcome {
  let scores: Map<string, NodeScore> | undefined;
  return {
    status: Status.success(),
    list,
    get scores() { return (scores ??= new Map(nodes.map((n, i) => [n.name, list[i]!]))); },
  };
}

export class Framework {
  readonly points: Record<ExtensionPoint, Plugin[]>;
  readonly scoreWeights: Map<string, number>;
  private readonly instances: Map<string, Plugin>;

  constructor(
    readonly profileName: string,
    plugins: ProfilePlugins,
    readonly percentageOfNodesToScore: number | undefined,
    private readonly handle: Handle,
  ) {
    this.points = plugins.points;
    this.scoreWeights = plugins.scoreWeights;
    this.instances = plugins.instances;
  }

  /** one frozen verdict object per plugin for the common plain Success/Skip (traces of big clusters share them) */
  private readonly shared = new Map<string, { Success: PluginResult; Skip: PluginResult }>();
  private filterTableCache: { shared: { Success: PluginResult; Skip: PluginResult }[]; filters: NonNullable<Plugin['filter']>[] } | undefined;
  private sharedResult(plugin: string, code: 'Success' | 'Skip'): PluginResult {
    let r = this.shared.get(plugin);
    if (!r) this.shared.set(plugin, (r = { Success: Object.freeze({ plugin, code: 'Success' }), Skip: Object.freeze({ plugin, code: 'Skip' }) }));
    return r[code];
  }

  /** the status as the trace records it: a plain Success or Skip as the plugin's shared verdict */
  private traced(s: Status, plugin: string): PluginResult {
    if ((s.code === 'Success' || s.code === 'Skip') && s.reasons.length === 0 && s.details === undefined) return this.sharedResult(plugin, s.code);
    return s.toResult(plugin);
  }

  plugin(name: string): Plugin | undefined {
    return this.instances.get(name);
  }

  hasScorePlugins(): boolean {
    return this.points.score.length > 0;
  }

  hasPostFilterPlugins(): boolean {
    return this.points.postFilter.length > 0;
  }

  /** whether the named plugin is enabled at PostFilter (upstream: PodGroupPostFilterPlugins holds DefaultPreemption when it is) */
  hasPostFilterPlugin(name: string): boolean {
    return this.points.postFilter.some((p) => p.name === name);
  }

  /** upstream: RunPreEnqueuePlugins — the first rejection keeps the pod out of activeQ. */
  runPreEnqueuePlugins(pod: PodInfo): Status {
    for (const p of this.points.preEnqueue) {
      const s = p.preEnqueue!(pod);
      if (!s.isSuccess()) return s.withPlugin(p.name);
    }
    return Status.success();
  }

  queueSortLess(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
    const sorter = this.points.queueSort[0];
    if (sorter?.less) return sorter.less(a, b);
    // upstream PrioritySort, as a fallback if a profile is built without one (validation forbids it).
    const pa = podPriority(a.podInfo.pod), pb = podPriority(b.podInfo.pod);
    return pa > pb || (pa === pb && a.timestamp < b.timestamp);
  }

  /**
   * upstream: RunPreFilterPlugins. Skip → the plugin's Filter is skipped this cycle.
   * UnschedulableAndUnresolvable stops at once; Unschedulable is remembered and the other
   * PreFilters still run (preemption needs their state); PreFilterResults are intersected.
   */
  runPreFilterPlugins(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): PreFilterOutcome {
    const trace: PluginResult[] = [];
    let result: PreFilterResult | undefined;
    const pluginsWithNodes: string[] = [];
    let returnStatus = Status.success();
    for (const p of this.points.preFilter) {
      const { result: r, status } = p.preFilter!(state, pod, nodes);
      const s = status.withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (s.isSkip()) { state.skipFilterPlugins.add(p.name); continue; }
      if (!s.isSuccess()) {
        if (s.code === 'UnschedulableAndUnresolvable') return { status: s, trace, pluginsWithNodes };
        if (s.code === 'Unschedulable') { returnStatus = s; continue; }
        return { status: Status.error(`running PreFilter plugin "${p.name}": ${s.message()}`).withPlugin(p.name), trace, pluginsWithNodes };
      }
      if (r?.nodeNames !== undefined) {
        pluginsWithNodes.push(p.name);
        result = result?.nodeNames === undefined ? { nodeNames: new Set(r.nodeNames) } : { nodeNames: new Set([...result.nodeNames].filter((n) => r.nodeNames!.has(n))) };
        if (result.nodeNames!.size === 0) {
          const msg = pluginsWithNodes.length === 1
            ? `node(s) didn't satisfy plugin ${pluginsWithNodes[0]}`
            : `node(s) didn't satisfy plugin(s) ${goSlice([...pluginsWithNodes].sort())} simultaneously`;
          return { result, status: Status.unresolvable(msg).withPlugin(p.name), trace, pluginsWithNodes };
        }
      }
    }
    return { result, status: returnStatus, trace, pluginsWithNodes };
  }

  runPreFilterExtensionAddPod(state: CycleState, podToSchedule: PodInfo, podInfoToAdd: PodInfo, nodeInfo: NodeInfo): Status {
    for (const p of this.points.preFilter) {
      if (state.skipFilterPlugins.has(p.name)) continue;
      const ext = p.preFilterExtensions?.();
      if (!ext) continue;
      const s = ext.addPod(state, podToSchedule, podInfoToAdd, nodeInfo);
      if (!s.isSuccess()) return Status.error(`running AddPod on PreFilter plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    return Status.success();
  }

  runPreFilterExtensionRemovePod(state: CycleState, podToSchedule: PodInfo, podInfoToRemove: PodInfo, nodeInfo: NodeInfo): Status {
    for (const p of this.points.preFilter) {
      if (state.skipFilterPlugins.has(p.name)) continue;
      const ext = p.preFilterExtensions?.();
      if (!ext) continue;
      const s = ext.removePod(state, podToSchedule, podInfoToRemove, nodeInfo);
      if (!s.isSuccess()) return Status.error(`running RemovePod on PreFilter plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    return Status.success();
  }

  /**
   * upstream: RunFilterPlugins — stops at the first non-success plugin. With `explain`, the
   * remaining plugins are still evaluated (filters are pure) and every verdict is collected,
   * so the trace can show the whole node × plugin matrix; the returned status is upstream's.
   * `explain` is set to the verdicts (what it held is replaced: one list serves every node of a
   * cycle, and emptying a list would drop its storage). No closure here: this runs for every node.
   */
  runFilterPlugins(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, explain?: PluginResult[]): Status {
    let first: Status | undefined;
    const plugins = this.points.filter;
    const { shared, filters } = this.filterTables();
    const skipped = this.skippedFilters(state.skipFilterPlugins);
    let k = 0;
    for (let i = 0; i < plugins.length; i++) {
      const p = plugins[i]!;
      if (skipped !== undefined && skipped[i] === true) {
        if (explain) explain[k++] = shared[i]!.Skip;
        continue;
      }
      let s = filters[i]!.call(p, state, pod, nodeInfo);
      if (s.code === 'Success') {
        // a success needs no plugin name (only failures are kept), so no copy of the status
        if (explain) explain[k++] = s.details ? s.toResult(p.name) : shared[i]!.Success;
        continue;
      }
      s = s.isRejected() ? s.withPlugin(p.name) : Status.error(`running "${p.name}" filter plugin: ${s.message()}`).withPlugin(p.name);
      if (explain) explain[k++] = s.toResult(p.name);
      if (first === undefined) {
        first = s;
        if (!explain || s.code === 'Error') break;
      }
    }
    // (setting a list's length is a call into the runtime, even to the length it has)
    if (explain && explain.length !== k) explain.length = k;
    return first ?? Status.success();
  }

  /** per Filter plugin, by position: its shared verdicts, and its Filter function (a list of their own: no lookup in plugin objects of many shapes) */
  private filterTables(): { shared: { Success: PluginResult; Skip: PluginResult }[]; filters: NonNullable<Plugin['filter']>[] } {
    return (this.filterTableCache ??= {
      shared: this.points.filter.map((p) => ({ Success: this.sharedResult(p.name, 'Success'), Skip: this.sharedResult(p.name, 'Skip') })),
      filters: this.points.filter.map((p) => p.filter!),
    });
  }

  /**
   * Per Filter plugin, by position, whether PreFilter skipped it; undefined when none was. Made
   * once per cycle rather than a Set lookup per plugin and node (a cycle's set is filled by
   * PreFilter, before any Filter, and shared by the state's clones).
   */
  private skippedFilters(skip: ReadonlySet<string>): boolean[] | undefined {
    if (skip.size === 0) return undefined;
    if (this.skipMaskOf !== skip || this.skipMaskSize !== skip.size) {
      this.skipMask = this.points.filter.map((p) => skip.has(p.name));
      this.skipMaskOf = skip;
      this.skipMaskSize = skip.size;
    }
    return this.skipMask;
  }
  private skipMaskOf: ReadonlySet<string> | undefined;
  private skipMaskSize = 0;
  private skipMask: boolean[] = [];

  /** whether any pod is nominated to a node: without, RunFilterPluginsWithNominatedPods is RunFilterPlugins on every node */
  hasNominatedPods(): boolean {
    return this.handle.hasNominatedPods();
  }

  /** upstream: RunFilterPluginsWithNominatedPods (and addGENominatedPods); `explain` as in runFilterPlugins */
  runFilterPluginsWithNominatedPods(state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, explain?: PluginResult[]): Status {
    const onNode = this.handle.nominatedPodsForNode(nodeInfo.name);
    if (onNode.length === 0) return this.runFilterPlugins(state, pod, nodeInfo, explain);
    const nominated = nominatedPodsToAdd(onNode, pod);
    if (nominated.length === 0) return this.runFilterPlugins(state, pod, nodeInfo, explain);

    if (explain) explain.length = 0;
    const nodeInfoOut = nodeInfo.clone();
    const stateOut = state.clone();
    for (const pi of nominated) {
      nodeInfoOut.addPod(pi);
      const s = this.runPreFilterExtensionAddPod(stateOut, pod, pi, nodeInfoOut);
      if (!s.isSuccess()) return s;
    }
    const withNominated: PluginResult[] | undefined = explain ? [] : undefined;
    const first = this.runFilterPlugins(stateOut, pod, nodeInfoOut, withNominated);
    if (!first.isSuccess()) {
      if (explain && withNominated) explain.push(...withNominated);
      return first;
    }
    // The node must also fit without the nominated pods (they may never arrive).
    const without: PluginResult[] | undefined = explain ? [] : undefined;
    const second = this.runFilterPlugins(state, pod, nodeInfo, without);
    if (explain && without) explain.push(...(second.isSuccess() ? withNominated! : without));
    return second;
  }

  /** upstream: RunPostFilterPlugins — the first Success, UnschedulableAndUnresolvable or Error ends it. */
  runPostFilterPlugins(state: CycleState, pod: PodInfo, statuses: NodeToStatus): { result?: PostFilterResult; status: Status; trace: PluginResult[] } {
    const trace: PluginResult[] = [];
    const reasons: string[] = [];
    let result: PostFilterResult | undefined;
    let rejectorPlugin: string | undefined;
    for (const p of this.points.postFilter) {
      const { result: r, status } = p.postFilter!(state, pod, statuses);
      const s = status.withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (r?.trace) result = { ...result, trace: r.trace };
      if (s.isSuccess()) return { result: { ...result, ...r }, status: s, trace };
      if (s.code === 'UnschedulableAndUnresolvable') return { result: { ...result, ...r }, status: s, trace };
      if (s.code !== 'Unschedulable') return { result, status: Status.error(s.message()).withPlugin(p.name), trace };
      reasons.push(...s.reasons);
      rejectorPlugin ??= p.name;
      // upstream: keep the last result whose nominating mode is not Noop ('' clears the nomination)
      if (r?.nominatedNodeName !== undefined) result = { ...result, ...r };
    }
    return { result, status: Status.unschedulable(...reasons).withPlugin(rejectorPlugin ?? ''), trace };
  }

  /** upstream: RunPreScorePlugins — Skip means the plugin's Score does not run. */
  runPreScorePlugins(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): { status: Status; trace: PluginResult[] } {
    const trace: PluginResult[] = [];
    for (const p of this.points.preScore) {
      const s = p.preScore!(state, pod, nodes).withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (s.isSkip()) { state.skipScorePlugins.add(p.name); continue; }
      if (!s.isSuccess()) return { status: Status.error(`running PreScore plugin "${p.name}": ${s.message()}`).withPlugin(p.name), trace };
    }
    return { status: Status.success(), trace };
  }

  /** upstream: RunScorePlugins — score, normalize, check [0, 100], weight. */
  runScorePlugins(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): ScoreOutcome {
    const plugins = this.points.score.filter((p) => !state.skipScorePlugins.has(p.name));
    const names: string[] = [];
    const count = nodes.length;
    // Per node (by position): where its breakdowns so far lead in the tree of breakdown paths,
    // which holds the running total and, at the end, the NodeScore every node with that path shares.
    const root = this.scorePaths(plugins.map((p) => p.name).join('\u0000'));
    // (lists and entries kept from cycle to cycle: nothing of them outlives the call but the NodeScores)
    const at = this.scorePathsAt;
    for (let i = 0; i < count; i++) at[i] = root;
    // one entry a node, given to every plugin in turn (NormalizeScore changes the scores in place)
    const pool = this.scoreEntries;
    while (pool.length < count) pool.push({ name: '', score: 0 });
    const entries: NodeScoreEntry[] = new Array<NodeScoreEntry>(count);
    for (let i = 0; i < count; i++) {
      const e = (entries[i] = pool[i]!);
      e.name = nodes[i]!.name;
      e.score = 0;
    }
    const raw = this.rawScores;
    for (const p of plugins) {
      const score = p.score!;
      for (let i = 0; i < count; i++) {
        const s = score.call(p, state, pod, nodes[i]!);
        if (typeof s !== 'number') return { status: Status.error(`running Score plugin "${p.name}": ${s.message()}`).withPlugin(p.name), scores: nodeScores(nodes, names, at) };
        raw[i] = s;
        entries[i]!.score = s;
      }
      if (p.normalizeScore) {
        const s = p.normalizeScore(state, pod, entries);
        if (!s.isSuccess()) return { status: Status.error(`running Normalize on Score plugin "${p.name}": ${s.message()}`).withPlugin(p.name), scores: nodeScores(nodes, names, at) };
      }
      const weight = this.scoreWeights.get(p.name) ?? 1;
      names.push(p.name);
      // many nodes get the same score from a plugin, cycle after cycle: one frozen breakdown per (raw, normalized)
      const breakdowns = this.breakdowns(p.name);
      // the last node's (neighbours often score alike: no lookup then; NaN matches nothing)
      let lastRaw = NaN, lastScore = NaN;
      let breakdown: ScoreBreakdown | undefined;
      for (let i = 0; i < count; i++) {
        const score = entries[i]!.score;
        if (score > MAX_NODE_SCORE || score < MIN_NODE_SCORE) {
          return { status: Status.error(`plugin "${p.name}" returns an invalid score ${score}, it should in the range of [${MIN_NODE_SCORE}, ${MAX_NODE_SCORE}] after normalizing`).withPlugin(p.name), scores: nodeScores(nodes, names, at) };
        }
        const r = raw[i]!;
        if (breakdown === undefined || r !== lastRaw || score !== lastScore) {
          let byNormalized = breakdowns.get(r);
          if (!byNormalized) breakdowns.set(r, (byNormalized = new Map()));
          breakdown = byNormalized.get(score);
          if (!breakdown) byNormalized.set(score, (breakdown = Object.freeze({ raw: r, normalized: score, weight, weighted: score * weight })));
          lastRaw = r;
          lastScore = score;
        }
        at[i] = this.step(at[i]!, breakdown);
      }
    }
    // nodes with the same breakdowns share one (frozen) NodeScore, cycle after cycle
    const list = new Array<NodeScore>(count);
    for (let i = 0; i < count; i++) {
      const path = at[i]!;
      list[i] = (path.value ??= Object.freeze(nodeScore(names, breakdownsOf(path), path.total, true)));
    }
    return scored(nodes, list);
  }

  /** runScorePlugins' per-node lists: each node's path, its raw score; the entries NormalizeScore gets */
  private readonly scorePathsAt: ScorePath[] = [];
  private readonly rawScores: number[] = [];
  private readonly scoreEntries: NodeScoreEntry[] = [];

  /** per score plugin (its weight is the profile's), raw -> normalized -> its breakdown, kept from cycle to cycle */
  private readonly breakdownCache = new Map<string, Map<number, Map<number, ScoreBreakdown>>>();
  /** per list of score plugins, the tree of breakdown paths, kept from cycle to cycle */
  private scorePathRoots = new Map<string, ScorePath>();
  private scorePathCount = 0;

  private breakdowns(plugin: string): Map<number, Map<number, ScoreBreakdown>> {
    let m = this.breakdownCache.get(plugin);
    // raw scores are mostly 0..100; a plugin with unbounded raw scores starts afresh now and then
    if (!m || m.size > 4096) this.breakdownCache.set(plugin, (m = new Map()));
    return m;
  }

  private scorePaths(plugins: string): ScorePath {
    // many distinct paths (unbounded raw scores): start afresh (the NodeScores made stay valid)
    if (this.scorePathCount > 100_000) { this.scorePathRoots = new Map(); this.scorePathCount = 0; }
    let root = this.scorePathRoots.get(plugins);
    if (!root) this.scorePathRoots.set(plugins, (root = { total: 0 }));
    return root;
  }

  private step(path: ScorePath, breakdown: ScoreBreakdown): ScorePath {
    if (path.lastBreakdown === breakdown) return path.lastChild!;
    const child = this.child(path, breakdown);
    path.lastBreakdown = breakdown;
    path.lastChild = child;
    return child;
  }

  private child(path: ScorePath, breakdown: ScoreBreakdown): ScorePath {
    const next = (path.next ??= new Map());
    let child = next.get(breakdown);
    if (!child) {
      next.set(breakdown, (child = { parent: path, breakdown, total: path.total + breakdown.weighted }));
      this.scorePathCount++;
    }
    return child;
  }

  /** upstream: RunReservePluginsReserve — stops at the first failure. */
  runReservePluginsReserve(state: CycleState, pod: PodInfo, nodeName: string, trace: PluginResult[]): Status {
    for (const p of this.points.reserve) {
      if (!p.reserve) continue;
      const s = p.reserve(state, pod, nodeName).withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (!s.isSuccess()) return s;
    }
    return Status.success();
  }

  /** upstream: RunReservePluginsUnreserve — every reserve plugin, in reverse order. */
  runReservePluginsUnreserve(state: CycleState, pod: PodInfo, nodeName: string): void {
    for (const p of [...this.points.reserve].reverse()) p.unreserve?.(state, pod, nodeName);
  }

  /** upstream: RunPermitPlugins — rejection stops; Wait collects the longest timeout (capped at 15 min). */
  runPermitPlugins(state: CycleState, pod: PodInfo, nodeName: string, trace: PluginResult[]): { status: Status; timeout: number; waitingOn: string[] } {
    const maxTimeout = 15 * 60;
    let timeout = 0;
    const waitingOn: string[] = [];
    for (const p of this.points.permit) {
      const { status, timeout: t } = p.permit!(state, pod, nodeName);
      const s = status.withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (s.isSuccess()) continue;
      if (s.isRejected()) return { status: s, timeout: 0, waitingOn };
      if (s.code === 'Wait') {
        timeout = Math.max(timeout, Math.min(t ?? maxTimeout, maxTimeout));
        waitingOn.push(p.name);
        continue;
      }
      return { status: Status.error(`running Permit plugin "${p.name}": ${s.message()}`).withPlugin(p.name), timeout: 0, waitingOn };
    }
    if (waitingOn.length > 0) return { status: Status.of('Wait').withPlugin(waitingOn[0]!), timeout, waitingOn };
    return { status: Status.success(), timeout: 0, waitingOn };
  }

  runPreBindPlugins(state: CycleState, pod: PodInfo, nodeName: string, trace: PluginResult[]): Status {
    for (const p of this.points.preBind) {
      const s = p.preBind!(state, pod, nodeName).withPlugin(p.name);
      trace.push(this.traced(s, p.name));
      if (s.isSkip()) continue;
      if (!s.isSuccess()) return s.isRejected() ? s : Status.error(`running PreBind plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    return Status.success();
  }

  /** Podplay: the waits of PreBind plugins that poll before they return (DynamicResources' binding conditions). */
  preBindWaits(state: CycleState, pod: PodInfo, nodeName: string): { plugin: string; wait: PreBindWait }[] {
    const out: { plugin: string; wait: PreBindWait }[] = [];
    for (const p of this.points.preBind) {
      const wait = p.preBindWait?.(state, pod, nodeName);
      if (wait) out.push({ plugin: p.name, wait });
    }
    return out;
  }

  /** upstream: RunBindPlugins — bind plugins run until one does not Skip. */
  runBindPlugins(state: CycleState, pod: PodInfo, nodeName: string, trace: PluginResult[]): Status {
    if (this.points.bind.length === 0) return Status.skip();
    let status = Status.skip();
    for (const p of this.points.bind) {
      status = p.bind!(state, pod, nodeName).withPlugin(p.name);
      trace.push(this.traced(status, p.name));
      if (status.isSkip()) continue;
      if (!status.isSuccess()) return status.isRejected() ? status : Status.error(`running Bind plugin "${p.name}": ${status.message()}`).withPlugin(p.name);
      return status;
    }
    return status;
  }

  runPostBindPlugins(state: CycleState, pod: PodInfo, nodeName: string): void {
    for (const p of this.points.postBind) p.postBind!(state, pod, nodeName);
  }

  newCycleState(): CycleState {
    return new CycleState();
  }
}
