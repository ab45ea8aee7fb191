// Fixes for what admission refused or defaulted, computed rather than searched: the quota a
// refused pod needed (raise spec.hard to used + requested), and the largest LimitRange default
// request any node could still take. Both are edits of the namespace's policy objects; a reviewer
// would check them against the team's budget, so they are offered with their numbers, not applied.

import type { NodeOutcome, PodOutcome, SimulationResult } from '../api';
import type { AdmissionRefusal } from '../diagnosis/admission';
import { controllerOf } from '../controllers/common';
import type { ExpandedScenario } from '../controllers/expand';
import { addQuantity, formatQuantity, parseQuantity, quantityFormat } from '../model/quantity';
import { formatResource } from '../model/quantity';
import { doNotScheduleTaintsFilter, findMatchingUntoleratedTaint, taintToString } from '../model/taints';
import { podKey, type Node, type Pod, type PriorityClass, type ResourceList, type Workload } from '../model/types';
import { computePodRequests } from '../framework/resources';
import { NG_MAX_SIZE_ANNOTATION, NG_MIN_SIZE_ANNOTATION } from '../model/nodeGroupAnnotations';
import type { LimitRangeItem, ResourceQuota } from '../model/policy';
import type { ScenarioObject } from '../model/scenario';
import { uncoveredResources, uncoveredScopes } from '../model/admission/resourceQuota';
import { podMatchesScope, podUsage } from '../model/quota/pods';
import { addLists, toResourceList, type QuotaList } from '../model/quota/resourceList';
import { MAX_SIZE_REACHED, selectsTaintedPool, tolerationFor, type Candidate } from './candidates';
import { amountOf, inUnitsOf, requestEdit, type ScenarioEdit } from './edits';
import { Tier } from './rank';

export interface RaiseQuotaFix {
  kind: 'raiseQuota';
  /** namespace/name of the ResourceQuota */
  quota: string;
  /** per exceeded resource: spec.hard now and the least that admits the refused pod */
  hard: { resource: string; from: string; to: string }[];
}

export interface LowerDefaultFix {
  kind: 'lowerLimitRangeDefault';
  /** per resource the defaults set and no node had: the most any node has free */
  resources: { resource: string; mostFree: string }[];
}

/** The quota that would have admitted the refused pod: hard ≥ used + requested for each exceeded resource. */
export function raiseQuotaFix(r: AdmissionRefusal): RaiseQuotaFix | undefined {
  if (r.plugin !== 'ResourceQuota' || !r.quota || !r.numbers) return undefined;
  const ns = r.object.split('/')[1] ?? 'default';
  const hard: RaiseQuotaFix['hard'] = [];
  for (const [resource, limited] of Object.entries(r.numbers.limited)) {
    const used = parseQuantity(r.numbers.used[resource] ?? '0');
    const requested = parseQuantity(r.numbers.requested[resource] ?? '0');
    if (!used || !requested) continue;
    hard.push({ resource, from: limited, to: formatQuantity(addQuantity(used, requested), quantityFormat(r.numbers.requested[resource] ?? limited)) });
  }
  return hard.length ? { kind: 'raiseQuota', quota: `${ns}/${r.quota}`, hard } : undefined;
}

/** The most of each resource that a node has free at the end of the run (allocatable − requested). */
export function lowerDefaultFix(resources: readonly string[], nodes: readonly NodeOutcome[]): LowerDefaultFix | undefined {
  if (resources.length === 0 || nodes.length === 0) return undefined;
  return {
    kind: 'lowerLimitRangeDefault',
    resources: resources.map((resource) => {
      const most = Math.max(0, ...nodes.map((n) => (n.allocatable[resource] ?? 0) - (n.requested[resource] ?? 0)));
      return { resource, mostFree: formatResource(resource, most) };
    }),
  };
}

export type PolicyFix = RaiseQuotaFix | LowerDefaultFix;

/** For a Pending pod: the policy fixes that apply (LimitRange defaults that no node can take). */
export function podPolicyFixes(pod: PodOutcome, defaultsNotFitting: readonly string[], nodes: readonly NodeOutcome[]): PolicyFix[] {
  const fix = pod.node === undefined ? lowerDefaultFix(defaultsNotFitting, nodes) : undefined;
  return fix ? [fix] : [];
}

// ---- the same fixes as candidates the fix search verifies (../../interop/policyFixSearch.ts) ----

/** The workload a refused creator belongs to, as PodOutcome.owner names it: a Deployment's ReplicaSet → the Deployment. */
export interface RefusedWorkload {
  /** "Deployment/web" */
  owner: string;
  namespace: string;
  /** the top-most workload object */
  workload: Workload;
  /** its replicas, and how many of its pods exist at the end of the run */
  replicas: number;
  missing: number;
}

