// Candidate changes that might make an unschedulable pod schedulable, generated from its
// diagnosis: one kind of change per failure reason. They are guesses; ./verify.ts keeps the ones
// a simulation confirms.

import type { PodOutcome, SimulationResult } from '../api';
import type { Diagnosis } from '../diagnosis/diagnose';
import type { LoadedScenario } from '../model/load';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint } from '../model/taints';
import type { Pod, Workload } from '../model/types';
import { podKey } from '../model/types';
import { newNodeName, requestEdit, type EditKind, type ScenarioEdit } from './edits';

export interface Candidate {
  kind: EditKind;
  edits: ScenarioEdit[];
  /** how big the change is, for ranking: 1 (one field) … 4 (a new node) */
  cost: number;
}

/** upstream: the taint of a cordoned node; uncordoning is its own candidate */
const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';
/** user PriorityClasses may not go above this (upstream: HighestUserDefinablePriority) */
const HIGHEST_USER_PRIORITY = 1_000_000_000;
const MAX_PER_KIND = 3;

interface Insufficient { resourceName: string; requested: number; used: number; capacity: number; unresolvable: boolean }

function tolerationCandidates(s: LoadedScenario, pod: Pod, key: string, nodes: readonly string[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const name of nodes) {
    const node = s.nodes.find((n) => n.metadata.name === name);
    const taint = node && findMatchingUntoleratedTaint(node.spec?.taints, pod.spec.tolerations, doNotScheduleTaintsFilter, false);
    if (!taint || taint.key === UNSCHEDULABLE_TAINT) continue;
    const id = `${taint.key}=${taint.value ?? ''}:${taint.effect}`;
    if (seen.has(id) || out.length >= MAX_PER_KIND) continue;
    seen.add(id);
    const toleration = taint.value ? { key: taint.key, operator: 'Equal' as const, value: taint.value, effect: taint.effect } : { key: taint.key, operator: 'Exists' as const, effect: taint.effect };
    out.push({ kind: 'toleration', cost: 1, edits: [{ kind: 'toleration', pod: key, toleration }] });
  }
  return out;
}

function selectorCandidates(s: LoadedScenario, pod: Pod, key: string, d: Diagnosis): Candidate[] {
  const out: Candidate[] = [];
  const selector = Object.entries(pod.spec.nodeSelector ?? {});
  for (const [k] of selector) out.push({ kind: 'selector', cost: 2, edits: [{ kind: 'selector', pod: key, nodeSelectorKey: k }] });
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  terms.forEach((t, term) => (t.matchExpressions ?? []).forEach((_, expression) => {
    out.push({ kind: 'selector', cost: 2, edits: [{ kind: 'selector', pod: key, term, expression }] });
  }));
  // label the nodes that fail only NodeAffinity with what the nodeSelector asks for
  if (selector.length > 0) {
    const closest = d.closest.filter((c) => c.plugin === 'NodeAffinity').slice(0, 2);
    for (const c of closest) {
      const node = s.nodes.find((n) => n.metadata.name === c.node);
      // a hostname label names one node: putting it on another is no fix
      const missing = selector.filter(([k, v]) => node?.metadata.labels?.[k] !== v);
      if (missing.some(([k]) => k === 'kubernetes.io/hostname')) continue;
      if (missing.length > 0) out.push({ kind: 'node-label', cost: missing.length, edits: missing.map(([k, v]) => ({ kind: 'node-label' as const, node: c.node, key: k, value: v })) });
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
  return [{ kind: 'request', cost: 2, edits: edits as ScenarioEdit[] }];
}

function priorityCandidate(key: string, d: Diagnosis, result: SimulationResult, outcome: PodOutcome): Candidate[] {
  // preemption could help where a node fails on resources or anti-affinity only; the pod needs a
  // priority above the pods there (upstream: only lower-priority pods are victims)
  const nodes = new Set(d.closest.filter((c) => c.plugin === 'NodeResourcesFit' || c.plugin === 'InterPodAffinity' || c.plugin === 'PodTopologySpread').map((c) => c.node));
  if (nodes.size === 0 || d.preemption?.nominated) return [];
  const highest = Math.max(...result.pods.filter((p) => p.node !== undefined && nodes.has(p.node) && p.deletedAt === undefined && p.priority < HIGHEST_USER_PRIORITY).map((p) => p.priority), outcome.priority);
  const value = Math.min(HIGHEST_USER_PRIORITY, highest + 1000);
  if (value <= outcome.priority) return [];
  return [{
    kind: 'priority', cost: 3,
    edits: [{ kind: 'priority', pod: key, priorityClass: { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: `preempt-${value}` }, value, globalDefault: false, preemptionPolicy: 'PreemptLowerPriority', description: 'made by Podplay: high enough to preempt the pods in the way' } }],
  }];
}

function spreadCandidates(pod: Pod, key: string, d: Diagnosis): Candidate[] {
  const out: Candidate[] = [];
  (pod.spec.topologySpreadConstraints ?? []).forEach((c, constraint) => {
    if (c.whenUnsatisfiable !== 'DoNotSchedule') return;
    const skews = d.blocking.filter((b) => b.plugin === 'PodTopologySpread' && b.topologyKey === c.topologyKey).map((b) => b.skew ?? 0);
    if (skews.length > 0) out.push({ kind: 'spread', cost: 2, edits: [{ kind: 'spread', pod: key, constraint, maxSkew: Math.min(...skews) }] });
    out.push({ kind: 'spread', cost: 2, edits: [{ kind: 'spread', pod: key, constraint, whenUnsatisfiable: 'ScheduleAnyway' }] });
  });
  return out;
}

function antiAffinityCandidates(pod: Pod, key: string): Candidate[] {
  return (pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).map((_, term) => ({ kind: 'anti-affinity' as const, cost: 2, edits: [{ kind: 'anti-affinity' as const, pod: key, term }] }));
}

const namespaceOfKey = (key: string): string => key.slice(0, key.indexOf('/'));

interface ScaleTarget { workload: Workload; deployment: string }

/**
 * The Deployment behind a pod's owner ("Deployment/name", or "ReplicaSet/name" of a Deployment's
 * ReplicaSet), and what to scale: the Deployment, or its ReplicaSet when the scenario holds that
 * alone (a dump's import keeps the ReplicaSets, which own the pods).
 */
function scaleTargetOf(s: LoadedScenario, namespace: string, owner: string | undefined): ScaleTarget | undefined {
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
function scaleCandidates(s: LoadedScenario, key: string, d: Diagnosis, result: SimulationResult, outcome: PodOutcome): Candidate[] {
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
      out.push({ kind: 'scale', cost: 3, edits: [{ kind: 'scale', workload, deployment: target.deployment, replicas: replicas - by, by }] });
    }
  }
  return out.slice(0, MAX_PER_KIND);
}

