// The run's volume history (SimulationResult.volumeHistory): each claim and volume when it is
// created, when the PV controller binds or provisions it (pkg/controller/volume/persistentvolume),
// when VolumeBinding's PreBind writes the scheduler's choice (volume.kubernetes.io/selected-node,
// upstream volumebinding/binder.go bindAPIUpdate) and when it is deleted. Only changes to what
// decides where a pod can run are kept: a resync that rewrites the same binding adds nothing.

import type { VolumeChange } from '../api';
import type { PersistentVolume, PersistentVolumeClaim } from '../model/storage';
import type { StorageStore } from './storage';

/** upstream: volume.kubernetes.io/selected-node (pkg/controller/volume/persistentvolume/util) */
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';

/** a history past this many changes stops growing (a dump of thousands of volumes) */
export const VOLUME_HISTORY_LIMIT = 20_000;

export class VolumeHistory {
  readonly changes: VolumeChange[] = [];
  /** kind/name → the last change recorded, as JSON, to drop repeats */
  private readonly last = new Map<string, string>();

  private started = false;

  constructor(private readonly store: StorageStore, private readonly now: () => { cycle: number; time: number }) {
    // registered here rather than in start(): every closure a run holds exists from its construction
    // (a paused run's state is copied into a fresh one whose closures act on its own: ./fork.ts)
    this.store.onVolumeChange = (kind, name, obj) => { if (this.started) this.record(kind, name, obj); };
  }

  /** Records the objects the scenario starts with and every later change. */
  start(): void {
    for (const pv of this.store.persistentVolumes()) this.record('PersistentVolume', pv.metadata.name, pv);
    for (const pvc of this.store.persistentVolumeClaims()) this.record('PersistentVolumeClaim', `${pvc.metadata.namespace ?? 'default'}/${pvc.metadata.name}`, pvc);
    this.started = true;
  }

  private record(kind: VolumeChange['kind'], name: string, obj: PersistentVolume | PersistentVolumeClaim | undefined): void {
    if (this.changes.length >= VOLUME_HISTORY_LIMIT) return;
    const state = obj === undefined ? { deleted: true as const } : obj.kind === 'PersistentVolume' ? volumeState(obj) : this.claimState(obj);
    const key = `${kind}/${name}`;
    const json = JSON.stringify(state);
    if (this.last.get(key) === json) return;
    this.last.set(key, json);
    this.changes.push({ ...this.now(), kind, name, ...state });
  }

  private claimState(pvc: PersistentVolumeClaim): Partial<VolumeChange> {
    const selectedNode = pvc.metadata.annotations?.[SELECTED_NODE];
    const className = pvc.spec.storageClassName;
    const wffc = className ? this.store.storageClass(className)?.volumeBindingMode === 'WaitForFirstConsumer' : false;
    return {
      phase: pvc.status.phase ?? 'Pending',
      ...(pvc.spec.volumeName ? { boundTo: pvc.spec.volumeName } : {}),
      ...(selectedNode !== undefined ? { selectedNode } : {}),
      ...(wffc ? { waitForFirstConsumer: true as const } : {}),
    };
  }
}

function volumeState(pv: PersistentVolume): Partial<VolumeChange> {
  const ref = pv.spec.claimRef;
  const affinity = pv.spec.nodeAffinity?.required;
  return {
    phase: pv.status.phase ?? 'Pending',
    ...(ref?.name ? { boundTo: `${ref.namespace ?? 'default'}/${ref.name}` } : {}),
    ...(affinity ? { nodeAffinity: structuredClone(affinity) as VolumeChange['nodeAffinity'] } : {}),
  };
}