export function refusedWorkload(s: Pick<ExpandedScenario, 'workloads'>, baseline: Pick<SimulationResult, 'pods'>, refusal: AdmissionRefusal): RefusedWorkload | undefined {
  const [kind, namespace = 'default', name] = refusal.object.split('/');
  const find = (k: string, n: string) => s.workloads.find((w) => w.kind === k && (w.metadata.namespace ?? 'default') === namespace && w.metadata.name === n);
  let workload = find(kind ?? '', name ?? '');
  const parent = workload && controllerOf(workload);
  if (parent) workload = find(parent.kind, parent.name) ?? workload;
  if (!workload) return undefined;
  const owner = `${workload.kind}/${workload.metadata.name}`;
  const replicas = workload.spec.replicas ?? 1;
  const target = { owner, namespace, workload, replicas, missing: 0 };
  const live = livePodsOf(baseline, target).length;
  return { ...target, missing: Math.max(1, replicas - live) };
}

/** The workload's pods that exist at the end of a run: its own, or (a Deployment) its ReplicaSets'. */
export function livePodsOf<P extends Pick<PodOutcome, 'pod' | 'owner' | 'deletedAt'>>(result: { pods: readonly P[] }, w: Pick<RefusedWorkload, 'owner' | 'namespace' | 'workload'>): P[] {
  const replicaSets = w.workload.kind === 'Deployment' ? `ReplicaSet/${w.workload.metadata.name}-` : undefined;
  return result.pods.filter((p) => p.deletedAt === undefined && p.pod.startsWith(`${w.namespace}/`)
    && p.owner !== undefined && (p.owner === w.owner || (replicaSets !== undefined && p.owner.startsWith(replicaSets))));
}

/** Resources a pod's requests are charged to: "requests.cpu" and bare "cpu" (not limits, not counts). */
const requestedResource = (quotaResource: string): string | undefined => {
  if (quotaResource.startsWith('requests.')) return quotaResource.slice('requests.'.length);
  return quotaResource.includes('.') || quotaResource.includes('/') || quotaResource === 'pods' ? undefined : quotaResource;
};

/** What the refusal fixes read of the scenario. */
type RefusalScenario = Pick<ExpandedScenario, 'workloads' | 'pods' | 'policies' | 'priorityClasses' | 'admissionConfiguration'>;

/** The pod a workload's template makes, as admission sees it (no priority resolved yet). */
const templatePod = (target: RefusedWorkload): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: '', namespace: target.namespace }, spec: target.workload.spec.template.spec, status: {} });

