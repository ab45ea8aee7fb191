// upstream: pkg/scheduler/backend/cache/cache.go — the scheduler's view of nodes and the pods
// bound or assumed on them. Single-threaded here, so the snapshot shares the cache's NodeInfos
// for the length of a cycle; preemption dry-runs clone the NodeInfos they change.

import type { Node } from '../model/types';
import { NodeChangeLog, registerNodeList } from './nodeChanges';
import { NodeInfo, type ImageStateSummary } from './nodeInfo';
import type { PodInfo } from './podInfo';
import { NodeTree, Snapshot, type AffinityLists } from './snapshot';

/** which of the snapshot's affinity lists the node belongs in, as two bits */
function affinityMembership(info: NodeInfo): number {
  return (info.podsWithAffinity.length > 0 ? 1 : 0) | (info.podsWithRequiredAntiAffinity.length > 0 ? 2 : 0);
}

export class SchedulerCache {
  private readonly nodes = new Map<string, NodeInfo>();
  /** pod key -> node name, for bound and assumed pods */
  private readonly podNodes = new Map<string, string>();
  private readonly assumed = new Set<string>();
  private readonly tree = new NodeTree();
  private ordered: NodeInfo[] | undefined;
  private imagesDirty = true;
  /** the last snapshot, until something changes (upstream: UpdateSnapshot is incremental) */
  private current: Snapshot | undefined;
  /**
   * The snapshot's lists of nodes with pods with (anti-)affinity, kept until a node joins or
   * leaves one or the node list changes (upstream: UpdateSnapshot rebuilds them only then).
   */
  private affinityLists: AffinityLists = {};
  /** every change to a NodeInfo of the cache (see nodeChanges.ts) */
  private readonly changes = new NodeChangeLog();

  addNode(node: Node): NodeInfo {
    this.current = undefined;
    const existing = this.nodes.get(node.metadata.name);
    if (existing) { this.updateNode(node); return existing; }
    const info = new NodeInfo(node);
    this.nodes.set(node.metadata.name, info);
    this.tree.addNode(node);
    this.ordered = undefined;
    this.imagesDirty = true;
    return info;
  }

  updateNode(node: Node): void {
    this.current = undefined;
    const info = this.nodes.get(node.metadata.name);
    if (!info) { this.addNode(node); return; }
    if (this.tree.updateNode(node)) this.ordered = undefined;
    info.setNode(node);
    this.changes.record(info);
    this.imagesDirty = true;
  }

  removeNode(name: string): void {
    this.current = undefined;
    const info = this.nodes.get(name);
    if (!info) return;
    for (const p of info.pods) { this.podNodes.delete(p.key); this.assumed.delete(p.key); }
    this.nodes.delete(name);
    this.tree.removeNode(name);
    this.ordered = undefined;
    this.imagesDirty = true;
  }

  nodeInfo(name: string): NodeInfo | undefined {
    return this.nodes.get(name);
  }

  /** Adds a bound pod (or an assumed one, with assumed = true). */
  addPod(p: PodInfo, nodeName: string, assumed = false): boolean {
    this.current = undefined;
    const info = this.nodes.get(nodeName);
    if (!info) return false;
    this.removePod(p.key);
    const before = affinityMembership(info);
    info.addPod(p);
    this.changes.record(info);
    if (affinityMembership(info) !== before) this.affinityLists = {};
    this.podNodes.set(p.key, nodeName);
    if (assumed) this.assumed.add(p.key); else this.assumed.delete(p.key);
    return true;
  }

  /** upstream: FinishBinding — the assumed pod is now bound */
  confirmPod(podKey: string): void {
    this.assumed.delete(podKey);
  }

  isAssumed(podKey: string): boolean {
    return this.assumed.has(podKey);
  }

  /** Removes a pod from its node (delete, or ForgetPod of an assumed pod). */
  removePod(podKey: string): void {
    this.current = undefined;
    const nodeName = this.podNodes.get(podKey);
    if (nodeName === undefined) return;
    const info = this.nodes.get(nodeName);
    if (info) {
      const before = affinityMembership(info);
      info.removePod(podKey);
      this.changes.record(info);
      if (affinityMembership(info) !== before) this.affinityLists = {};
    }
    this.podNodes.delete(podKey);
    this.assumed.delete(podKey);
  }

  /** A bound or assumed pod's object changed in place (it is terminating): its node's generation moves. */
  podChanged(podKey: string): void {
    this.current = undefined;
    const nodeName = this.podNodes.get(podKey);
    const info = nodeName === undefined ? undefined : this.nodes.get(nodeName);
    if (info) {
      info.podChanged();
      this.changes.record(info);
    }
  }

  nodeOfPod(podKey: string): string | undefined {
    return this.podNodes.get(podKey);
  }

  /** nodes in insertion order */
  allNodeInfos(): NodeInfo[] {
    return [...this.nodes.values()];
  }

  snapshot(): Snapshot {
    if (this.current) return this.current;
    if (!this.ordered) {
      this.ordered = this.tree.list().map((name) => this.nodes.get(name)!);
      registerNodeList(this.ordered, this.changes);
      this.byName = undefined;
      this.affinityLists = {};
    }
    if (this.imagesDirty) { this.refreshImageStates(); this.imagesDirty = false; }
    // the name index only changes with the node list (pods come and go every cycle)
    this.byName ??= new Map(this.ordered.map((n) => [n.name, n]));
    this.current = new Snapshot(this.ordered, this.byName, this.affinityLists);
    return this.current;
  }

  private byName: Map<string, NodeInfo> | undefined;

  /** upstream: addNodeImageStates / createImageStateSummary */
  private refreshImageStates(): void {
    const nodesWithImage = new Map<string, { size: number; nodes: Set<string> }>();
    for (const info of this.nodes.values()) {
      for (const image of info.node.status?.images ?? []) {
        for (const name of image.names ?? []) {
          let state = nodesWithImage.get(name);
          if (!state) nodesWithImage.set(name, (state = { size: image.sizeBytes, nodes: new Set() }));
          state.nodes.add(info.name);
        }
      }
    }
    for (const info of this.nodes.values()) {
      const summary = new Map<string, ImageStateSummary>();
      for (const image of info.node.status?.images ?? []) {
        for (const name of image.names ?? []) {
          const state = nodesWithImage.get(name)!;
          if (!summary.has(name)) summary.set(name, { size: state.size, numNodes: state.nodes.size });
        }
      }
      info.imageStates = summary;
    }
  }
}
