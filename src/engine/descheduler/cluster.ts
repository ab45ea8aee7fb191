// What one descheduling run reads: the informers' view of nodes, pods (indexed by node, like
// podutil.BuildGetPodsAssignedToNodeFunc), PDBs, namespaces and PriorityClasses. Pods are copied
// so an accepted eviction can mark its pod terminating (the API server sets deletionTimestamp,
// and the next plugin's listing sees it), without touching the caller's objects.

import { NodeInfo } from '../framework/nodeInfo';
import { newPodInfo } from '../framework/podInfo';
import type { Labels, Node } from '../model/types';
import { podNamespace, type PodFilter } from './podutil';
import type { DeschedulerPod, DeschedulerView, PersistentVolumeClaimRef } from './types';

export class Cluster {
  readonly nodes: Node[];
  readonly pods: DeschedulerPod[];
  readonly now: number;
  private readonly byNode = new Map<string, DeschedulerPod[]>();
  private readonly namespaceLabels = new Map<string, Labels>();
  private readonly nodeInfos = new Map<string, NodeInfo>();

  constructor(readonly view: DeschedulerView) {
    this.now = view.now;
    this.nodes = view.nodes;
    this.pods = view.pods.map((p) => ({ ...p, metadata: { ...p.metadata } }));
    for (const pod of this.pods) {
      const nodeName = pod.spec.nodeName;
      if (!nodeName) continue;
      let list = this.byNode.get(nodeName);
      if (!list) this.byNode.set(nodeName, (list = []));
      list.push(pod);
    }
    for (const ns of view.namespaces ?? []) this.namespaceLabels.set(ns.metadata.name, ns.metadata.labels ?? {});
  }

  /** upstream: GetPodsAssignedToNodeFunc — every pod bound to the node (any phase), filtered. */
  podsAssignedToNode(nodeName: string, filter?: PodFilter): DeschedulerPod[] {
    const pods = this.byNode.get(nodeName) ?? [];
    return filter ? pods.filter(filter) : [...pods];
  }

  /** upstream: ListPodsOnANode — Succeeded and Failed pods hold no resources and are left out. */
  listPodsOnANode(nodeName: string, filter?: PodFilter): DeschedulerPod[] {
    return this.podsAssignedToNode(nodeName, (p) =>
      p.status.phase !== 'Succeeded' && p.status.phase !== 'Failed' && (filter === undefined || filter(p)));
  }

  /** upstream: ListPodsOnNodes */
  listPodsOnNodes(nodes: readonly Node[], filter?: PodFilter): DeschedulerPod[] {
    return nodes.flatMap((n) => this.listPodsOnANode(n.metadata.name, filter));
  }

  /**
   * The node with its non-terminal pods, as the engine's NodeInfo: `requested` is the sum of the
   * pods' requests without the scheduler's non-zero defaults, which is how the descheduler
   * measures use (utils.PodRequestsAndLimits, node.NodeUtilization).
   */
  nodeInfo(node: Node): NodeInfo {
    // Pods are never removed during a run (evicted ones only terminate), so this stays valid.
    let info = this.nodeInfos.get(node.metadata.name);
    if (!info) {
      info = new NodeInfo(node);
      for (const pod of this.listPodsOnANode(node.metadata.name)) info.addPod(newPodInfo(pod));
      this.nodeInfos.set(node.metadata.name, info);
    }
    return info;
  }

  namespaceLabelsOf(namespace: string): Labels | undefined {
    return this.namespaceLabels.get(namespace);
  }

  hasNamespace(namespace: string): boolean {
    return this.namespaceLabels.has(namespace);
  }

  persistentVolumeClaim(namespace: string, name: string): PersistentVolumeClaimRef | undefined {
    return this.view.persistentVolumeClaims?.find((c) => c.namespace === namespace && c.name === name);
  }

  priorityClassValue(name: string): number | undefined {
    return this.view.priorityClasses?.find((pc) => pc.metadata.name === name)?.value;
  }

  /** An accepted eviction: the pod is now terminating for everything that reads it later. */
  markTerminating(pod: DeschedulerPod): void {
    pod.metadata.deletionTimestamp ??= this.now;
  }

  /** The pods with this owner key (upstream: the pod informer's ownerRef UID index). */
  podsOwnedBy(ownerKey: string, keyOf: (p: DeschedulerPod) => string[]): DeschedulerPod[] {
    return this.pods.filter((p) => keyOf(p).includes(ownerKey));
  }

  pdbsFor(pod: DeschedulerPod): NonNullable<DeschedulerView['podDisruptionBudgets']> {
    return (this.view.podDisruptionBudgets ?? []).filter((pdb) => (pdb.metadata.namespace ?? 'default') === podNamespace(pod));
  }
}
