// Job: `parallelism` pods at a time, no more than the completions still needed; none while
// spec.suspend is true.
// upstream: pkg/controller/job/job_controller.go (syncJob, manageJob), pkg/controller/job/indexed_job_utils.go;
// the labels and defaults the API server sets are in ../model/admission/workloads.ts.

import type { JobCondition, Workload } from '../model/types';
import { jobLabels, jobParallelism } from '../model/admission/workloads';
import { ensureJobPodGroup } from './jobWorkload';
import { activePods, claimPods, createPods, createdPodMessages, deletionOrder, emptyResult, event, objectRef, podFromTemplate, type ControllerContext, type ExpansionResult } from './common';

export const JOB_COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';

export function expandJob(job: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const { parallelism, completions } = jobParallelism(job);
  const claimed = claimPods(job, ctx, result);
  const active = activePods(claimed);
  const succeeded = claimed.filter((p) => p.status.phase === 'Succeeded');
  // upstream getStatus: a stored Job's status.succeeded counts the pods it finished (the dump may
  // have none of them left, and those it has are counted there: the loader drops the tracking
  // finalizer that marks a pod not yet counted); a Job without it counts its Succeeded pods
  const succeededCount = job.status?.succeeded ?? succeeded.length;
  const wasSuspended = job.status?.conditions?.find((c) => c.type === 'Suspended');
  // WorkloadWithJob: the Workload and PodGroup come before the pods that name it; a Job with a
  // Suspended condition (either status) is no new Job (upstream job_scheduling_manager.go isNewJob)
  const podGroup = ensureJobPodGroup(job, ctx, claimed.length > 0 || wasSuspended !== undefined, result);
  // upstream syncJob: the Suspended condition and its events, set only when its status changes
  // (ensureJobConditionStatus adds no False condition to a Job that never was suspended)
  const suspended = job.spec.suspend === true;
  if (suspended !== (wasSuspended?.status === 'True') && (suspended || wasSuspended)) {
    const condition: JobCondition = suspended
      ? { type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'Job suspended', lastTransitionTime: ctx.now }
      : { type: 'Suspended', status: 'False', reason: 'JobResumed', message: 'Job resumed', lastTransitionTime: ctx.now };
    result.status = { ...job.status, conditions: [...(job.status?.conditions ?? []).filter((c) => c.type !== 'Suspended'), condition] };
    result.events.push(event(ctx, 'Normal', suspended ? 'Suspended' : 'Resumed', objectRef(job), condition.message));
  }
  // upstream manageJob: a suspended Job deletes all its active pods and creates none
  if (suspended) {
    result.excess.push(...deletionOrder(active));
    result.excessReason = 'Deleted';
    return result;
  }
  // upstream: manageJob — wantActive is parallelism, capped by the completions remaining
  let wantActive = parallelism;
  if (completions !== undefined) wantActive = Math.max(0, Math.min(parallelism, completions - succeededCount));
  else if (succeededCount > 0) wantActive = 0;
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
  if (podGroup) for (const pod of pods) pod.spec.schedulingGroup = { podGroupName: podGroup.metadata.name };
  createPods(job, pods, ctx, result, createdPodMessages);
  return result;
}
