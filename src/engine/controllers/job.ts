// Job: `parallelism` pods at a time, no more than the completions still needed.
// upstream: pkg/controller/job/job_controller.go (manageJob), pkg/controller/job/indexed_job_utils.go,
// pkg/registry/batch/job/strategy.go (generateSelector: the controller-uid and job-name labels),
// pkg/apis/batch/v1/defaults.go (SetDefaults_Job).

import type { Labels, Workload } from '../model/types';
import { activePods, claimPods, createPods, createdPodMessages, deletionOrder, emptyResult, podFromTemplate, type ControllerContext, type ExpansionResult } from './common';

export const JOB_CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
export const JOB_COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';

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

export function expandJob(job: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const { parallelism, completions } = jobParallelism(job);
  const claimed = claimPods(job, ctx, result);
  const active = activePods(claimed);
  const succeeded = claimed.filter((p) => p.status.phase === 'Succeeded');
  // upstream: manageJob — wantActive is parallelism, capped by the completions remaining
  let wantActive = parallelism;
  if (completions !== undefined) wantActive = Math.max(0, Math.min(parallelism, completions - succeeded.length));
  else if (succeeded.length > 0) wantActive = 0;
  const diff = wantActive - active.length;
  if (diff < 0) result.excess.push(...deletionOrder(active).slice(0, -diff));
  if (diff <= 0) return result;
  const labels = job.spec.manualSelector ? {} : jobLabels(job);
  const indexed = job.spec.completionMode === 'Indexed';
  const usedIndexes = new Set([...active, ...succeeded].map((p) => p.metadata.annotations?.[JOB_COMPLETION_INDEX]));
  const pods = [];
  for (let i = 0, index = 0; i < diff; i++) {
    if (indexed) {
      while (usedIndexes.has(String(index))) index++;
      if (completions !== undefined && index >= completions) break;
      usedIndexes.add(String(index));
      const pod = podFromTemplate(job, job.spec.template, { ...labels, [JOB_COMPLETION_INDEX]: String(index) });
      pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), [JOB_COMPLETION_INDEX]: String(index) };
      pod.metadata.generateName = `${job.metadata.name}-${index}-`;
      pods.push(pod);
    } else {
      const pod = podFromTemplate(job, job.spec.template, labels);
      pod.metadata.generateName = `${job.metadata.name}-`;
      pods.push(pod);
    }
  }
  createPods(job, pods, ctx, result, createdPodMessages);
  return result;
}
