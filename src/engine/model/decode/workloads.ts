// Workload controllers' objects: Deployment, ReplicaSet, StatefulSet, DaemonSet (apps/v1),
// Job (batch/v1), ReplicationController (v1).
// upstream: pkg/apis/apps/validation/validation.go (ValidateDeploymentSpec, ValidateReplicaSetSpec,
// ValidateStatefulSetSpec, ValidateDaemonSetSpec, ValidatePodTemplateSpecForReplicaSet),
// pkg/apis/batch/validation/validation.go (ValidateJobSpec, ValidateGeneratedSelector),
// pkg/apis/core/validation/validation.go (ValidateReplicationControllerSpec),
// pkg/apis/apps/v1/defaults.go, pkg/apis/batch/v1/defaults.go, pkg/apis/core/v1/defaults.go
// (SetDefaults_ReplicationController).

import type { LabelSelector, PodTemplateSpec, Workload, WorkloadKind } from '../types';
import { compileLabelSelector } from '../selectors';
import { defined, type Path, type Reader } from '../decoder';
import type { SrcMap } from '../source';
import { isDNS1123Label, isDNS1123Subdomain, invalid, notSupported, required } from '../validation';
import { decodeMetadata } from './metadata';
import { decodePodTemplate, templateLabelsNode } from './pod';
import { decodeClaimTemplates } from './storage';
import { decodeLabelSelector } from './scheduling';
import { decodePolicyExtras } from './podGroups';
import { versionsSince } from '../../versions';
import type { JobSchedulingConfiguration } from '../types';

const specFields: Record<WorkloadKind, readonly string[]> = {
  Deployment: ['replicas', 'selector', 'template', 'strategy', 'minReadySeconds', 'revisionHistoryLimit', 'paused', 'progressDeadlineSeconds'],
  ReplicaSet: ['replicas', 'minReadySeconds', 'selector', 'template'],
  StatefulSet: ['replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy', 'updateStrategy', 'revisionHistoryLimit', 'minReadySeconds', 'persistentVolumeClaimRetentionPolicy', 'ordinals'],
  DaemonSet: ['selector', 'template', 'updateStrategy', 'minReadySeconds', 'revisionHistoryLimit'],
  Job: ['parallelism', 'completions', 'activeDeadlineSeconds', 'podFailurePolicy', 'successPolicy', 'backoffLimit', 'backoffLimitPerIndex', 'maxFailedIndexes', 'selector', 'manualSelector', 'template', 'ttlSecondsAfterFinished', 'completionMode', 'suspend', 'podReplacementPolicy', 'managedBy', 'scheduling'],
  ReplicationController: ['replicas', 'minReadySeconds', 'selector', 'template'],
};

const emptySelectorName: Partial<Record<WorkloadKind, string>> = {
  Deployment: 'deployment', ReplicaSet: 'deployment', StatefulSet: 'statefulset', DaemonSet: 'daemonset',
};

export const workloadApiVersion: Record<WorkloadKind, string> = {
  Deployment: 'apps/v1', ReplicaSet: 'apps/v1', StatefulSet: 'apps/v1', DaemonSet: 'apps/v1', Job: 'batch/v1', ReplicationController: 'v1',
};

function selectorMatchesTemplate(r: Reader, spec: SrcMap, selector: LabelSelector, template: PodTemplateSpec, path: Path): void {
  const compiled = compileLabelSelector(selector);
  const labels = template.metadata?.labels ?? {};
  if (!compiled.empty && !compiled.matches(labels)) {
    const at = templateLabelsNode(r, r.child(spec, 'template'));
    r.error(at?.pos ?? spec.pos, [...path, 'template', 'metadata', 'labels'], invalid({ ...labels }, '`selector` does not match template `labels`'));
  }
}

