// Extended resources backed by DRA (DRAExtendedResource, alpha in v1.35): a container asking for
// `example.com/gpu: 1` on a node that does not advertise it in allocatable gets a device from the
// DeviceClass whose extendedResourceName is `example.com/gpu` (or from class X for
// `deviceclass.resource.kubernetes.io/X`), through a claim the scheduler makes for the pod.
// upstream: pkg/scheduler/framework/plugins/dynamicresources/extendeddynamicresources.go
//
//   PreFilter  the pod's claim for extended resources: one from an earlier cycle (annotated and
//              owned by the pod), else an in-memory one named "<extended-resources>" without requests
//   Filter     per node: the resources the node lacks in allocatable become the claim's requests
//              ("container-<i>-request-<j>"); a claim left from an earlier cycle is Unschedulable
//              so that PostFilter deletes it
//   PreBind    creates the claim (generateName "<pod>-extended-resources-"), writes its allocation,
//              and the pod's status.extendedResourceClaimStatus

import type { NodeInfo } from '../../framework/nodeInfo';
import { computePodRequests } from '../../framework/resources';
import { isExtendedResourceName } from '../../model/decode/resources';
import { integerValue, parseQuantity } from '../../model/quantity';
import {
  deviceClassForExtendedResource, EXTENDED_RESOURCE_CLAIM_ANNOTATION, RESOURCE_DEVICE_CLASS_PREFIX, type DeviceClass, type DeviceRequest, type ResourceClaim,
} from '../../model/resource';
import type { Container, Pod } from '../../model/types';

/** upstream: specialClaimInMemName — not a valid name, so it never clashes with a real claim */
export const SPECIAL_CLAIM_IN_MEM_NAME = '<extended-resources>';

export type RequestMapping = NonNullable<Pod['status']['extendedResourceClaimStatus']>['requestMappings'][number];

/** upstream: schedutil.IsDRAExtendedResourceName */
export function isDRAExtendedResourceName(name: string): boolean {
  return isExtendedResourceName(name) || name.startsWith(RESOURCE_DEVICE_CLASS_PREFIX);
}

export const isSpecialClaimName = (name: string): boolean => name === SPECIAL_CLAIM_IN_MEM_NAME;

/**
 * upstream: preFilterExtendedResources — the pod's scalar requests when one of them is backed by a
 * DeviceClass, else undefined (the plugin has nothing to do for extended resources).
 */
export function podDRAExtendedResources(pod: Pod, classes: readonly DeviceClass[]): Map<string, number> | undefined {
  const scalar = computePodRequests(pod).scalar;
  for (const [name, quantity] of scalar) {
    if (quantity !== 0 && isDRAExtendedResourceName(name) && deviceClassForExtendedResource(classes, name)) return scalar;
  }
  return undefined;
}

/** upstream: findExtendedResourceClaim — annotated "true" and controlled by the pod */
export function findExtendedResourceClaim(pod: Pod, claims: readonly ResourceClaim[]): ResourceClaim | undefined {
  return claims.find((c) => c.metadata.annotations?.[EXTENDED_RESOURCE_CLAIM_ANNOTATION] === 'true'
    && (c.metadata.ownerReferences ?? []).some((o) => o.name === pod.metadata.name && o.controller === true && o.uid === pod.metadata.uid));
}

/** the in-memory claim, owned by the pod, that PreBind writes to the API server */
export function newExtendedResourceClaim(pod: Pod): ResourceClaim {
  return {
    apiVersion: 'resource.k8s.io/v1', kind: 'ResourceClaim',
    metadata: {
      name: SPECIAL_CLAIM_IN_MEM_NAME,
      namespace: pod.metadata.namespace ?? 'default',
      // upstream: a random temporary UID for the in-flight allocation
      uid: `${pod.metadata.uid ?? pod.metadata.name}-extended-resources`,
      generateName: `${pod.metadata.name}-extended-resources-`,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid ?? '', controller: true }],
      annotations: { [EXTENDED_RESOURCE_CLAIM_ANNOTATION]: 'true' },
    },
    spec: {},
    status: {},
  };
}

