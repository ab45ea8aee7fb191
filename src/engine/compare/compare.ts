// The same scenario under two scheduler configurations: where each placed every pod, and each
// node's utilisation under each. Configuration A is the scenario's own (its
// KubeSchedulerConfiguration, its legacy Policy, or the defaults); B is a second
// KubeSchedulerConfiguration document given on its own. The scenario is loaded once; each run
// gets a copy of its objects.

import type { ScenarioError, SimulateOptions, SimulationResult } from '../api';
import type { ExpandedScenario } from '../controllers/expand';
import { startLoadedSimulation } from '../index';
import { loadScenario, type ScenarioContents } from '../model/load';
import { copyScenario } from '../whatIf/edits';

export type SchedulerConfigDocument = NonNullable<ScenarioContents['schedulerConfig']>;

/** One pod: its node under A and under B (undefined: Pending, or deleted by the end). */
export interface PodPlacement {
  pod: string;
  a?: string;
  b?: string;
}

/** One node: what the pods on it request at the end of each run, against its allocatable. */
export interface NodeUtilisation {
  node: string;
  allocatable: Record<string, number>;
  a: Record<string, number>;
  b: Record<string, number>;
}

/**
 * What happens to the pods a dump has on nodes. `keep-bound`: they stay where the cluster put
 * them and only Pending pods are scheduled (the cluster's next moments). `from-empty`: every pod is
 * scheduled again from an empty cluster, in creation order (what this configuration would have
 * built), except the pods that belong to their node.
 */
export type CompareMode = 'keep-bound' | 'from-empty';

export interface ReplayFromEmpty {
  /** pods taken off their nodes, to be scheduled again */
  unbound: number;
  /** pods left on their nodes, and why */
  kept: { pod: string; why: string }[];
}

export interface ConfigurationComparison {
  mode: CompareMode;
  /** with `from-empty`: what was unbound and what was kept */
  replay?: ReplayFromEmpty;
  /** every pod of either run, those placed differently first, then in the runs' order */
  pods: PodPlacement[];
  /** pods placed on different nodes (or placed by one run only) */
  differ: number;
  placed: { a: number; b: number };
  /** those whose requests differ between the runs first */
  nodes: NodeUtilisation[];
}

export type LoadConfigOutcome = { ok: true; config: SchedulerConfigDocument } | { ok: false; errors: ScenarioError[] };

/**
 * Reads configuration B: one KubeSchedulerConfiguration document and nothing else. Errors carry
 * `fileName` and the line and column in `text`.
 */
export function loadSchedulerConfig(text: string, fileName: string): LoadConfigOutcome {
  const loaded = loadScenario(text, fileName);
  if (!loaded.ok) return { ok: false, errors: loaded.errors };
  const s = loaded.scenario;
  const at = { file: fileName, line: 1, column: 1 };
  if (s.nodes.length + s.pods.length + s.workloads.length + s.timeline.length > 0 || s.legacyPolicy) {
    return { ok: false, errors: [{ ...at, message: 'the configuration to compare with holds a KubeSchedulerConfiguration document only (no nodes, pods, workloads, Policy or timeline)' }] };
  }
  if (!s.schedulerConfig) return { ok: false, errors: [{ ...at, message: 'no KubeSchedulerConfiguration document (apiVersion: kubescheduler.config.k8s.io/v1, kind: KubeSchedulerConfiguration)' }] };
  return { ok: true, config: s.schedulerConfig };
}

/** A copy of the scenario scheduled by `config` instead of its own configuration. */
export function withSchedulerConfig(s: ExpandedScenario, config: SchedulerConfigDocument): ExpandedScenario {
  const copy = copyScenario(s);
  delete copy.legacyPolicy;
  copy.schedulerConfig = config;
  return copy;
}

/** Why a bound pod stays on its node when the cluster is replayed from empty, or undefined. */
function keptOnNode(pod: ExpandedScenario['pods'][number]): string | undefined {
  const owner = pod.metadata.ownerReferences?.find((o) => o.controller) ?? pod.metadata.ownerReferences?.[0];
  if (owner?.kind === 'Node') return 'a static pod of its node';
  if (owner?.kind === 'DaemonSet') return 'a DaemonSet pod: one per node';
  // its claims were allocated on that node; unbinding would need the devices freed too
  if ((pod.spec.resourceClaims ?? []).length > 0) return 'holds ResourceClaims allocated on its node';
  return undefined;
}

