// upstream: pkg/scheduler/framework/types.go (NodeInfo, HostPortInfo, ImageStateSummary)

import type { Container, Node, Pod } from '../model/types';
import type { PodInfo } from './podInfo';
import { podHasAffinity } from './podInfo';
import { addResource, cloneResource, emptyResource, resourceFromList, type Resource } from './resources';

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
}

const BIND_ALL = '0.0.0.0';

/**
 * upstream: HostPortInfo — ip -> set of "protocol/port". A set, as upstream: when two pods on a
 * node hold the same port, removing one frees it.
 */
export class HostPortInfo {
  /** made at the first port (most nodes have none, and a preemption dry run copies hundreds a cycle) */
  private byIp: Map<string, Set<string>> | undefined;

  private static sanitize(p: HostPort): [string, string] {
    return [p.ip || BIND_ALL, `${p.protocol || 'TCP'}/${p.port}`];
  }

  add(p: HostPort): void {
    const [ip, pp] = HostPortInfo.sanitize(p);
    const byIp = (this.byIp ??= new Map());
    let m = byIp.get(ip);
    if (!m) byIp.set(ip, (m = new Set()));
    m.add(pp);
  }

  remove(p: HostPort): void {
    const [ip, pp] = HostPortInfo.sanitize(p);
    const m = this.byIp?.get(ip);
    if (!m) return;
    m.delete(pp);
    if (m.size === 0) this.byIp!.delete(ip);
  }

  /** upstream: HostPortInfo.CheckConflict */
  checkConflict(p: HostPort): boolean {
    if (p.port <= 0 || !this.byIp) return false;
    const [ip, pp] = HostPortInfo.sanitize(p);
    if (ip === BIND_ALL) {
      for (const m of this.byIp.values()) if (m.has(pp)) return true;
      return false;
    }
    return [BIND_ALL, ip].some((k) => this.byIp!.get(k)?.has(pp) ?? false);
  }

  get size(): number {
    let n = 0;
    if (this.byIp) for (const m of this.byIp.values()) n += m.size;
    return n;
  }

  clone(): HostPortInfo {
    const c = new HostPortInfo();
    if (this.byIp && this.byIp.size > 0) {
      c.byIp = new Map();
      for (const [ip, m] of this.byIp) c.byIp.set(ip, new Set(m));
    }
    return c;
  }
}

const NO_HOST_PORTS: readonly HostPort[] = Object.freeze([]);

function addHostPorts(out: HostPort[] | undefined, containers: readonly Container[] | undefined, sidecarsOnly: boolean): HostPort[] | undefined {
  for (const c of containers ?? []) {
    if (sidecarsOnly && c.restartPolicy !== 'Always') continue;
    for (const p of c.ports ?? []) {
      if ((p.hostPort ?? 0) > 0) (out ??= []).push({ ip: p.hostIP ?? '', protocol: p.protocol ?? 'TCP', port: p.hostPort! });
    }
  }
  return out;
}

/**
 * upstream: schedutil.GetHostPorts — hostPort > 0 of containers and restartable init containers.
 * Called for every pod a preemption dry run removes and adds back: allocates nothing when the pod
 * has no host port (the result is then shared and frozen).
 */
export function getHostPorts(pod: Pod): readonly HostPort[] {
  const out = addHostPorts(addHostPorts(undefined, pod.spec.initContainers, true), pod.spec.containers, false);
  return out ?? NO_HOST_PORTS;
}

/**
 * A pod's host ports, read from its containers once: a preemption dry run adds and removes the
 * same pods on copies of hundreds of nodes, and a pod's containers never change.
 */
const hostPortsOfPod = new WeakMap<PodInfo, readonly HostPort[]>();
function podHostPorts(p: PodInfo): readonly HostPort[] {
  let ports = hostPortsOfPod.get(p);
  if (ports === undefined) hostPortsOfPod.set(p, (ports = getHostPorts(p.pod)));
  return ports;
}

export interface ImageStateSummary {
  size: number;
  numNodes: number;
}

