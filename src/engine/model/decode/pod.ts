// Pods, pod specs and pod templates.
// upstream: staging/src/k8s.io/api/core/v1/types.go (field names),
// pkg/apis/core/validation/validation.go (ValidatePodSpec, validateContainers, validateContainerPorts).

import type {
  Container, ContainerPort, ContainerRestartRule, Pod, PodCondition, PodSchedulingGate, PodSchedulingGroup, PodSpec, PodStatus, PodTemplateSpec, WorkloadReference,
} from '../types';
import { defined, formatPath, type Path, type Reader } from '../decoder';
import { versionsBefore, versionsSince } from '../../versions';
import type { Pos, SrcMap, SrcNode } from '../source';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, duplicate, invalid, notSupported, required } from '../validation';
import { decodeAnnotations, decodeMetadata, timestamp } from './metadata';
import { decodeResourceList, decodeResourceRequirements } from './resources';
import { checkContainerClaims, decodePodResourceClaims } from './resource';
import { decodeAffinity, decodeTolerations, decodeTopologySpreadConstraints } from './scheduling';
import { decodePodVolumes } from './storage';

// Every field of core/v1 Container and PodSpec: the simulator reads some, the rest are valid and ignored.
const containerFields = new Set([
  'name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources', 'resizePolicy', 'restartPolicy',
  'restartPolicyRules', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle',
  'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin', 'stdinOnce', 'tty',
]);
const podSpecFields = new Set([
  'volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy', 'terminationGracePeriodSeconds',
  'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector', 'serviceAccountName', 'serviceAccount', 'automountServiceAccountToken',
  'nodeName', 'hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'securityContext', 'imagePullSecrets', 'hostname',
  'subdomain', 'affinity', 'schedulerName', 'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'dnsConfig',
  'readinessGates', 'runtimeClassName', 'enableServiceLinks', 'preemptionPolicy', 'overhead', 'topologySpreadConstraints',
  'setHostnameAsFQDN', 'os', 'hostUsers', 'schedulingGates', 'resourceClaims', 'resources', 'hostnameOverride', 'workloadRef', 'schedulingGroup',
]);
const podFields = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
const portFields = new Set(['name', 'hostPort', 'containerPort', 'protocol', 'hostIP']);

function ports(r: Reader, m: SrcMap, path: Path): ContainerPort[] | undefined {
  const lp = [...path, 'ports'];
  const items = r.list(r.child(m, 'ports'), lp);
  if (!items) return undefined;
  return items.flatMap((item, i): ContainerPort[] => {
    const ip = [...lp, i];
    const p = r.map(item, ip);
    if (!p) return [];
    r.knownFields(p, ip, portFields);
    const containerPort = r.int(p, ip, 'containerPort');
    const hostPort = r.int(p, ip, 'hostPort');
    let ok = true;
    if (containerPort === undefined) {
      if (!r.has(p, 'containerPort')) r.requiredMissing(p, ip, 'containerPort');
      ok = false;
    } else if (containerPort < 1 || containerPort > 65535) {
      r.error(r.child(p, 'containerPort')!.pos, [...ip, 'containerPort'], invalid(containerPort, 'must be between 1 and 65535, inclusive'));
      ok = false;
    }
    if (hostPort !== undefined && hostPort !== 0 && (hostPort < 1 || hostPort > 65535)) {
      r.error(r.child(p, 'hostPort')!.pos, [...ip, 'hostPort'], invalid(hostPort, 'must be between 1 and 65535, inclusive'));
      ok = false;
    }
    const protocol = r.enumValue(p, ip, 'protocol', ['TCP', 'UDP', 'SCTP'] as const);
    if (!ok) return [];
    return [defined({ containerPort: containerPort!, hostPort: hostPort || undefined, hostIP: r.str(p, ip, 'hostIP'), protocol, name: r.str(p, ip, 'name') })];
  });
}