function restartPolicy(r: Reader, spec: SrcMap, template: PodTemplateSpec, path: Path, allowed: readonly string[]): void {
  // upstream: SetDefaults_PodSpec sets Always before validation.
  const policy = template.spec.restartPolicy ?? 'Always';
  if (!allowed.includes(policy)) {
    const t = r.child(spec, 'template');
    const ts = t?.kind === 'map' ? r.child(t, 'spec') : undefined;
    const at = (ts?.kind === 'map' ? r.child(ts, 'restartPolicy') : undefined) ?? ts ?? t ?? spec;
    r.error(at.pos, [...path, 'template', 'spec', 'restartPolicy'], notSupported(policy, allowed));
  }
}

export function decodeWorkload(r: Reader, root: SrcMap, kind: WorkloadKind): Workload {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const validateName = kind === 'StatefulSet' ? isDNS1123Label : isDNS1123Subdomain;
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (!spec) {
    if (!r.has(root, 'spec')) r.error(root.pos, [...sp, 'template'], required());
    return { apiVersion: workloadApiVersion[kind], kind, metadata, spec: { template: { spec: { containers: [] } } } };
  }
  r.knownFields(spec, sp, new Set(specFields[kind]));
  const template = decodePodTemplate(r, r.child(spec, 'template'), [...sp, 'template'], spec.pos);

  let selector: LabelSelector | undefined;
  if (kind === 'ReplicationController') {
    const map = r.labels(spec, sp, 'selector');
    // upstream: SetDefaults_ReplicationController — an empty selector defaults to the template labels.
    selector = { matchLabels: map && Object.keys(map).length ? map : { ...(template?.metadata?.labels ?? {}) } };
    if (template) {
      if (Object.keys(selector.matchLabels!).length === 0) r.error(r.child(spec, 'selector')?.pos ?? spec.pos, [...sp, 'selector'], required());
      else selectorMatchesTemplate(r, spec, selector, template, sp);
    }
  } else {
    selector = decodeLabelSelector(r, r.child(spec, 'selector'), [...sp, 'selector']);
    const emptyName = emptySelectorName[kind];
    if (emptyName) {
      if (!selector) {
        if (!r.has(spec, 'selector')) r.requiredMissing(spec, sp, 'selector');
      } else if (!(selector.matchLabels && Object.keys(selector.matchLabels).length) && !(selector.matchExpressions?.length)) {
        r.error(r.child(spec, 'selector')!.pos, [...sp, 'selector'], invalid({}, `empty selector is invalid for ${emptyName}`));
      } else if (template) {
        selectorMatchesTemplate(r, spec, selector, template, sp);
      }
    }
  }

  const out: Workload['spec'] = { template: template ?? { spec: { containers: [] } } };
  if (selector) out.selector = selector;
  if (kind === 'Job') {
    const manualSelector = r.bool(spec, sp, 'manualSelector');
    if (manualSelector && selector && template) selectorMatchesTemplate(r, spec, selector, template, sp);
    if (template) restartPolicy(r, spec, template, sp, ['OnFailure', 'Never']);
    Object.assign(out, defined({
      parallelism: r.nonNegInt(spec, sp, 'parallelism'),
      completions: r.nonNegInt(spec, sp, 'completions'),
      completionMode: r.enumValue(spec, sp, 'completionMode', ['NonIndexed', 'Indexed'] as const),
      manualSelector,
      suspend: r.bool(spec, sp, 'suspend') || undefined,
    }));
    if (out.completionMode === 'Indexed' && out.completions === undefined) {
      r.error(spec.pos, [...sp, 'completions'], required('when completion mode is Indexed'));
    }
    const scheduling = decodeJobScheduling(r, spec, sp);
    if (scheduling) out.scheduling = scheduling;
  } else {
    if (template) restartPolicy(r, spec, template, sp, ['Always']);
    if (kind !== 'DaemonSet') {
      const replicas = r.nonNegInt(spec, sp, 'replicas');
      if (replicas !== undefined) out.replicas = replicas;
    }
    if (kind === 'StatefulSet') {
      Object.assign(out, defined({
        serviceName: r.str(spec, sp, 'serviceName'),
        podManagementPolicy: r.enumValue(spec, sp, 'podManagementPolicy', ['OrderedReady', 'Parallel'] as const),
        volumeClaimTemplates: decodeClaimTemplates(r, spec, sp),
      }));
    }
  }
  // a StatefulSet's status.updateRevision: the revision its pods are recreated at (a dump's pod of
  // another revision is of an older template); the rest of a workload's status is the controller's
  const status = r.child(root, 'status');
  const updateRevision = kind === 'StatefulSet' && status?.kind === 'map' ? r.str(status, ['status'], 'updateRevision') : undefined;
  // a Job's status.succeeded: the pods its controller has counted (and may have let go of: upstream
  // job_controller.go getStatus starts from it), so a stored Job does not redo finished work
  const succeeded = kind === 'Job' && status?.kind === 'map' ? r.nonNegInt(status, ['status'], 'succeeded') : undefined;
  const kept = defined({ updateRevision, succeeded });
  return { apiVersion: workloadApiVersion[kind], kind, metadata, spec: out, ...(Object.keys(kept).length ? { status: kept } : {}) };
}

