// Candidate changes that might make an unschedulable pod schedulable, generated from its
// diagnosis: one kind of change per failure reason. They are guesses; ./verify.ts keeps the ones
// a simulation confirms, and ./rank.ts orders them as a reviewer would (`tier`, `warning`).

import type { PodOutcome, SimulationResult } from '../api';
import type { Diagnosis } from '../diagnosis/diagnose';
import { nearestLabelValues, nodeLabelValues } from '../diagnosis/labelValues';
import type { ExpandedScenario } from '../controllers/expand';
import { compileLabelSelector, compileMapSelector, matchNodeSelector, matchNodeSelectorRequirement } from '../model/selectors';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint, TAINT_NODE_UNSCHEDULABLE, taintToString } from '../model/taints';
import type { Node, Pod, Taint, Toleration, Workload } from '../model/types';
import { podKey } from '../model/types';
import type { ResourceClaimSpec } from '../model/resource';
import { amountOf, newerTemplateOf, newNodeName, requestEdit, slicesOf, type ClaimRef, type EditKind, type ScenarioEdit } from './edits';
import { Tier } from './rank';

export interface Candidate {
  kind: EditKind;
  edits: ScenarioEdit[];
  /** how big the change is, for ranking within a tier: 1 (one field) … 4 (a new node) */
  cost: number;
  /** how a reviewer weighs the kind of change (./rank.ts): lower first */
  tier: Tier;
  /** what a reviewer must know before approving it (a node-scoped change, a reason a node is cordoned) */
  warning?: string;
  /** the node pool an "add a node like" change scales (poolOf): the ranking keeps one fix per pool */
  pool?: string;
  /**
   * the workload whose pod template a change to the pod is written into (the top-most of
   * ./edits.ts templateOwnersOf: a Deployment, not its ReplicaSet): its title says so, since the
   * reviewer approves a change to that object, not to the pod
   */
  template?: WorkloadRef;
  /**
   * why a reviewer refuses the change whatever it does (a toleration that moves the pod into a pool
   * tainted for other workloads): such a candidate is counted and listed, never simulated
   */
  refused?: string;
}

/** A workload by kind, namespace and name. */
export interface WorkloadRef { kind: string; namespace: string; name: string }

/** user PriorityClasses may not go above this (upstream: HighestUserDefinablePriority) */
const HIGHEST_USER_PRIORITY = 1_000_000_000;
const MAX_PER_KIND = 3;
/** a request cut below this share of what the container asks for (./rank.ts Tier.Overrides) */
const DEEP_CUT = 0.5;
/** annotations that say why a node is cordoned (an incident, maintenance, a ticket) */
const WHY_CORDONED = /cordon|incident|maint|drain|do-not|reason|ticket|outage/i;
/** labels that name a node pool, most specific first */
const POOL_LABELS = ['karpenter.sh/nodepool', 'eks.amazonaws.com/nodegroup', 'cloud.google.com/gke-nodepool', 'kubernetes.azure.com/agentpool', 'agentpool', 'node-pool', 'nodepool', 'pool', 'node.kubernetes.io/instance-type'];

interface Insufficient { resourceName: string; requested: number; used: number; capacity: number; unresolvable: boolean }

const nodeNamed = (s: ExpandedScenario, name: string): Node | undefined => s.nodes.find((n) => n.metadata.name === name);

/** Does the pod ask for this node by its own nodeSelector or required node affinity (not merely tolerate it)? */
export function podSelects(pod: Pod, node: Node): boolean {
  const selector = pod.spec.nodeSelector ?? {};
  const required = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!selectsAny(pod)) return false;
  return compileMapSelector(selector).matches(node.metadata.labels) && (!required || matchNodeSelector(required, node));
}

/** The labels that name the node's pool, for "scale this pool" (never the hostname, IP or instance id). */
export function poolLabelsOf(node: Node): Record<string, string> {
  const labels = node.metadata.labels ?? {};
  const named = POOL_LABELS.filter((k) => labels[k] !== undefined);
  const pool = named.filter((k) => k !== 'node.kubernetes.io/instance-type');
  return Object.fromEntries((pool.length > 0 ? pool.slice(0, 2) : named.slice(0, 1)).map((k) => [k, labels[k]!]));
}

/** labels that name one node or its place, not its pool */
const PER_NODE_LABELS = /^(kubernetes\.io\/hostname|topology\.kubernetes\.io\/(zone|region)|failure-domain\.beta\.kubernetes\.io\/(zone|region)|topology\.[a-z.]*csi[^/]*\/.*)$/;

/**
 * The node pool a node belongs to, as a reviewer names it: its pool labels ("node-pool=gpu");
 * without one, its shape — the labels other than hostname and zone, its taints and its allocatable
 * (nodes alike in all three are one pool to scale).
 */
export function poolOf(node: Node): string {
  const pool = poolLabelsOf(node);
  if (Object.keys(pool).length > 0 && !('node.kubernetes.io/instance-type' in pool && Object.keys(pool).length === 1)) return Object.entries(pool).map(([k, v]) => `${k}=${v}`).join(',');
  const labels = Object.entries(node.metadata.labels ?? {}).filter(([k]) => !PER_NODE_LABELS.test(k)).sort(([a], [b]) => a.localeCompare(b));
  const taints = (node.spec?.taints ?? []).filter((t) => t.key !== TAINT_NODE_UNSCHEDULABLE).map(taintToString).sort();
  const allocatable = Object.entries(node.status?.allocatable ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ labels, taints, allocatable });
}

