// CompositePodGroup hierarchies (v1.37 alpha, feature gate CompositePodGroup; KEP-6012): the tree
// a PodGroup belongs to, how ready it is for the queue, and what the scheduler refuses in it.
// upstream (read at a commit after v1.37; the v1.37 tag is not in the stored index):
// pkg/scheduler/backend/queue workloadForest (getRootLookupInfoForParentCPG: the walk up the parent
// chain, at most WorkloadMaxTreeDepth levels; validateHierarchy), the GangScheduling plugin's
// preEnqueueWithHierarchies / checkCPGHierarchyReadiness / isPGReady, and KEP-6012's "Runtime
// validation" (every group of a hierarchy at the root's priority). The pod-group cycle that
// schedules a hierarchy is ../../simulation/hierarchyCycle.ts, after upstream
// algorithm_podgroup.go RunRootSchedulingAlgorithm.

import type { ClusterLister } from '../../framework/interfaces';
import type { CompositePodGroup, PodGroup } from '../../model/types';
import { WORKLOAD_MAX_TREE_DEPTH } from '../../model/decode/compositePodGroups';

/** A node of a hierarchy: a leaf PodGroup, or a CompositePodGroup and its children (by name). */
export type HierarchyNode =
  | { kind: 'PodGroup'; group: PodGroup }
  | { kind: 'CompositePodGroup'; group: CompositePodGroup; children: HierarchyNode[] };

export const nodeName = (n: HierarchyNode): string => `${n.group.metadata.namespace ?? 'default'}/${n.group.metadata.name}`;

/** The root CompositePodGroup of a PodGroup that names a parent, or why there is none yet. */
export type RootLookup = { root: CompositePodGroup } | { missing: string } | { tooDeep: true };

/**
 * upstream: workloadForest.getRootLookupInfoForParentCPG — up the parent chain from the PodGroup's
 * parent, at most WorkloadMaxTreeDepth - 1 CompositePodGroups; a missing one leaves the hierarchy
 * without a root (its pods stay out of the queue), as does a chain that does not end (a cycle).
 */
export function findRoot(cluster: ClusterLister, pg: PodGroup): RootLookup {
  const ns = pg.metadata.namespace ?? 'default';
  let name = pg.spec.parentCompositePodGroupName!;
  for (let level = 1; level < WORKLOAD_MAX_TREE_DEPTH; level++) {
    const cpg = cluster.compositePodGroup?.(ns, name);
    if (!cpg) return { missing: name };
    if (cpg.spec.parentCompositePodGroupName === undefined) return { root: cpg };
    name = cpg.spec.parentCompositePodGroupName;
  }
  return { tooDeep: true };
}

/**
 * The tree under a root CompositePodGroup: its child CompositePodGroups and PodGroups (those that
 * name it as their parent, in the namespace), ordered by name — upstream keeps children in a map;
 * Podplay orders them so runs repeat. `depth` guards against a cycle below the root.
 */
export function buildHierarchy(cluster: ClusterLister, root: CompositePodGroup): HierarchyNode {
  const groups = cluster.schedulingGroups?.() ?? { podGroups: [], compositePodGroups: [] };
  const ns = root.metadata.namespace ?? 'default';
  const inNs = <T extends PodGroup | CompositePodGroup>(g: T) => (g.metadata.namespace ?? 'default') === ns;
  const pgs = [...groups.podGroups].filter(inNs);
  const cpgs = [...groups.compositePodGroups].filter(inNs);
  const byName = (a: { metadata: { name: string } }, b: { metadata: { name: string } }) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0);
  const build = (cpg: CompositePodGroup, depth: number): HierarchyNode => {
    const name = cpg.metadata.name;
    const children: HierarchyNode[] = depth >= WORKLOAD_MAX_TREE_DEPTH ? [] : [
      ...cpgs.filter((c) => c.spec.parentCompositePodGroupName === name).sort(byName).map((c) => build(c, depth + 1)),
      ...pgs.filter((g) => g.spec.parentCompositePodGroupName === name).sort(byName).map((g): HierarchyNode => ({ kind: 'PodGroup', group: g })),
    ];
    return { kind: 'CompositePodGroup', group: cpg, children };
  };
  return build(root, 1);
}

