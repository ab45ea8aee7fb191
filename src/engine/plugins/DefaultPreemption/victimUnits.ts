// upstream (v1.37, GenericWorkload on): pkg/scheduler/framework/plugins/defaultpreemption/
// default_preemption.go SelectVictimsOnNode with its allPossibleVictims, and
// pkg/scheduler/framework/preemption/types.go (getCrossNodesVictims, NewPodVictim, DomainVictim)
// and util.go (MoreImportantVictim, GetPodPriority, FilterVictimsWithPDBViolation).
// A single pod's preemption takes its victims as units, as workload-aware preemption does:
//   - a pod of a PodGroup whose disruptionMode is All brings every scheduled pod of its group, on
//     any node, as one unit: evicting one member evicts them all, and if the unit is reprieved
//     none of them goes;
//   - any other pod is a unit alone;
//   - a pod of a PodGroup counts at the PodGroup's priority (a member of a priority-1000 group is
//     a victim of a priority-2000 preemptor whatever its own priority).
// Only the node being tried is changed in the copy; for the unit's members on other nodes only
// the PreFilter extensions (RemovePod / AddPod) run, with those nodes as they are — upstream's
// "remote nodes go through PreFilterExtension only".

import type { CycleState } from '../../framework/cycleState';
import type { Handle } from '../../framework/interfaces';
import type { NodeInfo } from '../../framework/nodeInfo';
import { podNamespace, podPriority, type PodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import type { Pod, PodDisruptionBudget } from '../../model/types';
import { podStartTime } from '../../preemption/importance';
import { moreImportantVictim } from './podGroupPreemption';
import { ErrReasonNoVictims, filterPodsWithPDBViolation, type VictimSelection } from './victims';

/** the PodGroup a victim pod belongs to, as preemption weighs it */
export interface VictimGroup {
  /** "namespace/name" */
  key: string;
  priority: number;
  disruptionMode: 'Single' | 'All';
}

/** What the unit-based selection reads of the cluster: the groups and their scheduled pods. */
export interface VictimGroupIndex {
  groupOf(pod: Pod): VictimGroup | undefined;
  /** every scheduled (bound or assumed) pod of the group, with the node it is on */
  scheduledPods(groupKey: string): readonly { pi: PodInfo; node: string }[];
}

/** upstream: DomainVictim — one unit, its pods and the nodes they are on */
export interface VictimUnit {
  key: string;
  members: { pi: PodInfo; node: string }[];
  /** for moreImportantVictim (podGroupPreemption.ts): the pods, priority, kind and start */
  pods: Pod[];
  priority: number;
  isPodGroup: boolean;
  earliestStart: number;
  nodes: string[];
}

function unit(key: string, members: { pi: PodInfo; node: string }[], priority: number, isPodGroup: boolean, now: number): VictimUnit {
  const nodes: string[] = [];
  let earliestStart = Infinity;
  for (const m of members) {
    if (!nodes.includes(m.node)) nodes.push(m.node);
    earliestStart = Math.min(earliestStart, podStartTime(m.pi.pod, now));
  }
  return { key, members, pods: members.map((m) => m.pi.pod), priority, isPodGroup, earliestStart, nodes };
}

/**
 * upstream: getCrossNodesVictims over one node — each of the node's pods is a unit, or brings its
 * All-mode group's unit (once).
 */
export function victimUnitsOnNode(nodeInfo: NodeInfo, index: VictimGroupIndex, now: number): VictimUnit[] {
  const seen = new Set<string>();
  const out: VictimUnit[] = [];
  for (const pi of nodeInfo.pods) {
    const group = index.groupOf(pi.pod);
    if (group?.disruptionMode === 'All') {
      const key = `PodGroup/${group.key}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const members = index.scheduledPods(group.key);
      // upstream: no scheduled pod found (cannot happen for a pod on a node) — the pod alone
      out.push(members.length > 0 ? unit(key, [...members], group.priority, true, now) : unit(`Pod/${pi.key}`, [{ pi, node: nodeInfo.name }], group.priority, true, now));
      continue;
    }
    const key = `Pod/${pi.key}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(unit(key, [{ pi, node: nodeInfo.name }], group?.priority ?? podPriority(pi.pod), pi.pod.spec.schedulingGroup !== undefined, now));
  }
  return out;
}

function sortUnits(units: VictimUnit[]): VictimUnit[] {
  return units.sort((a, b) => (moreImportantVictim(a, b) ? -1 : moreImportantVictim(b, a) ? 1 : 0));
}

/**
 * upstream: FilterVictimsWithPDBViolation over units — a unit violates when any of its pods
 * overdraws a PDB (the PDBs' budgets spent in unit order); its count is how many of its pods do.
 */
export function splitUnitsByPDBViolation(units: readonly VictimUnit[], pdbs: readonly PodDisruptionBudget[]): { violating: { unit: VictimUnit; count: number }[]; nonViolating: VictimUnit[] } {
  if (pdbs.length === 0) return { violating: [], nonViolating: [...units] };
  const flat = units.flatMap((u) => u.members.map((m) => m.pi));
  const bad = new Set(filterPodsWithPDBViolation(flat, pdbs).violating.map((pi) => pi.key));
  const violating: { unit: VictimUnit; count: number }[] = [];
  const nonViolating: VictimUnit[] = [];
  for (const u of units) {
    const count = u.members.filter((m) => bad.has(m.pi.key)).length;
    if (count > 0) violating.push({ unit: u, count });
    else nonViolating.push(u);
  }
  return { violating, nonViolating };
}

/** upstream turns a failed extension into an error (fwk.AsStatus(status.AsError())). */
function asError(s: Status): Status {
  return s.code === 'Error' ? s : Status.error(s.message());
}

/**
 * upstream: SelectVictimsOnNode with allPossibleVictims (v1.37). Remove every unit of lower
 * priority than the preemptor; if it still does not fit the node, the node is no candidate.
 * Otherwise add units back, most important first, PDB-violating ones before the others, keeping
 * each that still lets the preemptor fit; the rest are the victims (every pod of each).
 */
export function selectVictimUnitsOnNode(handle: Handle, state: CycleState, pod: PodInfo, nodeInfo: NodeInfo, pdbs: readonly PodDisruptionBudget[], index: VictimGroupIndex): VictimSelection {
  const failed = (status: Status): VictimSelection => ({ victims: [], numViolatingVictim: 0, status });
  const main = nodeInfo.name;
  const snapshot = handle.snapshot();
  const nodeOf = (name: string): NodeInfo | undefined => (name === main ? nodeInfo : snapshot.get(name));
  const preemptorPriority = podPriority(pod.pod);

  const remove = (u: VictimUnit): Status => {
    for (const m of u.members) {
      const ni = nodeOf(m.node);
      if (!ni) continue;
      if (m.node === main) ni.removePod(m.pi.key);
      const s = handle.runPreFilterExtensionRemovePod(state, pod, m.pi, ni);
      if (!s.isSuccess()) return asError(s);
    }
    return Status.success();
  };
  const add = (u: VictimUnit): Status => {
    for (const m of u.members) {
      const ni = nodeOf(m.node);
      if (!ni) continue;
      if (m.node === main) ni.addPod(m.pi);
      const s = handle.runPreFilterExtensionAddPod(state, pod, m.pi, ni);
      if (!s.isSuccess()) return asError(s);
    }
    return Status.success();
  };

  // upstream: isPreemptionAllowedAcrossAllVictimNodes — the unit's priority below the preemptor's
  const potential = victimUnitsOnNode(nodeInfo, index, handle.now()).filter((u) => u.priority < preemptorPriority);
  if (potential.length === 0) return failed(Status.unresolvable(ErrReasonNoVictims));
  for (const u of potential) {
    const s = remove(u);
    if (!s.isSuccess()) return failed(s);
  }
  const fits = handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo);
  if (!fits.isSuccess()) return failed(fits);

  sortUnits(potential);
  const { violating, nonViolating } = splitUnitsByPDBViolation(potential, pdbs);
  const victims: VictimUnit[] = [];
  /** true: reprieved; false: a victim; a Status: an extension failed */
  const reprieve = (u: VictimUnit): boolean | Status => {
    const added = add(u);
    if (!added.isSuccess()) return added;
    if (handle.runFilterPluginsWithNominatedPods(state, pod, nodeInfo).isSuccess()) return true;
    const removed = remove(u);
    if (!removed.isSuccess()) return removed;
    victims.push(u);
    return false;
  };
  let numViolatingVictim = 0;
  for (const v of violating) {
    const r = reprieve(v.unit);
    if (r instanceof Status) return failed(r);
    if (!r) numViolatingVictim += v.count;
  }
  for (const u of nonViolating) {
    const r = reprieve(u);
    if (r instanceof Status) return failed(r);
  }
  if (violating.length > 0 && nonViolating.length > 0) sortUnits(victims);
  return { victims: victims.flatMap((u) => u.members.map((m) => m.pi)), numViolatingVictim, status: Status.success() };
}

/**
 * The index over the snapshot the cycle sees: each PodGroup's scheduled pods, read once per
 * preemption (upstream reads PodGroupStates().ScheduledPods() from the cycle's snapshot).
 */
export function snapshotVictimGroupIndex(handle: Handle, groupOf: (pod: Pod) => VictimGroup | undefined): VictimGroupIndex {
  let byGroup: Map<string, { pi: PodInfo; node: string }[]> | undefined;
  return {
    groupOf,
    scheduledPods(groupKey) {
      if (!byGroup) {
        byGroup = new Map();
        for (const n of handle.snapshot().nodeInfoList) {
          for (const pi of n.pods) {
            const name = pi.pod.spec.schedulingGroup?.podGroupName;
            if (!name) continue;
            const key = `${podNamespace(pi.pod)}/${name}`;
            let list = byGroup.get(key);
            if (!list) byGroup.set(key, (list = []));
            list.push({ pi, node: n.name });
          }
        }
      }
      return byGroup.get(groupKey) ?? [];
    },
  };
}
