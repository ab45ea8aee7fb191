// The parts of a pod a PodOutcome carries beside its outcome: its scheduling spec (what
// `kubectl describe pod` shows that matters to scheduling) and the state the scenario file
// recorded for it (a dump's status), to compare the simulation with the cluster.

import type { PodSchedulingSpec, RecordedPodState } from '../api';
import { resourceFromList, resourceToList } from '../framework/resources';
import type { Pod } from '../model/types';
import { ANNOTATION_LIMIT_RANGER } from '../model/admission/limitRanger';

const nonEmpty = (o: object | undefined): boolean => o !== undefined && Object.keys(o).length > 0;

export function podSchedulingSpec(pod: Pod): PodSchedulingSpec {
  const s = pod.spec;
  const out: PodSchedulingSpec = {};
  if (s.priorityClassName) out.priorityClassName = s.priorityClassName;
  if (nonEmpty(s.nodeSelector)) out.nodeSelector = { ...s.nodeSelector };
  if (s.tolerations?.length) out.tolerations = s.tolerations.map((t) => ({ ...t }));
  if (nonEmpty(s.affinity)) out.affinity = structuredClone(s.affinity) as Record<string, unknown>;
  if (s.topologySpreadConstraints?.length) out.topologySpreadConstraints = structuredClone(s.topologySpreadConstraints) as unknown as Record<string, unknown>[];
  if (nonEmpty(s.overhead)) out.overhead = resourceToList(resourceFromList(s.overhead));
  if (pod.metadata.creationTimestamp !== undefined) out.createdAt = pod.metadata.creationTimestamp;
  const limitRanger = pod.metadata.annotations?.[ANNOTATION_LIMIT_RANGER];
  if (limitRanger) out.limitRanger = limitRanger;
  if (pod.status.startTime !== undefined) out.startTime = pod.status.startTime;
  const hostPorts = [...s.initContainers ?? [], ...s.containers].flatMap((c) => (c.ports ?? []).filter((p) => (p.hostPort ?? 0) > 0).map((p) => `${p.hostPort}/${p.protocol ?? 'TCP'}`));
  if (hostPorts.length > 0) out.hostPorts = hostPorts;
  return out;
}

/**
 * What the file says the cluster did with the pod: status.phase, spec.nodeName (only with a
 * status: a hand-written bound pod records nothing), status.nominatedNodeName and the PodScheduled
 * condition. Undefined when the pod has no status.
 */
export function recordedPodState(pod: Pod): RecordedPodState | undefined {
  const st = pod.status;
  const scheduled = st.conditions?.find((c) => c.type === 'PodScheduled');
  if (st.phase === undefined && scheduled === undefined) return undefined;
  const out: RecordedPodState = {};
  if (st.phase) out.phase = st.phase;
  if (pod.spec.nodeName) out.node = pod.spec.nodeName;
  if (st.nominatedNodeName) out.nominatedNode = st.nominatedNodeName;
  if (scheduled) {
    out.scheduled = { status: scheduled.status };
    if (scheduled.reason) out.scheduled.reason = scheduled.reason;
    if (scheduled.message) out.scheduled.message = scheduled.message;
  }
  return out;
}