function container(r: Reader, node: SrcNode, path: Path, init: boolean): Container | undefined {
  const m = r.map(node, path);
  if (!m) return undefined;
  r.knownFields(m, path, containerFields);
  const name = r.reqStr(m, path, 'name');
  if (name) for (const msg of isDNS1123Label(name)) r.error(r.child(m, 'name')!.pos, [...path, 'name'], invalid(name, msg));
  const image = r.str(m, path, 'image');
  if (!image) r.warn(r.child(m, 'image')?.pos ?? m.pos, [...path, 'image'], 'Required value (the API server rejects a container without an image; the simulator does not need one)');
  let restartPolicy: 'Always' | undefined;
  if (init) restartPolicy = r.enumValue(m, path, 'restartPolicy', ['Always'] as const);
  return defined({
    name: name ?? '',
    image,
    resources: decodeResourceRequirements(r, m, path),
    ports: ports(r, m, path),
    restartPolicy,
    restartPolicyRules: restartPolicyRules(r, m, path),
  });
}

/**
 * upstream: validateContainerRestartPolicyRules (pkg/apis/core/validation) — the action and the
 * exit codes it applies to; RestartAllContainers only with RestartAllContainersOnContainerExits.
 */
function restartPolicyRules(r: Reader, m: SrcMap, path: Path): ContainerRestartRule[] | undefined {
  const lp = [...path, 'restartPolicyRules'];
  return r.list(r.child(m, 'restartPolicyRules'), lp)?.flatMap((item, i): ContainerRestartRule[] => {
    const ip = [...lp, i];
    const rm = r.map(item, ip);
    if (!rm) return [];
    r.knownFields(rm, ip, new Set(['action', 'exitCodes']));
    const action = r.enumValue(rm, ip, 'action', ['Restart', 'RestartAllContainers'] as const);
    if (action === undefined && !r.has(rm, 'action')) r.requiredMissing(rm, ip, 'action');
    if (action === 'RestartAllContainers') r.gatedValue('RestartAllContainersOnContainerExits', r.child(rm, 'action')!.pos, [...ip, 'action'], notSupported(action, ['Restart']));
    const ep = [...ip, 'exitCodes'];
    const em = r.map(r.child(rm, 'exitCodes'), ep);
    let exitCodes: ContainerRestartRule['exitCodes'];
    if (em) {
      r.knownFields(em, ep, new Set(['operator', 'values']));
      const operator = r.enumValue(em, ep, 'operator', ['In', 'NotIn'] as const);
      if (operator === undefined && !r.has(em, 'operator')) r.requiredMissing(em, ep, 'operator');
      const values = r.list(r.child(em, 'values'), [...ep, 'values'])?.flatMap((v, j) => {
        const code = r.integer(v, [...ep, 'values', j]);
        return code === undefined ? [] : [code];
      });
      if (operator) exitCodes = defined({ operator, values });
    }
    return action ? [defined({ action, exitCodes })] : [];
  });
}

function containers(r: Reader, spec: SrcMap, path: Path, key: 'containers' | 'initContainers', names: Map<string, true>): Container[] | undefined {
  const lp = [...path, key];
  const items = r.list(r.child(spec, key), lp);
  if (!items) return undefined;
  const out: Container[] = [];
  items.forEach((item, i) => {
    const c = container(r, item, [...lp, i], key === 'initContainers');
    if (!c) return;
    if (c.name && names.has(c.name)) {
      const cm = item.kind === 'map' ? item : undefined;
      r.error(r.child(cm, 'name')?.pos ?? item.pos, [...lp, i, 'name'], duplicate(c.name));
    }
    names.set(c.name, true);
    out.push(c);
  });
  return out;
}

function schedulingGates(r: Reader, spec: SrcMap, path: Path): PodSchedulingGate[] | undefined {
  const lp = [...path, 'schedulingGates'];
  const items = r.list(r.child(spec, 'schedulingGates'), lp);
  if (!items) return undefined;
  const seen = new Set<string>();
  return items.flatMap((item, i): PodSchedulingGate[] => {
    const ip = [...lp, i];
    const g = r.map(item, ip);
    if (!g) return [];
    r.knownFields(g, ip, new Set(['name']));
    const name = r.str(g, ip, 'name') ?? '';
    const pos = r.child(g, 'name')?.pos ?? g.pos;
    const errs = isQualifiedName(name);
    for (const msg of errs) r.error(pos, [...ip, 'name'], invalid(name, msg));
    if (seen.has(name)) {
      r.error(pos, [...ip, 'name'], duplicate(name));
      return [];
    }
    seen.add(name);
    return errs.length ? [] : [{ name }];
  });
}

