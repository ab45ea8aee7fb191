// upstream: pkg/scheduler/framework/plugins/schedulinggates/scheduling_gates.go

import type { Plugin, PluginDescriptor } from '../../framework/interfaces';
import { goSlice, Status } from '../../framework/status';
import type { Pod } from '../../model/types';
import { isSamePod } from '../helper/samePod';

export const Name = 'SchedulingGates';

/** upstream: PreEnqueue — a pod with spec.schedulingGates stays out of activeQ ("gated"). */
export function preEnqueueSchedulingGates(pod: Pod): Status {
  const gates = (pod.spec.schedulingGates ?? []).map((g) => g.name);
  if (gates.length === 0) return Status.success();
  return Status.unresolvable(`waiting for scheduling gates: ${goSlice(gates)}`).withDetails({ schedulingGates: gates });
}

/**
 * upstream: isSchedulableAfterUpdatePodSchedulingGatesEliminated — only the gated pod's own
 * update helps.
 */
export function isSchedulableAfterUpdatePodSchedulingGatesEliminated(pod: Pod, modifiedPod: Pod): 'Queue' | 'QueueSkip' {
  return isSamePod(pod, modifiedPod) ? 'Queue' : 'QueueSkip';
}

export const SchedulingGates: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({
    name: Name,
    preEnqueue: (pod) => preEnqueueSchedulingGates(pod.pod),
    eventsToRegister: () => [
      {
        event: { resource: 'Pod', actionType: ['UpdatePodSchedulingGatesEliminated'] },
        hint: (pod, _oldObj, newObj) => isSchedulableAfterUpdatePodSchedulingGatesEliminated(pod, newObj as Pod),
      },
    ],
  }),
};