export type NodeExtendedResources =
  | { kind: 'none' }
  | { kind: 'claim'; claim: ResourceClaim; mappings: RequestMapping[] }
  | { kind: 'unschedulable'; reason: string; resource?: string };

/**
 * The pod's extended resources that DRA may serve, worked out once per cycle: the names (in the
 * pod's request order) with a nonzero request of an extended-resource or device-class name, and
 * whether a DeviceClass backs each.
 */
export interface PodExtendedResources {
  scalar: ReadonlyMap<string, number>;
  names: readonly string[];
  quantities: readonly number[];
  backed: readonly boolean[];
  /** a node's outcome by what the node lacks (NodeExtendedResources depends on nothing else in a cycle) */
  byLack: Map<string, NodeExtendedResources>;
}

export function podExtendedResources(podScalar: ReadonlyMap<string, number>, classes: readonly DeviceClass[]): PodExtendedResources {
  const names: string[] = [];
  const quantities: number[] = [];
  const backed: boolean[] = [];
  for (const [name, quantity] of podScalar) {
    if (!isDRAExtendedResourceName(name) || quantity === 0) continue;
    names.push(name);
    quantities.push(quantity);
    backed.push(deviceClassForExtendedResource(classes, name) !== undefined);
  }
  return { scalar: podScalar, names, quantities, backed, byLack: new Map() };
}

/**
 * upstream: filterExtendedResources — what this node must provide through DRA: the extended
 * resources it does not advertise (allocatable 0) but a class backs; a resource neither advertised
 * nor backed does not fit ("cannot fit resource"). The outcome depends on the node only through
 * which resources it lacks, so the nodes of a cycle that lack the same share one (with one claim
 * variant: Reserve and PreBind copy it, never change it).
 */
export function filterExtendedResources(
  pod: Pod, claim: ResourceClaim, ext: PodExtendedResources, nodeInfo: NodeInfo, classes: readonly DeviceClass[], noUserClaim: boolean,
): NodeExtendedResources {
  // a claim left from an earlier cycle: PostFilter deletes it and the pod tries anew
  if (claim.spec.devices?.requests !== undefined) return UNSCHEDULABLE_LEFT_CLAIM;
  const scalar = nodeInfo.allocatable.scalar;
  // per resource: d (through DRA), n (the node's own) — or the first that does not fit
  let lack = '';
  for (let i = 0; i < ext.names.length; i++) {
    const allocatable = scalar.get(ext.names[i]!);
    if (ext.backed[i] && (allocatable ?? 0) === 0) lack += 'd';
    else if (allocatable === undefined) { lack += `u${i}`; break; }
    else lack += 'n';
  }
  let out = ext.byLack.get(lack);
  if (out === undefined) ext.byLack.set(lack, (out = extendedOutcome(pod, claim, ext, lack, classes, noUserClaim)));
  return out;
}

const UNSCHEDULABLE_LEFT_CLAIM: NodeExtendedResources = Object.freeze({ kind: 'unschedulable', reason: 'cannot schedule extended resource claim' });

function extendedOutcome(pod: Pod, claim: ResourceClaim, ext: PodExtendedResources, lack: string, classes: readonly DeviceClass[], noUserClaim: boolean): NodeExtendedResources {
  const unfit = lack.indexOf('u');
  if (unfit >= 0) return { kind: 'unschedulable', reason: 'cannot fit resource', resource: ext.names[Number(lack.slice(unfit + 1))]! };
  const viaDRA = new Map<string, number>();
  for (let i = 0; i < lack.length; i++) if (lack[i] === 'd') viaDRA.set(ext.names[i]!, ext.quantities[i]!);
  if (noUserClaim && viaDRA.size === 0) return { kind: 'none' };
  if (claim.status.allocation) return { kind: 'none' };
  const { requests, mappings } = createRequestsAndMappings(pod, viaDRA, classes);
  return { kind: 'claim', claim: { ...claim, spec: { devices: { requests } } }, mappings };
}

