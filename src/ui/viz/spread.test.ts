import { describe, expect, it } from 'vitest';
import type { PluginResult } from '../../engine/api';
import { cycle } from '../../worker/testing/results';
import { scoreSpreadView, skewVerdict, spreadOnStage, spreadView, stageSpreadConstraints, type SpreadConstraintView } from './spread';

// zone-spread.yaml: zoneA has 2 matching pods, zoneB 1; node5 has no zone label
const verdict = (domain: string | null, matchNum: number): PluginResult => ({
  plugin: 'PodTopologySpread', code: domain === 'zoneA' ? 'Unschedulable' : domain === null ? 'UnschedulableAndUnresolvable' : 'Success',
  details: {
    constraints: [{
      topologyKey: 'zone', maxSkew: 1, minDomains: 1, selfMatch: 1, minMatch: 1, eligibleDomains: 2,
      counts: { zoneA: 2, zoneB: 1 }, domain, matchNum, skew: domain === null ? null : matchNum + 1 - 1,
      result: domain === null ? 'MissingLabel' : domain === 'zoneA' ? 'SkewTooHigh' : 'Pass',
    }],
  },
});

describe('spreadView', () => {
  it('reads counts, the global minimum and the violating domains from the Filter verdicts', () => {
    const trace = cycle(1, 'default/mypod', {
      nodesEvaluated: ['node1', 'node3', 'node5'],
      filter: { node1: [verdict('zoneA', 2)], node3: [verdict('zoneB', 1)], node5: [verdict(null, 0)] },
    });
    const [zone] = spreadView(trace);
    expect(zone).toMatchObject({ topologyKey: 'zone', maxSkew: 1, minMatch: 1, selfMatch: true });
    expect(zone!.domains).toEqual([
      { domain: 'zoneA', count: 2, skewIfPlaced: 2, violating: true },
      { domain: 'zoneB', count: 1, skewIfPlaced: 1, violating: false },
    ]);
    expect(zone!.skippedNodes).toEqual([{ node: 'node5', why: 'has no "zone" label' }]);
  });

  it('prefers PreFilter\'s explanation, which also says why nodes were not counted', () => {
    const trace = cycle(1, 'default/mypod', {
      preFilter: [{
        plugin: 'PodTopologySpread', code: 'Success',
        details: {
          constraints: [{
            topologyKey: 'zone', maxSkew: 1, minDomains: 1, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Honor', labelSelector: null,
            selfMatch: false, counts: { a: 0, b: 3 }, eligibleDomains: ['a', 'b'], minMatch: 0, violatingDomains: ['b'],
            skippedNodes: [{ node: 'tainted', reason: 'NodeTaintsPolicy' }],
          }],
        },
      }],
    });
    const [zone] = spreadView(trace);
    expect(zone!.domains.map((d) => [d.domain, d.skewIfPlaced, d.violating])).toEqual([['a', 0, false], ['b', 3, true]]);
    expect(zone!.skippedNodes[0]!.why).toContain('nodeTaintsPolicy');
  });

  it('is empty for a pod without hard spread constraints', () => {
    expect(spreadView(cycle(1, 'p', { filter: { n: [{ plugin: 'NodeResourcesFit', code: 'Success' }] } }))).toEqual([]);
  });
});