/** How a reviewer names a pool: its pool labels, or "nodes like <node>" when no label names it. */
export function poolName(node: Node): string {
  const labels = poolLabelsOf(node);
  return Object.keys(labels).length > 0 ? Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(', ') : `nodes like ${node.metadata.name}`;
}

/**
 * A change that lets the pod land outside the pool it selects (a nodeSelector or node affinity
 * dropped, a taint tolerated): the pool it lands in, and whether that pool is dedicated (tainted
 * against pods that do not tolerate it). Undefined when it stays in a pool it selects, or selects
 * none that exists (a typo: its intended pool is unknown).
 */
export function poolMove(s: ExpandedScenario, pod: Pod, to: string): { pool: string; from: string; dedicated: boolean } | undefined {
  // a node the autoscaler added in the changed run (named <group>-<n>) is its group's template
  const node = nodeNamed(s, to) ?? s.clusterAutoscaler?.nodeGroups.find((g) => to.startsWith(`${g.name}-`) && /^\d+$/.test(to.slice(g.name.length + 1)))?.template;
  const home = s.nodes.filter((n) => podSelects(pod, n));
  if (!node || home.length === 0) return undefined;
  const homePools = new Set(home.map(poolOf));
  if (homePools.has(poolOf(node))) return undefined;
  const dedicated = (node.spec?.taints ?? []).some((t) => t.key !== TAINT_NODE_UNSCHEDULABLE && doNotScheduleTaintsFilter(t));
  return { pool: poolName(node), from: [...new Set(home.map(poolName))].join('; '), dedicated };
}

/** Why a cordoned node is cordoned, as its annotations and other taints say; undefined when nothing says. */
export function cordonReason(node: Node): string | undefined {
  const notes = Object.entries(node.metadata.annotations ?? {}).filter(([k, v]) => WHY_CORDONED.test(k) || WHY_CORDONED.test(v)).map(([k, v]) => `${k}: "${v}"`);
  const taints = (node.spec?.taints ?? []).filter((t) => t.key !== TAINT_NODE_UNSCHEDULABLE && doNotScheduleTaintsFilter(t)).map((t) => `taint ${taintToString(t)}`);
  const all = [...notes, ...taints];
  return all.length > 0 ? all.join('; ') : undefined;
}

/** The toleration of exactly this taint (Equal on its value, Exists when it has none). */
export function tolerationFor(taint: Taint): Toleration {
  return taint.value ? { key: taint.key, operator: 'Equal', value: taint.value, effect: taint.effect } : { key: taint.key, operator: 'Exists', effect: taint.effect };
}

function tolerationCandidates(s: ExpandedScenario, pod: Pod, key: string, nodes: readonly string[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const name of nodes) {
    const node = nodeNamed(s, name);
    const taint = node && findMatchingUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, doNotScheduleTaintsFilter, false);
    if (!node || !taint || taint.key === TAINT_NODE_UNSCHEDULABLE) continue;
    const id = `${taint.key}=${taint.value ?? ''}:${taint.effect}`;
    if (seen.has(id) || out.length >= MAX_PER_KIND) continue;
    seen.add(id);
    const toleration = tolerationFor(taint);
    // a taint keeps a dedicated pool for its own pods: tolerating it is right only where the pod already asks for that pool
    const home = selectsTaintedPool(s.nodes, pod, node, taint);
    out.push({
      kind: 'toleration', cost: 1, edits: [{ kind: 'toleration', pod: key, toleration }], tier: home ? Tier.SpecMistake : Tier.NodeScoped,
      ...(home ? {} : { refused: `it moves the pod into the pool tainted ${taintToString(taint)}, which it does not select: the taint keeps that pool for its own workloads` }),
    });
  }
  return out;
}

/**
 * Is the tainted pool the pod's intended home: does its nodeSelector or required node affinity pick
 * that pool, not merely include it? A selector every node of the cluster meets (a capacity type, an
 * architecture) also picks the untainted pools beside it, so it asks for none of them: the pool is
 * its home only when every node it selects carries the taint (a GPU pool's `node-pool: gpu`, a spot
 * pool's capacity type where only spot nodes are spot).
 */
export function selectsTaintedPool(nodes: readonly Node[], pod: Pod, node: Node, taint: Taint): boolean {
  const tainted = (n: Node) => (n.spec?.taints ?? []).some((t) => t.key === taint.key && t.effect === taint.effect);
  // a pod that selects nothing has no pool of its own: the tainted one is its home only when it is the whole cluster
  if (!selectsAny(pod)) return nodes.every(tainted);
  if (!podSelects(pod, node)) return false;
  return nodes.filter((n) => podSelects(pod, n)).every(tainted);
}

const selectsAny = (pod: Pod): boolean => Object.keys(pod.spec.nodeSelector ?? {}).length > 0 || pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution !== undefined;

/** the node labels that name the platform a container image is built for (upstream: well_known_labels.go) */
const PLATFORM_KEYS = new Set(['kubernetes.io/arch', 'kubernetes.io/os', 'beta.kubernetes.io/arch', 'beta.kubernetes.io/os']);
/** real architectures and operating systems (Go's GOARCH/GOOS as kubelets report them): another is no typo fix for one of these */
const PLATFORMS = new Set(['amd64', 'arm64', 'arm', '386', 'ppc64le', 's390x', 'riscv64', 'linux', 'windows']);

/**
 * Why a reviewer refuses a change to the platform the pod asks for (its arch or os), or undefined:
 * its images are built for that platform, and on another its containers do not start (exec format
 * error). A node of that platform is the fix; a value that is no platform (a typo) may still be corrected.
 */
