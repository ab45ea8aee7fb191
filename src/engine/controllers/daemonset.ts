// DaemonSet: one pod per eligible node, pinned by node affinity on metadata.name and tolerating
// the node-condition taints.
// upstream: pkg/controller/daemon/daemon_controller.go (NodeShouldRunDaemonPod, predicates, NewPod,
// syncNodes), pkg/controller/daemon/util/daemonset_util.go (AddOrUpdateDaemonPodTolerations,
// ReplaceDaemonSetPodNodeNameNodeAffinity, CreatePodTemplate).

import { addOrUpdateToleration } from '../model/admission';
import { compileMapSelector, matchNodeSelector } from '../model/selectors';
import {
  findMatchingUntoleratedTaint, TAINT_NODE_DISK_PRESSURE, TAINT_NODE_MEMORY_PRESSURE, TAINT_NODE_NETWORK_UNAVAILABLE,
  TAINT_NODE_NOT_READY, TAINT_NODE_PID_PRESSURE, TAINT_NODE_UNREACHABLE, TAINT_NODE_UNSCHEDULABLE,
} from '../model/taints';
import type { Affinity, Node, Pod, PodSpec, Workload } from '../model/types';
import { activePods, claimPods, computeHash, createPods, createdPodMessages, emptyResult, podFromTemplate, type ControllerContext, type ExpansionResult } from './common';
import { CONTROLLER_REVISION_HASH_LABEL } from './statefulset';

/** upstream: extensions.DaemonSetTemplateGenerationKey */
export const POD_TEMPLATE_GENERATION_LABEL = 'pod-template-generation';

/** upstream: AddOrUpdateDaemonPodTolerations */
export function addDaemonPodTolerations(spec: PodSpec): PodSpec {
  let t = spec.tolerations;
  t = addOrUpdateToleration(t, { key: TAINT_NODE_NOT_READY, operator: 'Exists', effect: 'NoExecute' });
  t = addOrUpdateToleration(t, { key: TAINT_NODE_UNREACHABLE, operator: 'Exists', effect: 'NoExecute' });
  t = addOrUpdateToleration(t, { key: TAINT_NODE_DISK_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  t = addOrUpdateToleration(t, { key: TAINT_NODE_MEMORY_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  t = addOrUpdateToleration(t, { key: TAINT_NODE_PID_PRESSURE, operator: 'Exists', effect: 'NoSchedule' });
  t = addOrUpdateToleration(t, { key: TAINT_NODE_UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' });
  if (spec.hostNetwork) t = addOrUpdateToleration(t, { key: TAINT_NODE_NETWORK_UNAVAILABLE, operator: 'Exists', effect: 'NoSchedule' });
  return { ...spec, tolerations: t };
}

/** upstream: ReplaceDaemonSetPodNodeNameNodeAffinity — the required terms become one metadata.name pin. */
export function pinToNode(affinity: Affinity | undefined, nodeName: string): Affinity {
  const required = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [nodeName] }] }] };
  return { ...affinity, nodeAffinity: { ...affinity?.nodeAffinity, requiredDuringSchedulingIgnoredDuringExecution: required } };
}

/**
 * upstream: NodeShouldRunDaemonPod — [shouldRun, shouldContinueRunning] for the DaemonSet's pod
 * (template plus the daemon tolerations) on this node.
 */
export function nodeShouldRunDaemonPod(node: Node, ds: Workload): [boolean, boolean] {
  const spec = addDaemonPodTolerations(ds.spec.template.spec);
  if (spec.nodeName && spec.nodeName !== node.metadata.name) return [false, false];
  // upstream: nodeaffinity.GetRequiredNodeAffinity(pod).Match(node) — nodeSelector and required terms
  const fitsSelector = compileMapSelector(spec.nodeSelector).matches(node.metadata.labels);
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const fitsAffinity = fitsSelector && (!required || matchNodeSelector(required, node));
  if (!fitsAffinity) return [false, false];
  const taints = node.spec.taints;
  if (findMatchingUntoleratedTaint(taints, spec.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')) {
    return [false, !findMatchingUntoleratedTaint(taints, spec.tolerations, (t) => t.effect === 'NoExecute')];
  }
  return [true, true];
}

/** The node a daemon pod is for: where it is bound, else its metadata.name pin. */
function daemonPodNode(pod: Pod): string | undefined {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  for (const term of pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []) {
    for (const f of term.matchFields ?? []) if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
  }
  return undefined;
}

export function expandDaemonSet(ds: Workload, ctx: ControllerContext): ExpansionResult {
  const result = emptyResult();
  const owned = activePods(claimPods(ds, ctx, result));
  const byNode = new Map<string, Pod[]>();
  for (const p of owned) {
    const n = daemonPodNode(p);
    if (n !== undefined) byNode.set(n, [...(byNode.get(n) ?? []), p]);
  }
  const hash = computeHash(ds.spec.template);
  const template = { ...ds.spec.template, spec: addDaemonPodTolerations(ds.spec.template.spec) };
  const pods: Pod[] = [];
  for (const node of ctx.nodes.values()) {
    const [shouldRun, shouldContinue] = nodeShouldRunDaemonPod(node, ds);
    const existing = byNode.get(node.metadata.name) ?? [];
    if (shouldRun && existing.length === 0) {
      const pod = podFromTemplate(ds, template, { [CONTROLLER_REVISION_HASH_LABEL]: hash, [POD_TEMPLATE_GENERATION_LABEL]: '1' });
      pod.metadata.generateName = `${ds.metadata.name}-`;
      pod.spec.affinity = pinToNode(pod.spec.affinity, node.metadata.name);
      pods.push(pod);
    } else if (!shouldContinue) {
      result.excess.push(...existing);
    } else if (existing.length > 1) {
      result.excess.push(...existing.slice(1));
    }
  }
  for (const [nodeName, existing] of byNode) if (!ctx.nodes.has(nodeName)) result.excess.push(...existing);
  createPods(ds, pods, ctx, result, createdPodMessages);
  return result;
}
