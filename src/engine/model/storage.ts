// The storage objects scheduling reads: core/v1 PersistentVolume and PersistentVolumeClaim,
// storage.k8s.io/v1 StorageClass, CSINode, CSIDriver and CSIStorageCapacity. Field names and
// shapes are upstream's (staging/src/k8s.io/api/core/v1/types.go, storage/v1/types.go);
// quantities stay strings as written.

import type { KubeObject, LabelSelector, NodeSelector, PersistentVolumeAccessMode, PersistentVolumeClaimSpec, PersistentVolumeMode, Pod, PodVolume } from './types';

// A pod's volumes and a claim's spec are part of the Pod (core/v1): they live in ./types.ts,
// which this file builds on, and are exported here too, with the storage objects.
export type { PersistentVolumeAccessMode, PersistentVolumeClaimSpec, PersistentVolumeMode, PodVolume };

export const ACCESS_MODES: readonly PersistentVolumeAccessMode[] = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];
export type VolumeBindingMode = 'Immediate' | 'WaitForFirstConsumer';

/** core/v1 TopologySelectorTerm (StorageClass.allowedTopologies) */
export interface TopologySelectorTerm {
  matchLabelExpressions?: { key: string; values: string[] }[];
}

export interface StorageClass extends KubeObject {
  kind: 'StorageClass';
  provisioner: string;
  parameters?: Record<string, string>;
  reclaimPolicy?: 'Delete' | 'Retain';
  /** defaulted to Immediate by the API server */
  volumeBindingMode: VolumeBindingMode;
  allowedTopologies?: TopologySelectorTerm[];
  allowVolumeExpansion?: boolean;
}

export interface ObjectReference {
  kind?: string;
  apiVersion?: string;
  namespace?: string;
  name?: string;
  uid?: string;
}

export interface PersistentVolume extends KubeObject {
  kind: 'PersistentVolume';
  spec: {
    capacity?: Record<string, string>;
    accessModes?: PersistentVolumeAccessMode[];
    nodeAffinity?: { required?: NodeSelector };
    claimRef?: ObjectReference;
    storageClassName?: string;
    volumeMode?: PersistentVolumeMode;
    persistentVolumeReclaimPolicy?: 'Delete' | 'Retain' | 'Recycle';
    /** the CSI source: its driver and handle identify the volume for NodeVolumeLimits */
    csi?: { driver: string; volumeHandle: string; readOnly?: boolean };
    /** any other volume source, kept as written (hostPath, local, nfs, ...) */
    [source: string]: unknown;
  };
  status: { phase?: 'Pending' | 'Available' | 'Bound' | 'Released' | 'Failed' };
}

export interface PersistentVolumeClaim extends KubeObject {
  kind: 'PersistentVolumeClaim';
  spec: PersistentVolumeClaimSpec;
  status: {
    phase?: 'Pending' | 'Bound' | 'Lost';
    accessModes?: PersistentVolumeAccessMode[];
    capacity?: Record<string, string>;
  };
}

export interface CSINodeDriver {
  name: string;
  nodeID: string;
  topologyKeys?: string[];
  allocatable?: { count?: number };
}

export interface CSINode extends KubeObject {
  kind: 'CSINode';
  spec: { drivers: CSINodeDriver[] };
}

export interface CSIDriver extends KubeObject {
  kind: 'CSIDriver';
  spec: {
    attachRequired?: boolean; storageCapacity?: boolean; podInfoOnMount?: boolean; volumeLifecycleModes?: string[];
    /** VolumeLimitScaling (the API server drops it without the gate): pods needing the driver stay off nodes whose CSINode lacks it */
    preventPodSchedulingIfMissing?: boolean;
  };
}

export interface CSIStorageCapacity extends KubeObject {
  kind: 'CSIStorageCapacity';
  storageClassName: string;
  nodeTopology?: LabelSelector;
  capacity?: string;
  maximumVolumeSize?: string;
}

export type StorageObject = StorageClass | PersistentVolume | PersistentVolumeClaim | CSINode | CSIDriver | CSIStorageCapacity;
export const STORAGE_KINDS: readonly StorageObject['kind'][] = ['StorageClass', 'PersistentVolume', 'PersistentVolumeClaim', 'CSINode', 'CSIDriver', 'CSIStorageCapacity'];

export function isStorageObject(o: { kind: string }): o is StorageObject {
  return (STORAGE_KINDS as readonly string[]).includes(o.kind);
}

/** upstream: ephemeral.VolumeClaimName (component-helpers/storage/ephemeral) — "<pod>-<volume>" */
export function ephemeralVolumeClaimName(pod: Pod, volume: PodVolume): string {
  return `${pod.metadata.name}-${volume.name}`;
}

/** The PVC name a volume uses (persistentVolumeClaim or generic ephemeral), if any. */
export function volumeClaimName(pod: Pod, volume: PodVolume): { name: string; ephemeral: boolean } | undefined {
  if (volume.persistentVolumeClaim) return { name: volume.persistentVolumeClaim.claimName, ephemeral: false };
  if (volume.ephemeral) return { name: ephemeralVolumeClaimName(pod, volume), ephemeral: true };
  return undefined;
}
