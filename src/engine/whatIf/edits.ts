// Changes to a loaded scenario, applied to a copy of its objects: the engine side of "what would
// make this pod schedulable". A scenario is parsed once; each variant copies the objects, applies
// its edits and runs, so hundreds of variants cost no parsing.

import type { ExpandedScenario } from '../controllers/expand';
import { formatResource, resourceAmount } from '../model/quantity';
import type { ResourceSlice } from '../model/resource';
import type { Node, Pod, PodSpec, PriorityClass, Toleration, Workload } from '../model/types';
import type { ResourceQuota } from '../model/policy';
import { initialQuotaStatus } from '../model/quota/status';
import { cloneData } from '../model/cloneData';
import { podKey } from '../model/types';
import { NameGenerator } from '../model/names';
import { revivedLocators } from '../model/locator';
import { freshNodeLike } from './nodeClone';
import { computeHash } from '../controllers/common';
import { CONTROLLER_REVISION_HASH_LABEL } from '../controllers/statefulset';
import { NG_MAX_SIZE_ANNOTATION } from '../model/nodeGroupAnnotations';

/** The kinds, as the UI's `data-kind` names them (../../../shared/contracts/ui-test-ids.md). */
export type EditKind = 'toleration' | 'node-label' | 'selector' | 'affinity-value' | 'request' | 'priority' | 'spread' | 'anti-affinity' | 'uncordon' | 'scale' | 'rollout' | 'add-node' | 'scheduler-name' | 'claim' | 'quota' | 'limit-range' | 'node-group' | 'pod-group' | 'recreate';