/** A node like one that fails only on what a new, empty node would not have (room, pods, domains). */
function addNodeCandidates(s: LoadedScenario, d: Diagnosis): Candidate[] {
  const like = d.closest.filter((c) => c.plugin === 'NodeResourcesFit' || c.plugin === 'InterPodAffinity' || c.plugin === 'PodTopologySpread' || c.plugin === 'NodeUnschedulable');
  const out: Candidate[] = [];
  for (const c of like) {
    if (out.length >= 2) break;
    const insufficient = (c.details?.insufficientResources as Insufficient[] | undefined) ?? [];
    if (insufficient.some((r) => r.unresolvable)) continue;
    out.push({ kind: 'add-node', cost: 4, edits: [{ kind: 'add-node', like: c.node, name: newNodeName(s, c.node) }] });
  }
  return out;
}

/**
 * Changes to try for `pod` (namespace/name), from the reasons in its diagnosis. The scenario and
 * the result are the unchanged run's; nothing is modified.
 */
export function candidateFixes(s: LoadedScenario, pod: string, d: Diagnosis, result: SimulationResult): Candidate[] {
  const spec = s.pods.find((p) => podKey(p) === pod);
  const outcome = result.pods.find((p) => p.pod === pod);
  if (!spec || !outcome) return [];
  const plugins = new Set([...d.groups.map((g) => g.plugin), ...d.closest.map((c) => c.plugin)]);
  const out: Candidate[] = [];
  const nodesFailing = (plugin: string) => d.groups.filter((g) => g.plugin === plugin).flatMap((g) => g.nodes);
  if (plugins.has('TaintToleration')) out.push(...tolerationCandidates(s, spec, pod, nodesFailing('TaintToleration')));
  if (plugins.has('NodeAffinity')) out.push(...selectorCandidates(s, spec, pod, d));
  if (plugins.has('NodeResourcesFit')) out.push(...requestCandidates(spec, pod, d));
  if (plugins.has('PodTopologySpread')) out.push(...spreadCandidates(spec, pod, d));
  if (d.blocking.some((b) => b.rule === 'podAntiAffinity')) out.push(...antiAffinityCandidates(spec, pod));
  if (plugins.has('NodeUnschedulable')) {
    for (const node of nodesFailing('NodeUnschedulable').slice(0, MAX_PER_KIND)) out.push({ kind: 'uncordon', cost: 1, edits: [{ kind: 'uncordon', node }] });
  }
  if (plugins.has('NodeResourcesFit')) out.push(...scaleCandidates(s, pod, d, result, outcome));
  out.push(...priorityCandidate(pod, d, result, outcome));
  out.push(...addNodeCandidates(s, d));
  return out;
}
