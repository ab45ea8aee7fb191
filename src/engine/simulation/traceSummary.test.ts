// The result's JSON is bounded: past the cap of node outcomes written in full, each later cycle
// counts its nodes filtered out by plugin and reason instead of listing every node's verdicts.
import { describe, expect, it } from 'vitest';
import { simulate } from '../index';
import { boundedResult } from './traceSummary';

// three nodes of 1 CPU, four pods of 1 CPU: a, b and c fill the nodes, d fits nowhere.
// Node outcomes per cycle (a Filter verdict list per node evaluated, a score per node scored;
// no scores with a single feasible node): a 3 + 3, b 3 + 2, c 3 + 0, d 3 + 0 = 17 in all.
const node = (name: string) => `---\n{apiVersion: v1, kind: Node, metadata: {name: ${name}}, status: {allocatable: {cpu: '1', memory: 8Gi, pods: '110'}}}\n`;
const pod = (name: string) => `---\n{apiVersion: v1, kind: Pod, metadata: {name: ${name}}, spec: {containers: [{name: c, image: x, resources: {requests: {cpu: '1'}}}]}}\n`;
const run = simulate(['n0', 'n1', 'n2'].map(node).join('') + ['a', 'b', 'c', 'd'].map(pod).join(''));
if (!run.ok) throw new Error(JSON.stringify(run.errors));
const result = run.result;
const insufficientCpu = (nodes: number) => ({ plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'], nodes });

describe('boundedResult: the cap on node outcomes written in full', () => {
  it('the run is as the rows below assume', () => {
    expect(result.cycles.map((c) => [c.pod, c.result, c.nodesEvaluated.length, Object.keys(c.score ?? {}).length])).toEqual([
      ['default/a', 'Scheduled', 3, 3], ['default/b', 'Scheduled', 3, 2], ['default/c', 'Scheduled', 3, 0], ['default/d', 'Unschedulable', 3, 0],
    ]);
  });

  const rows: { name: string; cap: number; fromCycle?: number; outcomesSummarised?: number; summaries?: unknown[] }[] = [
    { name: 'at the cap (17 outcomes, cap 17): the result itself, nothing summarised', cap: 17 },
    { name: 'one outcome over (cap 16): the last cycle summarised', cap: 16, fromCycle: 4, outcomesSummarised: 3, summaries: [{ evaluated: 3, feasible: 0, scored: 0, filtered: [insufficientCpu(3)] }] },
    { name: 'cap 6 (the first cycle): b, c and d summarised', cap: 6, fromCycle: 2, outcomesSummarised: 11, summaries: [
      { evaluated: 3, feasible: 2, scored: 2, filtered: [insufficientCpu(1)] },
      { evaluated: 3, feasible: 1, scored: 0, filtered: [insufficientCpu(2)] },
      { evaluated: 3, feasible: 0, scored: 0, filtered: [insufficientCpu(3)] },
    ] },
    { name: 'cap 0: every cycle summarised', cap: 0, fromCycle: 1, outcomesSummarised: 17 },
  ];
  it.each(rows)('$name', ({ cap, fromCycle, outcomesSummarised, summaries }) => {
    const bounded = boundedResult(result, cap);
    if (fromCycle === undefined) {
      expect(bounded).toBe(result);
      return;
    }
    expect(bounded.traceSummary).toMatchObject({ cap, fromCycle, summarisedCycles: 5 - fromCycle, nodeOutcomesSummarised: outcomesSummarised });
    expect(bounded.traceSummary!.message).toContain(`from cycle ${fromCycle} on`);
    // what is written: JSON of the full cycles before, summaries after
    const written = JSON.parse(JSON.stringify(bounded)) as typeof result;
    expect(written.cycles).toHaveLength(4);
    written.cycles.forEach((c, i) => {
      const original = result.cycles[i]!;
      expect([c.cycle, c.pod, c.result, c.selected, c.message]).toEqual([original.cycle, original.pod, original.result, original.selected, original.message]);
      if (c.cycle < fromCycle) {
        expect([c.nodesEvaluated, c.feasible, c.filter, c.score]).toEqual([original.nodesEvaluated, original.feasible, original.filter, original.score]);
        expect(c.nodeOutcomesSummary).toBeUndefined();
      } else {
        expect([c.nodesEvaluated, c.feasible, c.filter, c.score, c.tiedNodes]).toEqual([[], [], {}, undefined, undefined]);
      }
    });
    if (summaries) expect(written.cycles.slice(fromCycle - 1).map((c) => c.nodeOutcomesSummary)).toEqual(summaries);
    // the result in memory is unchanged
    expect(Object.keys(result.cycles[3]!.filter)).toEqual(['n0', 'n1', 'n2']);
  });
});