export function platformRefusal(key: string, values: readonly string[] | undefined): string | undefined {
  if (!PLATFORM_KEYS.has(key)) return undefined;
  const named = (values ?? []).filter((v) => PLATFORMS.has(v));
  if (values !== undefined && named.length === 0) return undefined;
  return `the pod asks for ${key}${named.length ? ` ${named.join(', ')}` : ''}: its images are built for that platform, and elsewhere its containers do not start (exec format error); nodes of that platform are the fix`;
}

/** A value no node has for a key the pod selects on → the values nodes have that are nearest (a typo). */
function affinityValueCandidates(s: ExpandedScenario, pod: Pod, key: string): Candidate[] {
  const out: Candidate[] = [];
  const valuesOf = (k: string) => nodeLabelValues(s.nodes, k);
  for (const [k, v] of Object.entries(pod.spec.nodeSelector ?? {})) {
    const values = valuesOf(k);
    if (values.some((x) => x.value === v)) continue;
    const refused = platformRefusal(k, [v]);
    for (const near of nearestLabelValues(v, values)) out.push({ kind: 'affinity-value', cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'affinity-value', pod: key, key: k, from: v, value: near.value, nodeSelectorKey: k }], ...(refused ? { refused } : {}) });
  }
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  terms.forEach((t, term) => (t.matchExpressions ?? []).forEach((e, expression) => {
    if (e.operator !== 'In' || !e.values) return;
    const values = valuesOf(e.key);
    const have = new Set(values.map((x) => x.value));
    if (e.values.some((v) => have.has(v))) return;
    for (const from of e.values) {
      const refused = platformRefusal(e.key, [from]);
      for (const near of nearestLabelValues(from, values)) out.push({ kind: 'affinity-value', cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'affinity-value', pod: key, key: e.key, from, value: near.value, term, expression }], ...(refused ? { refused } : {}) });
    }
  }));
  return out;
}

function selectorCandidates(s: ExpandedScenario, pod: Pod, key: string, d: Diagnosis): Candidate[] {
  const out: Candidate[] = [];
  const selector = Object.entries(pod.spec.nodeSelector ?? {});
  for (const [k, v] of selector) {
    const refused = platformRefusal(k, [v]);
    out.push({ kind: 'selector', cost: 2, tier: Tier.Relax, edits: [{ kind: 'selector', pod: key, nodeSelectorKey: k }], ...(refused ? { refused } : {}) });
  }
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  terms.forEach((t, term) => (t.matchExpressions ?? []).forEach((e, expression) => {
    // an expression every node meets keeps no node out: dropping it cannot help (a pod of 1,200
    // expressions, one of them wrong, made 1,200 candidates and the cap kept the wrong 40, issue 23)
    if (s.nodes.every((n) => matchNodeSelectorRequirement(e, n.metadata.labels))) return;
    // an arm64-only image's requirement dropped: a reviewer refuses it whatever it schedules
    const refused = e.operator === 'In' ? platformRefusal(e.key, e.values) : undefined;
    out.push({ kind: 'selector', cost: 2, tier: Tier.Relax, edits: [{ kind: 'selector', pod: key, term, expression }], ...(refused ? { refused } : {}) });
  }));
  // label the nodes that fail only NodeAffinity with what the nodeSelector asks for
  if (selector.length > 0) {
    const closest = d.closest.filter((c) => c.plugin === 'NodeAffinity').slice(0, 2);
    for (const c of closest) {
      const node = nodeNamed(s, c.node);
      // a hostname label names one node: putting it on another is no fix
      const missing = selector.filter(([k, v]) => node?.metadata.labels?.[k] !== v);
      if (missing.some(([k]) => k === 'kubernetes.io/hostname')) continue;
      if (missing.length === 0) continue;
      const overwritten = missing.filter(([k]) => node?.metadata.labels?.[k] !== undefined);
      // moving a node into another pool is the pool owner's change, not a fix for one pod (what
      // runs there and selects its pool loses it; the autoscaler manages it as the other pool):
      // "add a node like" one of the pod's own pool is the capacity fix
      if (overwritten.some(([k]) => POOL_LABELS.includes(k))) continue;
      const moved = overwritten.map(([k, v]) => `${k}=${node!.metadata.labels![k]} → ${v}`);
      out.push({
        kind: 'node-label', cost: missing.length, tier: moved.length > 0 ? Tier.Overrides : Tier.NodeScoped,
        warning: moved.length > 0 ? `overwrites a label the node has (${moved.join(', ')}): what selects the node on it loses it` : 'changes a node\'s labels: every workload that selects on them sees it',
        edits: missing.map(([k, v]) => ({ kind: 'node-label' as const, node: c.node, key: k, value: v })),
      });
    }
  }
  return out;
}

