// upstream: pkg/scheduler/framework/plugins/queuesort/priority_sort.go

import type { Plugin, PluginDescriptor, QueuedPodInfo } from '../../framework/interfaces';
import { podPriority } from '../../framework/podInfo';

export const Name = 'PrioritySort';

/**
 * upstream: Less — higher spec.priority first; equal priorities by the time the pod was
 * (re)added to the queue, earlier first.
 */
export function less(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
  const p1 = podPriority(a.podInfo.pod);
  const p2 = podPriority(b.podInfo.pod);
  return p1 > p2 || (p1 === p2 && earlier(a, b));
}

/** the queue timestamp, with the add order standing in for upstream's sub-second resolution */
function earlier(a: QueuedPodInfo, b: QueuedPodInfo): boolean {
  return a.timestamp < b.timestamp || (a.timestamp === b.timestamp && (a.sequence ?? 0) < (b.sequence ?? 0));
}

export const PrioritySort: PluginDescriptor = {
  name: Name,
  factory: (): Plugin => ({ name: Name, less }),
};
