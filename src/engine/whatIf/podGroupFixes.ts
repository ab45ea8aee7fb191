// Fixes for a pod of a PodGroup that did not schedule (v1.36+): the group decides, not the pod.
// A group's cycle is all-or-nothing (upstream: pkg/scheduler/schedule_one_podgroup.go), so a
// member that found a node has no failure of its own; what would let the group through is a
// change to the group — more nodes of the pool its unplaced members need, a smaller gang
// minCount, a wider topology level — each verified by re-simulating the group (./verify.ts).

import type { CycleTrace, PodGroupCycleTrace } from '../api';
import type { ExpandedScenario } from '../controllers/expand';
import { diagnoseCycle, type Diagnosis } from '../diagnosis/diagnose';
import { editDistance } from '../diagnosis/labelValues';
import type { Node, PodGroup } from '../model/types';
import { compareKubernetesVersions, type KubernetesVersion } from '../versions';
import { addNodeCandidates, poolLabelsOf, type Candidate } from './candidates';
import { newNodeName, type ScenarioEdit } from './edits';
import { Tier } from './rank';

/** a group short of more nodes than this is not offered as "add nodes" (a new pool, not a fix) */
const MAX_NEW_NODES = 16;
/** wider topology levels offered, the finest first */
const MAX_WIDER_LEVELS = 2;
const HOSTNAME = 'kubernetes.io/hostname';

const groupKeyOf = (g: PodGroup): string => `${g.metadata.namespace ?? 'default'}/${g.metadata.name}`;

/**
 * `n` new nodes like `like`, named apart from each other; `pool` names the pool to scale.
 */
function addNodes(s: ExpandedScenario, like: Node, n: number): ScenarioEdit[] {
  const taken = new Set<string>();
  const edits: ScenarioEdit[] = [];
  for (let i = 0; i < n; i++) {
    const name = newNodeName(s, like.metadata.name, taken);
    taken.add(name);
    edits.push({ kind: 'add-node', like: like.metadata.name, name, pool: poolLabelsOf(like) });
  }
  return edits;
}

function moreNodesCandidate(s: ExpandedScenario, like: Node, n: number, why: string): Candidate | undefined {
  if (n < 1 || n > MAX_NEW_NODES) return undefined;
  const pool = poolLabelsOf(like);
  return {
    kind: 'add-node', cost: 4, tier: Tier.Capacity, edits: addNodes(s, like, n),
    warning: `${n === 1 ? 'a new machine' : `${n} new machines`} like ${like.metadata.name}, ${why}: ${n === 1 ? 'it costs' : 'they cost'} money${Object.keys(pool).length === 0 ? '; no label names its node pool' : ''}`,
  };
}

/**
 * More nodes of the pool the group needs. Without a topology constraint: one like a node the
 * unplaced member came closest on, per member short of minCount. With one: nodes like those of
 * the placement that held the most members (another node of that rack), as many as it lacked.
 */
function moreNodesCandidates(s: ExpandedScenario, g: PodGroupCycleTrace, unplaced: Diagnosis | undefined): Candidate[] {
  const nodeNamed = (name: string) => s.nodes.find((n) => n.metadata.name === name);
  if (g.placements && g.placements.length > 0) {
    const best = [...g.placements].sort((a, b) => b.assignments.length - a.assignments.length)[0]!;
    const short = g.minCount - g.bound - best.assignments.length;
    const like = nodeNamed(best.assignments[0]?.node ?? best.nodes[0] ?? '');
    const c = like && moreNodesCandidate(s, like, short, `in ${best.name}, the placement that held ${best.assignments.length} of the group's pods`);
    return c ? [c] : [];
  }
  const short = g.minCount - g.bound - g.placed;
  if (!unplaced) return [];
  const out: Candidate[] = [];
  for (const one of addNodeCandidates(s, unplaced)) {
    const edit = one.edits[0];
    const like = edit?.kind === 'add-node' ? nodeNamed(edit.like) : undefined;
    if (one.tier !== Tier.Capacity || !like) continue;
    const c = moreNodesCandidate(s, like, short, `where ${unplaced.pod} came closest`);
    if (c) out.push(c);
  }
  return out;
}