function requestCandidates(pod: Pod, key: string, d: Diagnosis): Candidate[] {
  // the node failing only NodeResourcesFit with the most room: the pod's requests cut to its free amount
  let best: { node: string; free: Map<string, number>; room: number } | undefined;
  for (const c of d.closest) {
    if (c.plugin !== 'NodeResourcesFit') continue;
    const insufficient = (c.details?.insufficientResources as Insufficient[] | undefined) ?? [];
    if (insufficient.length === 0 || insufficient.some((r) => r.resourceName === 'pods')) continue;
    const free = new Map(insufficient.map((r) => [r.resourceName, Math.max(0, r.capacity - r.used)]));
    const room = Math.min(...insufficient.map((r) => (r.capacity - r.used) / Math.max(1, r.requested)));
    if (best === undefined || room > best.room) best = { node: c.node, free, room };
  }
  if (best === undefined || best.room <= 0) return [];
  const edits = [...best.free].map(([resource, amount]) => requestEdit(pod, key, resource, amount));
  if (edits.some((e) => e === undefined)) return [];
  // a request cut to less than half is another workload, not a trim: a reviewer refuses it unless nothing else fits
  const cuts = (edits as ScenarioEdit[]).flatMap((e) => {
    if (e.kind !== 'request') return [];
    const from = pod.spec.containers[e.container]?.resources?.requests?.[e.resource];
    const share = amountOf(e.resource, e.quantity) / Math.max(1, amountOf(e.resource, from));
    return share < DEEP_CUT ? [`${e.resource} ${from} → ${e.quantity} (${Math.round(share * 100)} % of the request)`] : [];
  });
  return [{
    kind: 'request', cost: 2, tier: cuts.length > 0 ? Tier.Overrides : Tier.Relax, edits: edits as ScenarioEdit[],
    warning: cuts.length > 0
      ? `cuts what the container asks for to a fraction (${cuts.join(', ')}): it fits the room free on one node now, not what the workload needs; a node large enough for the request is the other way`
      : 'a request is what the container needs: less than it asked for risks throttling or an OOM kill',
  }];
}

/**
 * Preemption could help where a node fails on resources or anti-affinity only; the pod needs a
 * priority above the pods there (upstream: only lower-priority pods are victims). A PriorityClass
 * the cluster has comes first (one the pod's namespace already uses before any other); a new one
 * only when none is high enough.
 */
function priorityCandidates(s: ExpandedScenario, key: string, d: Diagnosis, result: SimulationResult, outcome: PodOutcome): Candidate[] {
  const nodes = new Set(d.closest.filter((c) => c.plugin === 'NodeResourcesFit' || c.plugin === 'InterPodAffinity' || c.plugin === 'PodTopologySpread').map((c) => c.node));
  if (nodes.size === 0 || d.preemption?.nominated) return [];
  const onNodes = result.pods.filter((p) => p.node !== undefined && nodes.has(p.node) && p.deletedAt === undefined && p.priority < HIGHEST_USER_PRIORITY);
  const lowest = Math.min(...onNodes.map((p) => p.priority));
  if (!Number.isFinite(lowest)) return [];
  const namespace = namespaceOfKey(key);
  const usedHere = new Set(s.pods.filter((p) => (p.metadata.namespace ?? 'default') === namespace && p.spec.priorityClassName).map((p) => p.spec.priorityClassName!));
  const existing = s.priorityClasses
    .filter((c) => c.value > outcome.priority && c.value > lowest && c.value < HIGHEST_USER_PRIORITY && c.preemptionPolicy !== 'Never')
    .sort((a, b) => Number(usedHere.has(b.metadata.name)) - Number(usedHere.has(a.metadata.name)) || a.value - b.value)
    .slice(0, 2);
  const out: Candidate[] = existing.map((c) => ({
    kind: 'priority' as const, cost: 1, tier: usedHere.has(c.metadata.name) ? Tier.SpecMistake : Tier.Capacity,
    edits: [{ kind: 'priority' as const, pod: key, priorityClass: c, existing: true }],
  }));
  if (out.length > 0) return out;
  const highest = Math.max(...onNodes.map((p) => p.priority), outcome.priority);
  const value = Math.min(HIGHEST_USER_PRIORITY, highest + 1000);
  if (value <= outcome.priority) return [];
  return [{
    kind: 'priority', cost: 3, tier: Tier.Relax, warning: 'a new PriorityClass: the cluster has none high enough',
    edits: [{ kind: 'priority', pod: key, priorityClass: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: `preempt-${value}` }, value, globalDefault: false, preemptionPolicy: 'PreemptLowerPriority', description: 'made by Podplay: high enough to preempt the pods in the way' } }],
  }];
}

/**
 * The domains of a spread constraint's topology key among the nodes its pod may use (the nodes its
 * nodeSelector and required node affinity match: nodeAffinityPolicy Honor, the default).
 * upstream: podtopologyspread/filtering.go (minDomains against the number of eligible domains)
 */
function spreadDomains(s: ExpandedScenario, pod: Pod, topologyKey: string, honorAffinity: boolean): number {
  const selects = Object.keys(pod.spec.nodeSelector ?? {}).length > 0 || pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution !== undefined;
  const values = new Set<string>();
  for (const n of s.nodes) {
    const v = n.metadata.labels?.[topologyKey];
    if (v !== undefined && (!honorAffinity || !selects || podSelects(pod, n))) values.add(v);
  }
  return values.size;
}

