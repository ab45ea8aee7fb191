// NodeResourcesFit's failing Filter verdict of a node, kept while neither the node nor the
// request changes. A full cluster fails most of the nodes a cycle visits, cycle after cycle, each with the
// same numbers (upstream builds the status afresh each time and forgets it): keeping the status
// lets the trace hold one verdict per node state instead of one per node per cycle.

import type { NodeInfo } from '../../framework/nodeInfo';
import type { Resource } from '../../framework/resources';
import type { Status } from '../../framework/status';

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

/** By NodeInfo: a preemption dry run's copy of a node has its own, gone with the copy. */
export class FitVerdicts {
  private readonly kept = new WeakMap<NodeInfo, Kept>();
  /** the request last asked with, and the equal one the kept verdicts were made for */
  private lastRequest: Resource | undefined;
  private lastCanonical: Resource | undefined;
  /** the distinct requests seen lately (pods of a few shapes take turns) */
  private readonly canonicals: Resource[] = [];

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

  /** the status `check` gives for this node and request (a failure), the one kept when they are unchanged */
  get(nodeInfo: NodeInfo, podRequest: Resource, ignoredResources: ReadonlySet<string>, ignoredResourceGroups: ReadonlySet<string>, check: () => Status): Status {
    const request = this.canonicalRequest(podRequest);
    const k = this.kept.get(nodeInfo);
    if (
      k && k.generation === nodeInfo.generation && k.podRequest === request
      && k.ignoredResources === ignoredResources && k.ignoredResourceGroups === ignoredResourceGroups
    ) return k.status;
    const status = check();
    this.kept.set(nodeInfo, { generation: nodeInfo.generation, podRequest: request, ignoredResources, ignoredResourceGroups, status });
    return status;
  }
}
