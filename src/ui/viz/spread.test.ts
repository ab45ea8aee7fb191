import { describe, expect, it } from 'vitest';
import type { PluginResult } from '../../engine/api';
import { cycle } from '../../worker/testing/results';
import { spreadView } from './spread';

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