function spreadCandidates(s: ExpandedScenario, pod: Pod, key: string, d: Diagnosis): Candidate[] {
  const out: Candidate[] = [];
  // cordoned or tainted nodes the pod does not tolerate still make domains under nodeTaintsPolicy Ignore (the default)
  const untolerated = d.groups.some((g) => g.plugin === 'NodeUnschedulable' || g.plugin === 'TaintToleration');
  (pod.spec.topologySpreadConstraints ?? []).forEach((c, constraint) => {
    if (c.whenUnsatisfiable !== 'DoNotSchedule') return;
    if (untolerated && c.nodeTaintsPolicy !== 'Honor') out.push({ kind: 'spread', cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'spread', pod: key, constraint, nodeTaintsPolicy: 'Honor' }] });
    if (c.nodeAffinityPolicy === 'Ignore') out.push({ kind: 'spread', cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'spread', pod: key, constraint, nodeAffinityPolicy: 'Honor' }] });
    // minDomains above the domains the cluster has (written for a region with more zones): the global
    // minimum counts as 0, so every domain is full at maxSkew pods; the spec corrected to the cluster
    const domains = spreadDomains(s, pod, c.topologyKey, c.nodeAffinityPolicy !== 'Ignore');
    if (c.minDomains !== undefined && domains > 0 && c.minDomains > domains) out.push({ kind: 'spread', cost: 1, tier: Tier.SpecMistake, warning: `minDomains ${c.minDomains} asks for more domains of ${c.topologyKey} than the cluster's nodes have (${domains})`, edits: [{ kind: 'spread', pod: key, constraint, minDomains: domains }] });
    const skews = d.blocking.filter((b) => b.plugin === 'PodTopologySpread' && b.topologyKey === c.topologyKey).map((b) => b.skew ?? 0);
    // a larger skew weakens the spread the workload declared (./rank.ts Tier)
    if (skews.length > 0) out.push({ kind: 'spread', cost: 2, tier: Tier.Relax, edits: [{ kind: 'spread', pod: key, constraint, maxSkew: Math.min(...skews) }] });
    out.push({ kind: 'spread', cost: 2, tier: Tier.Relax, edits: [{ kind: 'spread', pod: key, constraint, whenUnsatisfiable: 'ScheduleAnyway' }] });
  });
  return out;
}

function antiAffinityCandidates(pod: Pod, key: string): Candidate[] {
  return (pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((_, term) => ({ kind: 'anti-affinity' as const, cost: 2, tier: Tier.Relax, edits: [{ kind: 'anti-affinity' as const, pod: key, term }] }));
}

/** The pod's claims as objects to edit: its ResourceClaims, or the templates its claims come from. */
function claimRefs(s: ExpandedScenario, pod: Pod, namespace: string): { ref: ClaimRef; devices: NonNullable<ResourceClaimSpec['devices']> }[] {
  const out: { ref: ClaimRef; devices: NonNullable<ResourceClaimSpec['devices']> }[] = [];
  for (const c of pod.spec.resourceClaims ?? []) {
    const kind = c.resourceClaimName ? 'ResourceClaim' as const : c.resourceClaimTemplateName ? 'ResourceClaimTemplate' as const : undefined;
    const name = c.resourceClaimName ?? c.resourceClaimTemplateName;
    if (!kind || !name) continue;
    const o = s.resources.find((r) => r.kind === kind && (r.metadata.namespace ?? 'default') === namespace && r.metadata.name === name);
    const devices = o?.kind === 'ResourceClaim' ? o.spec.devices : o?.kind === 'ResourceClaimTemplate' ? o.spec.spec.devices : undefined;
    if (devices) out.push({ ref: { kind, namespace, name }, devices });
  }
  return out;
}

/** DRA: relax the claim itself — drop a constraint or a request's selectors, ask another DeviceClass, or half the devices. */
function claimCandidates(s: ExpandedScenario, pod: Pod, key: string): Candidate[] {
  const out: Candidate[] = [];
  for (const { ref, devices } of claimRefs(s, pod, namespaceOfKey(key))) {
    (devices.constraints ?? []).forEach((c, constraint) => out.push({
      // weakens what the workload declared: below a node like one of its pool (./rank.ts Tier)
      kind: 'claim', cost: 1, tier: Tier.Relax,
      // a matchAttribute is there for the workload (GPUs on one PCIe root, one interconnect): a
      // reviewer must see what dropping it gives up
      ...(c.matchAttribute ? { warning: `the devices need no longer share ${c.matchAttribute}: check the workload does not depend on it` } : {}),
      edits: [{ kind: 'claim', claim: ref, change: 'drop-constraint', constraint, ...(c.matchAttribute ? { matchAttribute: c.matchAttribute } : {}) }],
    }));
    (devices.requests ?? []).forEach((r, request) => {
      const exactly = r.exactly;
      if (!exactly) return;
      const selectors = exactly.selectors?.length ?? 0;
      if (selectors > 0) {
        out.push({ kind: 'claim', cost: 2, tier: Tier.Relax, warning: 'any device of the class, not only the ones its selector picked: check the workload runs on them', edits: [{ kind: 'claim', claim: ref, change: 'drop-selectors', request, requestName: r.name, selectors }] });
      }
      // another class of devices the cluster offers (the simulation checks that some node has them)
      const classes = s.resources.filter((o) => o.kind === 'DeviceClass' && o.metadata.name !== exactly.deviceClassName).map((o) => o.metadata.name);
      for (const deviceClassName of classes.slice(0, MAX_PER_KIND)) {
        out.push({ kind: 'claim', cost: 2, tier: Tier.Capacity, warning: `another kind of device (DeviceClass ${deviceClassName}): check the workload runs on it`, edits: [{ kind: 'claim', claim: ref, change: 'device-class', request, requestName: r.name, from: exactly.deviceClassName, deviceClassName }] });
      }
      const from = exactly.allocationMode !== 'All' ? exactly.count ?? 1 : 1;
      if (from <= 1) return;
      out.push({ kind: 'claim', cost: 2, tier: Tier.Relax, warning: 'fewer devices than the workload asked for', edits: [{ kind: 'claim', claim: ref, change: 'count', request, requestName: r.name, from, count: Math.floor(from / 2) }] });
    });
  }
  return out;
}

const namespaceOfKey = (key: string): string => key.slice(0, key.indexOf('/'));

interface ScaleTarget { workload: Workload; deployment: string }

/**
 * The Deployment behind a pod's owner ("Deployment/name", or "ReplicaSet/name" of a Deployment's
 * ReplicaSet), and what to scale: the Deployment, or its ReplicaSet when the scenario holds that
 * alone (a dump's import keeps the ReplicaSets, which own the pods).
 */
function scaleTargetOf(s: ExpandedScenario, namespace: string, owner: string | undefined): ScaleTarget | undefined {
  if (owner === undefined) return undefined;
  const slash = owner.indexOf('/');
  const find = (kind: string, name: string) => s.workloads.find((w) => w.kind === kind && (w.metadata.namespace ?? 'default') === namespace && w.metadata.name === name);
  const kind = owner.slice(0, slash), name = owner.slice(slash + 1);
  if (kind === 'Deployment') {
    const workload = find(kind, name);
    return workload && { workload, deployment: name };
  }
  if (kind !== 'ReplicaSet') return undefined;
  const rs = find(kind, name);
  const ref = rs?.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Deployment');
  if (!rs || !ref) return undefined;
  return { workload: find('Deployment', ref.name) ?? rs, deployment: ref.name };
}

/**
 * Scale a Deployment with pods on a node that fails on resources only, by as many of its pods
 * there as free what the pod lacks. The Deployment's controller picks which pods go (upstream:
 * ActivePodsWithRanks, co-located replicas first), so the simulation decides whether it helps.
 */
function scaleCandidates(s: ExpandedScenario, key: string, d: Diagnosis, result: SimulationResult, outcome: PodOutcome): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const c of d.closest) {
    if (c.plugin !== 'NodeResourcesFit' || out.length >= MAX_PER_KIND) continue;
    const insufficient = (c.details?.insufficientResources as Insufficient[] | undefined) ?? [];
    if (insufficient.length === 0 || insufficient.some((r) => r.unresolvable)) continue;
    const own = scaleTargetOf(s, namespaceOfKey(key), outcome.owner)?.workload;
    const byTarget = new Map<Workload, { target: ScaleTarget; pods: PodOutcome[] }>();
    for (const p of result.pods) {
      if (p.node !== c.node || p.deletedAt !== undefined) continue;
      const target = scaleTargetOf(s, namespaceOfKey(p.pod), p.owner);
      if (target === undefined || target.workload === own) continue;
      const entry = byTarget.get(target.workload);
      if (entry) entry.pods.push(p); else byTarget.set(target.workload, { target, pods: [p] });
    }
    for (const { target, pods } of byTarget.values()) {
      const w = target.workload;
      const id = `${w.kind}/${w.metadata.namespace ?? 'default'}/${w.metadata.name}`;
      if (seen.has(id)) continue;
      // the shortfall per resource: what the pod asks beyond the node's free amount
      const short = new Map(insufficient.map((r) => [r.resourceName, r.requested - (r.capacity - r.used)]));
      const freed = (p: PodOutcome, r: string) => (r === 'pods' ? 1 : p.requests?.[r] ?? 0);
      const first = insufficient[0]!.resourceName;
      const biggestFirst = [...pods].sort((a, b) => freed(b, first) - freed(a, first));
      let by = 0;
      for (const p of biggestFirst) {
        if ([...short.values()].every((v) => v <= 0)) break;
        for (const r of short.keys()) short.set(r, short.get(r)! - freed(p, r));
        by++;
      }
      const replicas = (w.spec as { replicas?: number }).replicas ?? 1;
      if ([...short.values()].some((v) => v > 0) || by > replicas) continue;
      seen.add(id);
      const workload = { kind: w.kind as 'Deployment' | 'ReplicaSet', namespace: w.metadata.namespace ?? 'default', name: w.metadata.name };
      out.push({ kind: 'scale', cost: 3, tier: Tier.Relax, warning: `scales down another workload (${workload.namespace}/${target.deployment})`, edits: [{ kind: 'scale', workload, deployment: target.deployment, replicas: replicas - by, by }] });
    }
  }
  return out.slice(0, MAX_PER_KIND);
}

