// NodeResourcesFit EventsToRegister and queueing hints (SchedulerQueueingHints and
// InPlacePodVerticalScaling both on in v1.35).
// upstream: noderesources/fit.go (EventsToRegister, isSchedulableAfterPodEvent, isSchedulableAfterPodScaleDown,
// isSchedulableAfterNodeChange, haveAnyRequestedResourcesIncreased, isFit)

import type { ClusterEventWithHint } from '../../framework/interfaces';
import { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests, getAmount, type Resource } from '../../framework/resources';
import { podKey, type Node, type Pod } from '../../model/types';
import { computePodResourceRequest, fits, type DelegateToDRA } from './filtering';

type Hint = 'Queue' | 'QueueSkip';

const isPod = (o: unknown): o is Pod => typeof o === 'object' && o !== null && (o as Pod).kind === 'Pod';
const isNode = (o: unknown): o is Node => typeof o === 'object' && o !== null && (o as Node).kind === 'Node';
/** upstream compares UIDs; pods without one are told apart by namespace/name */
const podIdentity = (p: Pod): string => p.metadata.uid ?? podKey(p);

/** Names of the resources the pod requests a non-zero amount of. */
function requestedResourceNames(r: Resource): string[] {
  const names: string[] = [];
  if (r.milliCPU > 0) names.push('cpu');
  if (r.memory > 0) names.push('memory');
  if (r.ephemeralStorage > 0) names.push('ephemeral-storage');
  for (const [name, q] of r.scalar) if (q > 0) names.push(name);
  return names;
}

/** upstream: isSchedulableAfterPodScaleDown */
function isSchedulableAfterPodScaleDown(target: Pod, original: Pod, modified: Pod): boolean {
  if (podIdentity(modified) === podIdentity(target)) return true;
  if (!modified.spec.nodeName) return false;
  const before = computePodRequests(original);
  const after = computePodRequests(modified);
  return requestedResourceNames(computePodRequests(target)).some((name) => getAmount(before, name) > getAmount(after, name));
}

/** upstream: isSchedulableAfterPodEvent — a scheduled pod deleted, or a pod scaled down. */
export function isSchedulableAfterPodEvent(pod: Pod, oldObj: unknown, newObj: unknown): Hint {
  if (!isPod(oldObj) || (newObj !== undefined && !isPod(newObj))) return 'Queue';
  if (newObj === undefined) {
    return !oldObj.spec.nodeName && !oldObj.status?.nominatedNodeName ? 'QueueSkip' : 'Queue';
  }
  return isSchedulableAfterPodScaleDown(pod, oldObj, newObj) ? 'Queue' : 'QueueSkip';
}

/** upstream: haveAnyRequestedResourcesIncreased */
function haveAnyRequestedResourcesIncreased(pod: Pod, originalNode: Node, modifiedNode: Node): boolean {
  const request = computePodResourceRequest(pod);
  const before = NodeInfo.allocatableOf(originalNode);
  const after = NodeInfo.allocatableOf(modifiedNode);
  if (after.allowedPodNumber > before.allowedPodNumber) return true;
  return requestedResourceNames(request).some((name) => getAmount(after, name) > getAmount(before, name));
}

/** upstream: isSchedulableAfterNodeChange */
export function isSchedulableAfterNodeChange(pod: Pod, oldObj: unknown, newObj: unknown, delegate?: DelegateToDRA): Hint {
  if (!isNode(newObj) || (oldObj !== undefined && !isNode(oldObj))) return 'Queue';
  // upstream: isFit — an empty NodeInfo for the new node
  if (fits(pod, new NodeInfo(newObj), delegate).length > 0) return 'QueueSkip';
  if (oldObj === undefined) return 'Queue';
  return haveAnyRequestedResourcesIncreased(pod, oldObj, newObj) ? 'Queue' : 'QueueSkip';
}

export function fitEventsToRegister(delegate?: DelegateToDRA): ClusterEventWithHint[] {
  return [
    { event: { resource: 'Pod', actionType: ['Delete', 'UpdatePodScaleDown'] }, hint: isSchedulableAfterPodEvent },
    { event: { resource: 'Node', actionType: ['Add', 'UpdateNodeAllocatable'] }, hint: (pod, oldObj, newObj) => isSchedulableAfterNodeChange(pod, oldObj, newObj, delegate) },
    // DRAExtendedResource: a class naming the resource lets DynamicResources provide it
    ...(delegate ? [{ event: { resource: 'DeviceClass' as const, actionType: ['Add' as const, 'Update' as const] } }] : []),
  ];
}