/** upstream docs: "Limit Priority Class consumption by default" names its quota pods-<class> */
function freeQuotaName(quotas: readonly ResourceQuota[], base: string): string {
  const taken = new Set(quotas.map((q) => q.metadata.name));
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}-${i}`;
    if (!taken.has(name)) return name;
  }
}

/** the PriorityClasses a LimitedResource's scopes may name another class in: more than two is noise */
const MAX_LOWER_CLASSES = 2;

/**
 * For a workload whose pods the API server refused under its limitedResources configuration (no
 * quota of the namespace covers a scope they match, or a resource they use): a ResourceQuota that
 * covers them — scoped to the pods' own PriorityClass and bounded to the pods the namespace then
 * runs in it, the quota of kubernetes.io's "Limit Priority Class consumption by default"
 * (examples/policy/priority-class-resourcequota.yaml) with a bound a reviewer can approve —, and
 * the template's PriorityClass replaced by an existing lower one that no limited scope left
 * uncovered names (upstream: apiserver/pkg/admission/plugin/resourcequota/controller.go
 * CheckRequest; the scope is covered by scope name, whatever the quota limits).
 */
function uncoveredCandidates(s: RefusalScenario, target: RefusedWorkload): Candidate[] {
  const workload = { kind: target.workload.kind, namespace: target.namespace, name: target.workload.metadata.name };
  return uncoveredFor(s, templatePod(target), target.namespace, target.replicas, (from, c) => (
    { kind: 'template-priority-class', workload, from: from.metadata.name, priorityClassName: c.metadata.name, value: c.value }));
}

/**
 * The limitedResources fixes for `pod` (a workload's template, `replicas` of it, or a bare Pod,
 * one): a quota covering its scope, and an existing lower PriorityClass (`priorityEdit` writes it).
 */
function uncoveredFor(s: RefusalScenario, pod: Pod, namespace: string, replicas: number, priorityEdit: (from: PriorityClass, to: PriorityClass) => ScenarioEdit): Candidate[] {
  const target = { namespace, replicas };
  const limited = s.admissionConfiguration?.limitedResources ?? [];
  const quotas = s.policies.filter((p): p is ResourceQuota => p.kind === 'ResourceQuota' && (p.metadata.namespace ?? 'default') === target.namespace);
  const className = pod.spec.priorityClassName;
  const scopes = uncoveredScopes(pod, quotas, limited);
  const resources = uncoveredResources(pod, quotas, limited, 0);
  if (scopes.length === 0 && resources.length === 0) return [];
  const out: Candidate[] = [];
  // the pod's own class, not every class the configuration limits: the quota grants no more than asked
  const selectors = [...new Map(scopes.map((sel) => [sel.scopeName, sel.scopeName === 'PriorityClass' && className !== undefined
    ? { scopeName: sel.scopeName, operator: 'In' as const, values: [className] } : structuredClone(sel)])).values()];
  // the pods the namespace then runs in the quota: the workload's and those already there
  const others = s.pods.filter((p) => (p.metadata.namespace ?? 'default') === target.namespace && p.metadata.name !== pod.metadata.name && selectors.every((sel) => podMatchesScope(sel, p)));
  const count = target.replicas + others.length;
  let usage: QuotaList = new Map();
  for (let i = 0; i < count; i++) usage = addLists(usage, podUsage(i < target.replicas ? pod : others[i - target.replicas]!, 0));
  const hard: ResourceList = {
    ...(selectors.length > 0 ? { pods: String(count) } : {}),
    ...toResourceList(new Map(resources.flatMap((r) => (usage.has(r) ? [[r, usage.get(r)!] as const] : [])))),
  };
  const name = freeQuotaName(quotas, selectors.length > 0 ? `pods-${className ?? selectors[0]!.scopeName.toLowerCase()}` : 'limited-resources');
  const quota: ResourceQuota = {
    apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: target.namespace },
    spec: { hard, ...(selectors.length > 0 ? { scopeSelector: { matchExpressions: selectors } } : {}) }, status: {},
  };
  const what = selectors.length > 0 && className !== undefined ? `${count} pod${count === 1 ? '' : 's'} of PriorityClass ${className}` : Object.entries(hard).map(([r, q]) => `${r} ${q}`).join(', ');
  out.push({
    kind: 'quota', edits: [{ kind: 'add-policy', object: quota }], cost: 2, tier: Tier.Capacity,
    warning: `grants ${target.namespace} ${what}, which the API server's limitedResources keeps for namespaces an administrator gives a quota: check it with them`,
  });
  // another PriorityClass the cluster has, below this one, that leaves no limited scope uncovered
  const from = className === undefined ? undefined : s.priorityClasses.find((c) => c.metadata.name === className);
  if (!from || scopes.length === 0) return out;
  const lower = s.priorityClasses
    .filter((c) => c.value < from.value && uncoveredScopes({ ...pod, spec: { ...pod.spec, priorityClassName: c.metadata.name } }, quotas, limited).length === 0)
    .sort((a, b) => b.value - a.value || (a.metadata.name < b.metadata.name ? -1 : 1))
    .slice(0, MAX_LOWER_CLASSES);
  for (const c of lower) {
    const edit = priorityEdit(from, c);
    out.push({
      kind: 'priority', cost: 1, tier: Tier.Relax,
      edits: [edit],
      warning: `${edit.kind === 'priority' ? 'the pod runs' : 'its pods run'} at priority ${c.value} instead of ${from.value}: pods in between may preempt them, and they no longer preempt those`,
    });
  }
  return out;
}

/**
 * For a workload whose pods a ResourceQuota refused: raise the quota so that every missing pod is
 * admitted (used + requested × missing), and — when only compute requests are exceeded — the
 * template's request that lets all its replicas fit the quota as it stands.
 */
