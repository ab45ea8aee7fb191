// Which of a class's PVs can serve a node, without checking every PV's node affinity on every
// node. upstream's binder (pkg/scheduler/framework/plugins/volumebinding/binder.go,
// findMatchingVolumes) walks every PV of the class per node and claim; with 4,000 local PVs that
// is 4,000 affinity checks per node per pod (issue 23: a 4,000-PV dump took ~40 min). The PVs of
// one cycle's list are indexed once by the label their node affinity names, the common shape of a
// local PV (`kubernetes.io/hostname In [node]`); the result is the same list in the same order,
// less volumes whose affinity cannot match the node and volumes bound to other claims.

import type { PersistentVolume, PersistentVolumeClaim } from '../../model/storage';
import type { Node, NodeSelector } from '../../model/types';

interface AffinityIndex {
  /** label key → label value → positions of the free volumes whose only requirement is `key In [… value …]` */
  byLabel: Map<string, Map<string, number[]>>;
  /** positions of every other free volume (no affinity, or one of another shape): checked as before */
  other: number[];
  /** names in the claimRefs of the volumes that have one */
  claimed: Set<string>;
}

const indexes = new WeakMap<readonly PersistentVolume[], AffinityIndex>();
/** a volume's required node affinity → its one `key In values` requirement, or null for another shape */
const shapes = new WeakMap<NodeSelector, { key: string; values: readonly string[] } | null>();

/** the one `key In values` requirement a selector consists of, if that is its shape */
function singleInRequirement(selector: NodeSelector): { key: string; values: readonly string[] } | null {
  const terms = selector.nodeSelectorTerms;
  if (terms?.length !== 1) return null;
  const term = terms[0]!;
  if ((term.matchFields ?? []).length > 0 || term.matchExpressions?.length !== 1) return null;
  const e = term.matchExpressions[0]!;
  return e.operator === 'In' && (e.values ?? []).length > 0 ? { key: e.key, values: [...new Set(e.values)] } : null;
}

function indexOf(volumes: readonly PersistentVolume[]): AffinityIndex {
  let index = indexes.get(volumes);
  if (index) return index;
  const byLabel = new Map<string, Map<string, number[]>>(), other: number[] = [], claimed = new Set<string>();
  for (let i = 0; i < volumes.length; i++) {
    const v = volumes[i]!;
    // a volume bound to a claim serves only that claim: FindMatchingVolume skips it for any other
    if (v.spec.claimRef) { claimed.add(v.spec.claimRef.name ?? ''); continue; }
    const required = v.spec.nodeAffinity?.required;
    let only = required ? shapes.get(required) : null;
    if (only === undefined) shapes.set(required!, only = singleInRequirement(required!));
    if (!only) { other.push(i); continue; }
    const byValue = byLabel.get(only.key) ?? byLabel.set(only.key, new Map()).get(only.key)!;
    for (const value of only.values) {
      const at = byValue.get(value);
      if (at) at.push(i); else byValue.set(value, [i]);
    }
  }
  index = { byLabel, other, claimed };
  indexes.set(volumes, index);
  return index;
}

/**
 * The volumes of `volumes` (one cycle's list of a class) FindMatchingVolume needs to look at for
 * `claim` on `node`, in their order. A volume left out is bound to another claim or has a node
 * affinity the node's labels do not match, both of which FindMatchingVolume skips; when a volume
 * may be pre-bound to the claim (its claimRef names it), the whole list is returned, because such
 * a volume decides even when its affinity does not match.
 */
export function volumesForNode(volumes: readonly PersistentVolume[], claim: PersistentVolumeClaim, node: Node): readonly PersistentVolume[] {
  const index = indexOf(volumes);
  if (index.claimed.has(claim.metadata.name)) return volumes;
  const labels = node.metadata.labels ?? {};
  const positions = [...index.other];
  for (const [key, byValue] of index.byLabel) {
    const value = Object.prototype.hasOwnProperty.call(labels, key) ? labels[key] : undefined;
    const matching = value === undefined ? undefined : byValue.get(value);
    if (matching) positions.push(...matching);
  }
  if (index.byLabel.size > 0) positions.sort((a, b) => a - b);
  return positions.map((i) => volumes[i]!);
}