/** A gang started with the members that found a node: minCount lowered to them (mutable from v1.37). */
function minCountCandidates(pg: PodGroup, g: PodGroupCycleTrace, version: KubernetesVersion): Candidate[] {
  const from = pg.spec.schedulingPolicy.gang?.minCount;
  const minCount = g.bound + g.placed;
  // upstream: v1alpha2 PodGroup validation keeps the policy immutable; v1beta1 (1.37) lets gang.minCount change
  if (from === undefined || compareKubernetesVersions(version, '1.37') < 0 || minCount < 1 || minCount >= from) return [];
  return [{
    kind: 'pod-group', cost: 1, tier: Tier.Relax,
    warning: `the group starts with ${minCount} of its ${g.members.length + g.bound} pods: check the job can run with fewer (minCount is the workload's own quorum)`,
    edits: [{ kind: 'pod-group', group: groupKeyOf(pg), change: 'min-count', from, minCount }],
  }];
}

/**
 * Label keys whose domains each hold whole domains of `key` (every node with `key` has it, and
 * nodes of one `key` domain share its value), with fewer domains: the wider levels, finest first.
 */
export function widerTopologyKeys(nodes: readonly Node[], key: string): string[] {
  const inDomain = nodes.filter((n) => n.metadata.labels?.[key] !== undefined);
  if (inDomain.length === 0) return [];
  const narrow = new Set(inDomain.map((n) => n.metadata.labels![key]!)).size;
  const keys = new Set(inDomain.flatMap((n) => Object.keys(n.metadata.labels ?? {})));
  const wider: { key: string; domains: number }[] = [];
  for (const k of keys) {
    if (k === key || k === HOSTNAME) continue;
    const wide = new Map<string, string>();
    const nests = inDomain.every((n) => {
      const v = n.metadata.labels![k];
      const at = n.metadata.labels![key]!;
      if (v === undefined || (wide.has(at) && wide.get(at) !== v)) return false;
      wide.set(at, v);
      return true;
    });
    const domains = new Set(wide.values()).size;
    if (nests && domains < narrow) wider.push({ key: k, domains });
  }
  return wider.sort((a, b) => b.domains - a.domains || a.key.localeCompare(b.key)).map((w) => w.key);
}

/** pools whose nodes a missing topology key is offered to, and keys offered in its place */
const MAX_MISSING_KEY_FIXES = 2;

/** the topology key's name without its prefix: `rack` of `topology.kubernetes.io/rack` */
const keyName = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

/**
 * A topology key no node carries (TopologyPlacement generates no placement, the group's message
 * is NO_PLACEMENTS): the key the nodes do have at that level — a likely typo (within a third of its
 * length in edits) or the same name under another prefix — or the key added to a pool's nodes,
 * the pool one domain. Both verified by re-simulating the group.
 */
