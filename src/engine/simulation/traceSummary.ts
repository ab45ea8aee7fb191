// The result as it is written out (the CLI's --json): bounded. In memory a cycle's node outcomes
// cost a few bits when they repeat (scheduler/traceRecords.ts), but JSON spells each one out:
// 4,000 local PVs on 1,000 nodes (bench: "storm: 4,000 local PVs") came to 2.1 GB, more than a
// reader (a browser tab, jq, a CI job) can hold. Past LIMITS.traceNodeOutcomesInJson node
// outcomes, each later cycle keeps its own record (pod, result, message, selected node) and
// replaces its per-node lists (nodes evaluated and feasible, Filter verdicts, scores) by their
// counts, the nodes filtered out grouped by the first plugin that failed them (as upstream's
// FitError message counts them).

import type { CycleTrace, NodeOutcomesSummary, PluginResult, SimulationResult, TraceSummary } from '../api';
import { formatCount, LIMITS } from '../limits';
import { evaluatedNodes, scoredNodes } from '../scheduler/traceRecords';

const passing = (r: PluginResult) => r.code === 'Success' || r.code === 'Skip';

/** Node outcomes a cycle's JSON spells out: a Filter verdict list per node evaluated, a score per node scored. */
export function nodeOutcomes(cycle: CycleTrace): number {
  return evaluatedNodes(cycle) + scoredNodes(cycle);
}

/** What a cycle's `filter` and `score` hold, counted. */
export function summariseNodeOutcomes(cycle: CycleTrace): NodeOutcomesSummary {
  const groups = new Map<string, NodeOutcomesSummary['filtered'][number]>();
  // nodes share their verdict list when it is the same (traceRecords.ts): each list judged once
  const firstFailure = new Map<readonly PluginResult[], PluginResult | undefined>();
  for (const list of Object.values(cycle.filter)) {
    let failed = firstFailure.get(list);
    if (!firstFailure.has(list)) firstFailure.set(list, (failed = list.find((r) => !passing(r))));
    if (failed === undefined) continue;
    const reasons = failed.reasons ?? [];
    const key = JSON.stringify([failed.plugin, failed.code, reasons]);
    const group = groups.get(key);
    if (group) group.nodes++;
    else groups.set(key, { plugin: failed.plugin, code: failed.code, reasons: [...reasons], nodes: 1 });
  }
  return { evaluated: evaluatedNodes(cycle), feasible: cycle.feasible.length, scored: scoredNodes(cycle), filtered: [...groups.values()].sort((a, b) => b.nodes - a.nodes) };
}

/** the per-node lists a summarised cycle leaves empty (or out: score, tiedNodes) */
const PER_NODE = new Set(['nodesEvaluated', 'feasible', 'filter', 'score', 'tiedNodes']);

/** The cycle without its per-node lists, with their summary instead. */
function summarisedCycle(cycle: CycleTrace): CycleTrace {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(cycle)) if (!PER_NODE.has(key)) out[key] = (cycle as unknown as Record<string, unknown>)[key];
  return { ...(out as unknown as CycleTrace), nodesEvaluated: [], feasible: [], filter: {}, nodeOutcomesSummary: summariseNodeOutcomes(cycle) };
}

/**
 * The result to write out: itself while its cycles hold at most `cap` node outcomes; else the
 * cycles up to the cap in full, every later one summarised (built one at a time as they are
 * read, so the whole trace is never spelled out at once), and `traceSummary` saying so.
 */
export function boundedResult(result: SimulationResult, cap: number = LIMITS.traceNodeOutcomesInJson): SimulationResult {
  let total = 0;
  let from = -1;
  let summarised = 0;
  for (let i = 0; i < result.cycles.length; i++) {
    const n = nodeOutcomes(result.cycles[i]!);
    if (from < 0 && total + n > cap) from = i;
    if (from >= 0) summarised += n;
    total += n;
  }
  if (from < 0) return result;
  const full = result.cycles;
  const cycles = new Proxy(full, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key) && Number(key) >= from && Number(key) < target.length) return summarisedCycle(target[Number(key)]!);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const traceSummary: TraceSummary = {
    cap,
    fromCycle: full[from]!.cycle,
    summarisedCycles: full.length - from,
    nodeOutcomesSummarised: summarised,
    message: `the trace holds ${formatCount(total)} node outcomes (a node's Filter verdicts or scores in a cycle), more than the ${formatCount(cap)} written in full: from cycle ${formatCount(full[from]!.cycle)} on, each of the last ${formatCount(full.length - from)} cycles counts its nodes evaluated, feasible and scored, and the nodes filtered out by plugin and reason (nodeOutcomesSummary), instead of listing them`,
  };
  return { ...result, cycles, traceSummary };
}