/** Filter plugins that keep a node out of a pod's reach for good: its own spec does not allow the node. */
const OUT_OF_REACH = new Set(['NodeAffinity', 'TaintToleration', 'NodeUnschedulable', 'VolumeZone', 'VolumeBinding']);

/**
 * A Deployment with more replicas than its required pod anti-affinity against its own pods allows:
 * one pod per domain of the term's topologyKey, among the domains of the nodes the pod may use
 * (the nodes no Filter rejects for its own spec — selector, taints, cordon, volume zone). Replica
 * domains + 1 can never run; the replicas scaled to the domains is the fix (upstream: the
 * ReplicaSet controller deletes the unscheduled pods first, controller_utils.go ActivePodsWithRanks).
 * Where a new node is a new domain (the hostname key), more nodes are the other answer and scaling
 * down gives up capacity the workload asked for; where the domains are the cluster's zones or
 * regions, the spec asks for what the cluster cannot have (as minDomains above the domains).
 */
function ownScaleCandidates(s: ExpandedScenario, pod: Pod, key: string, d: Diagnosis, result: SimulationResult, outcome: PodOutcome): Candidate[] {
  const target = scaleTargetOf(s, namespaceOfKey(key), outcome.owner);
  const replicas = (target?.workload.spec as { replicas?: number } | undefined)?.replicas ?? 1;
  if (!target) return [];
  const outOfReach = new Set(d.groups.filter((g) => OUT_OF_REACH.has(g.plugin)).flatMap((g) => g.nodes));
  const out: Candidate[] = [];
  for (const term of pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []) {
    const own = term.labelSelector !== undefined && compileLabelSelector(term.labelSelector).matches(pod.metadata.labels ?? {});
    const namespaces = term.namespaces ?? [];
    if (!own || term.namespaceSelector !== undefined || (namespaces.length > 0 && !namespaces.includes(namespaceOfKey(key)))) continue;
    const domains = new Set(result.nodes.filter((n) => !outOfReach.has(n.name)).flatMap((n) => {
      const v = nodeNamed(s, n.name)?.metadata.labels?.[term.topologyKey];
      return v === undefined ? [] : [v];
    })).size;
    if (domains === 0 || replicas <= domains) continue;
    const w = target.workload;
    const workload = { kind: w.kind as 'Deployment' | 'ReplicaSet', namespace: w.metadata.namespace ?? 'default', name: w.metadata.name };
    const perNode = term.topologyKey === 'kubernetes.io/hostname';
    out.push({
      kind: 'scale', cost: 1, tier: perNode ? Tier.Relax : Tier.SpecMistake,
      warning: `${replicas} replicas, at most one per ${term.topologyKey} (its required pod anti-affinity), and the nodes it may use are in ${domains}: replica ${domains + 1} can never run${perNode ? ' until the cluster has more nodes' : ' here'}. A HorizontalPodAutoscaler's minReplicas, if one scales it, must drop too; to run more replicas, spread them with topologySpreadConstraints (maxSkew 1) instead`,
      edits: [{ kind: 'scale', workload, deployment: target.deployment, replicas: domains, by: replicas - domains, own: { topologyKey: term.topologyKey, domains } }],
    });
    break;
  }
  return out;
}

