// cluster-autoscaler's expanders: which node group grows when several could host the pending pods.
// upstream: cluster-autoscaler/expander/{random,mostpods,waste,leastnodes,priority}/*.go and
// expander/factory/chain.go (a chain: each expander keeps its best options, random breaks the tie).

import type { Node, Pod } from '../model/types';
import type { ClusterAutoscalerConfig, ExpanderName } from '../model/autoscaler';
import type { Rng } from '../framework/rng';
import { resourceFromList, containerRequests } from '../framework/resources';

/** upstream: expander.Option — grow `group` by `nodeCount` nodes to host `pods` */
export interface ExpansionOption {
  group: string;
  nodeCount: number;
  pods: Pod[];
  /** the group's template node */
  template: Node;
}

/** what an expander says about the options it kept, for the trace ("least-waste: gpu wastes 12.5% cpu …") */
export interface ExpanderStep {
  expander: ExpanderName;
  kept: string[];
  detail?: Record<string, string>;
}

/** upstream: waste.go resourcesForPods — the containers' cpu and memory requests */
function podsCpuMemory(pods: readonly Pod[]): { cpu: number; memory: number } {
  let cpu = 0, memory = 0;
  for (const pod of pods) {
    for (const c of pod.spec.containers) {
      const r = resourceFromList(containerRequests(c));
      cpu += r.milliCPU;
      memory += r.memory;
    }
  }
  return { cpu, memory };
}

/** upstream: waste.go resourcesForNode — the template's capacity (Podplay: capacity, else allocatable) */
function nodeCpuMemory(node: Node): { cpu: number; memory: number } {
  const r = resourceFromList(node.status.capacity ?? node.status.allocatable ?? {});
  return { cpu: r.milliCPU, memory: r.memory };
}

function keepBest(options: ExpansionOption[], score: (o: ExpansionOption) => number, lowest: boolean): ExpansionOption[] {
  let best: ExpansionOption[] = [];
  let bestScore = 0;
  for (const o of options) {
    const s = score(o);
    if (best.length > 0 && s === bestScore) best.push(o);
    else if (best.length === 0 || (lowest ? s < bestScore : s > bestScore)) { best = [o]; bestScore = s; }
  }
  return best;
}

const percent = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** upstream: waste.go BestOption — the smallest wasted fraction of cpu plus memory */
function leastWaste(options: ExpansionOption[]): { kept: ExpansionOption[]; detail: Record<string, string> } {
  const detail: Record<string, string> = {};
  const waste = new Map<ExpansionOption, number>();
  for (const o of options) {
    const req = podsCpuMemory(o.pods);
    const node = nodeCpuMemory(o.template);
    const availCpu = node.cpu * o.nodeCount;
    const availMemory = node.memory * o.nodeCount;
    // upstream divides by zero for a template without cpu or memory; such a group wastes everything here
    const wastedCpu = availCpu > 0 ? (availCpu - req.cpu) / availCpu : 1;
    const wastedMemory = availMemory > 0 ? (availMemory - req.memory) / availMemory : 1;
    const score = wastedCpu + wastedMemory;
    waste.set(o, score);
    detail[o.group] = `would waste ${percent(wastedCpu)} CPU, ${percent(wastedMemory)} Memory, ${percent(score / 2)} Blended`;
  }
  return { kept: keepBest(options, (o) => waste.get(o)!, true), detail };
}

/** upstream: priority.go BestOption — the highest priority whose expressions match the group's id */
function byPriority(options: ExpansionOption[], priorities: ClusterAutoscalerConfig['priorities']): { kept: ExpansionOption[]; detail: Record<string, string> } {
  const detail: Record<string, string> = {};
  let maxPrio = -1;
  let best: ExpansionOption[] = [];
  for (const o of options) {
    let prio: number | undefined;
    for (const p of priorities) {
      if (p.patterns.some((re) => re.test(o.group)) && (prio === undefined || p.priority > prio)) prio = p.priority;
    }
    if (prio === undefined) {
      detail[o.group] = `Priority expander: node group ${o.group} not found in priority expander configuration. The group won't be used.`;
      continue;
    }
    detail[o.group] = `priority ${prio}`;
    if (prio > maxPrio) { maxPrio = prio; best = [o]; } else if (prio === maxPrio) best.push(o);
  }
  // upstream: no group matched — "Falling back to random choice."
  return { kept: best.length > 0 ? best : options, detail };
}

/**
 * upstream: expander/factory/chain.go — each expander of the chain keeps its best options; the
 * last tie is broken at random (expander/random: rand.Intn, here the scenario's seeded generator).
 */
export function bestOption(options: ExpansionOption[], config: Pick<ClusterAutoscalerConfig, 'expander' | 'priorities'>, rng: Rng): { best?: ExpansionOption; steps: ExpanderStep[] } {
  const steps: ExpanderStep[] = [];
  let current = options;
  for (const name of config.expander) {
    if (current.length <= 1) break;
    let kept: ExpansionOption[];
    let detail: Record<string, string> | undefined;
    switch (name) {
      case 'most-pods': kept = keepBest(current, (o) => o.pods.length, false); break;
      case 'least-nodes': kept = keepBest(current, (o) => o.nodeCount, true); break;
      case 'least-waste': ({ kept, detail } = leastWaste(current)); break;
      case 'priority': ({ kept, detail } = byPriority(current, config.priorities)); break;
      case 'random': kept = [current[rng.intn(current.length)]!]; break;
    }
    steps.push({ expander: name, kept: kept.map((o) => o.group), ...(detail ? { detail } : {}) });
    current = kept;
  }
  if (current.length > 1) {
    current = [current[rng.intn(current.length)]!];
    steps.push({ expander: 'random', kept: current.map((o) => o.group) });
  }
  return { ...(current[0] ? { best: current[0] } : {}), steps };
}
