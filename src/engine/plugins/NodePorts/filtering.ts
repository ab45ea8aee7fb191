import type { CycleState, StateData } from '../../framework/cycleState';
import { getHostPorts, HostPortInfo, type HostPort } from '../../framework/nodeInfo';
import { Status } from '../../framework/status';
import type { Pod } from '../../model/types';

export const Name = 'NodePorts';

/** upstream: preFilterStateKey */
export const preFilterStateKey = `PreFilter${Name}`;

/** upstream: ErrReason */
export const ErrReason = "node(s) didn't have free ports for the requested pod ports";

/** upstream: preFilterState — the pod's wanted host ports; not affected by other pods. */
class PreFilterState implements StateData {
  constructor(readonly wantPorts: readonly HostPort[]) {}
  clone(): StateData { return this; }
}

/** upstream: PreFilter — Skip for a pod without host ports, so Filter does not run. */
export function preFilterNodePorts(state: CycleState, pod: Pod): Status {
  const wantPorts = getHostPorts(pod);
  if (wantPorts.length === 0) return Status.skip();
  state.write(preFilterStateKey, new PreFilterState(wantPorts));
  return Status.success();
}

/** upstream: fitsPorts, returning the first wanted port that conflicts (undefined: fits). */
export function conflictingPort(wantPorts: readonly HostPort[], portsInUse: HostPortInfo): HostPort | undefined {
  return wantPorts.find((p) => portsInUse.checkConflict(p));
}

export function filterNodePorts(state: CycleState, usedPorts: HostPortInfo): Status {
  const s = state.read<PreFilterState>(preFilterStateKey);
  if (!s) return Status.error(`reading "${preFilterStateKey}" from cycleState: not found`);
  const conflict = conflictingPort(s.wantPorts, usedPorts);
  if (conflict === undefined) return Status.success();
  return Status.unschedulable(ErrReason).withDetails({
    conflictingPort: { hostIP: conflict.ip || '0.0.0.0', protocol: conflict.protocol || 'TCP', hostPort: conflict.port },
  });
}

/**
 * upstream: isSchedulableAfterPodDeleted — only the deletion of a bound (or nominated) pod that
 * held one of the pod's host ports can help.
 */
export function isSchedulableAfterPodDeleted(pod: Pod, deletedPod: Pod): 'Queue' | 'QueueSkip' {
  if (!deletedPod.spec.nodeName && !deletedPod.status.nominatedNodeName) return 'QueueSkip';
  const ports = getHostPorts(deletedPod);
  if (ports.length === 0) return 'QueueSkip';
  const portsInUse = new HostPortInfo();
  for (const p of ports) portsInUse.add(p);
  return conflictingPort(getHostPorts(pod), portsInUse) === undefined ? 'QueueSkip' : 'Queue';
}
