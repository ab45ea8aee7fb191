// Nodes and the cluster objects around the scheduler.
// upstream: pkg/apis/core/validation/validation.go (ValidateNode, ValidateNamespace, ValidateService,
// ValidateRuntimeClass), pkg/apis/scheduling/validation/validation.go (ValidatePriorityClass,
// ValidateWorkload), pkg/apis/policy/validation/validation.go (ValidatePodDisruptionBudgetSpec).

import type {
  ContainerImage, Namespace, Node, NodeCondition, PodDisruptionBudget, PriorityClass, RuntimeClass, Service,
} from '../types';
import { defined, type Path, type Reader } from '../decoder';
import type { SrcMap } from '../source';
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isValidPercent, forbidden, invalid } from '../validation';
import { decodeMetadata, timestamp } from './metadata';
import { decodeResourceList } from './resources';
import { decodeLabelSelector, decodeTaints, decodeTolerations } from './scheduling';

const nodeSpecFields = new Set(['podCIDR', 'podCIDRs', 'providerID', 'unschedulable', 'taints', 'configSource', 'externalID']);

function images(r: Reader, m: SrcMap | undefined, path: Path): ContainerImage[] | undefined {
  const lp = [...path, 'images'];
  const items = r.list(r.child(m, 'images'), lp);
  return items?.flatMap((item, i): ContainerImage[] => {
    const ip = [...lp, i];
    const im = r.map(item, ip);
    if (!im) return [];
    const names = r.stringList(im, ip, 'names') ?? [];
    const sizeBytes = r.nonNegInt(im, ip, 'sizeBytes', 'int64') ?? 0;
    return [{ names, sizeBytes }];
  });
}

function nodeConditions(r: Reader, m: SrcMap | undefined, path: Path): NodeCondition[] | undefined {
  const lp = [...path, 'conditions'];
  return r.list(r.child(m, 'conditions'), lp)?.flatMap((c, i): NodeCondition[] => {
    const cp = [...lp, i];
    const cm = r.map(c, cp);
    if (!cm) return [];
    const type = r.reqStr(cm, cp, 'type');
    const status = r.enumValue(cm, cp, 'status', ['True', 'False', 'Unknown'] as const);
    if (!status && !r.has(cm, 'status')) r.requiredMissing(cm, cp, 'status');
    return type && status ? [defined({ type, status, reason: r.str(cm, cp, 'reason'), message: r.str(cm, cp, 'message') })] : [];
  });
}

export function decodeNode(r: Reader, root: SrcMap): Node {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, nodeSpecFields);
  const stp: Path = ['status'];
  const status = r.map(r.child(root, 'status'), stp);
  const capacity = decodeResourceList(r, status, stp, 'capacity', 'node')?.list;
  // upstream: SetDefaults_NodeStatus — no allocatable means allocatable = capacity.
  const allocatable = decodeResourceList(r, status, stp, 'allocatable', 'node')?.list ?? (capacity ? { ...capacity } : undefined);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata,
    spec: defined({ unschedulable: r.bool(spec, sp, 'unschedulable'), taints: decodeTaints(r, spec, sp) }),
    status: defined({
      capacity,
      allocatable,
      images: images(r, status, stp),
      conditions: nodeConditions(r, status, stp),
      declaredFeatures: r.stringList(status, stp, 'declaredFeatures'),
    }),
  };
}

/** upstream: corev1.LabelMetadataName, set on every namespace by the API server. */
export const LABEL_METADATA_NAME = 'kubernetes.io/metadata.name';

export function decodeNamespace(r: Reader, root: SrcMap): Namespace {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Label });
  return { apiVersion: 'v1', kind: 'Namespace', metadata };
}