/**
 * A rollout stuck on its own old pods: the new ReplicaSet's pod needs a host port that pods of an
 * older ReplicaSet of the same Deployment hold on every node it could use (maxSurge > 0 with
 * maxUnavailable 0 never frees one). The strategy is the fix — maxSurge 0, maxUnavailable 1, so
 * the controller replaces pods one at a time — not more nodes.
 */
function rolloutCandidates(s: ExpandedScenario, key: string, portNodes: readonly string[], result: SimulationResult, outcome: PodOutcome): Candidate[] {
  const namespace = namespaceOfKey(key);
  const own = scaleTargetOf(s, namespace, outcome.owner);
  if (own === undefined || !outcome.owner?.startsWith('ReplicaSet/')) return [];
  const nodes = new Set(portNodes);
  const old = result.pods.find((p) => p.node !== undefined && nodes.has(p.node) && p.deletedAt === undefined && p.owner !== outcome.owner
    && p.owner?.startsWith('ReplicaSet/') && namespaceOfKey(p.pod) === namespace && scaleTargetOf(s, namespace, p.owner)?.deployment === own.deployment);
  const oldName = old?.owner?.slice('ReplicaSet/'.length);
  const rs = oldName === undefined ? undefined : s.workloads.find((w) => w.kind === 'ReplicaSet' && (w.metadata.namespace ?? 'default') === namespace && w.metadata.name === oldName);
  const replicas = (rs?.spec as { replicas?: number } | undefined)?.replicas ?? 1;
  if (!rs || replicas < 1) return [];
  return [{
    kind: 'rollout', cost: 1, tier: Tier.SpecMistake,
    warning: `the Deployment replaces its pods one at a time: one replica fewer while ${namespace}/${own.deployment} rolls out (a host port cannot surge onto nodes its old pods hold)`,
    edits: [{ kind: 'rollout', deployment: { namespace, name: own.deployment }, maxSurge: 0, maxUnavailable: 1, oldReplicaSet: rs.metadata.name, replicas: replicas - 1 }],
  }];
}

/** upstream: cluster-autoscaler's NotTriggerScaleUp reason for a group that would fit the pod but is at its max */
export const MAX_SIZE_REACHED = 'max node group size reached';

/** The node groups the autoscaler turned the pod away from because they are at their max size. */
function groupsAtMaxFor(result: Pick<SimulationResult, 'autoscaler'>, pod: string): Set<string> {
  const verdict = result.autoscaler?.pods[pod];
  return new Set(verdict?.kind === 'notTriggerScaleUp' ? verdict.groups.filter((g) => g.reason === MAX_SIZE_REACHED).map((g) => g.group) : []);
}

/** Plugins a new, empty node like a failing one would pass: room, ports, devices, domains. */
const ADD_NODE_PLUGINS = new Set(['NodeResourcesFit', 'NodePorts', 'DynamicResources', 'InterPodAffinity', 'PodTopologySpread', 'NodeUnschedulable']);

/**
 * A node like one that fails only on what a new, empty node would not have, one per pool and zone;
 * cordoned nodes last (a copy would land in a zone someone took out of service).
 */
