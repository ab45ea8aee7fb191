// Storage objects and a pod's volumes.
// upstream: pkg/apis/core/validation/validation.go (ValidatePersistentVolume,
// ValidatePersistentVolumeClaim, validateVolumes), pkg/apis/storage/validation/validation.go
// (ValidateStorageClass, ValidateCSINode, ValidateCSIDriver, ValidateCSIStorageCapacity),
// pkg/apis/storage/v1/defaults.go (volumeBindingMode defaults to Immediate).

import { defined, type Path, type Reader } from '../decoder';
import { toPlain, type SrcMap, type SrcNode } from '../source';
import {
  ACCESS_MODES, type CSIDriver, type CSINode, type CSINodeDriver, type CSIStorageCapacity, type PersistentVolume,
  type PersistentVolumeClaim, type PersistentVolumeClaimSpec, type PodVolume, type StorageClass, type TopologySelectorTerm,
} from '../storage';
import type { ClaimTemplate } from '../types';
import { isDNS1123Label, isDNS1123Subdomain, duplicate, invalid, required } from '../validation';
import { decodeAnnotations, decodeMetadata } from './metadata';
import { checkQuantity } from './resources';
import { decodeLabelSelector, decodeNodeSelector, termList } from './scheduling';
import { versionsBefore } from '../../versions';

const topLevel = (...extra: string[]) => new Set(['apiVersion', 'kind', 'metadata', ...extra]);
/** the key is written (valid or not: an invalid value has its own error) */
const hasKey = (node: SrcNode | undefined, key: string): boolean => node?.kind === 'map' && node.entries.has(key);

/** A resource list of storage quantities (capacity, requests): `storage` is the one that counts. */
function storageList(r: Reader, m: SrcMap | undefined, path: Path, key: string): Record<string, string> | undefined {
  const lp = [...path, key];
  const node = r.map(r.child(m, key), lp);
  if (!node) return undefined;
  const out: Record<string, string> = {};
  for (const [name, e] of node.entries) {
    const v = e.value;
    const text = v.kind === 'scalar' && v.value !== null ? String(v.value) : undefined;
    if (text === undefined) { r.error(v.pos, [...lp, name], invalid('', 'must be a quantity')); continue; }
    if (checkQuantity(r, v, [...lp, name], name, text)) out[name] = text;
  }
  return out;
}

function accessModes(r: Reader, m: SrcMap | undefined, path: Path, requiredField: boolean): PersistentVolumeClaim['spec']['accessModes'] {
  const modes = r.stringList(m, path, 'accessModes');
  if (!modes || modes.length === 0) {
    if (requiredField && m) r.error(r.child(m, 'accessModes')?.pos ?? m.pos, [...path, 'accessModes'], required());
    return undefined;
  }
  const out: NonNullable<PersistentVolumeClaim['spec']['accessModes']> = [];
  modes.forEach((mode, i) => {
    if ((ACCESS_MODES as readonly string[]).includes(mode)) out.push(mode as (typeof out)[number]);
    else r.error(r.child(m, 'accessModes')!.pos, [...path, 'accessModes', i], `Unsupported value: ${JSON.stringify(mode)}: supported values: ${ACCESS_MODES.map((a) => JSON.stringify(a)).join(', ')}`);
  });
  // upstream: ReadWriteOncePod may not be combined with other access modes
  if (out.includes('ReadWriteOncePod') && out.length > 1) {
    r.error(r.child(m, 'accessModes')!.pos, [...path, 'accessModes'], invalid(modes, 'may not use ReadWriteOncePod with other access modes'));
  }
  return out;
}

function topologySelectorTerms(r: Reader, m: SrcMap, path: Path): TopologySelectorTerm[] | undefined {
  const lp = [...path, 'allowedTopologies'];
  return termList(r, m, 'allowedTopologies', lp)?.flatMap((t, i): TopologySelectorTerm[] => {
    const tp = [...lp, i];
    const tm = r.map(t, tp);
    if (!tm) return [];
    r.knownFields(tm, tp, new Set(['matchLabelExpressions']));
    const ep = [...tp, 'matchLabelExpressions'];
    const exprs = r.list(r.child(tm, 'matchLabelExpressions'), ep)?.flatMap((e, j) => {
      const em = r.map(e, [...ep, j]);
      if (!em) return [];
      r.knownFields(em, [...ep, j], new Set(['key', 'values']));
      const key = r.reqStr(em, [...ep, j], 'key');
      const values = r.stringList(em, [...ep, j], 'values') ?? [];
      if (values.length === 0) r.error(r.child(em, 'values')?.pos ?? em.pos, [...ep, j, 'values'], required('must specify as least one value'));
      return key ? [{ key, values }] : [];
    });
    return [defined({ matchLabelExpressions: exprs })];
  });
}

