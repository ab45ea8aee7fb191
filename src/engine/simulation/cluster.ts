// The API server's objects, as the simulation changes them: what informers would show the
// scheduler and the controllers. Implements the listers plugins read through the Handle.

import type { ClusterLister } from '../framework/interfaces';
import type { ExpandedScenario } from '../controllers/expand';
import type {
  CompositePodGroup, GangWorkload, Labels, PodGroup, SchedulingWorkload, Namespace, Node, Pod, PodDisruptionBudget, PriorityClass, RuntimeClass, Service, Workload,
} from '../model/types';
import { podKey } from '../model/types';
import { ResourceStore } from './resources';
import { PolicyStore } from '../model/policy';
import { StorageStore } from './storage';

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';
const nsName = (o: { metadata: { namespace?: string; name: string } }) => `${nsOf(o)}/${o.metadata.name}`;

export class ClusterState implements ClusterLister {
  /** insertion order is the node tree's insertion order */
  readonly nodes = new Map<string, Node>();
  /** every pod ever created, by key, in creation order (deleted ones stay, marked) */
  readonly allPods = new Map<string, Pod>();
  readonly deletedPods = new Set<string>();
  readonly namespaceObjects = new Map<string, Namespace>();
  readonly priorityClasses = new Map<string, PriorityClass>();
  readonly runtimeClasses = new Map<string, RuntimeClass>();
  readonly serviceObjects: Service[] = [];
  readonly pdbObjects: PodDisruptionBudget[] = [];
  /** kind/namespace/name -> workload */
  readonly workloads = new Map<string, Workload>();
  readonly gangWorkloads = new Map<string, GangWorkload>();
  /** v1.36+: namespace/name -> scheduling.k8s.io v1alpha2/v1beta1 Workload, PodGroup */
  readonly schedulingWorkloads = new Map<string, SchedulingWorkload>();
  readonly podGroups = new Map<string, PodGroup>();
  /** v1.37 alpha (CompositePodGroup): namespace/name -> scheduling.k8s.io/v1alpha3 CompositePodGroup */
  readonly compositePodGroups = new Map<string, CompositePodGroup>();
  /** StorageClasses, PVs, PVCs, CSINodes, CSIDrivers, CSIStorageCapacities */
  readonly storage: StorageStore;
  /** DeviceClasses, ResourceSlices, ResourceClaims, ResourceClaimTemplates */
  readonly resources: ResourceStore;
  /** LimitRanges and ResourceQuotas */
  readonly policies: PolicyStore;

  constructor(s: ExpandedScenario) {
    for (const n of s.nodes) this.nodes.set(n.metadata.name, n);
    for (const ns of s.namespaces) this.namespaceObjects.set(ns.metadata.name, ns);
    for (const pc of s.priorityClasses) this.priorityClasses.set(pc.metadata.name, pc);
    for (const rc of s.runtimeClasses) this.runtimeClasses.set(rc.metadata.name, rc);
    this.serviceObjects.push(...s.services);
    this.pdbObjects.push(...s.pdbs);
    for (const w of s.workloads) this.workloads.set(`${w.kind}/${nsName(w)}`, w);
    for (const g of s.gangWorkloads) this.gangWorkloads.set(nsName(g), g);
    for (const w of s.schedulingWorkloads ?? []) this.schedulingWorkloads.set(nsName(w), w);
    for (const g of s.podGroups ?? []) this.podGroups.set(nsName(g), g);
    for (const g of s.compositePodGroups ?? []) this.compositePodGroups.set(nsName(g), g);
    this.storage = new StorageStore(s.storage);
    this.resources = new ResourceStore(s.resources);
    this.policies = new PolicyStore(s.policies ?? [], s.admissionConfiguration?.limitedResources);
  }

  addPod(pod: Pod): void {
    this.allPods.set(podKey(pod), pod);
  }

  /** the pod with this key, unless it has been deleted */
  livePod(key: string): Pod | undefined {
    return this.deletedPods.has(key) ? undefined : this.allPods.get(key);
  }

  livePods(): Pod[] {
    return [...this.allPods.entries()].filter(([k]) => !this.deletedPods.has(k)).map(([, p]) => p);
  }

  // ---- ClusterLister ----

  namespaceLabels(namespace: string): Labels | undefined {
    const ns = this.namespaceObjects.get(namespace);
    return ns ? (ns.metadata.labels ?? {}) : undefined;
  }

  namespaces(): string[] {
    return [...this.namespaceObjects.keys()];
  }

  services(namespace: string): Service[] {
    return this.serviceObjects.filter((s) => nsOf(s) === namespace);
  }

  workload(kind: string, namespace: string, name: string): Workload | undefined {
    return this.workloads.get(`${kind}/${namespace}/${name}`);
  }

  gangWorkload(namespace: string, name: string): GangWorkload | undefined {
    return this.gangWorkloads.get(`${namespace}/${name}`);
  }

  podGroup(namespace: string, name: string): PodGroup | undefined {
    return this.podGroups.get(`${namespace}/${name}`);
  }

  compositePodGroup(namespace: string, name: string): CompositePodGroup | undefined {
    return this.compositePodGroups.get(`${namespace}/${name}`);
  }

  schedulingGroups(): { podGroups: Iterable<PodGroup>; compositePodGroups: Iterable<CompositePodGroup> } {
    return { podGroups: this.podGroups.values(), compositePodGroups: this.compositePodGroups.values() };
  }

  pdbs(): PodDisruptionBudget[] {
    return this.pdbObjects;
  }

  pods(): Pod[] {
    return this.livePods();
  }
}