export type ScenarioEdit =
  /**
   * delete a StatefulSet's pod of an older revision than the set's template when the run starts (a
   * timeline step at 0): the StatefulSet recreates it, under its name, from the template as it is
   * now. A rolling update does not replace a pod that is not Running and Ready (upstream:
   * stateful_set_control.go; kubernetes.io "Forced rollback": after fixing the template, delete the
   * pods made from the bad one)
   */
  | { kind: 'recreate'; pod: string; workload: PolicyRef & { kind: 'StatefulSet' } }
  /** add a toleration to the pod */
  | { kind: 'toleration'; pod: string; toleration: Toleration }
  /** label a node */
  | { kind: 'node-label'; node: string; key: string; value: string }
  /**
   * drop a nodeSelector key, or one expression of a required node affinity term; dropping a
   * term's only expression drops the term, and the only term the whole required node affinity
   * (an empty term would match no node: upstream nodeaffinity.go)
   */
  | { kind: 'selector'; pod: string; nodeSelectorKey: string }
  | { kind: 'selector'; pod: string; term: number; expression: number }
  /** a value no node has for the key, replaced by one nodes have (a typo): in a nodeSelector or an In expression */
  | { kind: 'affinity-value'; pod: string; key: string; from: string; value: string; nodeSelectorKey: string }
  | { kind: 'affinity-value'; pod: string; key: string; from: string; value: string; term: number; expression: number }
  /** the pod goes to a scheduler profile that exists */
  | { kind: 'scheduler-name'; pod: string; from: string; schedulerName: string }
  /** set one container's request of a resource (its limit, with `limit`) */
  | { kind: 'request'; pod: string; container: number; containerName?: string; resource: string; quantity: string; limit?: true }
  /** a PriorityClass (a new one, or one the cluster has: `existing`), and the pod uses it */
  | { kind: 'priority'; pod: string; priorityClass: PriorityClass; existing?: boolean; from?: string }
  /** relax a hard topology spread constraint, or count only the domains of nodes the pod could use (Honor) */
  | { kind: 'spread'; pod: string; constraint: number; maxSkew?: number; minDomains?: number; whenUnsatisfiable?: 'ScheduleAnyway'; nodeTaintsPolicy?: 'Honor'; nodeAffinityPolicy?: 'Honor' }
  /**
   * a ResourceClaim (namespace/name) or ResourceClaimTemplate the pod uses: drop a constraint,
   * or ask for fewer devices in one request
   */
  | { kind: 'claim'; claim: ClaimRef; change: 'drop-constraint'; constraint: number; matchAttribute?: string }
  | { kind: 'claim'; claim: ClaimRef; change: 'count'; request: number; requestName: string; from: number; count: number }
  /** any device of the request's class: its CEL selectors dropped */
  | { kind: 'claim'; claim: ClaimRef; change: 'drop-selectors'; request: number; requestName: string; selectors: number }
  /** the request asks another DeviceClass of the scenario */
  | { kind: 'claim'; claim: ClaimRef; change: 'device-class'; request: number; requestName: string; from: string; deviceClassName: string }
  /** drop a required pod anti-affinity term */
  | { kind: 'anti-affinity'; pod: string; term: number }
  | { kind: 'uncordon'; node: string }
  /**
   * kubectl scale of a Deployment when the run starts (a timeline step at 0): `by` fewer
   * replicas; the ReplicaSet it owns when the scenario has no Deployment object
   */
  | { kind: 'scale'; workload: { kind: 'Deployment' | 'ReplicaSet'; namespace: string; name: string }; deployment: string; replicas: number; by: number; own?: OwnScale }
  /**
   * a Deployment's rollout strategy set to maxSurge 0, maxUnavailable 1, for a rollout whose new
   * pods cannot go where the old ones hold what they need (a host port): its controller then
   * scales an old ReplicaSet down first (upstream: pkg/controller/deployment/rolling.go,
   * reconcileOldReplicaSets — maxScaledDown = all pods − (replicas − maxUnavailable) − new
   * unavailable). Simulated as that scale of `oldReplicaSet` to `replicas` when the run starts.
   */
  | { kind: 'rollout'; deployment: { namespace: string; name: string }; maxSurge: 0; maxUnavailable: 1; oldReplicaSet: string; replicas: number }
  /**
   * a new node with the labels, taints and allocatable of `like` (not its addresses, provider id
   * or images), and a copy of each ResourceSlice published for `like`; `pool` names the node pool
   * to scale by its labels
   */
  | { kind: 'add-node'; like: string; name: string; pool?: Record<string, string> }
  /** raise (or set) one resource of a ResourceQuota's spec.hard */
  | { kind: 'quota'; quota: PolicyRef; resource: string; from?: string; hard: string }
  /**
   * set one resource of a LimitRange item's defaultRequest (the request a container that states
   * none gets), or of its `bound` max or min (an administrator's change: every pod of the
   * namespace may then ask for that much)
   */
  | { kind: 'limit-range'; limitRange: PolicyRef; item: number; resource: string; from?: string; quantity: string; bound?: 'max' | 'min' }
  /**
   * add a policy object to the scenario: a ResourceQuota whose scopeSelector covers the scopes the
   * API server's limitedResources left uncovered for a refused pod (the "Limit Priority Class
   * consumption by default" quota of kubernetes.io's Resource Quotas page)
   */
  | { kind: 'add-policy'; object: ResourceQuota }
  /** the PriorityClass a workload's pod template names, replaced by another the cluster has (its pods do not exist: admission refused them) */
  | { kind: 'template-priority-class'; workload: PolicyRef & { kind: string }; from: string; priorityClassName: string; value: number }
  /** set one container's request in a workload's pod template (its pods do not exist: admission refused them) */
  | { kind: 'template-request'; workload: PolicyRef & { kind: string }; container: number; containerName?: string; resource: string; from?: string; quantity: string; limit?: true }
  /** raise a node group's max size: the max-count annotation of the ClusterAutoscaler's template `template` (spec.templates index) */
  | { kind: 'node-group-max'; group: string; template: number; from: number; max: number }
  /**
   * a new node group beside `like`: `template` is its template Node (a larger instance type,
   * `factor` times like's allocatable, min 0 and max in its annotations), appended to the
   * ClusterAutoscaler's spec.templates
   */
  | { kind: 'node-group-add'; like: string; group: string; factor: number; instanceType?: string; template: Node }
  /** label a node group's template (spec.templates index): the nodes the group adds carry it */
  | { kind: 'node-group-label'; group: string; template: number; key: string; value: string }
  /**
   * v1.36+: a PodGroup (namespace/name) starts with fewer pods — its gang minCount lowered (the
   * API server lets it change from v1.37 on, scheduling.k8s.io/v1beta1) —, or its topology
   * constraint names a wider level (`key`) or is dropped (`key` absent)
   */
  | { kind: 'pod-group'; group: string; change: 'min-count'; from: number; minCount: number }
  | { kind: 'pod-group'; group: string; change: 'topology'; from: string; key?: string };