/** storage.k8s.io/v1 StorageClass */
export function decodeStorageClass(r: Reader, root: SrcMap): StorageClass {
  r.knownFields(root, [], topLevel('provisioner', 'parameters', 'reclaimPolicy', 'mountOptions', 'allowVolumeExpansion', 'volumeBindingMode', 'allowedTopologies'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const provisioner = r.reqStr(root, [], 'provisioner') ?? '';
  return defined({
    apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass' as const, metadata, provisioner,
    parameters: r.stringMap(root, [], 'parameters')?.value,
    reclaimPolicy: r.enumValue(root, [], 'reclaimPolicy', ['Delete', 'Retain'] as const),
    volumeBindingMode: r.enumValue(root, [], 'volumeBindingMode', ['Immediate', 'WaitForFirstConsumer'] as const) ?? 'Immediate',
    allowedTopologies: topologySelectorTerms(r, root, []),
    allowVolumeExpansion: r.bool(root, [], 'allowVolumeExpansion'),
  });
}

const pvSpecFields = new Set([
  'capacity', 'accessModes', 'claimRef', 'persistentVolumeReclaimPolicy', 'storageClassName', 'mountOptions', 'volumeMode',
  'nodeAffinity', 'volumeAttributesClassName', 'csi', 'hostPath', 'local', 'nfs', 'gcePersistentDisk', 'awsElasticBlockStore',
  'azureDisk', 'azureFile', 'cephfs', 'cinder', 'fc', 'flexVolume', 'flocker', 'glusterfs', 'iscsi', 'photonPersistentDisk',
  'portworxVolume', 'quobyte', 'rbd', 'scaleIO', 'storageos', 'vsphereVolume',
]);

const pvFieldsRead = new Set(['capacity', 'accessModes', 'nodeAffinity', 'claimRef', 'storageClassName', 'volumeMode', 'persistentVolumeReclaimPolicy', 'csi']);

/** core/v1 PersistentVolume */
export function decodePersistentVolume(r: Reader, root: SrcMap): PersistentVolume {
  r.knownFields(root, [], topLevel('spec', 'status'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) { r.error(root.pos, sp, required()); return { apiVersion: 'v1', kind: 'PersistentVolume', metadata, spec: {}, status: {} }; }
  r.knownFields(spec, sp, pvSpecFields);
  const capacity = storageList(r, spec, sp, 'capacity');
  if (!hasKey(r.child(spec, 'capacity'), 'storage')) r.error(r.child(spec, 'capacity')?.pos ?? spec.pos, [...sp, 'capacity'], required());
  const modes = accessModes(r, spec, sp, true);
  const ap: Path = [...sp, 'nodeAffinity'];
  const na = r.map(r.child(spec, 'nodeAffinity'), ap);
  if (na) r.knownFields(na, ap, new Set(['required']));
  const requiredSelector = na ? decodeNodeSelector(r, r.child(na, 'required'), [...ap, 'required']) : undefined;
  const cp: Path = [...sp, 'claimRef'];
  const cr = r.map(r.child(spec, 'claimRef'), cp);
  const claimRef = cr && defined({
    kind: r.str(cr, cp, 'kind'), apiVersion: r.str(cr, cp, 'apiVersion'), namespace: r.str(cr, cp, 'namespace') || 'default',
    name: r.str(cr, cp, 'name'), uid: r.str(cr, cp, 'uid') || undefined,
  });
  const csiPath: Path = [...sp, 'csi'];
  const csiMap = r.map(r.child(spec, 'csi'), csiPath);
  const csi = csiMap && { driver: r.reqStr(csiMap, csiPath, 'driver') ?? '', volumeHandle: r.reqStr(csiMap, csiPath, 'volumeHandle') ?? '', ...defined({ readOnly: r.bool(csiMap, csiPath, 'readOnly') }) };
  const stp: Path = ['status'];
  const status = r.map(r.child(root, 'status'), stp);
  const decoded: Record<string, unknown> = defined({
    capacity, accessModes: modes,
    nodeAffinity: requiredSelector ? { required: requiredSelector } : undefined,
    claimRef,
    storageClassName: r.str(spec, sp, 'storageClassName') || undefined,
    volumeMode: r.enumValue(spec, sp, 'volumeMode', ['Filesystem', 'Block'] as const),
    persistentVolumeReclaimPolicy: r.enumValue(spec, sp, 'persistentVolumeReclaimPolicy', ['Delete', 'Retain', 'Recycle'] as const),
    csi,
  });
  // in the order written; other volume sources (hostPath, local, nfs, ...) are kept as written
  const ordered: Record<string, unknown> = {};
  for (const [key, e] of spec.entries) {
    if (key in decoded) ordered[key] = decoded[key];
    else if (pvSpecFields.has(key) && !pvFieldsRead.has(key)) ordered[key] = toPlain(e.value);
  }
  return {
    apiVersion: 'v1', kind: 'PersistentVolume', metadata,
    spec: ordered as PersistentVolume['spec'],
    status: defined({ phase: r.enumValue(status, stp, 'phase', ['Pending', 'Available', 'Bound', 'Released', 'Failed'] as const) }),
  };
}

/** core/v1 PersistentVolumeClaimSpec (also a generic ephemeral volume's template) */
function claimSpec(r: Reader, node: SrcNode | undefined, sp: Path, parent: SrcMap): PersistentVolumeClaimSpec {
  const spec = r.map(node, sp);
  if (!spec) { r.error(parent.pos, sp, required()); return {}; }
  r.knownFields(spec, sp, new Set(['accessModes', 'selector', 'resources', 'volumeName', 'storageClassName', 'volumeMode', 'dataSource', 'dataSourceRef', 'volumeAttributesClassName']));
  const modes = accessModes(r, spec, sp, true);
  const rp: Path = [...sp, 'resources'];
  const res = r.map(r.child(spec, 'resources'), rp);
  if (res) r.knownFields(res, rp, new Set(['requests', 'limits']));
  const requests = storageList(r, res, rp, 'requests');
  if (!hasKey(r.child(res, 'requests'), 'storage')) r.error(r.child(res, 'requests')?.pos ?? res?.pos ?? spec.pos, [...rp, 'requests', 'storage'], required());
  // storageClassName: absent (null) and "" mean different things; keep "" as written
  const scNode = r.child(spec, 'storageClassName');
  const storageClassName = scNode && !(scNode.kind === 'scalar' && scNode.value === null) ? r.str(spec, sp, 'storageClassName') ?? '' : undefined;
  return defined({
    accessModes: modes,
    selector: decodeLabelSelector(r, r.child(spec, 'selector'), [...sp, 'selector']),
    resources: defined({ requests, limits: storageList(r, res, rp, 'limits') }),
    volumeName: r.str(spec, sp, 'volumeName') || undefined,
    storageClassName,
    volumeMode: r.enumValue(spec, sp, 'volumeMode', ['Filesystem', 'Block'] as const),
  });
}

/**
 * apps/v1 StatefulSet `spec.volumeClaimTemplates`: PVCs named by their template, each pod's
 * claim `<template>-<set>-<ordinal>`. A stored set's templates carry apiVersion, kind and a status
 * (kubectl shows `status: {phase: Pending}`); they are read past.
 */
export function decodeClaimTemplates(r: Reader, spec: SrcMap, path: Path): ClaimTemplate[] | undefined {
  const lp = [...path, 'volumeClaimTemplates'];
  const items = r.list(r.child(spec, 'volumeClaimTemplates'), lp);
  if (!items) return undefined;
  const names = new Set<string>();
  return items.flatMap((item, i): ClaimTemplate[] => {
    const ip = [...lp, i];
    const m = r.map(item, ip);
    if (!m) return [];
    r.knownFields(m, ip, new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
    const mp = [...ip, 'metadata'];
    const meta = r.map(r.child(m, 'metadata'), mp);
    if (!meta) { r.error(m.pos, mp, required()); return []; }
    const name = r.reqStr(meta, mp, 'name');
    if (!name) return [];
    if (names.has(name)) { r.error(meta.pos, [...mp, 'name'], duplicate(name)); return []; }
    names.add(name);
    return [defined({
      metadata: defined({ name, labels: r.labels(meta, mp, 'labels'), annotations: decodeAnnotations(r, meta, mp) }),
      spec: claimSpec(r, r.child(m, 'spec'), [...ip, 'spec'], m),
    })];
  });
}

/** core/v1 PersistentVolumeClaim */
export function decodePersistentVolumeClaim(r: Reader, root: SrcMap): PersistentVolumeClaim {
  r.knownFields(root, [], topLevel('spec', 'status'));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const spec = claimSpec(r, r.child(root, 'spec'), ['spec'], root);
  const stp: Path = ['status'];
  const status = r.map(r.child(root, 'status'), stp);
  return {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec,
    status: defined({ phase: r.enumValue(status, stp, 'phase', ['Pending', 'Bound', 'Lost'] as const) }),
  };
}

/** storage.k8s.io/v1 CSINode (named as its node) */
export function decodeCSINode(r: Reader, root: SrcMap): CSINode {
  r.knownFields(root, [], topLevel('spec'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['drivers']));
  const dp: Path = [...sp, 'drivers'];
  const seen = new Set<string>();
  const drivers = (r.list(r.child(spec, 'drivers'), dp) ?? []).flatMap((d, i): CSINodeDriver[] => {
    const ip = [...dp, i];
    const m = r.map(d, ip);
    if (!m) return [];
    r.knownFields(m, ip, new Set(['name', 'nodeID', 'topologyKeys', 'allocatable']));
    const name = r.reqStr(m, ip, 'name');
    if (!name) return [];
    if (seen.has(name)) { r.error(r.child(m, 'name')!.pos, [...ip, 'name'], duplicate(name)); return []; }
    seen.add(name);
    const alp: Path = [...ip, 'allocatable'];
    const al = r.map(r.child(m, 'allocatable'), alp);
    if (al) r.knownFields(al, alp, new Set(['count']));
    const count = al ? r.nonNegInt(al, alp, 'count') : undefined;
    return [defined({
      name, nodeID: r.str(m, ip, 'nodeID') ?? '', topologyKeys: r.stringList(m, ip, 'topologyKeys'),
      allocatable: al ? defined({ count }) : undefined,
    })];
  });
  return { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata, spec: { drivers } };
}

/** storage.k8s.io/v1 CSIDriver */
export function decodeCSIDriver(r: Reader, root: SrcMap): CSIDriver {
  r.knownFields(root, [], topLevel('spec'));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['attachRequired', 'podInfoOnMount', 'volumeLifecycleModes', 'storageCapacity', 'fsGroupPolicy', 'tokenRequests', 'requiresRepublish', 'seLinuxMount', 'nodeAllocatableUpdatePeriodSeconds', 'serviceAccountTokenInSecrets', 'preventPodSchedulingIfMissing']));
  return {
    apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata,
    spec: defined({
      // upstream defaults: attachRequired true, podInfoOnMount false, storageCapacity false
      attachRequired: r.bool(spec, sp, 'attachRequired') ?? true,
      podInfoOnMount: r.bool(spec, sp, 'podInfoOnMount'),
      storageCapacity: r.bool(spec, sp, 'storageCapacity') ?? false,
      volumeLifecycleModes: r.stringList(spec, sp, 'volumeLifecycleModes'),
      preventPodSchedulingIfMissing: r.bool(spec, sp, 'preventPodSchedulingIfMissing'),
    }),
  };
}

/** storage.k8s.io/v1 CSIStorageCapacity */
export function decodeCSIStorageCapacity(r: Reader, root: SrcMap): CSIStorageCapacity {
  r.knownFields(root, [], topLevel('storageClassName', 'nodeTopology', 'capacity', 'maximumVolumeSize'));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const storageClassName = r.reqStr(root, [], 'storageClassName') ?? '';
  const quantity = (key: string): string | undefined => {
    const node = r.child(root, key);
    if (!node || node.kind !== 'scalar' || node.value === null) return undefined;
    const text = String(node.value);
    return checkQuantity(r, node, [key], 'storage', text) ? text : undefined;
  };
  return defined({
    apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity' as const, metadata, storageClassName,
    nodeTopology: decodeLabelSelector(r, r.child(root, 'nodeTopology'), ['nodeTopology']),
    capacity: quantity('capacity'),
    maximumVolumeSize: quantity('maximumVolumeSize'),
  });
}

/** the sources scheduling reads, each with required fields */
const sourcesWithFields = new Set(['persistentVolumeClaim', 'ephemeral', 'gcePersistentDisk', 'awsElasticBlockStore', 'iscsi', 'rbd']);

const volumeSources = [
  'hostPath', 'emptyDir', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'downwardAPI', 'fc', 'azureFile', 'configMap',
  'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'projected', 'portworxVolume', 'scaleIO', 'storageos', 'csi',
  'ephemeral', 'image',
];

/**
 * spec.volumes: names unique, exactly one source each (upstream: validateVolumes). `resourceIsPod`:
 * a Pod's own spec, not a workload's template (upstream PodValidationOptions.ResourceIsPod).
 */
export function decodePodVolumes(r: Reader, spec: SrcMap, path: Path, resourceIsPod: boolean): PodVolume[] | undefined {
  const lp = [...path, 'volumes'];
  const items = r.list(r.child(spec, 'volumes'), lp);
  if (!items) return undefined;
  const names = new Set<string>();
  return items.flatMap((item, i): PodVolume[] => {
    const ip = [...lp, i];
    const m = r.map(item, ip);
    if (!m) return [];
    r.knownFields(m, ip, new Set(['name', ...volumeSources]));
    const name = r.reqStr(m, ip, 'name');
    if (!name) return [];
    for (const msg of isDNS1123Label(name)) r.error(r.child(m, 'name')!.pos, [...ip, 'name'], invalid(name, msg));
    if (names.has(name)) { r.error(r.child(m, 'name')!.pos, [...ip, 'name'], duplicate(name)); return []; }
    names.add(name);
    const sources = volumeSources.filter((s) => r.has(m, s));
    if (sources.length !== 1) {
      r.error(m.pos, ip, sources.length === 0 ? required('must specify a volume type') : `Forbidden: may not specify more than 1 volume type`);
      return [];
    }
    const source = sources[0]!;
    const sp = [...ip, source];
    const sm = r.map(r.child(m, source), sp);
    if (!sm) {
      // `emptyDir: {}` and the like need no fields; the sources scheduling reads do
      if (!sourcesWithFields.has(source)) return [{ name, other: source }];
      r.error(m.pos, sp, required());
      return [];
    }
    const vol: PodVolume = { name };
    switch (source) {
      case 'persistentVolumeClaim': {
        const claimName = r.reqStr(sm, sp, 'claimName');
        if (claimName) vol.persistentVolumeClaim = defined({ claimName, readOnly: r.bool(sm, sp, 'readOnly') });
        break;
      }
      case 'ephemeral': {
        const tp = [...sp, 'volumeClaimTemplate'];
        const tm = r.map(r.child(sm, 'volumeClaimTemplate'), tp);
        if (!tm) { r.error(sm.pos, tp, required()); break; }
        r.knownFields(tm, tp, new Set(['metadata', 'spec']));
        const mp = [...tp, 'metadata'];
        const meta = r.map(r.child(tm, 'metadata'), mp);
        vol.ephemeral = { volumeClaimTemplate: defined({
          metadata: meta ? defined({ labels: r.labels(meta, mp, 'labels'), annotations: decodeAnnotations(r, meta, mp) }) : undefined,
          spec: claimSpec(r, r.child(tm, 'spec'), [...tp, 'spec'], tm),
        }) };
        break;
      }
      case 'gcePersistentDisk': vol.gcePersistentDisk = defined({ pdName: r.reqStr(sm, sp, 'pdName') ?? '', readOnly: r.bool(sm, sp, 'readOnly') }); break;
      case 'awsElasticBlockStore': vol.awsElasticBlockStore = defined({ volumeID: r.reqStr(sm, sp, 'volumeID') ?? '', readOnly: r.bool(sm, sp, 'readOnly') }); break;
      case 'iscsi': vol.iscsi = defined({ iqn: r.reqStr(sm, sp, 'iqn') ?? '', readOnly: r.bool(sm, sp, 'readOnly') }); break;
      case 'image': {
        vol.image = defined({ reference: r.str(sm, sp, 'reference'), pullPolicy: r.str(sm, sp, 'pullPolicy') });
        // upstream: validateImageVolumeSource — a Pod needs image.reference at every version; a
        // template only from 1.37 (kubernetes PR #135989, "Image volume validation now rejects empty
        // image.reference fields in Pod templates"). Before, the template is accepted and every pod
        // its controller makes is refused (model/admission: FailedCreate).
        if (!vol.image.reference) {
          const rp = [...sp, 'reference'];
          const pos = r.child(sm, 'reference')?.pos ?? sm.pos;
          if (resourceIsPod) r.error(pos, rp, required());
          else r.versioned(versionsBefore('1.37'), pos, rp, required());
        }
        break;
      }
      case 'rbd': vol.rbd = defined({ monitors: r.stringList(sm, sp, 'monitors') ?? [], pool: r.str(sm, sp, 'pool') ?? 'rbd', image: r.reqStr(sm, sp, 'image') ?? '', readOnly: r.bool(sm, sp, 'readOnly') }); break;
      default: vol.other = source;
    }
    return [vol];
  });
}
