// Fluent builders for tests, after upstream's pkg/scheduler/testing/wrappers.go
// (st.MakePod().Name("p").Label("app","web").Obj()). Add methods as tests need them.

import type { PodVolume } from '../model/storage';
import type {
  Affinity, Container, GangWorkload, LabelSelector, Node, NodeSelectorRequirement, Pod, PodAffinityTerm, ResourceList, Taint,
  Toleration, TopologySpreadConstraint,
} from '../model/types';

export class PodWrapper {
  readonly pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: '', namespace: 'default' }, spec: { containers: [] }, status: {} };

  name(n: string): this { this.pod.metadata.name = n; return this; }
  namespace(ns: string): this { this.pod.metadata.namespace = ns; return this; }
  uid(uid: string): this { this.pod.metadata.uid = uid; return this; }
  label(k: string, v: string): this { (this.pod.metadata.labels ??= {})[k] = v; return this; }
  labels(l: Record<string, string>): this { for (const [k, v] of Object.entries(l)) this.label(k, v); return this; }
  node(n: string): this { this.pod.spec.nodeName = n; return this; }
  nominatedNodeName(n: string): this { this.pod.status.nominatedNodeName = n; return this; }
  priority(p: number): this { this.pod.spec.priority = p; return this; }
  schedulerName(s: string): this { this.pod.spec.schedulerName = s; return this; }
  preemptionPolicy(p: 'PreemptLowerPriority' | 'Never'): this { this.pod.spec.preemptionPolicy = p; return this; }
  startTime(t: number): this { this.pod.status.startTime = t; return this; }
  creationTimestamp(t: number): this { this.pod.metadata.creationTimestamp = t; return this; }
  terminating(at = 0): this { this.pod.metadata.deletionTimestamp = at; return this; }
  phase(p: 'Pending' | 'Running' | 'Succeeded' | 'Failed'): this { this.pod.status.phase = p; return this; }
  ownerReference(kind: string, name: string, apiVersion = 'apps/v1'): this {
    (this.pod.metadata.ownerReferences ??= []).push({ apiVersion, kind, name, controller: true });
    return this;
  }

  /** a container with these requests; upstream's Req */
  req(requests: ResourceList): this {
    this.pod.spec.containers.push({ name: `c${this.pod.spec.containers.length}`, image: 'pause', resources: { requests } });
    return this;
  }
  container(c: Partial<Container> & { name?: string }): this {
    this.pod.spec.containers.push({ name: c.name ?? `c${this.pod.spec.containers.length}`, ...c });
    return this;
  }
  containerImage(image: string): this { return this.container({ image }); }
  initReq(requests: ResourceList): this {
    (this.pod.spec.initContainers ??= []).push({ name: `init${this.pod.spec.initContainers?.length ?? 0}`, resources: { requests } });
    return this;
  }
  sidecarReq(requests: ResourceList): this {
    (this.pod.spec.initContainers ??= []).push({ name: `sidecar${this.pod.spec.initContainers?.length ?? 0}`, restartPolicy: 'Always', resources: { requests } });
    return this;
  }
  initContainerImage(image: string): this {
    (this.pod.spec.initContainers ??= []).push({ name: `init${this.pod.spec.initContainers?.length ?? 0}`, image });
    return this;
  }
  overhead(o: ResourceList): this { this.pod.spec.overhead = o; return this; }
  podLevelRequests(r: ResourceList): this { this.pod.spec.resources = { requests: r }; return this; }
  hostPort(port: number, protocol: 'TCP' | 'UDP' | 'SCTP' = 'TCP', hostIP = ''): this {
    this.pod.spec.containers.push({ name: `port${port}`, ports: [{ containerPort: port, hostPort: port, protocol, ...(hostIP ? { hostIP } : {}) }] });
    return this;
  }

  nodeSelector(s: Record<string, string>): this { this.pod.spec.nodeSelector = s; return this; }
  /** upstream: st.MakePod().PVC(name) — a volume named as the claim */
  pvc(claimName: string): this { return this.volume({ name: claimName, persistentVolumeClaim: { claimName } }); }
  volume(v: PodVolume): this { (this.pod.spec.volumes ??= []).push(v); return this; }
  toleration(t: Toleration): this { (this.pod.spec.tolerations ??= []).push(t); return this; }
  schedulingGates(names: string[]): this { this.pod.spec.schedulingGates = names.map((name) => ({ name })); return this; }

  /** required node affinity: one term with one In expression */
  nodeAffinityIn(key: string, values: string[]): this { return this.nodeAffinityTerm([{ key, operator: 'In', values }]); }
  nodeAffinityNotIn(key: string, values: string[]): this { return this.nodeAffinityTerm([{ key, operator: 'NotIn', values }]); }
  /** adds a required nodeSelectorTerm (terms are ORed) */
  nodeAffinityTerm(matchExpressions: NodeSelectorRequirement[], matchFields?: NodeSelectorRequirement[]): this {
    const na = ((this.pod.spec.affinity ??= {}).nodeAffinity ??= {});
    (na.requiredDuringSchedulingIgnoredDuringExecution ??= { nodeSelectorTerms: [] }).nodeSelectorTerms.push({
      ...(matchExpressions.length ? { matchExpressions } : {}),
      ...(matchFields ? { matchFields } : {}),
    });
    return this;
  }
  preferredNodeAffinity(weight: number, matchExpressions: NodeSelectorRequirement[]): this {
    const na = ((this.pod.spec.affinity ??= {}).nodeAffinity ??= {});
    (na.preferredDuringSchedulingIgnoredDuringExecution ??= []).push({ weight, preference: { matchExpressions } });
    return this;
  }

  podAffinity(term: PodAffinityTerm): this {
    ((((this.pod.spec.affinity ??= {}).podAffinity ??= {}).requiredDuringSchedulingIgnoredDuringExecution ??= [])).push(term);
    return this;
  }
  podAntiAffinity(term: PodAffinityTerm): this {
    ((((this.pod.spec.affinity ??= {}).podAntiAffinity ??= {}).requiredDuringSchedulingIgnoredDuringExecution ??= [])).push(term);
    return this;
  }
  preferredPodAffinity(weight: number, term: PodAffinityTerm): this {
    ((((this.pod.spec.affinity ??= {}).podAffinity ??= {}).preferredDuringSchedulingIgnoredDuringExecution ??= [])).push({ weight, podAffinityTerm: term });
    return this;
  }
  preferredPodAntiAffinity(weight: number, term: PodAffinityTerm): this {
    ((((this.pod.spec.affinity ??= {}).podAntiAffinity ??= {}).preferredDuringSchedulingIgnoredDuringExecution ??= [])).push({ weight, podAffinityTerm: term });
    return this;
  }
  /** upstream's PodAffinityExists(labelKey, topologyKey, kind) */
  podAffinityExists(labelKey: string, topologyKey: string): this {
    return this.podAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'Exists' }] }, topologyKey });
  }
  podAntiAffinityExists(labelKey: string, topologyKey: string): this {
    return this.podAntiAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'Exists' }] }, topologyKey });
  }
  /** upstream's PodAffinityIn / PodAffinityNotIn / PodAntiAffinityIn / PodAntiAffinityNotIn with PodAffinityWithRequiredReq */
  podAffinityIn(labelKey: string, topologyKey: string, values: string[]): this {
    return this.podAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'In', values }] }, topologyKey });
  }
  podAffinityNotIn(labelKey: string, topologyKey: string, values: string[]): this {
    return this.podAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'NotIn', values }] }, topologyKey });
  }
  podAntiAffinityIn(labelKey: string, topologyKey: string, values: string[]): this {
    return this.podAntiAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'In', values }] }, topologyKey });
  }
  podAntiAffinityNotIn(labelKey: string, topologyKey: string, values: string[]): this {
    return this.podAntiAffinity({ labelSelector: { matchExpressions: [{ key: labelKey, operator: 'NotIn', values }] }, topologyKey });
  }
  /** sets spec.affinity as given (upstream tables build v1.Affinity values directly) */
  affinity(a: Affinity | undefined): this { if (a) this.pod.spec.affinity = structuredClone(a); else delete this.pod.spec.affinity; return this; }

  spreadConstraint(maxSkew: number, topologyKey: string, whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway', labelSelector: LabelSelector | undefined, extra: Partial<TopologySpreadConstraint> = {}): this {
    (this.pod.spec.topologySpreadConstraints ??= []).push({ maxSkew, topologyKey, whenUnsatisfiable, ...(labelSelector ? { labelSelector } : {}), ...extra });
    return this;
  }

  workloadRef(name: string, podGroup: string, podGroupReplicaKey?: string): this {
    this.pod.spec.workloadRef = { name, podGroup, ...(podGroupReplicaKey ? { podGroupReplicaKey } : {}) };
    return this;
  }

  /** spec.resourceClaims entry naming a ResourceClaim */
  resourceClaim(name: string, claimName: string): this { (this.pod.spec.resourceClaims ??= []).push({ name, resourceClaimName: claimName }); return this; }
  /** spec.resourceClaims entry from a template, with the claim controller's status entry when generated is given */
  resourceClaimTemplate(name: string, templateName: string, generated?: string): this {
    (this.pod.spec.resourceClaims ??= []).push({ name, resourceClaimTemplateName: templateName });
    if (generated !== undefined) (this.pod.status.resourceClaimStatuses ??= []).push({ name, resourceClaimName: generated });
    return this;
  }
  obj(): Pod { return this.pod; }
}

