// WorkloadWithJob (KEP-5547): the Job controller makes a scheduling.k8s.io Workload and its
// PodGroup for a new Job, and names the PodGroup in the pods it creates, so that the Job's pods
// are scheduled as one group. Alpha in 1.36 and 1.37, off by default, needs GenericWorkload.
//
// upstream: pkg/controller/job/job_scheduling_manager.go, read at two commits:
// - v1.36 (scheduling/v1alpha2): shouldManageWorkloadForJob infers a gang for an Indexed Job with
//   parallelism > 1 and completions == parallelism whose pod template names no schedulingGroup
//   (jobutil.IsGangSchedulingCandidate); the template is `<job>-pgt-0` with gang minCount =
//   parallelism; event WorkloadCreated. A Workload is created only for a Job that never started
//   (isNewJob); its missing PodGroup is created whenever the Workload is found.
// - v1.37 (KEP-5547 v1alpha2, the Job's spec.scheduling, workloadbuilder): every Job whose
//   template names no schedulingGroup and that has no controller owner gets a Workload and a
//   PodGroup; the policy is spec.scheduling's (gang minCount defaulting to parallelism) or Basic
//   when left out; schedulingConstraints, disruptionMode and resourceClaims are copied into both;
//   events WorkloadCreated and PodGroupCreated; both only for a new Job.
// Names (both versions): Workload `<job>-<hash of the Job's uid>`, PodGroup
// `<workload>-<template>-<hash of both names>` (computeWorkloadName, computePodGroupName); the
// Workload is controlled by the Job, the PodGroup by the Job and also owned by the Workload.

import type { JobSchedulingConfiguration, OwnerReference, PodGroup, PodGroupApiVersion, PodGroupSchedulingPolicy, PodGroupTemplate, SchedulingWorkload, Workload } from '../model/types';
import { SCHEDULING_V1ALPHA2, SCHEDULING_V1BETA1 } from '../model/types';
import { fnv32a, safeEncodeString } from '../model/names';
import type { FeatureGates } from '../features';
import { jobParallelism } from '../model/admission/workloads';
import { controllerOf, controllerRef, event, namespaceOf, objectRef, type ControllerContext, type ExpansionResult } from './common';

/** upstream: validation.DNS1123SubdomainMaxLength */
const MAX_NAME = 253;

/** upstream: rand.SafeEncodeString(fmt.Sprint(fnv32a)) */
const encodedHash = (h: number): string => safeEncodeString(String(h >>> 0));

/**
 * upstream: computeWorkloadName — `<job name>-<hash>`, the hash of the Job's UID as
 * hashutil.DeepHashObject writes it (spew's `%#v` of a types.UID: `(types.UID)"<uid>"`).
 */
export function jobWorkloadName(job: Workload): string {
  const hash = encodedHash(fnv32a(`(types.UID)"${job.metadata.uid ?? ''}"`));
  return `${job.metadata.name.slice(0, MAX_NAME - hash.length - 1)}-${hash}`;
}

/** upstream: computePodGroupName — `<workload>-<template>-<hash of both>`, each part cut to fit 253 characters */
export function jobPodGroupName(workloadName: string, templateName: string): string {
  const hash = encodedHash(fnv32a(templateName, fnv32a(workloadName)));
  const room = MAX_NAME - hash.length - 2;
  let wl = workloadName;
  let tpl = templateName;
  if (wl.length + tpl.length > room) {
    const half = Math.floor(room / 2);
    if (wl.length <= half) tpl = tpl.slice(0, room - wl.length);
    else if (tpl.length <= half) wl = wl.slice(0, room - tpl.length);
    else { wl = wl.slice(0, room - half); tpl = tpl.slice(0, half); }
  }
  return `${wl}-${tpl}-${hash}`;
}

/** upstream: podGroupTemplateName — one template per Job */
export const jobPodGroupTemplateName = (job: Workload): string => `${job.metadata.name}-pgt-0`;

/**
 * The PodGroup policy fields the controller compiles for the Job, or undefined when the Job is
 * not one it manages (upstream: shouldManageWorkloadForJob, per version).
 */
export function jobPodGroupFields(job: Workload, ctx: ControllerContext): Omit<PodGroupTemplate, 'name'> | undefined {
  const gates = ctx.gates;
  if (!gates?.GenericWorkload || !gates.WorkloadWithJob || !ctx.switches?.podGroupApi) return undefined;
  if (job.spec.template.spec.schedulingGroup) return undefined;
  const { parallelism, completions } = jobParallelism(job);
  if (!ctx.switches.workloadApiBeta) {
    // v1.36: jobutil.IsGangSchedulingCandidate
    const candidate = parallelism > 1 && job.spec.completionMode === 'Indexed' && completions === parallelism;
    return candidate ? { schedulingPolicy: { gang: { minCount: parallelism } }, disruptionMode: 'Single' } : undefined;
  }
  // v1.37: a Job with a controller owner (a JobSet's) is a node of its parent's workload
  if (controllerOf(job)) return undefined;
  const fields = compileScheduling(job.spec.scheduling, parallelism, gates);
  // the group takes the pods' PriorityClass (KEP-6089 "Library Usage Example (Job)": buildWorkloadItem's
  // DefaultConfig.PriorityClassName is the template's), so that the PodGroup's priority, resolved
  // by the Priority admission plugin, is its pods' (validatePodGroup compares them from v1.37)
  const priorityClassName = job.spec.template.spec.priorityClassName;
  if (priorityClassName) fields.priorityClassName = priorityClassName;
  return fields;
}