/** v1.35 only: the field was removed in v1.36 for schedulingGroup (KEP-5832) */
function workloadRef(r: Reader, spec: SrcMap, path: Path): WorkloadReference | undefined {
  const wp = [...path, 'workloadRef'];
  const w = r.map(r.child(spec, 'workloadRef'), wp);
  if (!w) return undefined;
  r.versioned(versionsBefore('1.36'), r.entry(spec, 'workloadRef')!.keyPos, wp,
    `strict decoding error: unknown field "${formatPath(wp)}": pod.spec.workloadRef was removed in Kubernetes 1.36; name the pod's PodGroup with spec.schedulingGroup.podGroupName (scheduling.k8s.io/v1alpha2 PodGroup at 1.36, v1beta1 at 1.37)`);
  r.knownFields(w, wp, new Set(['name', 'podGroup', 'podGroupReplicaKey']));
  const name = r.reqStr(w, wp, 'name');
  const podGroup = r.reqStr(w, wp, 'podGroup');
  if (!name || !podGroup) return undefined;
  return defined({ name, podGroup, podGroupReplicaKey: r.str(w, wp, 'podGroupReplicaKey') });
}

/** v1.36+: upstream core/v1 PodSchedulingGroup — exactly one field, podGroupName (a DNS subdomain) */
function schedulingGroup(r: Reader, spec: SrcMap, path: Path): PodSchedulingGroup | undefined {
  const sp = [...path, 'schedulingGroup'];
  const g = r.map(r.child(spec, 'schedulingGroup'), sp);
  if (!g) return undefined;
  r.versioned(versionsSince('1.36'), r.entry(spec, 'schedulingGroup')!.keyPos, sp,
    `strict decoding error: unknown field "${formatPath(sp)}": pod.spec.schedulingGroup is served from Kubernetes 1.36 on (Scenario spec.kubernetesVersion); in 1.35 a pod names its gang with spec.workloadRef`);
  r.knownFields(g, sp, new Set(['podGroupName']));
  if (!r.has(g, 'podGroupName')) {
    r.error(g.pos, sp, invalid('{}', 'must specify one of: `podGroupName`'));
    return undefined;
  }
  const name = dnsSubdomainField(r, g, sp, 'podGroupName');
  return name ? { podGroupName: name } : undefined;
}

function dnsSubdomainField(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.str(m, path, key);
  if (v) for (const msg of isDNS1123Subdomain(v)) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v || undefined;
}

/** upstream: ValidatePodSpec (the scheduling-relevant part). */
export function decodePodSpec(r: Reader, node: SrcNode | undefined, path: Path, parentPos: Pos, resourceIsPod = false): PodSpec {
  const spec = r.map(node, path);
  if (!spec) {
    if (!node) r.error(parentPos, [...path, 'containers'], required());
    return { containers: [] };
  }
  r.knownFields(spec, path, podSpecFields);
  const names = new Map<string, true>();
  const regular = containers(r, spec, path, 'containers', names);
  if (!regular || regular.length === 0) {
    if (!regular || r.has(spec, 'containers')) r.error(r.child(spec, 'containers')?.pos ?? spec.pos, [...path, 'containers'], required());
  }
  const init = containers(r, spec, path, 'initContainers', names);
  const nodeSelector = r.labels(spec, path, 'nodeSelector');
  const priority = r.int(spec, path, 'priority');
  const hostNetwork = r.bool(spec, path, 'hostNetwork');
  const overhead = decodeResourceList(r, spec, path, 'overhead', 'container');
  const resourceClaims = decodePodResourceClaims(r, spec, path);
  checkContainerClaims(r, spec, path, resourceClaims);
  return defined({
    volumes: decodePodVolumes(r, spec, path, resourceIsPod),
    nodeName: dnsSubdomainField(r, spec, path, 'nodeName'),
    nodeSelector,
    affinity: decodeAffinity(r, r.child(spec, 'affinity'), [...path, 'affinity']),
    tolerations: decodeTolerations(r, spec, path),
    containers: regular ?? [],
    initContainers: init,
    resources: decodeResourceRequirements(r, spec, path),
    overhead: overhead?.list,
    priority,
    priorityClassName: dnsSubdomainField(r, spec, path, 'priorityClassName'),
    preemptionPolicy: r.enumValue(spec, path, 'preemptionPolicy', ['PreemptLowerPriority', 'Never'] as const),
    schedulerName: r.str(spec, path, 'schedulerName') || undefined,
    schedulingGates: schedulingGates(r, spec, path),
    topologySpreadConstraints: decodeTopologySpreadConstraints(r, spec, path),
    runtimeClassName: dnsSubdomainField(r, spec, path, 'runtimeClassName'),
    terminationGracePeriodSeconds: r.nonNegInt(spec, path, 'terminationGracePeriodSeconds', 'int64'),
    hostNetwork,
    workloadRef: workloadRef(r, spec, path),
    schedulingGroup: schedulingGroup(r, spec, path),
    restartPolicy: r.enumValue(spec, path, 'restartPolicy', ['Always', 'OnFailure', 'Never'] as const),
    activeDeadlineSeconds: r.int(spec, path, 'activeDeadlineSeconds', 'int64'),
    resourceClaims,
  });
}