export class NodeWrapper {
  readonly node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: '' }, spec: {}, status: {} };

  name(n: string): this { this.node.metadata.name = n; return this; }
  label(k: string, v: string): this { (this.node.metadata.labels ??= {})[k] = v; return this; }
  labels(l: Record<string, string>): this { for (const [k, v] of Object.entries(l)) this.label(k, v); return this; }
  /** sets both capacity and allocatable (upstream's Capacity) */
  capacity(r: ResourceList): this { this.node.status.capacity = { ...r }; this.node.status.allocatable = { ...r }; return this; }
  allocatable(r: ResourceList): this { this.node.status.allocatable = { ...r }; return this; }
  taints(t: Taint[]): this { this.node.spec.taints = t; return this; }
  declaredFeatures(f: string[]): this { this.node.status.declaredFeatures = f; return this; }
  unschedulable(u = true): this { this.node.spec.unschedulable = u; return this; }
  images(images: Record<string, number>): this {
    this.node.status.images = Object.entries(images).map(([name, sizeBytes]) => ({ names: [name], sizeBytes }));
    return this;
  }
  obj(): Node { return this.node; }
}

export const makePod = (): PodWrapper => new PodWrapper();
export const makeNode = (): NodeWrapper => new NodeWrapper();

/** scheduling.k8s.io/v1alpha1 Workload with pod groups (gang: minCount; basic: no minCount) */
export function makeGangWorkload(name: string, groups: { name: string; minCount?: number }[], namespace = 'default'): GangWorkload {
  return {
    apiVersion: 'scheduling.k8s.io/v1alpha1', kind: 'Workload', metadata: { name, namespace },
    spec: { podGroups: groups.map((g) => ({ name: g.name, policy: g.minCount !== undefined ? { gang: { minCount: g.minCount } } : { basic: {} } })) },
  };
}