/**
 * The pod's own Deployment scaled to the topology domains its required anti-affinity against its
 * own replicas allows (one pod per domain): the key, and the domains of the nodes it may use.
 */
export interface OwnScale { topologyKey: string; domains: number }

/** A namespaced object by namespace and name. */
export interface PolicyRef { namespace: string; name: string }

/** A claim the pod's spec.resourceClaims names: a ResourceClaim, or the template its claims are made from. */
export interface ClaimRef { kind: 'ResourceClaim' | 'ResourceClaimTemplate'; namespace: string; name: string }

/** upstream: the NoSchedule taint the node controller puts on a cordoned node */
const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';

/**
 * A copy of a loaded scenario whose objects a simulation may change. The scheduler configuration
 * and the source locations are shared (read only).
 */
export function copyScenario(s: ExpandedScenario): ExpandedScenario {
  return {
    ...s,
    meta: cloneData(s.meta),
    nodes: cloneData(s.nodes),
    pods: cloneData(s.pods),
    namespaces: cloneData(s.namespaces),
    priorityClasses: cloneData(s.priorityClasses),
    runtimeClasses: cloneData(s.runtimeClasses),
    services: cloneData(s.services),
    pdbs: cloneData(s.pdbs),
    workloads: cloneData(s.workloads),
    gangWorkloads: cloneData(s.gangWorkloads),
    ...(s.schedulingWorkloads ? { schedulingWorkloads: cloneData(s.schedulingWorkloads) } : {}),
    ...(s.podGroups ? { podGroups: cloneData(s.podGroups) } : {}),
    // quotas carry status.used, which admission and the quota controller change
    policies: cloneData(s.policies),
    // an apply step's `locate` is a function: shared (it reads only the source)
    timeline: cloneData(s.timeline),
    resources: cloneData(s.resources),
    admissionEvents: cloneData(s.admissionEvents),
    warnings: [...s.warnings],
    names: s.names.clone(),
  };
}

/**
 * A loaded scenario that crossed a thread boundary as data (the page's engine worker lends the fix
 * worker the one it loaded, src/worker/host.ts): postMessage keeps every field but the classes,
 * and the name generator is the one class a loaded scenario holds; the functions that locate a
 * message's line (a KubeSchedulerConfiguration's, a timeline step's) were posted as their data
 * (../model/locator.ts postableScenario) and are built again.
 */
export function reviveScenario(s: ExpandedScenario): ExpandedScenario {
  return { ...revivedLocators(s), names: NameGenerator.revive(s.names) };
}

/** A quantity in the scheduler's unit for the resource (millicores for cpu); 0 when absent. */
export const amountOf = (resource: string, quantity: string | undefined): number => (quantity === undefined ? 0 : resourceAmount(resource, quantity) ?? 0);

/**
 * The request edit that brings the pod's total request of `resource` down to `target` (scheduler
 * units): its largest container gives way. Undefined when that is not enough.
 */
export function requestEdit(pod: Pod, key: string, resource: string, target: number): ScenarioEdit | undefined {
  const own = pod.spec.containers.map((c) => amountOf(resource, c.resources?.requests?.[resource]));
  const total = own.reduce((a, b) => a + b, 0);
  const container = own.indexOf(Math.max(...own));
  const next = own[container]! - (total - target);
  if (container < 0 || next < 0 || next >= own[container]!) return undefined;
  const written = pod.spec.containers[container]!.resources?.requests?.[resource];
  return { kind: 'request', pod: key, container, containerName: pod.spec.containers[container]!.name, resource, quantity: inUnitsOf(written, resource, next) };
}

