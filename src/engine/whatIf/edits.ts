// Changes to a loaded scenario, applied to a copy of its objects: the engine side of "what would
// make this pod schedulable". A scenario is parsed once; each variant copies the objects, applies
// its edits and runs, so hundreds of variants cost no parsing.

import type { ExpandedScenario } from '../controllers/expand';
import { formatResource, resourceAmount } from '../model/quantity';
import type { Node, Pod, PriorityClass, Toleration } from '../model/types';
import { podKey } from '../model/types';

/** The kinds, as the UI's `data-kind` names them (../../../shared/contracts/ui-test-ids.md). */
export type EditKind = 'toleration' | 'node-label' | 'selector' | 'request' | 'priority' | 'spread' | 'anti-affinity' | 'uncordon' | 'scale' | 'add-node';

export type ScenarioEdit =
  /** add a toleration to the pod */
  | { kind: 'toleration'; pod: string; toleration: Toleration }
  /** label a node */
  | { kind: 'node-label'; node: string; key: string; value: string }
  /** drop a nodeSelector key, or one expression of a required node affinity term */
  | { kind: 'selector'; pod: string; nodeSelectorKey: string }
  | { kind: 'selector'; pod: string; term: number; expression: number }
  /** set one container's request of a resource */
  | { kind: 'request'; pod: string; container: number; resource: string; quantity: string }
  /** a new PriorityClass, and the pod uses it */
  | { kind: 'priority'; pod: string; priorityClass: PriorityClass }
  /** relax a hard topology spread constraint */
  | { kind: 'spread'; pod: string; constraint: number; maxSkew?: number; whenUnsatisfiable?: 'ScheduleAnyway' }
  /** drop a required pod anti-affinity term */
  | { kind: 'anti-affinity'; pod: string; term: number }
  | { kind: 'uncordon'; node: string }
  /**
   * kubectl scale of a Deployment when the run starts (a timeline step at 0): `by` fewer
   * replicas; the ReplicaSet it owns when the scenario has no Deployment object
   */
  | { kind: 'scale'; workload: { kind: 'Deployment' | 'ReplicaSet'; namespace: string; name: string }; deployment: string; replicas: number; by: number }
  /** a new node with the labels, taints and allocatable of `like` */
  | { kind: 'add-node'; like: string; name: string };

/** upstream: the NoSchedule taint the node controller puts on a cordoned node */
const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';

/**
 * A copy of a loaded scenario whose objects a simulation may change. The scheduler configuration
 * and the source locations are shared (read only).
 */
export function copyScenario(s: ExpandedScenario): ExpandedScenario {
  return {
    ...s,
    meta: structuredClone(s.meta),
    nodes: structuredClone(s.nodes),
    pods: structuredClone(s.pods),
    namespaces: structuredClone(s.namespaces),
    priorityClasses: structuredClone(s.priorityClasses),
    runtimeClasses: structuredClone(s.runtimeClasses),
    services: structuredClone(s.services),
    pdbs: structuredClone(s.pdbs),
    workloads: structuredClone(s.workloads),
    gangWorkloads: structuredClone(s.gangWorkloads),
    // quotas carry status.used, which admission and the quota controller change
    policies: structuredClone(s.policies),
    // an apply step's `locate` is a function (structuredClone refuses it) and reads only the source
    timeline: s.timeline.map((step) => (step.action === 'apply' ? { ...structuredClone({ ...step, locate: undefined }), locate: step.locate } : structuredClone(step))),
    admissionEvents: structuredClone(s.admissionEvents),
    warnings: [...s.warnings],
    names: s.names.clone(),
  };
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
  return { kind: 'request', pod: key, container, resource, quantity: formatResource(resource, next) };
}

function podOf(s: ExpandedScenario, key: string): Pod {
  const pod = s.pods.find((p) => podKey(p) === key);
  if (!pod) throw new Error(`no pod ${key} in the scenario`);
  return pod;
}

function nodeOf(s: ExpandedScenario, name: string): Node {
  const node = s.nodes.find((n) => n.metadata.name === name);
  if (!node) throw new Error(`no node ${name} in the scenario`);
  return node;
}

