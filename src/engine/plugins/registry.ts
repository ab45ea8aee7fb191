// upstream: pkg/scheduler/framework/plugins/registry.go — every in-tree plugin by name.
// One folder per plugin under src/engine/plugins/<UpstreamName>/.

import type { PluginDescriptor } from '../framework/interfaces';
import { DefaultPreemption } from './DefaultPreemption';
import { GangScheduling } from './GangScheduling';
import { NodeUnschedulable } from './NodeUnschedulable';
import { NodeResourcesFit } from './NodeResourcesFit';
import { NodeResourcesBalancedAllocation } from './NodeResourcesBalancedAllocation';
import { ImageLocality } from './ImageLocality';
import { InterPodAffinity } from './InterPodAffinity';
import { PodTopologySpread } from './PodTopologySpread';
import { SchedulingGates } from './SchedulingGates';
import { PrioritySort } from './PrioritySort';
import { NodeName } from './NodeName';
import { TaintToleration } from './TaintToleration';
import { NodeAffinity } from './NodeAffinity';
import { NodePorts } from './NodePorts';
import { VolumeRestrictions } from './VolumeRestrictions';
import { NodeVolumeLimits } from './NodeVolumeLimits';
import { VolumeBinding } from './VolumeBinding';
import { VolumeZone } from './VolumeZone';
import { DynamicResources } from './DynamicResources';
import { DefaultBinder } from './DefaultBinder';
import { NodeDeclaredFeatures } from './NodeDeclaredFeatures';

const descriptors: PluginDescriptor<never>[] = [
  DefaultPreemption,
  NodeUnschedulable,
  GangScheduling,
  NodeResourcesFit,
  NodeResourcesBalancedAllocation,
  ImageLocality,
  InterPodAffinity,
  PodTopologySpread,
  SchedulingGates,
  PrioritySort,
  NodeName,
  TaintToleration,
  NodeAffinity,
  NodePorts,
  VolumeRestrictions,
  NodeVolumeLimits,
  VolumeBinding,
  VolumeZone,
  DynamicResources,
  DefaultBinder,
  NodeDeclaredFeatures,
] as PluginDescriptor<never>[];

export function newInTreeRegistry(): Map<string, PluginDescriptor<unknown>> {
  const registry = new Map<string, PluginDescriptor<unknown>>();
  for (const d of descriptors) {
    if (registry.has(d.name)) throw new Error(`a plugin named ${d.name} already exists`);
    registry.set(d.name, d as PluginDescriptor<unknown>);
  }
  return registry;
}
