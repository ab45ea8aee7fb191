// upstream: pkg/scheduler/framework/plugins/helper/spread.go (DefaultSelector, GetPodServices)
// The selector a pod is spread by when it declares no topologySpreadConstraints of its own.

import type { ClusterLister } from '../../framework/interfaces';
import { podNamespace } from '../../framework/podInfo';
import { compileMapSelector } from '../../model/selectors';
import type { LabelSelector, LabelSelectorRequirement, Labels, OwnerReference, Pod, Service } from '../../model/types';

/** The controllers whose selector DefaultSelector reads, by upstream GroupVersionKind. */
const REPLICATION_CONTROLLER = { apiVersion: 'v1', kind: 'ReplicationController' };
const REPLICA_SET = { apiVersion: 'apps/v1', kind: 'ReplicaSet' };
const STATEFUL_SET = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

/** upstream: GetPodServices — Services in the pod's namespace whose selector matches the pod. */
export function getPodServices(cluster: ClusterLister, pod: Pod): Service[] {
  return cluster.services(podNamespace(pod)).filter((service) => {
    // A Service without a selector matches nothing, not everything.
    if (service.spec.selector === undefined || service.spec.selector === null) return false;
    return compileMapSelector(service.spec.selector).matches(pod.metadata.labels ?? {});
  });
}

/** upstream: metav1.GetControllerOfNoCopy — the first owner reference with controller: true. */
function controllerOf(pod: Pod): OwnerReference | undefined {
  return (pod.metadata.ownerReferences ?? []).find((o) => o.controller === true);
}

function isKind(owner: OwnerReference, gvk: { apiVersion: string; kind: string }): boolean {
  return owner.apiVersion === gvk.apiVersion && owner.kind === gvk.kind;
}

/**
 * A LabelSelector's requirements as expressions (matchLabels become `In [value]`), so that they
 * can be ANDed onto another selector without a key of one overwriting the other (labels.Selector.Add).
 * A nil selector has no requirements (labels.Nothing().Requirements() is not ok).
 */
export function selectorRequirements(selector: LabelSelector | undefined | null): LabelSelectorRequirement[] {
  if (selector === undefined || selector === null) return [];
  const fromLabels = Object.entries(selector.matchLabels ?? {}).map(([key, value]): LabelSelectorRequirement => ({ key, operator: 'In', values: [value] }));
  return [...fromLabels, ...(selector.matchExpressions ?? [])];
}

/**
 * upstream: DefaultSelector — the union of the selectors of the Services selecting the pod, ANDed
 * with the selector of the pod's controller if it is a ReplicationController, ReplicaSet or
 * StatefulSet. Returned as data (a LabelSelector) so explanations can show it; an empty result
 * (no matchLabels, no matchExpressions) means "no default spreading".
 */
export function defaultSelector(pod: Pod, cluster: ClusterLister): LabelSelector {
  // Services, RCs, RSs and SSs all match the pod, so their labels cannot conflict: merging is safe.
  let labelSet: Labels = {};
  for (const service of getPodServices(cluster, pod)) labelSet = { ...labelSet, ...service.spec.selector };
  const selector: LabelSelector = { matchLabels: labelSet, matchExpressions: [] };

  const owner = controllerOf(pod);
  if (owner === undefined) return selector;
  const namespace = podNamespace(pod);
  if (isKind(owner, REPLICATION_CONTROLLER)) {
    const rc = cluster.workload(owner.kind, namespace, owner.name);
    if (rc) return { matchLabels: { ...labelSet, ...replicationControllerSelector(rc.spec.selector) }, matchExpressions: [] };
  } else if (isKind(owner, REPLICA_SET) || isKind(owner, STATEFUL_SET)) {
    const workload = cluster.workload(owner.kind, namespace, owner.name);
    if (workload) selector.matchExpressions = selectorRequirements(workload.spec.selector);
  }
  return selector;
}

/**
 * A ReplicationController's spec.selector is a plain label map in the API; the model may hold it
 * as written or wrapped as {matchLabels}.
 */
function replicationControllerSelector(selector: LabelSelector | Labels | undefined): Labels {
  if (selector === undefined || selector === null) return {};
  if ('matchLabels' in selector || 'matchExpressions' in selector) return (selector as LabelSelector).matchLabels ?? {};
  return selector as Labels;
}

/** labels.Selector.Empty() for a selector built by defaultSelector. */
export function isEmptySelector(selector: LabelSelector): boolean {
  return Object.keys(selector.matchLabels ?? {}).length === 0 && (selector.matchExpressions ?? []).length === 0;
}