const conditionStatuses = ['True', 'False', 'Unknown'] as const;

function podStatus(r: Reader, node: SrcNode | undefined): PodStatus {
  const path: Path = ['status'];
  const m = r.map(node, path);
  if (!m) return {};
  // status from `kubectl get -o yaml`: the simulator keeps what the scheduler reads, drops the rest.
  const conditions = r.list(r.child(m, 'conditions'), [...path, 'conditions'])?.flatMap((c, i): PodCondition[] => {
    const cp = [...path, 'conditions', i];
    const cm = r.map(c, cp);
    if (!cm) return [];
    const type = r.str(cm, cp, 'type');
    const status = r.enumValue(cm, cp, 'status', conditionStatuses);
    return type && status ? [defined({ type, status, reason: r.str(cm, cp, 'reason'), message: r.str(cm, cp, 'message') })] : [];
  });
  return defined({
    phase: r.enumValue(m, path, 'phase', ['Pending', 'Running', 'Succeeded', 'Failed'] as const),
    nominatedNodeName: r.str(m, path, 'nominatedNodeName') || undefined,
    startTime: timestamp(r, r.child(m, 'startTime'), [...path, 'startTime']),
    conditions,
    reason: r.str(m, path, 'reason'),
    message: r.str(m, path, 'message'),
  });
}

export function decodePod(r: Reader, root: SrcMap): Pod {
  r.knownFields(root, [], podFields);
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain, allowGenerateName: true });
  const spec = decodePodSpec(r, r.child(root, 'spec'), ['spec'], root.pos, true);
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec, status: podStatus(r, r.child(root, 'status')) };
}

const templateMetadataFields = new Set(['name', 'generateName', 'namespace', 'labels', 'annotations', 'uid', 'creationTimestamp', 'ownerReferences', 'finalizers', 'resourceVersion', 'generation', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds']);

/** A pod template (spec.template of a workload). */
export function decodePodTemplate(r: Reader, node: SrcNode | undefined, path: Path, parentPos: Pos): PodTemplateSpec | undefined {
  const m = r.map(node, path);
  if (!m) {
    if (!node) r.error(parentPos, path, required());
    return undefined;
  }
  r.knownFields(m, path, new Set(['metadata', 'spec']));
  const mp = [...path, 'metadata'];
  const meta = r.map(r.child(m, 'metadata'), mp);
  if (meta) r.knownFields(meta, mp, templateMetadataFields);
  const metadata = defined({
    labels: r.labels(meta, mp, 'labels'),
    annotations: decodeAnnotations(r, meta, mp),
  });
  const spec = decodePodSpec(r, r.child(m, 'spec'), [...path, 'spec'], m.pos);
  return { metadata, spec };
}

/** The position of the template's labels (for "selector does not match template labels"). */
export function templateLabelsNode(r: Reader, node: SrcNode | undefined): SrcNode | undefined {
  const m = node?.kind === 'map' ? node : undefined;
  const meta = r.child(m, 'metadata');
  return r.child(meta?.kind === 'map' ? meta : undefined, 'labels') ?? meta ?? node;
}

