// Creating a workload through the API server: what it sets before any controller sees the object.
// upstream: pkg/registry/batch/job/strategy.go (generateSelector: the controller-uid and job-name
// labels), pkg/apis/batch/v1/defaults.go (SetDefaults_Job), staging/src/k8s.io/apiserver/pkg/registry/rest/create.go
// (uid and creationTimestamp on create).

import type { NameGenerator } from '../names';
import type { Labels, Workload } from '../types';

export const JOB_CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';

/** upstream: generateSelector — the labels the API server puts on a Job's template (without manualSelector). */
export function jobLabels(job: Workload): Labels {
  const uid = job.metadata.uid ?? '';
  return {
    [JOB_CONTROLLER_UID_LABEL]: uid, [JOB_NAME_LABEL]: job.metadata.name,
    [LEGACY_CONTROLLER_UID_LABEL]: uid, [LEGACY_JOB_NAME_LABEL]: job.metadata.name,
  };
}

/**
 * upstream: pkg/registry/batch/job/strategy.go generateSelector — without manualSelector the API
 * server labels the template with the Job's uid and name and selects on the uid. Idempotent.
 */
export function generateJobSelector(job: Workload): void {
  if (job.spec.manualSelector) return;
  const template = job.spec.template;
  template.metadata = { ...template.metadata, labels: { ...(template.metadata?.labels ?? {}), ...jobLabels(job) } };
  job.spec.selector ??= { matchLabels: { [JOB_CONTROLLER_UID_LABEL]: job.metadata.uid ?? '' } };
}

/** upstream: SetDefaults_Job — both unset means one pod, one completion. */
export function jobParallelism(job: Workload): { parallelism: number; completions?: number } {
  if (job.spec.parallelism === undefined && job.spec.completions === undefined) return { parallelism: 1, completions: 1 };
  return { parallelism: job.spec.parallelism ?? 1, ...(job.spec.completions !== undefined ? { completions: job.spec.completions } : {}) };
}

/**
 * What the API server sets when a workload is created: uid, creationTimestamp and, for a Job,
 * the generated selector and labels. Changes the object; running it again changes nothing.
 */
export function admitWorkload(workload: Workload, ctx: { names: NameGenerator; now: number }): void {
  const m = workload.metadata;
  m.namespace ??= 'default';
  m.uid ??= ctx.names.uid(workload.kind, m.namespace, m.name);
  m.creationTimestamp ??= ctx.now;
  if (workload.kind === 'Job') generateJobSelector(workload);
}
