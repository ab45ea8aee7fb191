// upstream: pkg/scheduler/backend/queue/nominator.go — pods nominated to nodes by preemption
// (status.nominatedNodeName), which later cycles must leave room for.

import type { PodInfo } from '../framework/podInfo';

const NONE: readonly PodInfo[] = Object.freeze([]);

export class Nominator {
  private readonly byNode = new Map<string, PodInfo[]>();
  private readonly nodeOfPod = new Map<string, string>();

  addNominatedPod(pi: PodInfo, nodeName: string): void {
    this.deleteNominatedPodIfExists(pi.key);
    if (!nodeName) return;
    this.nodeOfPod.set(pi.key, nodeName);
    const list = this.byNode.get(nodeName) ?? [];
    list.push(pi);
    this.byNode.set(nodeName, list);
  }

  deleteNominatedPodIfExists(podKey: string): void {
    const node = this.nodeOfPod.get(podKey);
    if (node === undefined) return;
    this.nodeOfPod.delete(podKey);
    const list = (this.byNode.get(node) ?? []).filter((p) => p.key !== podKey);
    if (list.length) this.byNode.set(node, list); else this.byNode.delete(node);
  }

  nominatedPodsForNode(nodeName: string): readonly PodInfo[] {
    // asked for every node in every cycle: no lookup while nothing is nominated
    return this.byNode.size === 0 ? NONE : this.byNode.get(nodeName) ?? NONE;
  }

  hasNominatedPods(): boolean {
    return this.byNode.size > 0;
  }

  nominatedNodeOf(podKey: string): string | undefined {
    return this.nodeOfPod.get(podKey);
  }
}
