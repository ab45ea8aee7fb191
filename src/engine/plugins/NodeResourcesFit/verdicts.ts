// NodeResourcesFit's failing Filter verdict of a node, kept while neither the node nor the
// request changes. A full cluster fails most of the nodes a cycle visits, cycle after cycle, each with the
// same numbers (upstream builds the status afresh each time and forgets it): keeping the status
// lets the trace hold one verdict per node state instead of one per node per cycle, and spares
// Filter listing the insufficient resources again.

import type { NodeInfo } from '../../framework/nodeInfo';
import type { Resource } from '../../framework/resources';
import type { Status } from '../../framework/status';

/** upstream: InsufficientResource (fit.go), Filter's finding and the key of a kept verdict — what the UI needs to say "requests 1500m, free 500m". */
export interface InsufficientResource {
  resourceName: string;
  reason: string;
  requested: number;
  /** already requested by the pods on the node */
  used: number;
  /** the node's allocatable amount */
  capacity: number;
  /** the request alone exceeds the node's allocatable: preemption cannot help */
  unresolvable: boolean;
}

interface Kept {
  generation: number;
  podRequest: Resource;
  ignoredResources: ReadonlySet<string>;
  ignoredResourceGroups: ReadonlySet<string>;
  status: Status;
}

function sameRequest(a: Resource, b: Resource): boolean {
  if (a === b) return true;
  if (a.milliCPU !== b.milliCPU || a.memory !== b.memory || a.ephemeralStorage !== b.ephemeralStorage || a.allowedPodNumber !== b.allowedPodNumber) return false;
  if (a.scalar.size !== b.scalar.size) return false;
  for (const [name, q] of a.scalar) if (b.scalar.get(name) !== q) return false;
  return true;
}

/** every field equal, as `shared`'s key compares them */
function sameFinding(a: readonly InsufficientResource[], b: readonly InsufficientResource[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.resourceName !== y.resourceName || x.reason !== y.reason || x.requested !== y.requested || x.used !== y.used
      || x.capacity !== y.capacity || x.unresolvable !== y.unresolvable) return false;
  }
  return true;
}

/** By NodeInfo; a preemption dry run's copy of a node keeps none. */
export class FitVerdicts {
  private readonly byNode = new WeakMap<NodeInfo, Kept>();
  /** the request last asked with, and the equal one the kept verdicts were made for */
  private lastRequest: Resource | undefined;
  private lastCanonical: Resource | undefined;
  /** the distinct requests seen lately (pods of a few shapes take turns) */
  private readonly canonicals: Resource[] = [];
  /** one status for equal findings: full nodes of one shape fail alike, and share it in the trace */
  private readonly byFinding = new Map<string, Status>();
  /** the finding `shared` was last given, and its status */
  private last: readonly InsufficientResource[] | undefined;
  private lastStatus: Status | undefined;

  /** one object for equal requests (a cycle's request is a new object), so the verdicts compare it by identity */
  private canonicalRequest(podRequest: Resource): Resource {
    if (podRequest !== this.lastRequest) {
      this.lastRequest = podRequest;
      let found = this.canonicals.find((c) => sameRequest(c, podRequest));
      if (!found) {
        if (this.canonicals.unshift((found = podRequest)) > 8) this.canonicals.pop();
      }
      this.lastCanonical = found;
    }
    return this.lastCanonical!;
  }

  /** the failing status kept for this node and request, while neither changed */
  kept(nodeInfo: NodeInfo, podRequest: Resource, ignoredResources: ReadonlySet<string>, ignoredResourceGroups: ReadonlySet<string>): Status | undefined {
    // a preemption dry run's copy lives for one node's check: nothing to keep for it
    if (nodeInfo.isCopy) return undefined;
    const request = this.canonicalRequest(podRequest);
    // a request first seen this cycle has nothing kept (a cycle visits a node once)
    if (request === podRequest) return undefined;
    const k = this.byNode.get(nodeInfo);
    if (
      k && k.generation === nodeInfo.generation && k.podRequest === request
      && k.ignoredResources === ignoredResources && k.ignoredResourceGroups === ignoredResourceGroups
    ) return k.status;
    return undefined;
  }

  /**
   * Keeps the failing status Filter found for this node and request, from the second cycle that
   * asks with an equal request on: a request asked once (SchedulingWithExtendedResource: pod i
   * requests `foo.com/bar-i`, which node i alone has) would keep an entry per node per cycle
   * that is never read. A pod's retry, or a pod of the same shape, asks again.
   */
  keep(nodeInfo: NodeInfo, podRequest: Resource, ignoredResources: ReadonlySet<string>, ignoredResourceGroups: ReadonlySet<string>, status: Status): void {
    if (nodeInfo.isCopy) return;
    const request = this.canonicalRequest(podRequest);
    if (request === podRequest) return;
    this.byNode.set(nodeInfo, { generation: nodeInfo.generation, podRequest: request, ignoredResources, ignoredResourceGroups, status });
  }

  /** the finding `shared` was last given (Filter compares a node's with it before making a list) */
  get lastFinding(): readonly InsufficientResource[] | undefined {
    return this.last;
  }

  /**
   * The status for these insufficient resources: the one made for an equal finding on another
   * node (or in another cycle) when there is one, else `make`'s. Every field of the finding is
   * compared, so a shared status says exactly what a new one would.
   */
  shared(insufficientResources: readonly InsufficientResource[], make: (found: readonly InsufficientResource[]) => Status): Status {
    // the node before found the same, most often (a cycle walks nodes of one shape): no key to build
    if (this.last !== undefined && (this.last === insufficientResources || sameFinding(this.last, insufficientResources))) return this.lastStatus!;
    let key = '';
    for (const r of insufficientResources) key += `${r.resourceName}\u0000${r.reason}\u0000${r.requested}\u0000${r.used}\u0000${r.capacity}\u0000${r.unresolvable ? 1 : 0}\u0001`;
    let status = this.byFinding.get(key);
    if (status === undefined) {
      if (this.byFinding.size >= 4096) this.byFinding.clear();
      this.byFinding.set(key, (status = make(insufficientResources)));
    }
    this.last = insufficientResources;
    this.lastStatus = status;
    return status;
  }
}