export class NodeInfo {
  pods: PodInfo[];
  podsWithAffinity: PodInfo[];
  podsWithRequiredAntiAffinity: PodInfo[];
  usedPorts: HostPortInfo;
  requested: Resource;
  nonZeroRequested: Resource;
  allocatable: Resource;
  /** image name -> size and how many nodes in the snapshot have it (set by the snapshot) */
  imageStates: Map<string, ImageStateSummary>;
  /** bumped on every change, so the snapshot and the UI can tell what moved */
  generation: number;
  /**
   * a copy made by clone() (a preemption dry run's, a Filter's with nominated pods): lives for a
   * moment and changes with every pod a dry run moves, so per-node caches (NodeResourcesFit's kept
   * verdicts) have no reason to keep anything for it
   */
  readonly isCopy: boolean;
  /** the node's name (a field: read for every node in every cycle) */
  readonly name: string;
  node: Node;

  /**
   * `from`: the NodeInfo to copy (clone: a preemption dry run makes hundreds a cycle, so nothing
   * is made only to be replaced). The allocatable is shared: only setNode replaces it, nothing changes it.
   */
  constructor(node: Node, from?: NodeInfo) {
    this.pods = from ? [...from.pods] : [];
    this.podsWithAffinity = from ? [...from.podsWithAffinity] : [];
    this.podsWithRequiredAntiAffinity = from ? [...from.podsWithRequiredAntiAffinity] : [];
    this.usedPorts = from ? from.usedPorts.clone() : new HostPortInfo();
    this.requested = from ? cloneResource(from.requested) : emptyResource();
    this.nonZeroRequested = from ? cloneResource(from.nonZeroRequested) : emptyResource();
    this.allocatable = from ? from.allocatable : NodeInfo.allocatableOf(node);
    this.imageStates = from ? from.imageStates : new Map();
    this.generation = from ? from.generation : 0;
    this.isCopy = from !== undefined;
    this.name = node.metadata.name;
    this.node = node;
  }

  /**
   * upstream reads status.allocatable only. The scenario contract lets a node give capacity
   * alone (allocatable falls back to it as a whole) and defaults `pods` to 110, the kubelet's
   * default, where upstream would allow 0 pods (docs/fidelity.md).
   */
  static allocatableOf(node: Node): Resource {
    const list = node.status?.allocatable ?? node.status?.capacity ?? {};
    const r = resourceFromList(list);
    if (!Object.prototype.hasOwnProperty.call(list, 'pods')) r.allowedPodNumber = 110;
    return r;
  }

  /** The node's new version (same name). */
  setNode(node: Node): void {
    this.node = node;
    this.allocatable = NodeInfo.allocatableOf(node);
    this.generation++;
  }

  addPod(p: PodInfo): void {
    this.pods.push(p);
    if (podHasAffinity(p)) this.podsWithAffinity.push(p);
    if (p.requiredAntiAffinityTerms.length > 0) this.podsWithRequiredAntiAffinity.push(p);
    addResource(this.requested, p.requests);
    addResource(this.nonZeroRequested, p.nonZeroRequests);
    for (const hp of podHostPorts(p)) this.usedPorts.add(hp);
    this.generation++;
  }

  /**
   * One of the node's pods changed in place (upstream: cache.UpdatePod, e.g. a deletionTimestamp):
   * what is derived from the node's pods is out of date.
   */
  podChanged(): void {
    this.generation++;
  }

  /** Removes the pod with the same key. Returns false when it was not here. */
  removePod(podKey: string): boolean {
    const i = this.pods.findIndex((p) => p.key === podKey);
    if (i < 0) return false;
    const p = this.pods[i]!;
    this.pods.splice(i, 1);
    // preemption dry runs remove every lower-priority pod of a node: no new lists when there is nothing to drop
    if (this.podsWithAffinity.length > 0) this.podsWithAffinity = this.podsWithAffinity.filter((q) => q.key !== podKey);
    if (this.podsWithRequiredAntiAffinity.length > 0) this.podsWithRequiredAntiAffinity = this.podsWithRequiredAntiAffinity.filter((q) => q.key !== podKey);
    addResource(this.requested, p.requests, -1);
    addResource(this.nonZeroRequested, p.nonZeroRequests, -1);
    if (this.usedPorts.size > 0) for (const hp of podHostPorts(p)) this.usedPorts.remove(hp);
    this.generation++;
    return true;
  }

  /** A copy to change (preemption's dry run). */
  clone(): NodeInfo {
    return new NodeInfo(this.node, this);
  }
}
