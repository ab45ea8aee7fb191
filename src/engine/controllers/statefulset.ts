// StatefulSet: pods <name>-0 … <name>-(replicas-1) with stable names and identity labels.
// upstream: pkg/controller/statefulset/stateful_set_utils.go (newStatefulSetPod, getPodName,
// initIdentity, setPodRevision), stateful_set_control.go (events), apps/v1 labels
// (statefulset.kubernetes.io/pod-name, apps.kubernetes.io/pod-index, controller-revision-hash).

import type { Workload } from '../model/types';
import { activePods, claimPods, computeHash, createPods, emptyResult, podFromTemplate, type ControllerContext, type ExpansionResult } from './common';

export const STATEFULSET_POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';

export function expandStatefulSet(sts: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const name = sts.metadata.name;
  const replicas = sts.spec.replicas ?? 1;
  const claimed = claimPods(sts, ctx, result);
  const owned = activePods(claimed);
  // upstream: stateful_set_control.go — a terminating pod keeps its ordinal until it is gone
  // ("StatefulSet is waiting for Pod to Terminate"); only then is it created again, with its name.
  const existing = new Set(claimed.map((p) => p.metadata.name));
  // upstream: the revision is a ControllerRevision named <set>-<hash>
  const revision = `${name}-${computeHash(sts.spec.template)}`;
  const pods = [];
  for (let ordinal = 0; ordinal < replicas; ordinal++) {
    const podName = `${name}-${ordinal}`;
    if (existing.has(podName)) continue;
    const pod = podFromTemplate(sts, sts.spec.template, {
      [CONTROLLER_REVISION_HASH_LABEL]: revision,
      [STATEFULSET_POD_NAME_LABEL]: podName,
      [POD_INDEX_LABEL]: String(ordinal),
    });
    pod.metadata.name = podName;
    pods.push(pod);
  }
  // upstream: the highest ordinals go first when scaling down
  const ordinalOf = (n: string) => Number(n.slice(name.length + 1));
  result.excess.push(...owned.filter((p) => ordinalOf(p.metadata.name) >= replicas).sort((a, b) => ordinalOf(b.metadata.name) - ordinalOf(a.metadata.name)));
  // OrderedReady waits for each pod to be Running and Ready before the next; the simulator creates
  // them together but, like upstream, stops at the first failure.
  createPods(sts, pods, ctx, result, {
    created: (pod) => `create Pod ${pod.metadata.name} in StatefulSet ${name} successful`,
    failed: (pod, error) => `create Pod ${pod.metadata.name} in StatefulSet ${name} failed error: ${error}`,
  }, sts.spec.podManagementPolicy !== 'Parallel');
  return result;
}