const BYTE_UNITS: readonly [string, number][] = [['Ti', 2 ** 40], ['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10], ['T', 1e12], ['G', 1e9], ['M', 1e6], ['k', 1e3]];

/**
 * `amount` (scheduler units, at most what fits) in the unit the user wrote `written` in, rounded
 * down so it still fits: "24Gi" cut to 12.02Gi of bytes reads "12Gi", not "12603056Ki"; a unit too
 * coarse for the amount steps down (Gi → Mi).
 */
export function inUnitsOf(written: string | undefined, resource: string, amount: number): string {
  if (resource === 'cpu') return formatResource(resource, amount);
  const suffix = written?.match(/[0-9.]([KMGT]i?|k)$/)?.[1];
  const start = suffix === undefined ? -1 : BYTE_UNITS.findIndex(([u]) => u === suffix);
  if (start < 0) return formatResource(resource, amount);
  const binary = suffix!.endsWith('i');
  for (const [unit, size] of BYTE_UNITS.slice(start)) {
    if (unit.endsWith('i') !== binary) continue;
    if (amount >= size) return `${Math.floor(amount / size)}${unit}`;
  }
  return formatResource(resource, amount);
}

/** A timeline step at 0, before the steps after 0 (so the timeline stays in order). */
function stepAtStart(s: ExpandedScenario, step: ExpandedScenario['timeline'][number]): void {
  const at = s.timeline.findIndex((x) => x.at > 0);
  s.timeline.splice(at < 0 ? s.timeline.length : at, 0, step);
}

/** `kubectl scale` of a workload when the run starts: a timeline step at 0. */
function scaleAtStart(s: ExpandedScenario, w: { kind: 'Deployment' | 'ReplicaSet'; namespace: string; name: string }, replicas: number): void {
  if (!s.workloads.some((x) => x.kind === w.kind && (x.metadata.namespace ?? 'default') === w.namespace && x.metadata.name === w.name)) throw new Error(`no ${w.kind} ${w.namespace}/${w.name} in the scenario`);
  stepAtStart(s, { at: 0, action: 'scale', kind: w.kind, namespace: w.namespace, name: w.name, replicas, source: { line: 1, column: 1 } });
}

function podOf(s: ExpandedScenario, key: string): Pod {
  const pod = s.pods.find((p) => podKey(p) === key);
  if (!pod) throw new Error(`no pod ${key} in the scenario`);
  return pod;
}

/**
 * The workloads whose pod template a fix for the pod edits, nearest first: its controller (a
 * ReplicaSet, StatefulSet, Job, DaemonSet, ReplicationController) and, for a ReplicaSet, the
 * Deployment that controls it, when the scenario holds them. A pod a controller made is recreated
 * from that template (upstream: controller_utils.go GetPodFromTemplate), so editing the pod alone
 * would last until its next replacement; the Deployment's template is edited with its ReplicaSet's
 * so the two stay equal (deployment_util.go EqualIgnoreHash) and no rollout starts.
 */
export function templateOwnersOf(s: Pick<ExpandedScenario, 'workloads'>, pod: Pod): Workload[] {
  const out: Workload[] = [];
  let ref = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  const namespace = pod.metadata.namespace ?? 'default';
  while (ref && out.length < 2) {
    const { kind, name, uid } = ref;
    const w = s.workloads.find((x) => x.kind === kind && (x.metadata.namespace ?? 'default') === namespace && x.metadata.name === name && (!uid || !x.metadata.uid || x.metadata.uid === uid));
    if (!w?.spec.template?.spec) break;
    out.push(w);
    ref = w.kind === 'ReplicaSet' ? w.metadata.ownerReferences?.find((r) => r.controller === true && r.kind === 'Deployment') : undefined;
  }
  return out;
}

/**
 * The StatefulSet whose template is of a newer revision than the pod: the pod's
 * controller-revision-hash is not the set's status.updateRevision (as a dump records it) or, when
 * the scenario has no status, not the revision the simulated controller makes pods at.
 */
export function newerTemplateOf(s: Pick<ExpandedScenario, 'workloads'>, pod: Pod): Workload | undefined {
  const [owner] = templateOwnersOf(s, pod);
  const revision = pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL];
  if (owner?.kind !== 'StatefulSet' || revision === undefined) return undefined;
  const current = owner.status?.updateRevision ?? `${owner.metadata.name}-${computeHash(owner.spec.template)}`;
  return revision === current ? undefined : owner;
}

/**
 * The pod specs a pod-scoped edit changes: the owners' templates (./templateOwnersOf) and the
 * pending pod as its controller recreates it from the edited template (kept under its name, so the
 * variant's outcome is the same pod's: a Pending pod holds nothing a recreation would release).
 */
function podSpecsOf(s: ExpandedScenario, key: string): { pod: Pod; specs: PodSpec[]; missing: (spec: PodSpec, what: string) => Error } {
  const pod = podOf(s, key);
  const owners = templateOwnersOf(s, pod);
  // a pod of an older revision than its owner's template (a StatefulSet's rolling update waits on
  // a Pending pod: upstream stateful_set_control.go) has what the template no longer has
  const missing = (spec: PodSpec, what: string) => {
    const owner = owners.find((w) => w.spec.template.spec === spec);
    return new Error(owner
      ? `the pod template of ${owner.kind} ${owner.metadata.namespace ?? 'default'}/${owner.metadata.name} has no ${what}: ${key} is of an older revision; deleted, it is recreated from the template as it is now`
      : `no ${what} in ${key}`);
  };
  return { pod, specs: [...owners.map((w) => w.spec.template.spec), pod.spec], missing };
}

function nodeOf(s: ExpandedScenario, name: string): Node {
  const node = s.nodes.find((n) => n.metadata.name === name);
  if (!node) throw new Error(`no node ${name} in the scenario`);
  return node;
}

/** A node name for a copy of `like`: "-2" on its first DNS label, then "-3"… until it is free. */
export function newNodeName(s: ExpandedScenario, like: string, taken: ReadonlySet<string> = new Set()): string {
  const dot = like.indexOf('.');
  const [head, tail] = dot < 0 ? [like, ''] : [like.slice(0, dot), like.slice(dot)];
  for (let i = 2; ; i++) {
    const name = `${head}-${i}${tail}`;
    if (!taken.has(name) && !s.nodes.some((n) => n.metadata.name === name)) return name;
  }
}

/** The ResourceSlices a node's drivers publish for it (spec.nodeName). */
export function slicesOf(s: Pick<ExpandedScenario, 'resources'>, node: string): ResourceSlice[] {
  return s.resources.filter((r): r is ResourceSlice => r.kind === 'ResourceSlice' && r.spec.nodeName === node);
}

const requiredExpression = (spec: PodSpec, term: number, expression: number) =>
  spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms[term]?.matchExpressions?.[expression];

/**
 * Drops expression `expression` of required node affinity term `term`, keeping the affinity valid
 * and its meaning: a term left with nothing goes, and with it the whole required node affinity
 * when no term is left (upstream: an empty term matches no node, and an empty
 * nodeSelectorTerms list is invalid).
 */
function dropAffinityExpression(spec: PodSpec, term: number, expression: number): void {
  const nodeAffinity = spec.affinity?.nodeAffinity;
  const required = nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const t = required?.nodeSelectorTerms[term];
  if (!nodeAffinity || !required || !t) return;
  t.matchExpressions?.splice(expression, 1);
  if ((t.matchExpressions?.length ?? 0) > 0 || (t.matchFields?.length ?? 0) > 0) return;
  required.nodeSelectorTerms.splice(term, 1);
  if (required.nodeSelectorTerms.length === 0) delete nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
}

/** The pod template of a workload the scenario holds. */
/**
 * The pod templates a change to a workload's template is written into: its own and, for a
 * Deployment, its newest ReplicaSet's (as a dump has it: the Deployment controller rolls the
 * change out as a new ReplicaSet, which makes the next pods; a dump's ReplicaSet keeps its own).
 */
function templatesOf(s: ExpandedScenario, ref: PolicyRef & { kind: string }): PodSpec[] {
  const w = s.workloads.find((x) => x.kind === ref.kind && (x.metadata.namespace ?? 'default') === ref.namespace && x.metadata.name === ref.name);
  const spec = w && 'template' in w.spec ? w.spec.template?.spec : undefined;
  if (!w || !spec) throw new Error(`no pod template in ${ref.kind} ${ref.namespace}/${ref.name}`);
  if (w.kind !== 'Deployment') return [spec];
  const revision = (x: Workload) => Number(x.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
  const newest = s.workloads
    .filter((x) => x.kind === 'ReplicaSet' && (x.metadata.namespace ?? 'default') === ref.namespace && x.metadata.ownerReferences?.some((r) => r.controller === true && r.kind === 'Deployment' && r.name === ref.name))
    .sort((a, b) => revision(b) - revision(a))[0];
  return newest?.spec.template?.spec ? [spec, newest.spec.template.spec] : [spec];
}

/** Applies the edits to `s` in place (pass a copy). Throws on an edit that names nothing. */
export function applyEdits(s: ExpandedScenario, edits: readonly ScenarioEdit[]): ExpandedScenario {
  for (const e of edits) {
    switch (e.kind) {
      case 'toleration':
        for (const spec of podSpecsOf(s, e.pod).specs) spec.tolerations = [...(spec.tolerations ?? []), { ...e.toleration }];
        break;
      case 'node-label': {
        const node = nodeOf(s, e.node);
        node.metadata.labels = { ...node.metadata.labels, [e.key]: e.value };
        break;
      }
      case 'selector': {
        const { specs, missing } = podSpecsOf(s, e.pod);
        for (const spec of specs) {
          if ('nodeSelectorKey' in e) {
            const { [e.nodeSelectorKey]: _dropped, ...rest } = spec.nodeSelector ?? {};
            spec.nodeSelector = rest;
          } else {
            if (!requiredExpression(spec, e.term, e.expression)) throw missing(spec, `expression ${e.expression + 1} in required node affinity term ${e.term + 1}`);
            dropAffinityExpression(spec, e.term, e.expression);
          }
        }
        break;
      }
      case 'affinity-value': {
        const { specs, missing } = podSpecsOf(s, e.pod);
        for (const spec of specs) {
          if ('nodeSelectorKey' in e) spec.nodeSelector = { ...spec.nodeSelector, [e.nodeSelectorKey]: e.value };
          else {
            const expression = requiredExpression(spec, e.term, e.expression);
            if (!expression?.values) throw missing(spec, `expression ${e.expression + 1} in required node affinity term ${e.term + 1}`);
            expression.values = expression.values.map((v) => (v === e.from ? e.value : v));
          }
        }
        break;
      }
      case 'scheduler-name':
        for (const spec of podSpecsOf(s, e.pod).specs) spec.schedulerName = e.schedulerName;
        break;
      case 'claim': {
        const claim = s.resources.find((r) => r.kind === e.claim.kind && (r.metadata.namespace ?? 'default') === e.claim.namespace && r.metadata.name === e.claim.name);
        if (!claim || (claim.kind !== 'ResourceClaim' && claim.kind !== 'ResourceClaimTemplate')) throw new Error(`no ${e.claim.kind} ${e.claim.namespace}/${e.claim.name} in the scenario`);
        const devices = claim.kind === 'ResourceClaim' ? claim.spec.devices : claim.spec.spec.devices;
        if (e.change === 'drop-constraint') devices?.constraints?.splice(e.constraint, 1);
        else {
          const exactly = devices?.requests?.[e.request]?.exactly;
          if (!exactly) throw new Error(`no request ${e.request} in ${e.claim.namespace}/${e.claim.name}`);
          if (e.change === 'count') exactly.count = e.count;
          else if (e.change === 'drop-selectors') delete exactly.selectors;
          else exactly.deviceClassName = e.deviceClassName;
        }
        break;
      }
      case 'request':
        for (const spec of podSpecsOf(s, e.pod).specs) {
          const c = spec.containers[e.container];
          if (!c) throw new Error(`no container ${e.container} in ${e.pod}`);
          const field = e.limit ? 'limits' : 'requests';
          c.resources = { ...c.resources, [field]: { ...c.resources?.[field], [e.resource]: e.quantity } };
        }
        break;
      case 'priority': {
        const { pod, specs } = podSpecsOf(s, e.pod);
        if (!e.existing) s.priorityClasses.push(structuredClone(e.priorityClass));
        for (const spec of specs) {
          spec.priorityClassName = e.priorityClass.metadata.name;
          // what admission sets when it creates the pod (priority is resolved then); a template names the class only
          if (spec === pod.spec) spec.priority = e.priorityClass.value;
          else delete spec.priority;
          if (e.priorityClass.preemptionPolicy && spec === pod.spec) spec.preemptionPolicy = e.priorityClass.preemptionPolicy;
        }
        break;
      }
      case 'spread':
        for (const spec of podSpecsOf(s, e.pod).specs) {
          const c = spec.topologySpreadConstraints?.[e.constraint];
          if (!c) throw new Error(`no topology spread constraint ${e.constraint} on ${e.pod}`);
          if (e.maxSkew !== undefined) c.maxSkew = e.maxSkew;
          if (e.minDomains !== undefined) c.minDomains = e.minDomains;
          if (e.whenUnsatisfiable) c.whenUnsatisfiable = e.whenUnsatisfiable;
          if (e.nodeTaintsPolicy) c.nodeTaintsPolicy = e.nodeTaintsPolicy;
          if (e.nodeAffinityPolicy) c.nodeAffinityPolicy = e.nodeAffinityPolicy;
        }
        break;
      case 'anti-affinity': {
        // a pod a scenario's controller made shares its template's terms: each list is cut once
        const lists = new Set(podSpecsOf(s, e.pod).specs.map((spec) => spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution));
        for (const terms of lists) {
          if (!terms?.[e.term]) throw new Error(`no required anti-affinity term ${e.term} on ${e.pod}`);
          terms.splice(e.term, 1);
        }
        break;
      }
      case 'uncordon': {
        const node = nodeOf(s, e.node);
        node.spec = { ...node.spec, unschedulable: false, taints: (node.spec?.taints ?? []).filter((t) => t.key !== UNSCHEDULABLE_TAINT) };
        break;
      }
      case 'recreate': {
        const pod = podOf(s, e.pod);
        stepAtStart(s, { at: 0, action: 'delete', kind: 'Pod', namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name, source: { line: 1, column: 1 } });
        break;
      }
      case 'scale':
        scaleAtStart(s, e.workload, e.replicas);
        break;
      case 'rollout':
        scaleAtStart(s, { kind: 'ReplicaSet', namespace: e.deployment.namespace, name: e.oldReplicaSet }, e.replicas);
        break;
      case 'add-node': {
        const copy = freshNodeLike(nodeOf(s, e.like), e.name);
        s.nodes.push(copy);
        // the node's devices come with it: its driver publishes a ResourceSlice for the new node too
        for (const slice of slicesOf(s, e.like)) {
          const sliceCopy = structuredClone(slice);
          sliceCopy.metadata = { name: `${e.name}-${slice.spec.driver}`.slice(0, 253) };
          sliceCopy.spec = { ...sliceCopy.spec, nodeName: e.name, pool: { ...sliceCopy.spec.pool, name: e.name } };
          s.resources.push(sliceCopy);
        }
        break;
      }
      // Policy edits change objects admission reads when a pod is created: on an expanded scenario
      // they act from the next creation on (the fix search verifies them by reloading the edited
      // text, ../../interop/policyFixSearch.ts, so the first sync sees them too).
      case 'quota': {
        const q = s.policies.find((p) => p.kind === 'ResourceQuota' && (p.metadata.namespace ?? 'default') === e.quota.namespace && p.metadata.name === e.quota.name);
        if (!q || q.kind !== 'ResourceQuota') throw new Error(`no ResourceQuota ${e.quota.namespace}/${e.quota.name} in the scenario`);
        q.spec = { ...q.spec, hard: { ...q.spec.hard, [e.resource]: e.hard } };
        q.status = { ...q.status, hard: { ...q.status.hard, [e.resource]: e.hard } };
        break;
      }
      case 'limit-range': {
        const lr = s.policies.find((p) => p.kind === 'LimitRange' && (p.metadata.namespace ?? 'default') === e.limitRange.namespace && p.metadata.name === e.limitRange.name);
        const item = lr?.kind === 'LimitRange' ? lr.spec.limits[e.item] : undefined;
        if (!item) throw new Error(`no item ${e.item} in LimitRange ${e.limitRange.namespace}/${e.limitRange.name}`);
        const field = e.bound ?? 'defaultRequest';
        item[field] = { ...item[field], [e.resource]: e.quantity };
        break;
      }
      case 'node-group-max': {
        const config = s.clusterAutoscaler;
        if (!config || config.nodeGroups[e.template]?.name !== e.group) throw new Error(`no node group ${e.group} in the ClusterAutoscaler`);
        // the configuration is shared with the loaded scenario (copyScenario does not clone it): replaced, not changed
        s.clusterAutoscaler = { ...config, nodeGroups: config.nodeGroups.map((g, i) => (i === e.template ? { ...g, maxSize: e.max } : g)) };
        break;
      }
      case 'node-group-add': {
        const config = s.clusterAutoscaler;
        if (!config?.nodeGroups.some((g) => g.name === e.like)) throw new Error(`no node group ${e.like} in the ClusterAutoscaler`);
        const max = Number(e.template.metadata.annotations?.[NG_MAX_SIZE_ANNOTATION] ?? 1);
        s.clusterAutoscaler = { ...config, nodeGroups: [...config.nodeGroups, { name: e.group, minSize: 0, maxSize: max, template: structuredClone(e.template) }] };
        break;
      }
      case 'node-group-label': {
        const config = s.clusterAutoscaler;
        const group = config?.nodeGroups[e.template];
        if (!config || group?.name !== e.group) throw new Error(`no node group ${e.group} in the ClusterAutoscaler`);
        const template = { ...group.template, metadata: { ...group.template.metadata, labels: { ...group.template.metadata.labels, [e.key]: e.value } } };
        s.clusterAutoscaler = { ...config, nodeGroups: config.nodeGroups.map((g, i) => (i === e.template ? { ...g, template } : g)) };
        break;
      }
      case 'pod-group': {
        const g = s.podGroups?.find((x) => `${x.metadata.namespace ?? 'default'}/${x.metadata.name}` === e.group);
        if (!g) throw new Error(`no PodGroup ${e.group} in the scenario`);
        if (e.change === 'min-count') g.spec.schedulingPolicy = { gang: { minCount: e.minCount } };
        else if (e.key !== undefined) g.spec.schedulingConstraints = { ...g.spec.schedulingConstraints, topology: [{ key: e.key }] };
        else delete g.spec.schedulingConstraints;
        break;
      }
      case 'template-request':
        for (const spec of templatesOf(s, e.workload)) {
          const c = spec.containers[e.container];
          if (!c) throw new Error(`no container ${e.container} in the pod template of ${e.workload.kind} ${e.workload.namespace}/${e.workload.name}`);
          c.resources = e.limit ? { ...c.resources, limits: { ...c.resources?.limits, [e.resource]: e.quantity } } : { ...c.resources, requests: { ...c.resources?.requests, [e.resource]: e.quantity } };
        }
        break;
      case 'template-priority-class':
        for (const spec of templatesOf(s, e.workload)) {
          spec.priorityClassName = e.priorityClassName;
          // admission resolves the priority from the class when it creates a pod
          delete spec.priority;
        }
        break;
      case 'add-policy': {
        const q = structuredClone(e.object);
        // as loading does: the quota controller has synced it before any pod is created
        q.status = initialQuotaStatus(q);
        s.policies.push(q);
        break;
      }
    }
  }
  return s;
}