/**
 * A Job's spec.scheduling (batch/v1 JobSchedulingConfiguration, v1.37, KEP-5547): served from
 * 1.37 on and, as the API server drops it without the gate (pkg/api/job DropDisabledFields), an
 * unknown field unless WorkloadWithJob is on. schedulingPolicy is `basic` or `gang` (minCount
 * optional, ≥ 1 when set); schedulingConstraints, disruptionMode and resourceClaims as a PodGroup's.
 */
function decodeJobScheduling(r: Reader, spec: SrcMap, sp: Path): JobSchedulingConfiguration | undefined {
  const path = [...sp, 'scheduling'];
  const m = r.map(r.child(spec, 'scheduling'), path);
  if (!m) return undefined;
  const keyPos = r.entry(spec, 'scheduling')!.keyPos;
  r.versioned(versionsSince('1.37'), keyPos, path,
    'strict decoding error: unknown field "spec.scheduling": a Job\'s spec.scheduling is served from Kubernetes 1.37 on (Scenario spec.kubernetesVersion); in 1.36 the Job controller infers a gang for an Indexed Job with completions = parallelism');
  r.gated('WorkloadWithJob', keyPos, path);
  r.knownFields(m, path, new Set(['schedulingPolicy', 'schedulingConstraints', 'disruptionMode', 'resourceClaims']));
  const extras = decodePolicyExtras(r, m, path);
  // priorityClassName and priority are no JobSchedulingConfiguration fields (warned above)
  delete extras.priorityClassName;
  delete extras.priority;
  const out: JobSchedulingConfiguration = extras;
  const pp = [...path, 'schedulingPolicy'];
  const policy = r.map(r.child(m, 'schedulingPolicy'), pp);
  if (!policy) return out;
  r.knownFields(policy, pp, new Set(['basic', 'gang']));
  const basic = r.child(policy, 'basic');
  const gang = r.map(r.child(policy, 'gang'), [...pp, 'gang']);
  if (basic && gang) {
    r.error(policy.pos, pp, invalid('{`basic`, `gang`}', 'exactly one of `basic`, `gang` is required, but multiple fields are set'));
  } else if (gang) {
    r.knownFields(gang, [...pp, 'gang'], new Set(['minCount']));
    const minCount = r.int(gang, [...pp, 'gang'], 'minCount');
    if (minCount !== undefined && minCount < 1) r.error(r.child(gang, 'minCount')!.pos, [...pp, 'gang', 'minCount'], invalid(minCount, 'must be greater than zero'));
    out.schedulingPolicy = { gang: minCount !== undefined && minCount >= 1 ? { minCount } : {} };
  } else if (basic) {
    out.schedulingPolicy = { basic: {} };
  }
  return out;
}
