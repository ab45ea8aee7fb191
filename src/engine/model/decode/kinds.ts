// Which documents the simulator understands, recognised by apiVersion + kind
// (../shared/contracts/scenario-and-trace.md, section 1), and the dispatch to their decoders.

import type { ScenarioObject } from '../scenario';
import type { WorkloadKind } from '../types';
import { Reader, type Diagnostics } from '../decoder';
import type { SrcMap, SrcNode } from '../source';
import { decodeNamespace, decodeNode, decodePodDisruptionBudget, decodePriorityClass, decodeRuntimeClass, decodeService } from './cluster';
import { peekSubject } from './metadata';
import { decodePod } from './pod';
import { decodeAnyCompositePodGroup, decodeAnyWorkload, decodePodGroup } from './podGroups';
import { decodeCSIDriver, decodeCSINode, decodeCSIStorageCapacity, decodePersistentVolume, decodePersistentVolumeClaim, decodeStorageClass } from './storage';
import { decodeWorkload } from './workloads';
import { decodeDeviceClass, decodeDeviceTaintRule, decodeResourceClaim, decodeResourceClaimTemplate, decodeResourceSlice } from './resource';
import { decodeLimitRange, decodeResourceQuota } from './policy';
import { quote } from '../quote';
import { ADMISSION_CONFIGURATION_VERSIONS } from './admissionConfiguration';

interface KindInfo {
  /** the version written when a timeline object leaves apiVersion out */
  apiVersion: string;
  /** every version the kind is read in, when more than one (the decoder tells them apart; versions.ts says which Kubernetes serves which) */
  apiVersions?: readonly string[];
  namespaced: boolean;
  decode(r: Reader, root: SrcMap): ScenarioObject;
}

const workload = (kind: WorkloadKind, apiVersion: string): KindInfo => ({
  apiVersion, namespaced: true, decode: (r, root) => decodeWorkload(r, root, kind),
});