export function refusalCandidates(s: RefusalScenario, baseline: Pick<SimulationResult, 'pods'>, refusal: AdmissionRefusal): Candidate[] {
  const numbers = refusal.numbers;
  const target = refusedWorkload(s, baseline, refusal);
  if (refusal.uncovered && target) return uncoveredCandidates(s, target);
  if (refusal.plugin === 'LimitRanger' && target) return limitRangerWorkloadCandidates(s, target);
  if (refusal.plugin !== 'ResourceQuota' || !refusal.quota || !numbers || !target) return [];
  const quota = { namespace: target.namespace, name: refusal.quota };
  const out: Candidate[] = [];
  const raise: ScenarioEdit[] = [];
  for (const [resource, limited] of Object.entries(numbers.limited).sort(([a], [b]) => (a < b ? -1 : 1))) {
    let hard = parseQuantity(numbers.used[resource] ?? '0');
    const requested = parseQuantity(numbers.requested[resource] ?? '0');
    if (!hard || !requested) continue;
    for (let i = 0; i < target.missing; i++) hard = addQuantity(hard, requested);
    raise.push({ kind: 'quota', quota, resource, from: limited, hard: formatQuantity(hard, quantityFormat(numbers.requested[resource] ?? limited)) });
  }
  if (raise.length > 0) {
    out.push({ kind: 'quota', edits: raise, cost: raise.length, tier: Tier.Capacity, warning: `raises the namespace's budget: an administrator's change (whoever sets ${target.namespace}'s quota)` });
  }
  const exceeded = Object.keys(numbers.limited);
  const resources = exceeded.map(requestedResource);
  if (resources.every((r): r is string => r !== undefined)) {
    const edits: ScenarioEdit[] = [];
    exceeded.forEach((quotaResource, i) => {
      const resource = resources[i]!;
      const perPod = amountOf(resource, numbers.requested[quotaResource]);
      const used = amountOf(resource, numbers.used[quotaResource]);
      const hard = amountOf(resource, numbers.limited[quotaResource]);
      const others = used - (target.replicas - target.missing) * perPod;
      const budget = Math.floor((hard - others) / target.replicas);
      const template = templatePod(target);
      const edit = budget > 0 ? requestEdit(template, '', resource, budget) : undefined;
      if (edit?.kind !== 'request') return;
      const from = template.spec.containers[edit.container]?.resources?.requests?.[resource];
      edits.push({ kind: 'template-request', workload: { kind: target.workload.kind, namespace: target.namespace, name: target.workload.metadata.name }, container: edit.container, ...(edit.containerName ? { containerName: edit.containerName } : {}), resource, ...(from ? { from } : {}), quantity: edit.quantity });
    });
    if (edits.length === exceeded.length) out.push({ kind: 'request', edits, cost: edits.length, tier: Tier.Relax });
  }
  return out;
}

/**
 * For a Pending pod whose LimitRange defaults no node can take: the namespace's LimitRange
 * Container items that default the resource, each set to the most any node has free.
 */
export function limitRangeCandidates(s: Pick<ExpandedScenario, 'policies'>, pod: PodOutcome, culprits: readonly string[], nodes: readonly NodeOutcome[]): Candidate[] {
  const namespace = pod.pod.slice(0, pod.pod.indexOf('/'));
  const edits: ScenarioEdit[] = [];
  for (const resource of culprits) {
    const most = Math.max(0, ...nodes.map((n) => (n.allocatable[resource] ?? 0) - (n.requested[resource] ?? 0)));
    if (most <= 0) continue;
    for (const lr of s.policies) {
      if (lr.kind !== 'LimitRange' || (lr.metadata.namespace ?? 'default') !== namespace) continue;
      lr.spec.limits.forEach((item, i) => {
        const from = item.type === 'Container' ? item.defaultRequest?.[resource] ?? item.default?.[resource] : undefined;
        if (from === undefined || amountOf(resource, from) <= most) return;
        edits.push({ kind: 'limit-range', limitRange: { namespace, name: lr.metadata.name }, item: i, resource, from, quantity: inUnitsOf(from, resource, most) });
      });
    }
  }
  return edits.length > 0 ? [{ kind: 'limit-range', edits, cost: edits.length, tier: Tier.Relax, warning: `changes the default for every container in ${namespace} that states no request` }] : [];
}

/**
 * For a Pending pod the autoscaler could not help because a group that fits it is at its max
 * size: that group's max raised by the number of Pending pods it turned away for that reason.
 */
export function nodeGroupCandidates(s: Pick<ExpandedScenario, 'clusterAutoscaler' | 'pods' | 'nodes'>, baseline: Pick<SimulationResult, 'autoscaler'>, pod: string): Candidate[] {
  const verdict = baseline.autoscaler?.pods[pod];
  const groups = s.clusterAutoscaler?.nodeGroups ?? [];
  if (verdict?.kind !== 'notTriggerScaleUp') return [];
  const spec = s.pods.find((p) => podKey(p) === pod);
  const out: Candidate[] = [...templateCandidates(groups, s.nodes, spec, pod), ...largerGroupCandidates(s.clusterAutoscaler!, baseline.autoscaler!.pods, spec, pod)];
  for (const { group } of verdict.groups.filter((g) => g.reason === MAX_SIZE_REACHED)) {
    const template = groups.findIndex((g) => g.name === group);
    if (template < 0) continue;
    const turnedAway = Object.values(baseline.autoscaler!.pods).filter((v) => v.kind === 'notTriggerScaleUp' && v.groups.some((g) => g.group === group && g.reason === MAX_SIZE_REACHED)).length;
    const from = groups[template]!.maxSize;
    const max = from + Math.max(1, turnedAway);
    // Karpenter's NodePools as node groups (labelled karpenter.sh/nodepool): the change a reviewer
    // approves is the NodePool's spec.limits, which the ClusterAutoscaler document's max stands for
    const karpenter = s.clusterAutoscaler!.nodeGroupLabelKey === 'karpenter.sh/nodepool' ? ` (with Karpenter: raise NodePool ${group}'s spec.limits by one node's worth)` : '';
    out.push({ kind: 'node-group', edits: [{ kind: 'node-group-max', group, template, from, max }], cost: 2, tier: Tier.Capacity, warning: `node group ${group} may then grow to ${max} nodes: more machines on the bill${karpenter}` });
  }
  return out;
}

