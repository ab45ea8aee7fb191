// Fluent builders for storage objects, like upstream's st.MakePersistentVolume /
// st.MakePersistentVolumeClaim / st.MakeStorageClass (pkg/scheduler/testing/wrappers.go).

import type {
  CSINode, PersistentVolume, PersistentVolumeAccessMode, PersistentVolumeClaim, StorageClass, TopologySelectorTerm, VolumeBindingMode,
} from '../model/storage';
import type { NodeSelectorRequirement } from '../model/types';

export class PVWrapper {
  readonly pv: PersistentVolume = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: '' }, spec: {}, status: { phase: 'Available' } };
  name(n: string): this { this.pv.metadata.name = n; return this; }
  label(k: string, v: string): this { (this.pv.metadata.labels ??= {})[k] = v; return this; }
  capacity(storage: string): this { this.pv.spec.capacity = { storage }; return this; }
  accessModes(modes: PersistentVolumeAccessMode[]): this { this.pv.spec.accessModes = modes; return this; }
  storageClassName(c: string): this { this.pv.spec.storageClassName = c; return this; }
  claimRef(namespace: string, name: string, uid?: string): this { this.pv.spec.claimRef = { namespace, name, ...(uid ? { uid } : {}) }; this.pv.status.phase = 'Bound'; return this; }
  nodeAffinityIn(key: string, values: string[]): this { return this.nodeAffinity([{ key, operator: 'In', values }]); }
  nodeAffinity(matchExpressions: NodeSelectorRequirement[]): this { this.pv.spec.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions }] } }; return this; }
  csi(driver: string, volumeHandle: string): this { this.pv.spec.csi = { driver, volumeHandle }; return this; }
  phase(p: NonNullable<PersistentVolume['status']['phase']>): this { this.pv.status.phase = p; return this; }
  obj(): PersistentVolume { return structuredClone(this.pv); }
}

export class PVCWrapper {
  readonly pvc: PersistentVolumeClaim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: '', namespace: 'default' }, spec: {}, status: {} };
  name(n: string): this { this.pvc.metadata.name = n; return this; }
  namespace(ns: string): this { this.pvc.metadata.namespace = ns; return this; }
  uid(u: string): this { this.pvc.metadata.uid = u; return this; }
  annotation(k: string, v: string): this { (this.pvc.metadata.annotations ??= {})[k] = v; return this; }
  storageClassName(c: string): this { this.pvc.spec.storageClassName = c; return this; }
  request(storage: string): this { this.pvc.spec.resources = { requests: { storage } }; return this; }
  accessModes(modes: PersistentVolumeAccessMode[]): this { this.pvc.spec.accessModes = modes; return this; }
  volumeName(v: string): this { this.pvc.spec.volumeName = v; return this; }
  selector(matchLabels: Record<string, string>): this { this.pvc.spec.selector = { matchLabels }; return this; }
  /** bound by the PV controller: volumeName and pv.kubernetes.io/bind-completed */
  bound(volume: string): this { return this.volumeName(volume).annotation('pv.kubernetes.io/bind-completed', 'yes').phase('Bound'); }
  phase(p: NonNullable<PersistentVolumeClaim['status']['phase']>): this { this.pvc.status.phase = p; return this; }
  ownedByPod(podName: string, uid?: string): this {
    this.pvc.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Pod', name: podName, ...(uid ? { uid } : {}), controller: true }];
    return this;
  }
  obj(): PersistentVolumeClaim { return structuredClone(this.pvc); }
}

export class StorageClassWrapper {
  readonly sc: StorageClass = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: '' }, provisioner: '', volumeBindingMode: 'Immediate' };
  name(n: string): this { this.sc.metadata.name = n; return this; }
  provisioner(p: string): this { this.sc.provisioner = p; return this; }
  mode(m: VolumeBindingMode): this { this.sc.volumeBindingMode = m; return this; }
  allowedTopologies(t: TopologySelectorTerm[]): this { this.sc.allowedTopologies = t; return this; }
  obj(): StorageClass { return structuredClone(this.sc); }
}

export const makePV = () => new PVWrapper();
export const makePVC = () => new PVCWrapper();
export const makeStorageClass = () => new StorageClassWrapper();

/** A CSINode with one driver and its attach limit (undefined: no allocatable) */
export function makeCSINode(node: string, drivers: { name: string; count?: number; topologyKeys?: string[] }[]): CSINode {
  return {
    apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: node },
    spec: { drivers: drivers.map((d) => ({ name: d.name, nodeID: node, ...(d.topologyKeys ? { topologyKeys: d.topologyKeys } : {}), ...(d.count !== undefined ? { allocatable: { count: d.count } } : {}) })) },
  };
}
