// upstream: pkg/scheduler/framework/types.go (NodeInfo, HostPortInfo, ImageStateSummary)

import type { Node, Pod } from '../model/types';
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
  private readonly byIp = new Map<string, Set<string>>();

  private static sanitize(p: HostPort): [string, string] {
    return [p.ip || BIND_ALL, `${p.protocol || 'TCP'}/${p.port}`];
  }

  add(p: HostPort): void {
    const [ip, pp] = HostPortInfo.sanitize(p);
    let m = this.byIp.get(ip);
    if (!m) this.byIp.set(ip, (m = new Set()));
    m.add(pp);
  }

  remove(p: HostPort): void {
    const [ip, pp] = HostPortInfo.sanitize(p);
    const m = this.byIp.get(ip);
    if (!m) return;
    m.delete(pp);
    if (m.size === 0) this.byIp.delete(ip);
  }

  /** upstream: HostPortInfo.CheckConflict */
  checkConflict(p: HostPort): boolean {
    if (p.port <= 0) return false;
    const [ip, pp] = HostPortInfo.sanitize(p);
    if (ip === BIND_ALL) {
      for (const m of this.byIp.values()) if (m.has(pp)) return true;
      return false;
    }
    return [BIND_ALL, ip].some((k) => this.byIp.get(k)?.has(pp) ?? false);
  }

  get size(): number {
    let n = 0;
    for (const m of this.byIp.values()) n += m.size;
    return n;
  }

  clone(): HostPortInfo {
    const c = new HostPortInfo();
    for (const [ip, m] of this.byIp) c.byIp.set(ip, new Set(m));
    return c;
  }
}

/** upstream: schedutil.GetHostPorts — hostPort > 0 of containers and restartable init containers. */
export function getHostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  const containers = [...(pod.spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always'), ...(pod.spec.containers ?? [])];
  for (const c of containers) {
    for (const p of c.ports ?? []) {
      if ((p.hostPort ?? 0) > 0) out.push({ ip: p.hostIP ?? '', protocol: p.protocol ?? 'TCP', port: p.hostPort! });
    }
  }
  return out;
}

export interface ImageStateSummary {
  size: number;
  numNodes: number;
}

export class NodeInfo {
  pods: PodInfo[] = [];
  podsWithAffinity: PodInfo[] = [];
  podsWithRequiredAntiAffinity: PodInfo[] = [];
  usedPorts = new HostPortInfo();
  requested: Resource = emptyResource();
  nonZeroRequested: Resource = emptyResource();
  allocatable: Resource;
  /** image name -> size and how many nodes in the snapshot have it (set by the snapshot) */
  imageStates = new Map<string, ImageStateSummary>();
  /** bumped on every change, so the snapshot and the UI can tell what moved */
  generation = 0;

  /** the node's name (a field: read for every node in every cycle) */
  readonly name: string;

  constructor(public node: Node) {
    this.name = node.metadata.name;
    this.allocatable = NodeInfo.allocatableOf(node);
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
    for (const hp of getHostPorts(p.pod)) this.usedPorts.add(hp);
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
    this.podsWithAffinity = this.podsWithAffinity.filter((q) => q.key !== podKey);
    this.podsWithRequiredAntiAffinity = this.podsWithRequiredAntiAffinity.filter((q) => q.key !== podKey);
    addResource(this.requested, p.requests, -1);
    addResource(this.nonZeroRequested, p.nonZeroRequests, -1);
    for (const hp of getHostPorts(p.pod)) this.usedPorts.remove(hp);
    this.generation++;
    return true;
  }

  clone(): NodeInfo {
    const c = new NodeInfo(this.node);
    c.pods = [...this.pods];
    c.podsWithAffinity = [...this.podsWithAffinity];
    c.podsWithRequiredAntiAffinity = [...this.podsWithRequiredAntiAffinity];
    c.usedPorts = this.usedPorts.clone();
    c.requested = cloneResource(this.requested);
    c.nonZeroRequested = cloneResource(this.nonZeroRequested);
    c.allocatable = cloneResource(this.allocatable);
    c.imageStates = this.imageStates;
    c.generation = this.generation;
    return c;
  }
}