/** a group's NotTriggerScaleUp reason when only room is missing on its empty template node: "Insufficient cpu, Insufficient memory" */
const ONLY_ROOM = /^Insufficient [^,]+(, Insufficient [^,]+)*$/;
/** labels that name a node's instance type (the well-known one and its deprecated beta twin) */
const INSTANCE_TYPE_LABELS = ['node.kubernetes.io/instance-type', 'beta.kubernetes.io/instance-type'];
/** the sizes tried for a larger group: 2, 4, 8, 16 times the template's allocatable */
const SIZE_FACTORS = [2, 4, 8, 16];
/** room left on the larger template beyond the pod's request, for the DaemonSet pods every node runs */
const DAEMON_HEADROOM = 1.1;

/**
 * An instance type `factor` times as large, in the cloud's own naming where Podplay knows it:
 * AWS's size ladder (m6i.2xlarge → m6i.8xlarge: large is 2 vCPUs, xlarge 4, Nxlarge 4N) and
 * GCE/Azure's trailing vCPU count (e2-standard-8 → e2-standard-32, Standard_D8s_v5 → Standard_D32s_v5);
 * undefined for a name of another shape.
 */
export function largerInstanceType(type: string, factor: number): string | undefined {
  const aws = type.match(/^([a-z0-9-]+)\.(\d*)(x?large)$/);
  if (aws) {
    const units = aws[3] === 'large' ? 1 : 2 * Number(aws[2] || 1);
    const next = units * factor;
    return `${aws[1]}.${next === 1 ? 'large' : next === 2 ? 'xlarge' : `${next / 2}xlarge`}`;
  }
  const gce = type.match(/^([a-z0-9]+-[a-z0-9]+-)(\d+)$/);
  if (gce) return `${gce[1]}${Number(gce[2]) * factor}`;
  const azure = type.match(/^(Standard_[A-Z]+)(\d+)([a-z]*_v\d+)$/);
  if (azure) return `${azure[1]}${Number(azure[2]) * factor}${azure[3]}`;
  return undefined;
}

/**
 * For a pod larger than every node a group of its own could add (the group's empty template fails
 * on room alone): a new node group like that one, of an instance type large enough — the
 * template's allocatable times the smallest factor that holds the pod's requests with room for
 * the DaemonSets —, from zero nodes to as many as the Pending pods it turned away need. One per
 * distinct template (zonal twins of one pool are one change). An administrator's change in the
 * cloud (a new Auto Scaling group, node pool or Karpenter NodePool), so it says so; the
 * allocatable is an estimate the reviewer checks against the instance type's.
 * upstream: cluster-autoscaler's FAQ, "How can I scale a node group to 0?" / node group templates
 */
function largerGroupCandidates(config: NonNullable<ExpandedScenario['clusterAutoscaler']>, verdicts: NonNullable<SimulationResult['autoscaler']>['pods'], spec: Pod | undefined, pod: string): Candidate[] {
  const verdict = verdicts[pod];
  if (!spec || verdict?.kind !== 'notTriggerScaleUp') return [];
  const requests = podRequests(spec);
  const out: Candidate[] = [];
  const shapes = new Set<string>();
  for (const { group, reason } of verdict.groups) {
    if (!ONLY_ROOM.test(reason) || out.length >= 2) continue;
    const template = config.nodeGroups.findIndex((g) => g.name === group);
    const like = config.nodeGroups[template];
    if (!like) continue;
    const shape = templateShape(like.template, config.nodeGroupLabelKey);
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    const allocatable = like.template.status?.allocatable ?? {};
    const short = Object.entries(requests).filter(([r, need]) => need > 0 && amountOf(r, allocatable[r]) < need * DAEMON_HEADROOM && r !== 'pods');
    if (short.length === 0 || short.some(([r]) => allocatable[r] === undefined)) continue;
    const factor = SIZE_FACTORS.find((k) => short.every(([r, need]) => amountOf(r, allocatable[r]) * k >= need * DAEMON_HEADROOM));
    if (factor === undefined) continue;
    const typeLabel = INSTANCE_TYPE_LABELS.find((k) => like.template.metadata.labels?.[k] !== undefined);
    const fromType = typeLabel === undefined ? undefined : like.template.metadata.labels![typeLabel]!;
    const instanceType = fromType === undefined ? undefined : largerInstanceType(fromType, factor);
    const name = uniqueGroupName(config, `${group}-${instanceType?.replace(/[^a-zA-Z0-9-]/g, '-').toLowerCase() ?? `x${factor}`}`);
    const turnedAway = Object.values(verdicts).filter((v) => v.kind === 'notTriggerScaleUp' && v.groups.some((g) => g.group === group && ONLY_ROOM.test(g.reason))).length;
    const maxSize = Math.max(1, turnedAway);
    const labels = { ...like.template.metadata.labels, [config.nodeGroupLabelKey]: name };
    for (const k of INSTANCE_TYPE_LABELS) if (labels[k] !== undefined && instanceType !== undefined) labels[k] = instanceType;
    const scaled = Object.fromEntries(Object.entries(allocatable).map(([r, q]) => [r, r === 'pods' ? q : inUnitsOf(q, r, amountOf(r, q) * factor)]));
    const node: Node = {
      apiVersion: 'v1', kind: 'Node',
      metadata: { name: `${name}-template`, labels, annotations: { [NG_MIN_SIZE_ANNOTATION]: '0', [NG_MAX_SIZE_ANNOTATION]: String(maxSize) } },
      spec: like.template.spec?.taints?.length ? { taints: structuredClone(like.template.spec.taints) } : {},
      status: { allocatable: scaled },
    };
    out.push({
      kind: 'node-group', cost: 3, tier: Tier.Capacity, edits: [{ kind: 'node-group-add', like: group, group: name, factor, template: node, ...(instanceType ? { instanceType } : {}) }],
      warning: `an administrator's change in the cloud: a new node group ${name} (0–${maxSize} node${maxSize === 1 ? '' : 's'}${instanceType ? ` of ${instanceType}` : ''}) beside ${group}, whose nodes are too small for the pod; its allocatable is estimated as ${factor} × ${group}'s template: check it against the instance type's`,
    });
  }
  return out;
}