export function addNodeCandidates(s: ExpandedScenario, d: Diagnosis, groupsAtMax: ReadonlySet<string> = new Set()): Candidate[] {
  const like = d.closest.filter((c) => ADD_NODE_PLUGINS.has(c.plugin)).sort((a, b) => Number(a.plugin === 'NodeUnschedulable') - Number(b.plugin === 'NodeUnschedulable'));
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const groupLabel = s.clusterAutoscaler?.nodeGroupLabelKey;
  for (const c of like) {
    if (out.length >= 2) break;
    const insufficient = (c.details?.insufficientResources as Insufficient[] | undefined) ?? [];
    if (insufficient.some((r) => r.unresolvable)) continue;
    const node = nodeNamed(s, c.node);
    if (!node) continue;
    // a node of a group the autoscaler may not grow (at its max size): another node there is that
    // group's max raised, an administrator's change the node-group fix states (./policyFixes.ts)
    const group = groupLabel === undefined ? undefined : node.metadata.labels?.[groupLabel];
    if (group !== undefined && groupsAtMax.has(group)) continue;
    const pool = poolLabelsOf(node);
    const id = `${JSON.stringify(pool)}/${node.metadata.labels?.['topology.kubernetes.io/zone'] ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const slices = slicesOf(s, c.node).length;
    out.push({
      kind: 'add-node', cost: 4, tier: c.plugin === 'NodeUnschedulable' ? Tier.NodeScoped : Tier.Capacity, pool: poolOf(node),
      warning: `a new machine${slices > 0 ? ` with its ${slices} ResourceSlice${slices === 1 ? '' : 's'}` : ''}: it costs money${Object.keys(pool).length === 0 ? '; no label names its node pool' : ''}`,
      edits: [{ kind: 'add-node', like: c.node, name: newNodeName(s, c.node), pool }],
    });
  }
  return out;
}

function uncordonCandidates(s: ExpandedScenario, nodes: readonly string[]): Candidate[] {
  return nodes.slice(0, MAX_PER_KIND).map((name) => {
    const node = nodeNamed(s, name);
    const why = node && cordonReason(node);
    return {
      kind: 'uncordon' as const, cost: 1, tier: why ? Tier.Overrides : Tier.NodeScoped, edits: [{ kind: 'uncordon' as const, node: name }],
      warning: why ? `the node is cordoned on purpose — ${why}` : 'someone cordoned this node: ask why before uncordoning it',
    };
  });
}

/**
 * A StatefulSet's pod made from an older template than the set's: deleted, it is recreated from the
 * template as it is now — the fix when the template no longer has what keeps the pod Pending
 * (a rolling update waits on a pod that is not Running and Ready: it never replaces it by itself).
 */
export function recreateCandidates(s: ExpandedScenario, pod: Pod, key: string): Candidate[] {
  const sts = newerTemplateOf(s, pod);
  if (!sts) return [];
  const workload = { kind: 'StatefulSet' as const, namespace: sts.metadata.namespace ?? 'default', name: sts.metadata.name };
  return [{ kind: 'recreate', cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'recreate', pod: key, workload }] }];
}

/** The scheduler profiles a scenario configures (upstream: pods for other schedulers are not this scheduler's). */
export function profileNames(s: ExpandedScenario): string[] {
  const profiles = s.schedulerConfig?.object.profiles;
  if (!Array.isArray(profiles) || profiles.length === 0) return ['default-scheduler'];
  return profiles.map((p) => (typeof p === 'object' && p !== null && typeof (p as { schedulerName?: unknown }).schedulerName === 'string' && (p as { schedulerName: string }).schedulerName !== '' ? (p as { schedulerName: string }).schedulerName : 'default-scheduler'));
}

/** A pod for a scheduler no profile serves: the profile to use instead (the default one first). */
export function schedulerNameCandidates(s: ExpandedScenario, pod: string): Candidate[] {
  const spec = s.pods.find((p) => podKey(p) === pod);
  const from = spec?.spec.schedulerName;
  const profiles = profileNames(s);
  if (!spec || from === undefined || profiles.includes(from)) return [];
  const ordered = [...profiles].sort((a, b) => Number(b === 'default-scheduler') - Number(a === 'default-scheduler'));
  return ordered.slice(0, MAX_PER_KIND).map((schedulerName) => ({ kind: 'scheduler-name' as const, cost: 1, tier: Tier.SpecMistake, edits: [{ kind: 'scheduler-name' as const, pod, from, schedulerName }] }));
}

/**
 * Changes to try for `pod` (namespace/name), from the reasons in its diagnosis. The scenario and
 * the result are the unchanged run's; nothing is modified.
 */
export function candidateFixes(s: ExpandedScenario, pod: string, d: Diagnosis, result: SimulationResult): Candidate[] {
  const spec = s.pods.find((p) => podKey(p) === pod);
  const outcome = result.pods.find((p) => p.pod === pod);
  if (!spec || !outcome) return [];
  const plugins = new Set([...d.groups.map((g) => g.plugin), ...d.closest.map((c) => c.plugin)]);
  const out: Candidate[] = [];
  const nodesFailing = (plugin: string) => d.groups.filter((g) => g.plugin === plugin).flatMap((g) => g.nodes);
  if (plugins.has('TaintToleration')) out.push(...tolerationCandidates(s, spec, pod, nodesFailing('TaintToleration')));
  if (plugins.has('NodeAffinity')) out.push(...affinityValueCandidates(s, spec, pod), ...selectorCandidates(s, spec, pod, d));
  if (plugins.has('NodeResourcesFit')) out.push(...requestCandidates(spec, pod, d));
  if (plugins.has('PodTopologySpread')) out.push(...spreadCandidates(s, spec, pod, d));
  if (plugins.has('DynamicResources')) out.push(...claimCandidates(s, spec, pod));
  if (d.blocking.some((b) => b.rule === 'podAntiAffinity')) out.push(...ownScaleCandidates(s, spec, pod, d, result, outcome), ...antiAffinityCandidates(spec, pod));
  if (plugins.has('NodeUnschedulable')) out.push(...uncordonCandidates(s, nodesFailing('NodeUnschedulable')));
  if (plugins.has('NodePorts')) out.push(...rolloutCandidates(s, pod, nodesFailing('NodePorts'), result, outcome));
  if (plugins.has('NodeResourcesFit')) out.push(...scaleCandidates(s, pod, d, result, outcome));
  out.push(...recreateCandidates(s, spec, pod));
  out.push(...priorityCandidates(s, pod, d, result, outcome));
  out.push(...addNodeCandidates(s, d, groupsAtMaxFor(result, pod)));
  return out;
}