// upstream: pkg/apis/scheduling/types.go
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000;
export const SYSTEM_PRIORITY_CLASSES: readonly { name: string; value: number; description: string }[] = [
  { name: 'system-node-critical', value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

export function decodePriorityClass(r: Reader, root: SrcMap): PriorityClass {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'value', 'globalDefault', 'description', 'preemptionPolicy']));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  let value = r.int(root, [], 'value');
  if (value === undefined && !r.has(root, 'value')) r.requiredMissing(root, [], 'value');
  const globalDefault = r.bool(root, [], 'globalDefault');
  if (metadata.name.startsWith('system-')) {
    const known = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === metadata.name);
    const why = !known ? `${metadata.name} is not a known system priority class`
      : value !== known.value ? `value of ${known.name} PriorityClass must be ${known.value}`
        : globalDefault ? `globalDefault of ${known.name} PriorityClass must be false` : undefined;
    if (why) r.error(r.child(root, 'metadata')?.pos ?? root.pos, ['metadata', 'name'], forbidden(`priority class names with 'system-' prefix are reserved for system use only. error: ${why}`));
  } else if (value !== undefined && value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    r.error(r.child(root, 'value')!.pos, ['value'], forbidden(`maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
    value = undefined;
  }
  return defined({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass' as const,
    metadata,
    value: value ?? 0,
    globalDefault,
    description: r.str(root, [], 'description'),
    // upstream: SetDefaults_PriorityClass
    preemptionPolicy: r.enumValue(root, [], 'preemptionPolicy', ['PreemptLowerPriority', 'Never'] as const) ?? 'PreemptLowerPriority',
  });
}

export function decodeRuntimeClass(r: Reader, root: SrcMap): RuntimeClass {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'handler', 'overhead', 'scheduling']));
  const metadata = decodeMetadata(r, root, { namespaced: false, validateName: isDNS1123Subdomain });
  const handler = r.reqStr(root, [], 'handler');
  if (handler) for (const msg of isDNS1123Label(handler)) r.error(r.child(root, 'handler')!.pos, ['handler'], invalid(handler, msg));
  const op: Path = ['overhead'];
  const overhead = r.map(r.child(root, 'overhead'), op);
  if (overhead) r.knownFields(overhead, op, new Set(['podFixed']));
  const podFixed = decodeResourceList(r, overhead, op, 'podFixed', 'container')?.list;
  const sp: Path = ['scheduling'];
  const scheduling = r.map(r.child(root, 'scheduling'), sp);
  if (scheduling) r.knownFields(scheduling, sp, new Set(['nodeSelector', 'tolerations']));
  return defined({
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass' as const,
    metadata,
    handler: handler ?? '',
    overhead: overhead ? defined({ podFixed }) : undefined,
    scheduling: scheduling ? defined({ nodeSelector: r.labels(scheduling, sp, 'nodeSelector'), tolerations: decodeTolerations(r, scheduling, sp) }) : undefined,
  });
}

export function decodeService(r: Reader, root: SrcMap): Service {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1035Label });
  const spec = r.map(r.child(root, 'spec'), ['spec']);
  return { apiVersion: 'v1', kind: 'Service', metadata, spec: defined({ selector: r.labels(spec, ['spec'], 'selector') }) };
}

/** IntOrString for PDBs: a non-negative integer or a percentage up to 100%. */
function intOrPercent(r: Reader, m: SrcMap, path: Path, key: string): number | string | undefined {
  const node = r.child(m, key);
  if (!node) return undefined;
  const p = [...path, key];
  if (node.kind === 'scalar' && typeof node.value === 'number') {
    const v = r.integer(node, p);
    if (v !== undefined && v < 0) {
      r.error(node.pos, p, invalid(v, 'must be greater than or equal to 0'));
      return undefined;
    }
    return v;
  }
  const s = r.string(node, p);
  if (s === undefined) return undefined;
  const errs = isValidPercent(s);
  for (const msg of errs) r.error(node.pos, p, invalid(s, msg));
  if (errs.length) return undefined;
  if (Number(s.slice(0, -1)) > 100) {
    r.error(node.pos, p, invalid(s, 'must not be greater than 100%'));
    return undefined;
  }
  return s;
}

export function decodePodDisruptionBudget(r: Reader, root: SrcMap): PodDisruptionBudget {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['minAvailable', 'maxUnavailable', 'selector', 'unhealthyPodEvictionPolicy']));
  const minAvailable = spec && intOrPercent(r, spec, sp, 'minAvailable');
  const maxUnavailable = spec && intOrPercent(r, spec, sp, 'maxUnavailable');
  if (spec && r.has(spec, 'minAvailable') && r.has(spec, 'maxUnavailable')) {
    r.error(spec.pos, sp, invalid('', 'minAvailable and maxUnavailable cannot be both set'));
  }
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata,
    spec: defined({
      minAvailable: minAvailable ?? undefined,
      maxUnavailable: maxUnavailable ?? undefined,
      selector: decodeLabelSelector(r, r.child(spec, 'selector'), [...sp, 'selector']),
      unhealthyPodEvictionPolicy: r.enumValue(spec, sp, 'unhealthyPodEvictionPolicy', ['IfHealthyBudget', 'AlwaysAllow'] as const),
    }),
    status: decodePdbStatus(r, r.map(r.child(root, 'status'), ['status']), ['status']),
  };
}

/**
 * The status the disruption controller wrote, as a cluster dump carries it: preemption reads
 * disruptionsAllowed from the first cycle, as the scheduler reads it from its informer.
 * disruptedPods times are RFC 3339 (mapped to 0) or simulated seconds. Conditions and
 * observedGeneration are accepted and not modelled.
 */
function decodePdbStatus(r: Reader, m: SrcMap | undefined, path: Path): PodDisruptionBudget['status'] {
  if (!m) return {};
  r.knownFields(m, path, new Set(['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods', 'disruptedPods', 'conditions', 'observedGeneration']));
  const dp: Path = [...path, 'disruptedPods'];
  const disruptedMap = r.map(r.child(m, 'disruptedPods'), dp);
  const disruptedPods = disruptedMap && Object.fromEntries([...disruptedMap.entries].flatMap(([key, e]): [string, number][] => {
    const t = timestamp(r, e.value, [...dp, key]);
    return t === undefined ? [] : [[key, t]];
  }));
  return defined({
    disruptionsAllowed: r.nonNegInt(m, path, 'disruptionsAllowed'),
    currentHealthy: r.nonNegInt(m, path, 'currentHealthy'),
    desiredHealthy: r.nonNegInt(m, path, 'desiredHealthy'),
    expectedPods: r.nonNegInt(m, path, 'expectedPods'),
    disruptedPods,
  });
}
