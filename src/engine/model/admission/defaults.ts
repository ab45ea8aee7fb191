// API defaulting of a pod, as the API server applies it when the pod is decoded.
// upstream: pkg/apis/core/v1/defaults.go (SetDefaults_Pod, SetDefaults_PodSpec,
// SetDefaults_ContainerPort, defaultHostNetworkPorts).

import type { Container, Pod } from '../types';

/** upstream: v1.DefaultSchedulerName */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';
/** upstream: v1.DefaultTerminationGracePeriodSeconds */
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;

function defaultContainer(c: Container, hostNetwork: boolean): Container {
  const out: Container = { ...c };
  const limits = c.resources?.limits;
  if (limits) {
    // upstream: limits without requests set the requests (Pod only, not templates).
    const requests: Record<string, string> = { ...(c.resources?.requests ?? {}) };
    for (const [k, v] of Object.entries(limits)) {
      if (!Object.prototype.hasOwnProperty.call(requests, k)) requests[k] = v;
    }
    out.resources = { ...c.resources, requests };
  }
  if (c.ports) {
    out.ports = c.ports.map((p) => ({
      ...p,
      protocol: p.protocol ?? 'TCP',
      ...(hostNetwork && !p.hostPort ? { hostPort: p.containerPort } : {}),
    }));
  }
  return out;
}

/** Returns a defaulted copy; the input is not changed. */
export function applyPodDefaults(pod: Pod): Pod {
  const spec = pod.spec;
  const hostNetwork = spec.hostNetwork === true;
  return {
    ...pod,
    metadata: { ...pod.metadata, namespace: pod.metadata.namespace ?? 'default' },
    spec: {
      ...spec,
      containers: spec.containers.map((c) => defaultContainer(c, hostNetwork)),
      ...(spec.initContainers ? { initContainers: spec.initContainers.map((c) => defaultContainer(c, hostNetwork)) } : {}),
      restartPolicy: spec.restartPolicy ?? 'Always',
      terminationGracePeriodSeconds: spec.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS,
      schedulerName: spec.schedulerName ?? DEFAULT_SCHEDULER_NAME,
    },
    status: { ...pod.status },
  };
}
