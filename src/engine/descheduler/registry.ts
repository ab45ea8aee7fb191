// The descheduler's in-tree plugins, by name.
// upstream: sigs.k8s.io/descheduler pkg/descheduler/setupplugins.go (RegisterDefaultPlugins).

import type { AnyPluginDescriptor, Registry } from './framework';
import { DefaultEvictor } from './plugins/DefaultEvictor';
import { HighNodeUtilization } from './plugins/HighNodeUtilization';
import { LowNodeUtilization } from './plugins/LowNodeUtilization';
import { PodLifeTime } from './plugins/PodLifeTime';
import { RemoveDuplicates } from './plugins/RemoveDuplicates';
import { RemoveFailedPods } from './plugins/RemoveFailedPods';
import { RemovePodsHavingTooManyRestarts } from './plugins/RemovePodsHavingTooManyRestarts';
import { RemovePodsViolatingInterPodAntiAffinity } from './plugins/RemovePodsViolatingInterPodAntiAffinity';
import { RemovePodsViolatingNodeAffinity } from './plugins/RemovePodsViolatingNodeAffinity';
import { RemovePodsViolatingNodeTaints } from './plugins/RemovePodsViolatingNodeTaints';
import { RemovePodsViolatingTopologySpreadConstraint } from './plugins/RemovePodsViolatingTopologySpreadConstraint';

const descriptors: AnyPluginDescriptor[] = [
  DefaultEvictor, LowNodeUtilization, HighNodeUtilization, PodLifeTime, RemoveDuplicates, RemoveFailedPods,
  RemovePodsHavingTooManyRestarts, RemovePodsViolatingInterPodAntiAffinity, RemovePodsViolatingNodeAffinity,
  RemovePodsViolatingNodeTaints, RemovePodsViolatingTopologySpreadConstraint,
];

function buildRegistry(list: AnyPluginDescriptor[]): Registry {
  const registry = new Map<string, AnyPluginDescriptor>();
  for (const d of list) {
    if (registry.has(d.name)) throw new Error(`descheduler plugin ${d.name} registered twice`);
    registry.set(d.name, d);
  }
  return registry;
}

export const DESCHEDULER_REGISTRY: Registry = buildRegistry(descriptors);
