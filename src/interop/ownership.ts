// Which workload objects of a dump stay beside its pods, so that nothing is expanded twice.
//
// The pods in a dump are the cluster's state; the simulator's controllers only ever add the pods
// a controller is missing, and they count a pod as theirs by its controller reference (kind,
// name and uid: uids are kept for this).
//  - ReplicaSets, ReplicationControllers, StatefulSets and DaemonSets stay beside their pods:
//    they claim them, so they create only what the real controller would also be creating.
//    A ReplicaSet scaled to 0 with no pods (a Deployment's old revision) is dropped.
//  - A Deployment stays beside its ReplicaSets when one of them has its pod template (apart from
//    the pod-template-hash label): the simulated controller finds that ReplicaSet as its current
//    one (upstream deployment_util.go FindNewReplicaSet, EqualIgnoreHash) and creates nothing new,
//    and a fix for its pods is written into the Deployment, the object a reviewer edits. It is
//    dropped when only other ReplicaSets of it, or only pods of one (by the
//    `<deployment>-<pod-template-hash>` name), are in the dump: they stand for it. Kept then, it
//    would find no current ReplicaSet and start a second one with a new template hash, doubling
//    the pods.
//  - A Job stays beside its pods: the simulated Job controller claims them by their controller
//    reference, as upstream's claims them by its selector (the batch.kubernetes.io/controller-uid
//    label), and counts the finished ones from the Job's status (`jobSucceeded` below), so it starts
//    only the work that is left. A fix for its pods is written into the Job's template. A Job that
//    has finished (a Complete or Failed condition) is dropped: it creates nothing more.
// Pods keep their owner references either way.

import { cleanTemplate, controllerRefOf, kindOf, labelsOf, list, nameOf, namespaceOf, obj, refersTo, str, type Obj } from './objects';

export interface Ownership {
  kept: Obj[];
  /** "Kind namespace/name" of the dropped ones */
  dropped: string[];
  /** warnings about controllers that will create pods the dump does not have */
  warnings: string[];
}

const isFinished = (p: Obj): boolean => {
  const phase = str(obj(p.status)?.phase);
  return phase === 'Succeeded' || phase === 'Failed';
};

function hasFinished(job: Obj): boolean {
  return list(obj(job.status)?.conditions).some((c) => {
    const cond = obj(c);
    return (cond?.type === 'Complete' || cond?.type === 'Failed') && cond.status === 'True';
  });
}

/** JSON with object keys sorted: two templates written in another key order compare equal. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${sortedJson((v as Obj)[k])}`).join(',')}}`;
}

/** A workload's pod template as the importer writes it, without the pod-template-hash label (upstream: EqualIgnoreHash). */
function templateIgnoringHash(w: Obj): string {
  const template = cleanTemplate(obj(w.spec)?.template);
  const metadata = obj(template.metadata);
  const labels = obj(metadata?.labels);
  if (labels && 'pod-template-hash' in labels) {
    const { 'pod-template-hash': _hash, ...rest } = labels;
    return sortedJson({ ...template, metadata: { ...metadata, labels: rest } });
  }
  return sortedJson(template);
}

/** the finalizer the Job controller puts on its pods until it has counted them (upstream: batch.JobTrackingFinalizer) */
export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';

/**
 * How many of a Job's pods have succeeded, for the import (which drops finished pods): upstream
 * job_controller.go getStatus — status.succeeded, plus the Succeeded pods still carrying the
 * tracking finalizer (finished, not yet counted into the status). A Job stored without a status
 * (a trimmed dump) counts its Succeeded pods by phase, as getStatus did before finalizer tracking.
 */
export function jobSucceeded(job: Obj, ownPods: readonly Obj[]): number {
  const succeeded = ownPods.filter((p) => str(obj(p.status)?.phase) === 'Succeeded');
  const recorded = obj(job.status)?.succeeded;
  if (typeof recorded !== 'number') return succeeded.length;
  return recorded + succeeded.filter((p) => list(obj(p.metadata)?.finalizers).includes(JOB_TRACKING_FINALIZER)).length;
}

/** `workloads` and all the dump's `pods` (finished ones included) → the workloads to keep. */
export function settleWorkloads(workloads: readonly Obj[], pods: readonly Obj[]): Ownership {
  // Pods by their controller's kind/namespace/name; Deployments their ReplicaSets' pods point at.
  const podsByOwner = new Map<string, Obj[]>();
  const deploymentsWithPods = new Set<string>();
  for (const p of pods) {
    const ref = controllerRefOf(p);
    if (!ref) continue;
    const ns = namespaceOf(p);
    const key = `${str(ref.kind)}/${ns}/${str(ref.name)}`;
    const group = podsByOwner.get(key);
    if (group) group.push(p);
    else podsByOwner.set(key, [p]);
    const hash = labelsOf(p)['pod-template-hash'];
    const rs = str(ref.name) ?? '';
    if (ref.kind === 'ReplicaSet' && hash && rs.endsWith(`-${hash}`)) deploymentsWithPods.add(`${ns}/${rs.slice(0, -hash.length - 1)}`);
  }
  const ownedPods = (w: Obj): Obj[] => (podsByOwner.get(`${kindOf(w)}/${namespaceOf(w)}/${nameOf(w)}`) ?? []).filter((p) => refersTo(controllerRefOf(p), w));
  const replicaSets = workloads.filter((w) => kindOf(w) === 'ReplicaSet');

  const out: Ownership = { kept: [], dropped: [], warnings: [] };
  for (const w of workloads) {
    const kind = kindOf(w);
    const ns = namespaceOf(w);
    const own = kind === 'Deployment' ? replicaSets.filter((rs) => namespaceOf(rs) === ns && refersTo(controllerRefOf(rs), w)) : [];
    const drop = kind === 'Deployment'
      ? !own.some((rs) => templateIgnoringHash(rs) === templateIgnoringHash(w)) && (deploymentsWithPods.has(`${ns}/${nameOf(w)}`) || own.length > 0)
      : kind === 'Job'
        ? hasFinished(w)
        : kind === 'ReplicaSet' && obj(w.spec)?.replicas === 0 && ownedPods(w).length === 0;
    if (drop) {
      out.dropped.push(`${kind} ${ns}/${nameOf(w)}`);
      continue;
    }
    if (kind === 'Job') {
      // its finished pods are dropped with the import: their count goes into the status the controller reads
      const succeeded = jobSucceeded(w, ownedPods(w));
      out.kept.push(succeeded > 0 ? { ...w, status: { ...obj(w.status), succeeded } } : w);
      continue;
    }
    out.kept.push(w);
    if (kind === 'ReplicaSet' || kind === 'ReplicationController' || kind === 'StatefulSet') {
      const replicas = typeof obj(w.spec)?.replicas === 'number' ? (obj(w.spec)!.replicas as number) : 1;
      const have = ownedPods(w).filter((p) => !isFinished(p)).length;
      if (replicas > have && have > 0) {
        out.warnings.push(`${kind} ${ns}/${nameOf(w)} wants ${replicas} replicas and the dump has ${have} of its pods: the simulator creates ${replicas - have}, as its controller would`);
      }
    }
  }
  return out;
}