export const objectKinds: Readonly<Record<string, KindInfo>> = Object.freeze(Object.assign(Object.create(null) as Record<string, KindInfo>, {
  Pod: { apiVersion: 'v1', namespaced: true, decode: decodePod },
  Node: { apiVersion: 'v1', namespaced: false, decode: decodeNode },
  Namespace: { apiVersion: 'v1', namespaced: false, decode: decodeNamespace },
  Service: { apiVersion: 'v1', namespaced: true, decode: decodeService },
  PriorityClass: { apiVersion: 'scheduling.k8s.io/v1', namespaced: false, decode: decodePriorityClass },
  RuntimeClass: { apiVersion: 'node.k8s.io/v1', namespaced: false, decode: decodeRuntimeClass },
  PodDisruptionBudget: { apiVersion: 'policy/v1', namespaced: true, decode: decodePodDisruptionBudget },
  Workload: { apiVersion: 'scheduling.k8s.io/v1alpha1', apiVersions: ['scheduling.k8s.io/v1alpha1', 'scheduling.k8s.io/v1alpha2', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1beta1'], namespaced: true, decode: decodeAnyWorkload },
  PodGroup: { apiVersion: 'scheduling.k8s.io/v1alpha2', apiVersions: ['scheduling.k8s.io/v1alpha2', 'scheduling.k8s.io/v1alpha3', 'scheduling.k8s.io/v1beta1'], namespaced: true, decode: decodePodGroup },
  CompositePodGroup: { apiVersion: 'scheduling.k8s.io/v1alpha3', namespaced: true, decode: decodeAnyCompositePodGroup },
  Deployment: workload('Deployment', 'apps/v1'),
  ReplicaSet: workload('ReplicaSet', 'apps/v1'),
  StatefulSet: workload('StatefulSet', 'apps/v1'),
  DaemonSet: workload('DaemonSet', 'apps/v1'),
  Job: workload('Job', 'batch/v1'),
  ReplicationController: workload('ReplicationController', 'v1'),
  PersistentVolumeClaim: { apiVersion: 'v1', namespaced: true, decode: decodePersistentVolumeClaim },
  PersistentVolume: { apiVersion: 'v1', namespaced: false, decode: decodePersistentVolume },
  StorageClass: { apiVersion: 'storage.k8s.io/v1', namespaced: false, decode: decodeStorageClass },
  CSINode: { apiVersion: 'storage.k8s.io/v1', namespaced: false, decode: decodeCSINode },
  CSIDriver: { apiVersion: 'storage.k8s.io/v1', namespaced: false, decode: decodeCSIDriver },
  CSIStorageCapacity: { apiVersion: 'storage.k8s.io/v1', namespaced: true, decode: decodeCSIStorageCapacity },
  DeviceClass: { apiVersion: 'resource.k8s.io/v1', namespaced: false, decode: decodeDeviceClass },
  ResourceSlice: { apiVersion: 'resource.k8s.io/v1', namespaced: false, decode: decodeResourceSlice },
  ResourceClaim: { apiVersion: 'resource.k8s.io/v1', namespaced: true, decode: decodeResourceClaim },
  ResourceClaimTemplate: { apiVersion: 'resource.k8s.io/v1', namespaced: true, decode: decodeResourceClaimTemplate },
  DeviceTaintRule: { apiVersion: 'resource.k8s.io/v1alpha3', apiVersions: ['resource.k8s.io/v1alpha3', 'resource.k8s.io/v1beta2', 'resource.k8s.io/v1'], namespaced: false, decode: decodeDeviceTaintRule },
  LimitRange: { apiVersion: 'v1', namespaced: true, decode: decodeLimitRange },
  ResourceQuota: { apiVersion: 'v1', namespaced: true, decode: decodeResourceQuota },
}));

/** Kinds that are not cluster objects but configure the simulator. */
export const SCENARIO_API_VERSION = 'podplay/v1alpha1';
export const SCHEDULER_CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1';

export type Recognised =
  | { type: 'object'; object: ScenarioObject; reader: Reader }
  | { type: 'scenario'; reader: Reader }
  /** the node autoscaler's flags and node groups (../autoscaler.ts) */
  | { type: 'clusterAutoscaler'; reader: Reader }
  | { type: 'schedulerConfig'; reader: Reader }
  /** the API server's AdmissionConfiguration (./admissionConfiguration.ts) */
  | { type: 'admissionConfiguration'; reader: Reader }
  /** the legacy scheduler Policy file (kind: Policy, v1; removed from kube-scheduler in v1.23) */
  | { type: 'legacyPolicy'; reader: Reader }
  | { type: 'list'; items: SrcNode[]; reader: Reader }
  /** `kubectl version -o yaml` in a dump: read for the version only (src/interop/dumpVersion.ts) */
  | { type: 'versionDocument' }
  | { type: 'unknown'; kind: string; apiVersion: string; reader: Reader }
  | { type: 'invalid' };

function scalarString(root: SrcMap, key: string): string | undefined {
  const v = root.entries.get(key)?.value;
  return v?.kind === 'scalar' && typeof v.value === 'string' ? v.value : undefined;
}

/**
 * Recognises one document (or List item) and decodes it when the kind is simulated.
 * `defaultApiVersion`: timeline objects may leave apiVersion out (`{kind: Pod, ...}`).
 */
export function decodeDocument(diag: Diagnostics, root: SrcMap, document: number, opts: { defaultApiVersion?: boolean } = {}): Recognised {
  const kind = scalarString(root, 'kind');
  const apiVersion = scalarString(root, 'apiVersion');
  const info = kind !== undefined ? objectKinds[kind] : undefined;
  const subject = { kind: kind || 'Object', document, ...peekSubject(root, info?.namespaced ?? false) };
  const r = new Reader(diag, subject);
  // a kubectl dump may hold `kubectl version -o yaml` (no kind, a clientVersion and/or
  // serverVersion): no object of the cluster, its reader takes the version from it
  if (!root.entries.has('kind') && !root.entries.has('apiVersion') && ['clientVersion', 'serverVersion'].some((k) => root.entries.get(k)?.value.kind === 'map')) return { type: 'versionDocument' };
  if (!kind) {
    r.error(root.entries.get('kind')?.value.pos ?? root.pos, ['kind'], root.entries.has('kind') ? 'expected a string' : 'Object \'Kind\' is missing');
    return { type: 'invalid' };
  }
  const version = apiVersion ?? (opts.defaultApiVersion ? info?.apiVersion : undefined);
  if (version === undefined) {
    r.error(root.entries.get('apiVersion')?.value.pos ?? root.pos, ['apiVersion'], 'apiVersion not set');
    return { type: 'invalid' };
  }
  const unsupported = (supported: string): Recognised => {
    r.error(root.entries.get('apiVersion')!.value.pos, ['apiVersion'], `no matches for kind ${quote(kind)} in version ${quote(version)} (supported: ${supported})`);
    return { type: 'invalid' };
  };
  // kubectl writes `kind: List` (v1); typed lists (PodList, DeploymentList, ...) read the same.
  if (kind === 'List' || (kind.endsWith('List') && root.entries.has('items'))) {
    const items = root.entries.get('items')?.value;
    if (items?.kind === 'seq') return { type: 'list', items: items.items, reader: r };
    if (items && !(items.kind === 'scalar' && items.value === null)) r.error(items.pos, ['items'], 'expected a list');
    return { type: 'list', items: [], reader: r };
  }
  if (kind === 'Scenario') return version === SCENARIO_API_VERSION ? { type: 'scenario', reader: r } : unsupported(SCENARIO_API_VERSION);
  if (kind === 'ClusterAutoscaler') return version === SCENARIO_API_VERSION ? { type: 'clusterAutoscaler', reader: r } : unsupported(SCENARIO_API_VERSION);
  if (kind === 'AdmissionConfiguration') {
    return (ADMISSION_CONFIGURATION_VERSIONS as readonly string[]).includes(version) ? { type: 'admissionConfiguration', reader: r } : unsupported(ADMISSION_CONFIGURATION_VERSIONS.join(', '));
  }
  if (kind === 'KubeSchedulerConfiguration') {
    return version === SCHEDULER_CONFIG_API_VERSION ? { type: 'schedulerConfig', reader: r } : unsupported(SCHEDULER_CONFIG_API_VERSION);
  }
  if (kind === 'Policy' && (version === 'v1' || version === SCHEDULER_CONFIG_API_VERSION)) return { type: 'legacyPolicy', reader: r };
  if (!info) return { type: 'unknown', kind, apiVersion: version, reader: r };
  const versions = info.apiVersions ?? [info.apiVersion];
  if (!versions.includes(version)) return unsupported(versions.join(', '));
  return { type: 'object', object: info.decode(r, root), reader: r };
}
