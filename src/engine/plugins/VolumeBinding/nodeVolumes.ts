// Which of a class's PVs can serve a node, without checking every PV's node affinity on every
// node. upstream's binder (pkg/scheduler/framework/plugins/volumebinding/binder.go,
// findMatchingVolumes) walks every PV of the class per node and claim; with 4,000 local PVs that
// is 4,000 affinity checks per node per pod (issue 23: a 4,000-PV dump took ~40 min). The PVs of
// a class's list are indexed once by the label their node affinity names, the common shape of a
// local PV (`kubernetes.io/hostname In [node]`); the result is the same list in the same order,
// less volumes whose affinity cannot match the node. The binder keeps a class's list from cycle
// to cycle and replaces only the volumes that changed (binding one sets its claimRef), and the
// index moves with it (carryIndex): building it once per cycle over every volume made the run
// quadratic in the number of volumes.

import type { PersistentVolume, PersistentVolumeClaim } from '../../model/storage';
import { localVolumeAffinity } from '../../model/pvHelpers';
import type { Node } from '../../model/types';

interface AffinityIndex {
  /** label key → label value → positions of the volumes whose only requirement is `key In [… value …]` */
  byLabel: Map<string, Map<string, number[]>>;
  /** positions of every other volume (no affinity, or one of another shape): checked as before */
  other: number[];
  /** claim name in a volume's claimRef → how many volumes carry it */
  claimed: Map<string, number>;
  /** when every volume is of one label key (local PVs): that key and its values' positions */
  single: { key: string; byValue: Map<string, number[]> } | undefined;
}

const indexes = new WeakMap<readonly PersistentVolume[], AffinityIndex>();
const none: readonly PersistentVolume[] = [];

const claimRefName = (v: PersistentVolume) => (v.spec.claimRef ? v.spec.claimRef.name ?? '' : undefined);
const required = (v: PersistentVolume) => v.spec.nodeAffinity?.required;

function count(claimed: Map<string, number>, name: string | undefined, by: number): void {
  if (name === undefined) return;
  const n = (claimed.get(name) ?? 0) + by;
  if (n === 0) claimed.delete(name); else claimed.set(name, n);
}

function indexOf(volumes: readonly PersistentVolume[]): AffinityIndex {
  let index = indexes.get(volumes);
  if (index) return index;
  const byLabel = new Map<string, Map<string, number[]>>(), other: number[] = [], claimed = new Map<string, number>();
  for (let i = 0; i < volumes.length; i++) {
    const v = volumes[i]!;
    count(claimed, claimRefName(v), 1);
    const affinity = required(v);
    const only = affinity ? localVolumeAffinity(affinity) : null;
    if (!only) { other.push(i); continue; }
    const byValue = byLabel.get(only.key) ?? byLabel.set(only.key, new Map()).get(only.key)!;
    for (const value of only.values) {
      const at = byValue.get(value);
      if (at) at.push(i); else byValue.set(value, [i]);
    }
  }
  const [key, byValue] = other.length === 0 && byLabel.size === 1 ? byLabel.entries().next().value! : [];
  index = { byLabel, other, claimed, single: key === undefined ? undefined : { key, byValue: byValue! } };
  indexes.set(volumes, index);
  return index;
}

/** whether two versions of a volume sit in the same places of an index (their node affinity has the same shape) */
function sameAffinity(was: PersistentVolume, now: PersistentVolume): boolean {
  const a = required(was), b = required(now);
  if (a === b) return true;
  const x = a ? localVolumeAffinity(a) : null, y = b ? localVolumeAffinity(b) : null;
  // volumes of any other shape all sit among `other`
  if (x === null || y === null) return x === y;
  return x.key === y.key && x.values.size === y.values.size && [...x.values].every((value) => y.values.has(value));
}

/**
 * `to` is `from` with the volumes at `replaced` positions replaced: the index of `from` serves
 * `to` when no replaced volume's node affinity changed shape (else `to` is indexed when asked).
 * `from`'s index is dropped either way, since it no longer describes `from`.
 */
export function carryIndex(from: readonly PersistentVolume[], to: readonly PersistentVolume[], replaced: readonly number[]): void {
  const index = indexes.get(from);
  if (!index) return;
  indexes.delete(from);
  if (!replaced.every((at) => sameAffinity(from[at]!, to[at]!))) return;
  for (const at of replaced) {
    count(index.claimed, claimRefName(from[at]!), -1);
    count(index.claimed, claimRefName(to[at]!), 1);
  }
  indexes.set(to, index);
}

/**
 * The volumes of `volumes` (a class's list) FindMatchingVolume needs to look at for `claim` on
 * `node`, in their order. A volume left out has a node affinity the node's labels do not match,
 * which FindMatchingVolume skips; when a volume may be pre-bound to the claim (its claimRef names
 * it), the whole list is returned, because such a volume decides even when its affinity does not
 * match. Volumes bound to other claims stay in (FindMatchingVolume skips them).
 */
export function volumesForNode(volumes: readonly PersistentVolume[], claim: PersistentVolumeClaim, node: Node): NodeVolumes {
  const index = indexOf(volumes);
  if (index.claimed.has(claim.metadata.name)) return { volumes, affinityMatched: false };
  const labels = node.metadata.labels ?? {};
  if (index.single) {
    // every volume is a local one of the same label key: the node's positions are already in order
    const at = Object.prototype.hasOwnProperty.call(labels, index.single.key) ? index.single.byValue.get(labels[index.single.key]!) : undefined;
    return { volumes: at ? unclaimed(volumes, at) : none, affinityMatched: true };
  }
  const positions = [...index.other];
  for (const [key, byValue] of index.byLabel) {
    const matching = Object.prototype.hasOwnProperty.call(labels, key) ? byValue.get(labels[key]!) : undefined;
    if (matching) positions.push(...matching);
  }
  if (index.byLabel.size > 0) positions.sort((a, b) => a - b);
  return { volumes: unclaimed(volumes, positions), affinityMatched: index.other.length === 0 };
}

/**
 * The volumes FindMatchingVolume needs to look at; `affinityMatched` when the node affinity of
 * each is known to match the node (it was picked by it), so that it need not be checked again:
 * that check was most of the cost of a node with local PVs (4,000 PVs: 2.8 million per run).
 */
export interface NodeVolumes { volumes: readonly PersistentVolume[]; affinityMatched: boolean }

/**
 * The volumes at `positions` that no claim holds. volumesForNode calls it only when no volume's
 * claimRef names the claim, so FindMatchingVolume would skip every claimed one (its claimRef is
 * another claim's): leaving them out changes nothing but the cost. On a node whose local PVs are
 * all taken that is no list at all, where before each of the node's volumes was looked at again
 * for every pod (issue 23: 4,000 local PVs, most nodes' volumes bound half-way through the run).
 */
function unclaimed(volumes: readonly PersistentVolume[], positions: readonly number[]): readonly PersistentVolume[] {
  let out: PersistentVolume[] | undefined;
  for (const i of positions) {
    const v = volumes[i]!;
    if (v.spec.claimRef === undefined) (out ??= []).push(v);
  }
  return out ?? none;
}
