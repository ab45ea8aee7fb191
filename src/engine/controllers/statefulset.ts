// StatefulSet: pods <name>-0 … <name>-(replicas-1) with stable names and identity labels.
// upstream: pkg/controller/statefulset/stateful_set_utils.go (newStatefulSetPod, getPodName,
// initIdentity, setPodRevision), stateful_set_control.go (events), apps/v1 labels
// (statefulset.kubernetes.io/pod-name, apps.kubernetes.io/pod-index, controller-revision-hash).

import { admitClaim } from '../model/admission/storage';
import type { PersistentVolumeClaim } from '../model/storage';
import type { Pod, PodVolume, Workload } from '../model/types';
import type { EphemeralVolumeContext } from './ephemeral';
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
    withClaimVolumes(sts, pod, ordinal);
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

/** upstream: stateful_set_utils.go getPersistentVolumeClaimName — `<template>-<set>-<ordinal>` */
export const statefulSetClaimName = (sts: Workload, template: string, ordinal: number): string => `${template}-${sts.metadata.name}-${ordinal}`;

/**
 * upstream: stateful_set_utils.go updateStorage — the pod mounts one claim per template, in a volume
 * named as the template (replacing a template volume of the same name), after its own volumes.
 */
function withClaimVolumes(sts: Workload, pod: Pod, ordinal: number): void {
  const templates = sts.spec.volumeClaimTemplates ?? [];
  if (templates.length === 0) return;
  const names = new Set(templates.map((t) => t.metadata.name));
  const claimVolumes: PodVolume[] = templates.map((t) => ({ name: t.metadata.name, persistentVolumeClaim: { claimName: statefulSetClaimName(sts, t.metadata.name, ordinal) } }));
  pod.spec.volumes = [...(pod.spec.volumes ?? []).filter((v) => !names.has(v.name)), ...claimVolumes];
}

/**
 * upstream: stateful_pod_control.go createPersistentVolumeClaims — the claims of a set's pod that
 * do not exist yet, labelled with the set's selector (getPersistentVolumeClaims). With the default
 * retention policy (Retain) they have no owner: they outlive the pod and the next pod of that
 * ordinal mounts them again.
 */
export function statefulSetClaims(sts: Workload, pod: Pod, ctx: EphemeralVolumeContext): PersistentVolumeClaim[] {
  const ordinal = Number(pod.metadata.labels?.[POD_INDEX_LABEL] ?? pod.metadata.name.slice(sts.metadata.name.length + 1));
  if (!Number.isInteger(ordinal)) return [];
  const ns = sts.metadata.namespace ?? 'default';
  const selectorLabels = sts.spec.selector?.matchLabels ?? {};
  return (sts.spec.volumeClaimTemplates ?? []).flatMap((t) => {
    const name = statefulSetClaimName(sts, t.metadata.name, ordinal);
    if (ctx.claimExists(ns, name)) return [];
    const labels = { ...(t.metadata.labels ?? {}), ...selectorLabels };
    return [admitClaim({
      apiVersion: 'v1', kind: 'PersistentVolumeClaim',
      metadata: {
        name, namespace: ns, uid: ctx.names.uid('PersistentVolumeClaim', ns, name), creationTimestamp: ctx.now,
        ...(Object.keys(labels).length ? { labels } : {}),
        ...(t.metadata.annotations ? { annotations: { ...t.metadata.annotations } } : {}),
      },
      spec: structuredClone(t.spec),
      status: { phase: 'Pending' },
    }, ctx.storageClasses)];
  });
}
