// Deployment: a ReplicaSet <name>-<pod-template-hash> whose pods carry the pod-template-hash label.
// upstream: pkg/controller/deployment/sync.go (getNewReplicaSet), pkg/controller/deployment/util/
// deployment_util.go (FindNewReplicaSet, EqualIgnoreHash), pkg/controller/controller_utils.go.

import type { LabelSelector, Workload } from '../model/types';
import { canonicalJson, computeHash, controllerOf, emptyResult, event, namespaceOf, objectRef, type ControllerContext, type ExpansionResult } from './common';
import { expandReplicaSet } from './replicaset';

/** upstream: apps.DefaultDeploymentUniqueLabelKey */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';
/** upstream: deploymentutil.RevisionAnnotation */
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';

function withoutHash(labels: Record<string, string> | undefined): Record<string, string> {
  const out = { ...(labels ?? {}) };
  delete out[POD_TEMPLATE_HASH_LABEL];
  return out;
}

/** upstream: EqualIgnoreHash — templates equal apart from the pod-template-hash label. */
function equalIgnoreHash(a: Workload['spec']['template'], b: Workload['spec']['template']): boolean {
  const strip = (t: Workload['spec']['template']) => canonicalJson({ ...t, metadata: { ...t.metadata, labels: withoutHash(t.metadata?.labels) } });
  return strip(a) === strip(b);
}

function selectorWithHash(selector: LabelSelector | undefined, hash: string): LabelSelector {
  return { ...selector, matchLabels: { ...(selector?.matchLabels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash } };
}

/**
 * Whether another ReplicaSet of the Deployment still has replicas: a rollout is under way (a dump
 * taken mid-rollout). Upstream scales the new ReplicaSet up only as far as maxSurge allows and
 * the old ones down as new pods become available (rolling.go reconcileNewReplicaSet,
 * NewRSNewReplicas, reconcileOldReplicaSets); rollouts are not simulated step by step
 * (docs/fidelity.md), so the new ReplicaSet keeps the replicas the dump gave it.
 */
function rollingOut(d: Workload, current: Workload, ctx: ControllerContext): boolean {
  return ctx.workloads.some((w) => w !== current && w.kind === 'ReplicaSet' && namespaceOf(w) === namespaceOf(d) && controllerOf(w)?.kind === 'Deployment'
    && controllerOf(w)?.name === d.metadata.name && (w.spec.replicas ?? 1) > 0);
}

export function expandDeployment(d: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const ns = namespaceOf(d);
  const replicas = d.spec.replicas ?? 1;
  // upstream: FindNewReplicaSet — an owned ReplicaSet with the same template is the current one.
  let rs = ctx.workloads.find((w) => w.kind === 'ReplicaSet' && namespaceOf(w) === ns && controllerOf(w)?.kind === 'Deployment'
    && controllerOf(w)?.name === d.metadata.name && equalIgnoreHash(w.spec.template, d.spec.template));
  if (!rs) {
    const hash = computeHash(d.spec.template);
    const name = `${d.metadata.name}-${hash}`;
    const labels = { ...(d.spec.template.metadata?.labels ?? {}), [POD_TEMPLATE_HASH_LABEL]: hash };
    rs = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name,
        namespace: ns,
        uid: ctx.names.uid('ReplicaSet', ns, name),
        labels,
        annotations: { [REVISION_ANNOTATION]: '1' },
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name, ...(d.metadata.uid ? { uid: d.metadata.uid } : {}), controller: true, blockOwnerDeletion: true }],
        creationTimestamp: ctx.now,
      },
      spec: {
        replicas,
        selector: selectorWithHash(d.spec.selector, hash),
        template: { ...d.spec.template, metadata: { ...d.spec.template.metadata, labels } },
      },
    };
    result.workloads.push(rs);
    result.events.push(event(ctx, 'Normal', 'ScalingReplicaSet', objectRef(d), `Scaled up replica set ${name} from 0 to ${replicas}`));
  } else if ((rs.spec.replicas ?? 1) !== replicas && !(replicas > (rs.spec.replicas ?? 1) && rollingOut(d, rs, ctx))) {
    const from = rs.spec.replicas ?? 1;
    rs.spec.replicas = replicas;
    result.events.push(event(ctx, 'Normal', 'ScalingReplicaSet', objectRef(d), `Scaled ${replicas > from ? 'up' : 'down'} replica set ${rs.metadata.name} from ${from} to ${replicas}`));
  }
  const pods = expandReplicaSet(rs, ctx);
  result.pods.push(...pods.pods);
  result.adopted.push(...pods.adopted);
  result.excess.push(...pods.excess);
  result.events.push(...pods.events);
  result.warnings.push(...pods.warnings);
  return result;
}