/** Every leaf PodGroup of the tree, depth first in child order. */
export function leafPodGroups(node: HierarchyNode): PodGroup[] {
  return node.kind === 'PodGroup' ? [node.group] : node.children.flatMap(leafPodGroups);
}

/** Every CompositePodGroup of the tree, the root first. */
export function compositeGroups(node: HierarchyNode): CompositePodGroup[] {
  return node.kind === 'PodGroup' ? [] : [node.group, ...node.children.flatMap(compositeGroups)];
}

/** upstream: getMinCount — a CompositePodGroup's minGroupCount, 1 for a basic one */
export function minGroupCount(cpg: CompositePodGroup): number {
  return cpg.spec.schedulingPolicy.gang?.minGroupCount ?? 1;
}

/**
 * upstream: isPGReady and the hierarchy tracker's ReadyChildrenCount — a leaf is ready when it is
 * basic or has at least minCount pods; a CompositePodGroup when at least minGroupCount of its
 * children are ready. `podCount`: the pods that name a PodGroup (pending or running).
 */
export function isReady(node: HierarchyNode, podCount: (pg: PodGroup) => number): boolean {
  if (node.kind === 'PodGroup') {
    const gang = node.group.spec.schedulingPolicy.gang;
    return !gang || podCount(node.group) >= gang.minCount;
  }
  return readyChildren(node, podCount) >= minGroupCount(node.group);
}

export function readyChildren(node: Extract<HierarchyNode, { kind: 'CompositePodGroup' }>, podCount: (pg: PodGroup) => number): number {
  return node.children.filter((c) => isReady(c, podCount)).length;
}

/** upstream: checkCPGHierarchyReadiness's status message */
export const waitingForTree = (name: string): string => `waiting for composite pod group "${name}" tree to meet quorum`;

/**
 * upstream: GangScheduling.preEnqueueWithHierarchies for a PodGroup with a parent: the root must
 * exist and have at least minGroupCount ready children. Returns the status message when the pod
 * must wait, undefined when it may enter the queue.
 */
export function hierarchyPreEnqueue(cluster: ClusterLister, pg: PodGroup, podCount: (pg: PodGroup) => number): string | undefined {
  const found = findRoot(cluster, pg);
  if ('missing' in found) return waitingForTree(found.missing);
  if ('tooDeep' in found) return waitingForTree(pg.spec.parentCompositePodGroupName!);
  const tree = buildHierarchy(cluster, found.root);
  if (tree.kind !== 'CompositePodGroup' || readyChildren(tree, podCount) < minGroupCount(found.root)) return waitingForTree(found.root.metadata.name);
  return undefined;
}

/**
 * KEP-6012 "Runtime validation" (validatePodGroup extended to hierarchies): every group of the
 * hierarchy must have the root's priority, a gang CompositePodGroup no basic child, and an `All`
 * CompositePodGroup no `Single` child. The first problem, or undefined. The priority message is
 * upstream's (schedule_one_podgroup.go validatePodGroup); the other two are Podplay's wording of
 * the KEP's rules (the upstream messages were not in the stored sources).
 */
export function validateHierarchy(tree: HierarchyNode, priorityOf: (g: PodGroup | CompositePodGroup) => number): string | undefined {
  const rootPriority = priorityOf(tree.group);
  const walk = (node: HierarchyNode): string | undefined => {
    const p = priorityOf(node.group);
    if (p !== rootPriority) return `all pod groups in a hierarchy should have the same priority as the root pod group's priority, got ${p} and ${rootPriority}`;
    if (node.kind === 'PodGroup') return undefined;
    for (const child of node.children) {
      if (node.group.spec.schedulingPolicy.gang && child.group.spec.schedulingPolicy.basic) {
        return `composite pod group "${node.group.metadata.name}" has the gang policy but its child "${child.group.metadata.name}" has the basic policy`;
      }
      if (node.group.spec.disruptionMode === 'All' && (child.group.spec.disruptionMode ?? 'Single') !== 'All') {
        return `composite pod group "${node.group.metadata.name}" has disruptionMode All but its child "${child.group.metadata.name}" has disruptionMode Single`;
      }
      const problem = walk(child);
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(tree);
}