function containerCount(c: Container, resourceName: string): number {
  const text = c.resources?.requests?.[resourceName];
  const q = text === undefined ? undefined : parseQuantity(text);
  return q ? (integerValue(q) ?? 0) : 0;
}

/**
 * upstream: createResourceRequestAndMappings — a container's request "container-<i>-request-<j>"
 * (i: its index among init containers then containers, j: the resource's index among the
 * container's sorted request names) for what the requests it may reuse do not cover.
 */
function containerRequest(i: number, c: Container, resourceName: string, className: string, reusable: readonly (DeviceRequest | undefined)[]): { request?: DeviceRequest; mappings: RequestMapping[] } {
  const count = containerCount(c, resourceName);
  if (count <= 0) return { mappings: [] };
  const mappings: RequestMapping[] = [];
  let covered = 0;
  for (const r of reusable) {
    if (!r) continue;
    covered += r.exactly?.count ?? 0;
    mappings.push({ containerName: c.name, resourceName, requestName: r.name });
    if (covered >= count) return { mappings };
  }
  const names = Object.keys(c.resources?.requests ?? {}).sort();
  const name = `container-${i}-request-${Math.max(0, names.indexOf(resourceName))}`;
  mappings.push({ containerName: c.name, resourceName, requestName: name });
  return { request: { name, exactly: { deviceClassName: className, allocationMode: 'ExactCount', count: count - covered } }, mappings };
}

/**
 * upstream: createRequestsAndMappings — per resource (sorted): a request for each long-lived
 * container (containers and sidecars); init containers that run before them reuse their requests
 * and otherwise share the largest init request. Requests sorted by name.
 */
export function createRequestsAndMappings(pod: Pod, resources: ReadonlyMap<string, number>, classes: readonly DeviceClass[]): { requests: DeviceRequest[]; mappings: RequestMapping[] } {
  const inits = pod.spec.initContainers ?? [];
  const containers = [...inits, ...pod.spec.containers];
  const isShortLived = (i: number) => i < inits.length && containers[i]!.restartPolicy !== 'Always';
  const requests: DeviceRequest[] = [];
  const mappings: RequestMapping[] = [];
  for (const resourceName of [...resources.keys()].sort()) {
    const cls = deviceClassForExtendedResource(classes, resourceName);
    if (!cls) continue;
    const longLived: (DeviceRequest | undefined)[] = containers.map(() => undefined);
    const longMappings: RequestMapping[] = [];
    containers.forEach((c, i) => {
      if (isShortLived(i)) return;
      const r = containerRequest(i, c, resourceName, cls.metadata.name, []);
      longLived[i] = r.request;
      longMappings.push(...r.mappings);
    });
    let maxShort: DeviceRequest | undefined;
    const shortNames = new Set<string>();
    const shortMappings: RequestMapping[] = [];
    containers.forEach((c, i) => {
      if (!isShortLived(i)) return;
      const r = containerRequest(i, c, resourceName, cls.metadata.name, longLived.slice(i));
      if (r.request) {
        shortNames.add(r.request.name);
        if (!maxShort || (maxShort.exactly?.count ?? 0) < (r.request.exactly?.count ?? 0)) maxShort = r.request;
      }
      shortMappings.push(...r.mappings);
    });
    if (maxShort && shortNames.size > 1) {
      for (const m of shortMappings) if (shortNames.has(m.requestName)) m.requestName = maxShort.name;
    }
    if (maxShort) requests.push(maxShort);
    for (const r of longLived) if (r) requests.push(r);
    mappings.push(...longMappings, ...shortMappings);
  }
  requests.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { requests, mappings };
}