describe('spreadOnStage', () => {
  // two-constraints.yaml: zone (lanes) and node (one domain per node); p1 node1, p2 node2, p3 node3
  const zone: SpreadConstraintView = {
    topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 1, minDomains: 1, selfMatch: true, minMatch: 1, skippedNodes: [],
    domains: [{ domain: 'zoneA', count: 2, skewIfPlaced: 2, violating: true }, { domain: 'zoneB', count: 1, skewIfPlaced: 1, violating: false }],
  };
  const perNode: SpreadConstraintView = {
    topologyKey: 'node', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 1, minDomains: 1, selfMatch: true, minMatch: 0, skippedNodes: [],
    domains: [
      { domain: 'node1', count: 1, skewIfPlaced: 2, violating: true }, { domain: 'node2', count: 1, skewIfPlaced: 2, violating: true },
      { domain: 'node3', count: 1, skewIfPlaced: 2, violating: true }, { domain: 'node4', count: 0, skewIfPlaced: 1, violating: false },
    ],
  };
  const nodes = [
    { name: 'node1', labels: { zone: 'zoneA', node: 'node1' } }, { name: 'node2', labels: { zone: 'zoneA', node: 'node2' } },
    { name: 'node3', labels: { zone: 'zoneB', node: 'node3' } }, { name: 'node4', labels: { zone: 'zoneB', node: 'node4' } },
  ];

  it('draws the constraint whose key makes the lanes on the lanes, with the domain holding the global minimum', () => {
    const stage = spreadOnStage([zone, perNode], 'zone', nodes);
    expect(stage.laneConstraint).toBe(zone);
    expect([...stage.lanes.values()].map((d) => [d.domain, d.count, d.skewIfPlaced, d.violating, d.isMinimum])).toEqual([
      ['zoneA', 2, 2, true, false], ['zoneB', 1, 1, false, true],
    ]);
  });

  it('draws the other constraints on each node of their domain', () => {
    const stage = spreadOnStage([zone, perNode], 'zone', nodes);
    expect(stage.nodes.get('node4')!.map((d) => [d.topologyKey, d.domain, d.count, d.violating])).toEqual([['node', 'node4', 0, false]]);
    expect(stage.nodes.get('node1')!.map((d) => d.violating)).toEqual([true]);
  });

  it('with lanes by another key (or one lane) every constraint goes on the nodes', () => {
    const stage = spreadOnStage([zone, perNode], undefined, nodes);
    expect(stage.lanes.size).toBe(0);
    expect(stage.nodes.get('node2')!.map((d) => `${d.topologyKey}=${d.domain}:${d.count}`)).toEqual(['zone=zoneA:2', 'node=node2:1']);
  });

  it('counts the pod in its domains once it is bound there', () => {
    const stage = spreadOnStage([zone, perNode], 'zone', nodes, 'node4');
    expect(stage.lanes.get('zoneB')).toMatchObject({ count: 2, placedHere: true });
    expect(stage.lanes.get('zoneA')).toMatchObject({ count: 2, placedHere: false });
    expect(stage.nodes.get('node4')![0]).toMatchObject({ count: 1, placedHere: true });
  });

  it('does not count a bound pod that does not match its own selector', () => {
    const stage = spreadOnStage([{ ...zone, selfMatch: false }], 'zone', nodes, 'node4');
    expect(stage.lanes.get('zoneB')).toMatchObject({ count: 1, placedHere: true });
  });
});

// spread-schedule-anyway, cycle 1: web-1's ScheduleAnyway constraint as PreScore counted it
// (PodTopologySpread's PreScore details; upstream podtopologyspread/scoring.go initPreScoreState)
describe('scoreSpreadView and the stage\'s constraints by phase', () => {
  const preScore: PluginResult = {
    plugin: 'PodTopologySpread', code: 'Success',
    details: { constraints: [{ topologyKey: 'zone', maxSkew: 1, whenUnsatisfiable: 'ScheduleAnyway', selfMatch: true, counts: { 'zone-b': 1, 'zone-a': 2, 'zone-c': 0 }, weight: Math.log(5), skippedNodes: [{ node: 'bare', reason: 'MissingTopologyKey' }] }] },
  };
  const trace = cycle(1, 'default/web-1', { preScore: [preScore] });

  it('reads the counts per domain, the fewest as the minimum, and never a violation', () => {
    const [zone] = scoreSpreadView(trace);
    expect(zone).toMatchObject({ topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', minMatch: 0, selfMatch: true });
    expect(zone!.domains.map((d) => [d.domain, d.count, d.skewIfPlaced, d.violating])).toEqual([['zone-a', 2, 3, false], ['zone-b', 1, 2, false], ['zone-c', 0, 1, false]]);
    expect(zone!.skippedNodes).toEqual([{ node: 'bare', why: 'lacks the topology key' }]);
  });

  it.each([
    ['PreFilter', 0], ['Filter', 0], ['Score', 1], ['Select', 1], ['Bind', 1],
  ] as const)('at %s draws %i ScheduleAnyway constraint(s)', (phase, n) => {
    expect(stageSpreadConstraints(trace, phase).length).toBe(n);
  });

  it('is empty when PreScore skipped (no ScheduleAnyway constraint)', () => {
    expect(scoreSpreadView(cycle(1, 'p', { preScore: [{ plugin: 'PodTopologySpread', code: 'Skip' }] }))).toEqual([]);
  });

  it.each([
    ['DoNotSchedule over maxSkew', { skewIfPlaced: 2, maxSkew: 1, violating: true, soft: false }, 'skew 2 > 1 ✗'],
    ['DoNotSchedule within maxSkew', { skewIfPlaced: 1, maxSkew: 1, violating: false, soft: false }, 'skew 1 ≤ 1 ✓'],
    ['ScheduleAnyway over maxSkew: scored, not filtered', { skewIfPlaced: 3, maxSkew: 1, violating: false, soft: true }, 'skew 3 > 1'],
    ['ScheduleAnyway within maxSkew', { skewIfPlaced: 1, maxSkew: 1, violating: false, soft: true }, 'skew 1 ≤ 1'],
  ])('skewVerdict: %s', (_, d, text) => {
    expect(skewVerdict(d)).toBe(text);
  });
});
