// A PodGroup's fixes written into the scenario's YAML (../engine/whatIf/podGroupFixes.ts): the
// edited text simulates to the group scheduling, and the fix reads as one change per object.
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import gang from '../../scenarios/gang-podgroup.yaml?raw';
import rack from '../../scenarios/topology-training-rack.yaml?raw';
import type { ScenarioEdit } from '../engine/readers';
import { applyTextChanges, fixText, fixTitle } from './fixText';

const gangStuck = gang.replace(/ {2}timeline:[\s\S]*?(?=---)/, '');
const rackFull = rack.replaceAll('cpu: 1500m', 'cpu: 2500m');
const GROUP = 'default/training-workers-0';

describe('pod-group fixes in the YAML', () => {
  it.each<[string, string, ScenarioEdit[], string, string, number]>([
    ['minCount lowered', gangStuck, [{ kind: 'pod-group', group: GROUP, change: 'min-count', from: 4, minCount: 3 }],
      'PodGroup default/training-workers-0: gang minCount 3 (from 4)', '+  schedulingPolicy: {gang: {minCount: 3}}', 3],
    ['two nodes like one', gangStuck, [{ kind: 'add-node', like: 'node-1', name: 'node-1-2' }, { kind: 'add-node', like: 'node-1', name: 'node-1-3' }],
      'Add 2 nodes like node-1', '+metadata: {name: node-1-3, labels: {kubernetes.io/hostname: node-1-3}}', 4],
    ['topology constraint dropped', rackFull, [{ kind: 'pod-group', group: GROUP, change: 'topology', from: 'topology.kubernetes.io/rack' }],
      'PodGroup default/training-workers-0: drop the topology constraint topology.kubernetes.io/rack', '-  schedulingConstraints: {topology: [{key: topology.kubernetes.io/rack}]}', 4],
  ])('%s', (_name, text, edits, title, line, bound) => {
    expect(fixTitle(edits, (n) => n)).toBe(title);
    const change = fixText(text, edits)!;
    expect(change.diff.flat().map((l) => `${l.op}${l.text}`)).toContain(line);
    const after = simulate(applyTextChanges(text, change.changes), { until: 30 });
    if (!after.ok) throw new Error(after.errors.map((e) => `${e.line}: ${e.message}`).join('\n'));
    expect(after.result.pods.filter((p) => p.pod.startsWith('default/worker-') && p.node !== undefined)).toHaveLength(bound);
  });
});