function missingTopologyKeyCandidates(s: ExpandedScenario, pg: PodGroup): Candidate[] {
  const from = pg.spec.schedulingConstraints?.topology?.[0]?.key;
  if (from === undefined || s.nodes.some((n) => n.metadata.labels?.[from] !== undefined)) return [];
  const group = groupKeyOf(pg);
  const limit = Math.max(2, Math.floor(from.length / 3));
  const keys = [...new Set(s.nodes.flatMap((n) => Object.keys(n.metadata.labels ?? {})))]
    .filter((k) => k !== HOSTNAME)
    .map((key) => ({ key, d: editDistance(from, key), sameName: keyName(key) === keyName(from) }))
    .filter(({ d, sameName }) => d <= limit || sameName)
    .sort((a, b) => a.d - b.d || a.key.localeCompare(b.key))
    .slice(0, MAX_MISSING_KEY_FIXES);
  const corrected = keys.map(({ key }): Candidate => {
    const domains = new Set(s.nodes.flatMap((n) => n.metadata.labels?.[key] ?? [])).size;
    return {
      kind: 'pod-group', cost: 1, tier: Tier.SpecMistake,
      warning: `no node has ${from}; check ${key} (${domains === 1 ? '1 domain' : `${domains} domains`}) is the level the job meant`,
      edits: [{ kind: 'pod-group', group, change: 'topology', from, key }],
    };
  });
  const pools = new Map<string, { labels: Record<string, string>; nodes: Node[] }>();
  for (const n of s.nodes) {
    const labels = poolLabelsOf(n);
    if (Object.keys(labels).length === 0) continue;
    const id = JSON.stringify(labels);
    const pool = pools.get(id) ?? { labels, nodes: [] };
    pool.nodes.push(n);
    pools.set(id, pool);
  }
  const labelled = [...pools.values()].slice(0, MAX_MISSING_KEY_FIXES).map(({ labels, nodes }): Candidate => {
    const value = Object.values(labels)[0]!;
    return {
      kind: 'node-label', cost: 2, tier: Tier.NodeScoped,
      warning: `labels the ${nodes.length === 1 ? 'node' : `${nodes.length} nodes`} of pool ${value} ${from}=${value}: the pool's own configuration must set it too, or its new nodes come without it`,
      edits: nodes.map((n) => ({ kind: 'node-label', node: n.metadata.name, key: from, value })),
    };
  });
  return [...corrected, ...labelled];
}

/** A wider topology level than the one no placement held the group in; the constraint dropped last. */
function topologyCandidates(s: ExpandedScenario, pg: PodGroup): Candidate[] {
  const from = pg.spec.schedulingConstraints?.topology?.[0]?.key;
  if (from === undefined) return [];
  const group = groupKeyOf(pg);
  const wider = widerTopologyKeys(s.nodes, from).slice(0, MAX_WIDER_LEVELS);
  return [
    ...wider.map((key): Candidate => ({
      kind: 'pod-group', cost: 2, tier: Tier.Relax,
      warning: `the group's pods may span several ${from} domains within one ${key}: check the job tolerates the slower links between them`,
      edits: [{ kind: 'pod-group', group, change: 'topology', from, key }],
    })),
    {
      kind: 'pod-group', cost: 3, tier: Tier.Relax,
      warning: 'the group\'s pods may land on any nodes: the job gives up being placed close together',
      edits: [{ kind: 'pod-group', group, change: 'topology', from }],
    },
  ];
}

/**
 * The group's fixes for a member whose latest cycle was a failed pod-group cycle. `cycles` are the
 * unchanged run's (the unplaced member's own attempt is diagnosed from them).
 */
export function podGroupCandidates(s: ExpandedScenario, trace: CycleTrace, cycles: readonly CycleTrace[], allNodes: readonly string[], version: KubernetesVersion): Candidate[] {
  const g = trace.podGroup;
  const pg = g && s.podGroups?.find((x) => groupKeyOf(x) === g.name);
  if (!g || !pg || g.result === 'Scheduled') return [];
  const unplacedPod = g.attempts?.find((a) => a.node === undefined)?.pod;
  const unplacedTrace = unplacedPod === undefined ? undefined
    : unplacedPod === trace.pod ? trace : cycles.find((c) => c.pod === unplacedPod && c.podGroup?.name === g.name && c.podGroup.firstCycle === g.firstCycle);
  const unplaced = unplacedTrace && diagnoseCycle(unplacedTrace, allNodes);
  return [...moreNodesCandidates(s, g, unplaced), ...minCountCandidates(pg, g, version), ...missingTopologyKeyCandidates(s, pg), ...topologyCandidates(s, pg)];
}