/** A template's shape: its labels other than the group's name and its zone, its taints and allocatable. */
function templateShape(node: Node, groupLabel: string): string {
  const labels = Object.entries(node.metadata.labels ?? {}).filter(([k]) => k !== groupLabel && !/zone|region|hostname/.test(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([labels, node.spec?.taints ?? [], node.status?.allocatable ?? {}]);
}

function uniqueGroupName(config: NonNullable<ExpandedScenario['clusterAutoscaler']>, base: string): string {
  const name = base.slice(0, 63).replace(/-+$/, '');
  for (let i = 2, next = name; ; next = `${name}-${i++}`) if (!config.nodeGroups.some((g) => g.name === next)) return next;
}

/** The pod's requests per resource in scheduler units (upstream: resource.PodRequests, ../framework/resources.ts). */
function podRequests(pod: Pod): Record<string, number> {
  const r = computePodRequests(pod);
  return { cpu: r.milliCPU, memory: r.memory, 'ephemeral-storage': r.ephemeralStorage, ...Object.fromEntries(r.scalar) };
}

/**
 * A node group whose template would fit the pod but for a taint it does not tolerate (the pod
 * tolerates it) or a nodeSelector label it lacks (the template is labelled): the autoscaler then
 * adds a node of that group for it.
 */
function templateCandidates(groups: NonNullable<ExpandedScenario['clusterAutoscaler']>['nodeGroups'], nodes: readonly Node[], spec: Pod | undefined, pod: string): Candidate[] {
  if (!spec) return [];
  const out: Candidate[] = [];
  groups.forEach((g, template) => {
    const labels = g.template.metadata.labels ?? {};
    const missing = Object.entries(spec.spec.nodeSelector ?? {}).filter(([k, v]) => labels[k] !== v);
    if (missing.length > 0) {
      // a label the group's nodes have with another value (capacityType ON_DEMAND → SPOT) is a false
      // statement about them, and what selects them on it loses them: an override, as on a node
      const overwritten = missing.filter(([k]) => labels[k] !== undefined).map(([k, v]) => `${k}=${labels[k]} → ${v}`);
      out.push({
        kind: 'node-label', cost: 2, tier: overwritten.length > 0 ? Tier.Overrides : Tier.NodeScoped, edits: missing.map(([key, value]) => ({ kind: 'node-group-label', group: g.name, template, key, value })),
        warning: overwritten.length > 0
          ? `overwrites a label node group ${g.name}'s nodes have (${overwritten.join(', ')}): what selects them on it loses them, and the label no longer says what they are`
          : `every node group ${g.name} adds carries the label${missing.length > 1 ? 's' : ''}: other pods that select ${missing.map(([k, v]) => `${k}=${v}`).join(', ')} may land there too`,
      });
      return;
    }
    const taint = findMatchingUntoleratedTaint(g.template.spec?.taints, spec.spec.tolerations, doNotScheduleTaintsFilter, false);
    // zonal groups of one pool share their taint: one toleration lets the autoscaler use any of them
    if (!taint || out.some((c) => c.kind === 'toleration' && JSON.stringify(c.edits[0]) === JSON.stringify({ kind: 'toleration', pod, toleration: tolerationFor(taint) }))) return;
    // the group is the pod's home when what it selects, nodes and templates, all carry the taint (./candidates.ts selectsTaintedPool)
    const home = selectsTaintedPool([...nodes, ...groups.map((x) => x.template)], spec, g.template, taint);
    out.push({
      kind: 'toleration', cost: 1, tier: home ? Tier.SpecMistake : Tier.NodeScoped, edits: [{ kind: 'toleration', pod, toleration: tolerationFor(taint) }],
      ...(home ? {} : { refused: `it moves the pod into node group ${g.name}, tainted ${taintToString(taint)}, which it does not select: the taint keeps that group for its own workloads` }),
    });
  });
  return out;
}

// ---- a refused bare Pod (no controller to retry it): the pod's own resources, or the policy ----

/**
 * The pod a "Pod/ns/name" refusal names, as written: a declared one (the loader keeps the refused
 * ones) or one a timeline step applies (refused when the step runs, ../timeline/apply.ts).
 */
export function refusedPodOf(s: Pick<ExpandedScenario, 'refusedPods' | 'timeline'>, refusal: AdmissionRefusal): Pod | undefined {
  if (!refusal.object.startsWith('Pod/')) return undefined;
  const named = (o: ScenarioObject): o is Pod => o.kind === 'Pod' && `Pod/${o.metadata.namespace ?? 'default'}/${o.metadata.name}` === refusal.object;
  return s.refusedPods?.find(named) ?? s.timeline.flatMap((step) => (step.action === 'apply' ? step.objects : [])).find(named);
}

/**
 * A container's request and limit of a resource as LimitRanger validates them: defaulting first
 * (a request left out is the limit, then the item's defaultRequest; a limit left out is the item's
 * default — upstream: plugin/pkg/admission/limitranger/admission.go mergeContainerResources).
 */
function effective(c: Pod['spec']['containers'][number], item: LimitRangeItem, resource: string): { request?: number; limit?: number } {
  const written = (q: string | undefined) => (q === undefined ? undefined : amountOf(resource, q));
  const limit = written(c.resources?.limits?.[resource]) ?? written(item.default?.[resource]);
  const request = written(c.resources?.requests?.[resource]) ?? written(c.resources?.limits?.[resource]) ?? written(item.defaultRequest?.[resource]) ?? written(item.default?.[resource]);
  return { ...(request === undefined ? {} : { request }), ...(limit === undefined ? {} : { limit }) };
}

/**
 * For a bare Pod LimitRanger refused (a Container item's min, max or maxLimitRequestRatio): the
 * pod's requests and limits brought within the namespace's bounds — the fix a reviewer approves,
 * since the bounds are the namespace's policy —, and, as an administrator's change, the bound
 * that refused it widened to what the pod asks.
 */
function limitRangerPodCandidates(s: RefusalScenario, pod: Pod): Candidate[] {
  const namespace = pod.metadata.namespace ?? 'default';
  const key = `${namespace}/${pod.metadata.name}`;
  const fit: ScenarioEdit[] = [];
  const admin: ScenarioEdit[] = [];
  let lowered = false;
  for (const lr of s.policies) {
    if (lr.kind !== 'LimitRange' || (lr.metadata.namespace ?? 'default') !== namespace) continue;
    lr.spec.limits.forEach((item, i) => {
      if (item.type !== 'Container') return;
      const ref = { namespace, name: lr.metadata.name };
      pod.spec.containers.forEach((c, container) => {
        for (const [resource, max] of Object.entries(item.max ?? {})) {
          const { request, limit } = effective(c, item, resource);
          const bound = amountOf(resource, max);
          if (limit !== undefined && limit > bound) {
            fit.push({ kind: 'request', pod: key, container, containerName: c.name, resource, quantity: max, limit: true });
            admin.push({ kind: 'limit-range', limitRange: ref, item: i, resource, from: max, quantity: c.resources?.limits?.[resource] ?? formatResource(resource, limit), bound: 'max' });
            lowered = true;
          }
          if (request !== undefined && request > bound) {
            fit.push({ kind: 'request', pod: key, container, containerName: c.name, resource, quantity: max });
            lowered = true;
          }
        }
        for (const [resource, min] of Object.entries(item.min ?? {})) {
          const { request, limit } = effective(c, item, resource);
          const bound = amountOf(resource, min);
          if (request === undefined || request < bound) {
            fit.push({ kind: 'request', pod: key, container, containerName: c.name, resource, quantity: min });
            if (request !== undefined) admin.push({ kind: 'limit-range', limitRange: ref, item: i, resource, from: min, quantity: c.resources?.requests?.[resource] ?? formatResource(resource, request), bound: 'min' });
          }
          if (limit !== undefined && limit < bound) fit.push({ kind: 'request', pod: key, container, containerName: c.name, resource, quantity: min, limit: true });
        }
        for (const [resource, ratio] of Object.entries(item.maxLimitRequestRatio ?? {})) {
          const { request, limit } = effective(c, item, resource);
          const most = amountOf(resource, ratio) / (resource === 'cpu' ? 1000 : 1);
          if (request === undefined || limit === undefined || request <= 0 || limit / request <= most) continue;
          fit.push({ kind: 'request', pod: key, container, containerName: c.name, resource, quantity: formatResource(resource, Math.ceil(limit / most)) });
        }
      });
    });
  }
  const out: Candidate[] = [];
  if (fit.length > 0) {
    out.push({
      kind: 'request', edits: fit, cost: fit.length, tier: Tier.SpecMistake,
      ...(lowered ? { warning: `the container gets no more than ${namespace}'s LimitRange allows: check it runs within it` } : {}),
    });
  }
  if (admin.length > 0) {
    out.push({ kind: 'limit-range', edits: admin, cost: admin.length, tier: Tier.NodeScoped, warning: `an administrator's change: every container in ${namespace} may then ask for as much` });
  }
  return out;
}

/**
 * For a workload whose pods LimitRanger refused: the same fixes as for a bare pod, the requests and
 * limits written into the workload's pod template (its controller makes every replica from it).
 */
function limitRangerWorkloadCandidates(s: RefusalScenario, target: RefusedWorkload): Candidate[] {
  const workload = { kind: target.workload.kind, namespace: target.namespace, name: target.workload.metadata.name };
  const containers = target.workload.spec.template.spec.containers;
  return limitRangerPodCandidates(s, templatePod(target)).map((c) => ({
    ...c,
    edits: c.edits.map((e): ScenarioEdit => {
      if (e.kind !== 'request') return e;
      const from = containers[e.container]?.resources?.[e.limit ? 'limits' : 'requests']?.[e.resource];
      return { kind: 'template-request', workload, container: e.container, ...(e.containerName ? { containerName: e.containerName } : {}), resource: e.resource, ...(from ? { from } : {}), quantity: e.quantity, ...(e.limit ? { limit: true as const } : {}) };
    }),
  }));
}

/**
 * For a bare Pod a ResourceQuota refused: the quota raised to used + requested (the pod is created
 * once: nothing retries it), and — when compute requests are what it exceeds — the pod's request
 * cut to what the quota has left.
 */
function quotaPodCandidates(pod: Pod, refusal: AdmissionRefusal): Candidate[] {
  const numbers = refusal.numbers;
  if (!refusal.quota || !numbers) return [];
  const namespace = pod.metadata.namespace ?? 'default';
  const key = `${namespace}/${pod.metadata.name}`;
  const raise = raiseQuotaFix(refusal);
  const out: Candidate[] = [];
  if (raise) {
    out.push({
      kind: 'quota', cost: raise.hard.length, tier: Tier.Capacity, warning: `raises the namespace's budget: an administrator's change (whoever sets ${namespace}'s quota)`,
      edits: raise.hard.map((h) => ({ kind: 'quota', quota: { namespace, name: refusal.quota! }, resource: h.resource, from: h.from, hard: h.to })),
    });
  }
  const edits: ScenarioEdit[] = [];
  for (const quotaResource of Object.keys(numbers.limited)) {
    const resource = requestedResource(quotaResource);
    if (resource === undefined) return out;
    const left = amountOf(resource, numbers.limited[quotaResource]) - amountOf(resource, numbers.used[quotaResource]);
    const edit = left > 0 ? requestEdit(pod, key, resource, left) : undefined;
    if (!edit) return out;
    edits.push(edit);
  }
  if (edits.length > 0) out.push({ kind: 'request', edits, cost: edits.length, tier: Tier.Relax, warning: `the pod asks for what ${namespace}'s quota has left: check it runs within it` });
  return out;
}

/** The fixes for a refused bare Pod, or none when the refusal is a workload's (./refusalCandidates). */
export function refusedPodCandidates(s: RefusalScenario & Pick<ExpandedScenario, 'refusedPods' | 'timeline'>, refusal: AdmissionRefusal): Candidate[] {
  const pod = refusedPodOf(s, refusal);
  if (!pod) return [];
  if (refusal.plugin === 'LimitRanger') return limitRangerPodCandidates(s, pod);
  const namespace = pod.metadata.namespace ?? 'default';
  if (refusal.uncovered) {
    return uncoveredFor(s, pod, namespace, 1, (from, c) => ({ kind: 'priority', pod: `${namespace}/${pod.metadata.name}`, priorityClass: c, existing: true, from: from.metadata.name }));
  }
  if (refusal.plugin === 'ResourceQuota') return quotaPodCandidates(pod, refusal);
  return [];
}
