// upstream: plugin/pkg/admission/storage/storageclass/setdefault/admission.go (DefaultStorageClass)
// and pkg/volume/util/storageclass.go (GetDefaultClass): a claim created without
// spec.storageClassName gets the cluster's default StorageClass.

import { BetaStorageClassAnnotation, IsDefaultStorageClassAnnotation } from '../pvHelpers';
import type { PersistentVolumeClaim, StorageClass, StorageObject } from '../storage';

/** upstream: GetDefaultClass — the newest class annotated as default (ties: by name) */
export function defaultStorageClass(classes: readonly StorageClass[]): StorageClass | undefined {
  const defaults = classes.filter((c) => c.metadata.annotations?.[IsDefaultStorageClassAnnotation] === 'true');
  defaults.sort((a, b) => (b.metadata.creationTimestamp ?? 0) - (a.metadata.creationTimestamp ?? 0) || a.metadata.name.localeCompare(b.metadata.name));
  return defaults[0];
}

/** The claim as DefaultStorageClass admits it (a new object when the class is set). */
export function admitClaim(claim: PersistentVolumeClaim, classes: readonly StorageClass[]): PersistentVolumeClaim {
  if (claim.spec.storageClassName !== undefined || claim.metadata.annotations?.[BetaStorageClassAnnotation] !== undefined) return claim;
  const def = defaultStorageClass(classes);
  return def ? { ...claim, spec: { ...claim.spec, storageClassName: def.metadata.name } } : claim;
}

/** Admits the scenario's storage objects: claims get the default class. */
export function admitStorage(objects: readonly StorageObject[]): StorageObject[] {
  const classes = objects.filter((o): o is StorageClass => o.kind === 'StorageClass');
  return objects.map((o) => (o.kind === 'PersistentVolumeClaim' ? admitClaim(o, classes) : o));
}
