// The narration of a pod-group cycle's own points (v1.36+): PlacementGenerate, PlacementScore and
// PodGroupPostFilter (workload-aware preemption), in plain words with the numbers the trace holds.

import type { CycleTrace, PodGroupCycleTrace } from '../../engine/api';
import { listNames, plural, shortPodName } from '../format';

const groupName = (g: PodGroupCycleTrace) => g.name.split('/')[1] ?? g.name;

export function narratePlacementGenerate(trace: CycleTrace, group: PodGroupCycleTrace): string {
  const placements = group.placements ?? [];
  const list = placements.map((c) => `${c.name} (${listNames(c.nodes, 3)})`);
  return `Cycle ${trace.cycle} (t=${trace.time}s): PodGroup ${groupName(group)} is scheduled as one: ${plural(group.members.length, 'pod')}, needs ${group.minCount}. `
    + `PlacementGenerate: ${plural(placements.length, 'candidate placement')}: ${listNames(list, 4)}. The group is tried in each, every trial undone.`;
}

export function narratePlacementScore(group: PodGroupCycleTrace): string {
  const placements = group.placements ?? [];
  const feasible = placements.filter((c) => c.feasible);
  const chosen = placements.find((c) => c.chosen);
  if (feasible.length === 0) return `PlacementScore: no placement holds the group (${group.message ?? 'pod group is unschedulable'}).`;
  if (feasible.length === 1) return `PlacementScore: only ${feasible[0]!.name} holds the group, so it is taken unscored. Its members' attempts follow.`;
  const scores = feasible.map((c) => `${c.name} ${c.totalScore ?? '?'}`);
  return `PlacementScore: ${feasible.length} placements hold the group; scores ${listNames(scores, 4)}. ${chosen?.name ?? '?'} is chosen; its members' attempts follow.`;
}

export function narratePodGroupPostFilter(group: PodGroupCycleTrace): string {
  const p = group.preemption;
  if (p === undefined) return '';
  if (p.result !== 'Success') return `PodGroupPostFilter: workload-aware preemption cannot help: ${p.message ?? p.result}.`;
  const victims = p.victims.map((v) => (v.unit.startsWith('PodGroup/') ? `PodGroup ${v.unit.split('/')[2]} (${plural(v.pods.length, 'pod')})` : shortPodName(v.pods[0]!.pod)));
  const nodes = [...new Set(p.victims.flatMap((v) => v.pods.map((x) => x.node)))];
  return `PodGroupPostFilter: the whole group preempts at priority ${p.priority}: evicting ${listNames(victims, 4)} on ${listNames(nodes, 4)}. `
    + `Its members go back to the queue nominated (${listNames(p.nominated.map((n) => `${shortPodName(n.pod)} ⇢ ${n.node}`), 4)}).`;
}
