// upstream: pkg/scheduler/framework/plugins/volumezone/volume_zone.go
//
// The zone and region labels of the PVs a pod's claims are bound to must match the node's (a PV's
// failure-domain.beta label also matches the node's GA label). Only PVCs and their bound PVs are
// considered; unbound WaitForFirstConsumer claims are skipped (VolumeBinding handles them).

import type { CycleState, StateData } from '../../framework/cycleState';
import type { Plugin, PluginDescriptor, StorageLister } from '../../framework/interfaces';
import { Status } from '../../framework/status';
import { getPersistentVolumeClaimClass } from '../../model/pvHelpers';
import type { PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../model/storage';
import type { Pod } from '../../model/types';

export const Name = 'VolumeZone';
const preFilterStateKey = `PreFilter${Name}`;

/** upstream: ErrReasonConflict */
export const ErrReasonConflict = 'node(s) had no available volume zone';

const LabelFailureDomainBetaZone = 'failure-domain.beta.kubernetes.io/zone';
const LabelFailureDomainBetaRegion = 'failure-domain.beta.kubernetes.io/region';
const LabelTopologyZone = 'topology.kubernetes.io/zone';
const LabelTopologyRegion = 'topology.kubernetes.io/region';

/** upstream: topologyLabels, in upstream's order */
const topologyLabels = [LabelFailureDomainBetaZone, LabelFailureDomainBetaRegion, LabelTopologyZone, LabelTopologyRegion];

/** upstream: translateToGALabel */
function translateToGALabel(label: string): string {
  if (label === LabelFailureDomainBetaRegion) return LabelTopologyRegion;
  if (label === LabelFailureDomainBetaZone) return LabelTopologyZone;
  return label;
}

/** upstream: pvTopology */
export interface PVTopology { pvName: string; key: string; values: Set<string> }

class VolumeZoneState implements StateData {
  constructor(readonly podPVTopologies: PVTopology[]) {}
  clone(): StateData { return this; }
}

/** upstream: volumehelpers.LabelZonesToSet — "a__b" lists several zones; an empty one is an error */
function labelZonesToSet(value: string): Set<string> | undefined {
  const zones = value.split('__');
  if (zones.some((z) => z === '')) return undefined;
  return new Set(zones);
}

/** upstream: getPVTopologies */
export function getPVTopologies(pv: PersistentVolume): PVTopology[] {
  const out: PVTopology[] = [];
  for (const key of topologyLabels) {
    const value = pv.metadata.labels?.[key];
    if (value === undefined) continue;
    const values = labelZonesToSet(value);
    if (values) out.push({ pvName: pv.metadata.name, key, values });
  }
  return out;
}

const nsOf = (o: { metadata: { namespace?: string } }) => o.metadata.namespace ?? 'default';

/** upstream: getPVbyPod — the topologies of the pod's bound PVs, or a status when one is missing */
function getPVbyPod(pod: Pod, lister: StorageLister): { topologies?: PVTopology[]; status?: Status } {
  const topologies: PVTopology[] = [];
  for (const volume of pod.spec.volumes ?? []) {
    if (!volume.persistentVolumeClaim) continue;
    const pvcName = volume.persistentVolumeClaim.claimName;
    if (pvcName === '') return { status: Status.unresolvable('PersistentVolumeClaim had no name') };
    const pvc = lister.persistentVolumeClaim(nsOf(pod), pvcName);
    if (!pvc) return { status: Status.unresolvable(`persistentvolumeclaim "${pvcName}" not found`) };
    const pvName = pvc.spec.volumeName ?? '';
    if (pvName === '') {
      const scName = getPersistentVolumeClaimClass(pvc);
      if (scName === '') return { status: Status.unresolvable('PersistentVolumeClaim had no pv name and storageClass name') };
      const cls = lister.storageClass(scName);
      if (!cls) return { status: Status.unresolvable(`storageclass.storage.k8s.io "${scName}" not found`) };
      // skip unbound volumes that wait for the first consumer
      if (cls.volumeBindingMode === 'WaitForFirstConsumer') continue;
      return { status: Status.unresolvable('PersistentVolume had no name') };
    }
    const pv = lister.persistentVolume(pvName);
    if (!pv) return { status: Status.unresolvable(`persistentvolume "${pvName}" not found`) };
    topologies.push(...getPVTopologies(pv));
  }
  return { topologies };
}

const usesClaim = (pod: Pod, pvc: PersistentVolumeClaim | undefined): boolean =>
  !!pvc && nsOf(pvc) === nsOf(pod) && (pod.spec.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === pvc.metadata.name);

export const VolumeZone: PluginDescriptor = {
  name: Name,
  factory: (_args, handle): Plugin => {
    const lister = handle.cluster.storage;
    return {
      name: Name,
      preFilter: (state: CycleState, pi) => {
        const { topologies, status } = getPVbyPod(pi.pod, lister);
        if (status) return { status };
        if (topologies!.length === 0) return { status: Status.skip() };
        state.write(preFilterStateKey, new VolumeZoneState(topologies!));
        return { status: Status.success() };
      },
      preFilterExtensions: () => undefined,
      filter: (state, pi, nodeInfo) => {
        // a pod without volumes: the predicate is always true
        if ((pi.pod.spec.volumes ?? []).length === 0) return Status.success();
        let topologies = state.read<VolumeZoneState>(preFilterStateKey)?.podPVTopologies;
        if (!topologies) {
          const r = getPVbyPod(pi.pod, lister);
          if (r.status) return r.status;
          topologies = r.topologies!;
        }
        const labels = nodeInfo.node.metadata.labels ?? {};
        // a node without any zone label: single-zone cluster, OK to schedule
        if (!topologyLabels.some((l) => l in labels)) return Status.success();
        for (const t of topologies) {
          // if the node lacks the PV's beta label, match it against the node's GA label
          const v = labels[t.key] ?? labels[translateToGALabel(t.key)];
          if (v === undefined || !t.values.has(v)) return Status.unresolvable(ErrReasonConflict);
        }
        return Status.success();
      },
      eventsToRegister: () => [
        // a new WaitForFirstConsumer class may make the pod schedulable
        { event: { resource: 'StorageClass', actionType: ['Add'] }, hint: (_pod, _old, newObj) => ((newObj as StorageClass).volumeBindingMode === 'WaitForFirstConsumer' ? 'Queue' : 'QueueSkip') },
        // a new node or a change of its zone labels (QueueingHints on: no UpdateNodeTaint)
        { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeLabel'] } },
        { event: { resource: 'PersistentVolumeClaim', actionType: ['Add', 'Update'] }, hint: (pod, _old, newObj) => (usesClaim(pod, newObj as PersistentVolumeClaim) ? 'Queue' : 'QueueSkip') },
        {
          event: { resource: 'PersistentVolume', actionType: ['Add', 'Update'] },
          hint: (_pod, oldObj, newObj) => (!oldObj || JSON.stringify(getPVTopologies(oldObj as PersistentVolume).map(topologyJson)) !== JSON.stringify(getPVTopologies(newObj as PersistentVolume).map(topologyJson)) ? 'Queue' : 'QueueSkip'),
        },
      ],
    };
  },
};

const topologyJson = (t: PVTopology) => ({ ...t, values: [...t.values] });