/**
 * upstream (v1.37): workloadbuilder.Build with the Job's defaults — Basic, or gang with minCount =
 * parallelism. The controller creates the Workload and the PodGroup through the API server, whose
 * strategies drop what a manifest's would (pkg/registry/scheduling/podgroup/strategy.go
 * dropDisabledPodGroupSpecFields, workload/strategy.go for the template): schedulingConstraints
 * without TopologyAwareWorkloadScheduling, resourceClaims without DRAWorkloadResourceClaims.
 * disruptionMode needs GenericWorkload at 1.37 (kubernetes PR #139520), which this path needs anyway.
 */
function compileScheduling(s: JobSchedulingConfiguration | undefined, parallelism: number, gates: FeatureGates): Omit<PodGroupTemplate, 'name'> {
  const policy: PodGroupSchedulingPolicy = s?.schedulingPolicy?.gang ? { gang: { minCount: s.schedulingPolicy.gang.minCount ?? parallelism } } : { basic: {} };
  const out: Omit<PodGroupTemplate, 'name'> = { schedulingPolicy: policy, disruptionMode: s?.disruptionMode ?? 'Single' };
  if (s?.schedulingConstraints && gates.TopologyAwareWorkloadScheduling) out.schedulingConstraints = structuredClone(s.schedulingConstraints);
  if (s?.resourceClaims?.length && gates.DRAWorkloadResourceClaims) out.resourceClaims = structuredClone(s.resourceClaims);
  return out;
}

const controlledByJob = (o: { metadata: { ownerReferences?: OwnerReference[] } }, job: Workload): boolean => {
  const ref = controllerOf(o);
  return ref?.kind === 'Job' && ref.name === job.metadata.name && (!job.metadata.uid || !ref.uid || ref.uid === job.metadata.uid);
};

/**
 * upstream: ensureWorkloadAndPodGroup — the PodGroup the Job's pods are to name, found or created
 * (creations go into `result`), or undefined: the pods are created without a schedulingGroup.
 * `started`: the Job has pods or finished ones (upstream isNewJob is false).
 */
export function ensureJobPodGroup(job: Workload, ctx: ControllerContext, started: boolean, result: ExpansionResult): PodGroup | undefined {
  const fields = jobPodGroupFields(job, ctx);
  if (!fields) return undefined;
  const ns = namespaceOf(job);
  const v137 = ctx.switches!.workloadApiBeta;
  const apiVersion: PodGroupApiVersion = v137 ? SCHEDULING_V1BETA1 : SCHEDULING_V1ALPHA2;
  const mine = [...(ctx.schedulingWorkloads?.values() ?? [])].filter((w) => namespaceOf(w) === ns
    && w.spec.controllerRef?.kind === 'Job' && w.spec.controllerRef.name === job.metadata.name && controlledByJob(w, job));
  // more than one: upstream falls back to default scheduling
  if (mine.length > 1) return undefined;
  let workload = mine[0];
  if (!workload) {
    if (started) return undefined;
    const name = jobWorkloadName(job);
    workload = {
      apiVersion, kind: 'Workload',
      metadata: { name, namespace: ns, uid: ctx.names.uid('Workload', ns, name), creationTimestamp: ctx.now, ownerReferences: [controllerRef(job)] },
      spec: { controllerRef: { apiGroup: 'batch', kind: 'Job', name: job.metadata.name }, podGroupTemplates: [{ name: jobPodGroupTemplateName(job), ...fields }] },
    } satisfies SchedulingWorkload;
    (result.schedulingWorkloads ??= []).push(workload);
    result.events.push(event(ctx, 'Normal', 'WorkloadCreated', objectRef(job), `Created Workload ${name} for Job ${job.metadata.name}`));
  }
  // upstream validateWorkloadStructure: one template, or default scheduling
  const template = workload.spec.podGroupTemplates.length === 1 ? workload.spec.podGroupTemplates[0]! : undefined;
  if (!template) return undefined;
  const groups = [...(ctx.podGroups?.values() ?? []), ...(result.podGroups ?? [])].filter((g) => namespaceOf(g) === ns
    && g.spec.workloadRef?.workloadName === workload.metadata.name && controlledByJob(g, job));
  if (groups.length > 1) return undefined;
  if (groups[0]) return groups[0];
  // v1.36 creates a missing PodGroup whenever the Workload is there; v1.37 only for a new Job
  if (v137 && started) return undefined;
  const { name: templateName, ...policy } = template;
  const name = jobPodGroupName(workload.metadata.name, templateName);
  const podGroup: PodGroup = {
    apiVersion, kind: 'PodGroup',
    metadata: {
      name, namespace: ns, uid: ctx.names.uid('PodGroup', ns, name), creationTimestamp: ctx.now,
      // the Workload's reference is no controller and does not block its deletion
      ownerReferences: [controllerRef(job), { apiVersion: workload.apiVersion, kind: 'Workload', name: workload.metadata.name, ...(workload.metadata.uid ? { uid: workload.metadata.uid } : {}) }],
    },
    spec: { ...structuredClone(policy), workloadRef: { workloadName: workload.metadata.name, templateName } },
  };
  (result.podGroups ??= []).push(podGroup);
  if (v137) result.events.push(event(ctx, 'Normal', 'PodGroupCreated', objectRef(job), `Created PodGroup ${name} for Job ${job.metadata.name}`));
  return podGroup;
}