/** A node name for a copy of `like`: "-2" on its first DNS label, then "-3"… until it is free. */
export function newNodeName(s: ExpandedScenario, like: string): string {
  const dot = like.indexOf('.');
  const [head, tail] = dot < 0 ? [like, ''] : [like.slice(0, dot), like.slice(dot)];
  for (let i = 2; ; i++) {
    const name = `${head}-${i}${tail}`;
    if (!s.nodes.some((n) => n.metadata.name === name)) return name;
  }
}

/** Applies the edits to `s` in place (pass a copy). Throws on an edit that names nothing. */
export function applyEdits(s: ExpandedScenario, edits: readonly ScenarioEdit[]): ExpandedScenario {
  for (const e of edits) {
    switch (e.kind) {
      case 'toleration': {
        const pod = podOf(s, e.pod);
        pod.spec.tolerations = [...(pod.spec.tolerations ?? []), { ...e.toleration }];
        break;
      }
      case 'node-label': {
        const node = nodeOf(s, e.node);
        node.metadata.labels = { ...node.metadata.labels, [e.key]: e.value };
        break;
      }
      case 'selector': {
        const pod = podOf(s, e.pod);
        if ('nodeSelectorKey' in e) {
          const { [e.nodeSelectorKey]: _dropped, ...rest } = pod.spec.nodeSelector ?? {};
          pod.spec.nodeSelector = rest;
        } else {
          const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
          terms?.[e.term]?.matchExpressions?.splice(e.expression, 1);
        }
        break;
      }
      case 'request': {
        const c = podOf(s, e.pod).spec.containers[e.container];
        if (!c) throw new Error(`no container ${e.container} in ${e.pod}`);
        c.resources = { ...c.resources, requests: { ...c.resources?.requests, [e.resource]: e.quantity } };
        break;
      }
      case 'priority': {
        const pod = podOf(s, e.pod);
        s.priorityClasses.push(structuredClone(e.priorityClass));
        // what admission would set (priority is resolved when a pod is created)
        pod.spec.priorityClassName = e.priorityClass.metadata.name;
        pod.spec.priority = e.priorityClass.value;
        if (e.priorityClass.preemptionPolicy) pod.spec.preemptionPolicy = e.priorityClass.preemptionPolicy;
        break;
      }
      case 'spread': {
        const c = podOf(s, e.pod).spec.topologySpreadConstraints?.[e.constraint];
        if (!c) throw new Error(`no topology spread constraint ${e.constraint} on ${e.pod}`);
        if (e.maxSkew !== undefined) c.maxSkew = e.maxSkew;
        if (e.whenUnsatisfiable) c.whenUnsatisfiable = e.whenUnsatisfiable;
        break;
      }
      case 'anti-affinity': {
        const terms = podOf(s, e.pod).spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
        if (!terms?.[e.term]) throw new Error(`no required anti-affinity term ${e.term} on ${e.pod}`);
        terms.splice(e.term, 1);
        break;
      }
      case 'uncordon': {
        const node = nodeOf(s, e.node);
        node.spec = { ...node.spec, unschedulable: false, taints: (node.spec?.taints ?? []).filter((t) => t.key !== UNSCHEDULABLE_TAINT) };
        break;
      }
      case 'scale': {
        const w = e.workload;
        if (!s.workloads.some((x) => x.kind === w.kind && (x.metadata.namespace ?? 'default') === w.namespace && x.metadata.name === w.name)) throw new Error(`no ${w.kind} ${w.namespace}/${w.name} in the scenario`);
        // before the steps after t=0, so the timeline stays in order
        const at = s.timeline.findIndex((step) => step.at > 0);
        s.timeline.splice(at < 0 ? s.timeline.length : at, 0, { at: 0, action: 'scale', kind: w.kind, namespace: w.namespace, name: w.name, replicas: e.replicas, source: { line: 1, column: 1 } });
        break;
      }
      case 'add-node': {
        const like = nodeOf(s, e.like);
        const copy = structuredClone(like);
        copy.metadata = { ...copy.metadata, name: e.name, labels: { ...copy.metadata.labels, ...(copy.metadata.labels?.['kubernetes.io/hostname'] !== undefined ? { 'kubernetes.io/hostname': e.name } : {}) } };
        delete copy.metadata.uid;
        copy.spec = { ...copy.spec, unschedulable: false, taints: (copy.spec?.taints ?? []).filter((t) => t.key !== UNSCHEDULABLE_TAINT) };
        s.nodes.push(copy);
        break;
      }
    }
  }
  return s;
}
