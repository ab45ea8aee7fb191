// The ephemeral volume controller: a pod's generic ephemeral volume becomes a PVC named
// <pod>-<volume>, owned by the pod, created through admission (DefaultStorageClass).
// upstream: pkg/controller/volume/ephemeral/controller.go (handleVolume),
// component-helpers/storage/ephemeral (VolumeClaimName).
// Like the workload controllers it decides and the simulation carries it out
// (simulation/volumeManager.ts): the claims from a pod's templates enter the cluster here.

import { admitClaim } from '../model/admission/storage';
import type { NameGenerator } from '../model/names';
import { ephemeralVolumeClaimName, type PersistentVolumeClaim, type StorageClass } from '../model/storage';
import type { Pod } from '../model/types';
import { namespaceOf } from './common';

export interface EphemeralVolumeContext {
  names: NameGenerator;
  now: number;
  storageClasses: readonly StorageClass[];
  /** a claim of that name exists already */
  claimExists(namespace: string, name: string): boolean;
}

/** upstream: ephemeral.Controller.handleVolume — the PVCs to create for the pod's generic ephemeral volumes, in volume order. */
export function ephemeralVolumeClaims(pod: Pod, ctx: EphemeralVolumeContext): PersistentVolumeClaim[] {
  const ns = namespaceOf(pod);
  const claims: PersistentVolumeClaim[] = [];
  for (const volume of pod.spec.volumes ?? []) {
    if (!volume.ephemeral) continue;
    const name = ephemeralVolumeClaimName(pod, volume);
    if (ctx.claimExists(ns, name)) continue; // upstream: a conflict the scheduler reports (pod is not owner)
    const template = volume.ephemeral.volumeClaimTemplate;
    claims.push(admitClaim({
      apiVersion: 'v1', kind: 'PersistentVolumeClaim',
      metadata: {
        name, namespace: ns, uid: ctx.names.uid('PersistentVolumeClaim', ns, name), creationTimestamp: ctx.now,
        ...(template.metadata?.labels ? { labels: { ...template.metadata.labels } } : {}),
        ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
        ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, ...(pod.metadata.uid ? { uid: pod.metadata.uid } : {}), controller: true, blockOwnerDeletion: true }],
      },
      spec: structuredClone(template.spec),
      status: { phase: 'Pending' },
    }, ctx.storageClasses));
  }
  return claims;
}