/** A copy of the scenario with every bound pod that can move taken off its node (Pending again). */
export function replayFromEmpty(s: ExpandedScenario): { scenario: ExpandedScenario; replay: ReplayFromEmpty } {
  const copy = copyScenario(s);
  const replay: ReplayFromEmpty = { unbound: 0, kept: [] };
  copy.pods = copy.pods.map((pod) => {
    if (pod.spec.nodeName === undefined || pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return pod;
    const why = keptOnNode(pod);
    if (why) {
      replay.kept.push({ pod: `${pod.metadata.namespace}/${pod.metadata.name}`, why });
      return pod;
    }
    replay.unbound++;
    const { nodeName: _bound, ...spec } = pod.spec;
    return { ...pod, spec, status: { phase: 'Pending' } };
  });
  return { scenario: copy, replay };
}

export type RunOutcome = { ok: true; result: SimulationResult } | { ok: false; errors: ScenarioError[] };

/** Runs a loaded scenario (pass a copy) to the end. */
export function runToEnd(s: ExpandedScenario, options: SimulateOptions = {}): RunOutcome {
  const started = startLoadedSimulation(s, options);
  if (!started.ok) return { ok: false, errors: started.errors };
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  return { ok: true, result: started.simulation.result() };
}

const placements = (r: SimulationResult): Map<string, string | undefined> =>
  new Map(r.pods.map((p) => [p.pod, p.deletedAt === undefined ? p.node : undefined]));

/** Per pod and per node, the two runs of one scenario side by side. */
export function compareResults(a: SimulationResult, b: SimulationResult, mode: CompareMode = 'keep-bound'): ConfigurationComparison {
  const onA = placements(a), onB = placements(b);
  const same: PodPlacement[] = [], different: PodPlacement[] = [];
  for (const pod of new Set([...onA.keys(), ...onB.keys()])) {
    const p: PodPlacement = { pod };
    const nodeA = onA.get(pod), nodeB = onB.get(pod);
    if (nodeA !== undefined) p.a = nodeA;
    if (nodeB !== undefined) p.b = nodeB;
    (nodeA === nodeB ? same : different).push(p);
  }
  const nodesB = new Map(b.nodes.map((n) => [n.name, n]));
  const nodes: NodeUtilisation[] = a.nodes.map((n) => ({ node: n.name, allocatable: n.allocatable, a: n.requested, b: nodesB.get(n.name)?.requested ?? {} }));
  // a node only B has (none today: both runs start from the same nodes)
  for (const n of b.nodes) if (!a.nodes.some((x) => x.name === n.name)) nodes.push({ node: n.name, allocatable: n.allocatable, a: {}, b: n.requested });
  const count = (m: Map<string, string | undefined>) => [...m.values()].filter((n) => n !== undefined).length;
  // the nodes whose load differs first (the sort is stable: otherwise the runs' order)
  const differs = (u: NodeUtilisation) => Object.keys({ ...u.a, ...u.b }).some((r) => (u.a[r] ?? 0) !== (u.b[r] ?? 0));
  nodes.sort((x, y) => Number(differs(y)) - Number(differs(x)));
  return { mode, pods: [...different, ...same], differ: different.length, placed: { a: count(onA), b: count(onB) }, nodes };
}

export type CompareOutcome =
  | { ok: true; comparison: ConfigurationComparison }
  /** `which`: the run whose scenario or configuration has the errors */
  | { ok: false; which: 'a' | 'b'; errors: ScenarioError[] };

/** Runs the scenario under its own configuration (A) and under `configB`, and compares them. */
export function compareConfigurations(
  scenario: ExpandedScenario, configB: SchedulerConfigDocument, configFileName: string, options: SimulateOptions = {}, mode: CompareMode = 'keep-bound',
): CompareOutcome {
  const { scenario: s, replay } = mode === 'from-empty' ? replayFromEmpty(scenario) : { scenario, replay: undefined };
  const a = runToEnd(copyScenario(s), options);
  if (!a.ok) return { ok: false, which: 'a', errors: a.errors };
  const b = runToEnd(withSchedulerConfig(s, configB), options);
  // the scenario ran under A: what fails under B is B's configuration, whose lines these are
  if (!b.ok) return { ok: false, which: 'b', errors: b.errors.map((e) => ({ ...e, file: configFileName })) };
  return { ok: true, comparison: { ...compareResults(a.result, b.result, mode), ...(replay ? { replay } : {}) } };
}
