// The compact Filter verdicts of ./traceFacts.ts read, long after their cycle, as that cycle
// saw them: a later cycle's counts, a node relabelled and the pods replaced in a domain do not
// change an earlier cycle's verdicts.
import { describe, expect, it } from 'vitest';
import type { CycleTrace, PluginResult } from '../../api';
import { simulate } from '../../index';
import type { ConstraintVerdict } from './filtering';

const node = (name: string, host?: string) => `---
apiVersion: v1
kind: Node
metadata: {name: ${name}, labels: {${host ? `host: ${host}` : ''}}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}`;
const bound = (name: string, on: string) => `{kind: Pod, apiVersion: v1, metadata: {name: ${name}, namespace: default, labels: {app: web}}, spec: {nodeName: ${on}, containers: [{name: c, image: pause}]}}`;
const spread = (name: string) => `{kind: Pod, apiVersion: v1, metadata: {name: ${name}, namespace: default, labels: {app: web}}, spec: {topologySpreadConstraints: [{maxSkew: 1, topologyKey: host, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}], containers: [{name: c, image: pause}]}}`;

// n3 has no host label until 20 s; pod a leaves n1 at 40 s, when b and c arrive there
const scenario = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: spread-trace}
spec:
  seed: 1
  timeline:
  - {at: 0, action: apply, object: ${bound('a', 'n1')}}
  - {at: 10, action: apply, object: ${spread('w1')}}
  - {at: 20, action: label, node: n3, labels: {host: n3}}
  - {at: 30, action: apply, object: ${spread('w2')}}
  - {at: 40, action: delete, kind: Pod, name: a, namespace: default}
  - {at: 40, action: apply, object: ${bound('b', 'n1')}}
  - {at: 40, action: apply, object: ${bound('c', 'n1')}}
  - {at: 50, action: apply, object: ${spread('w3')}}
${node('n1', 'n1')}
${node('n2', 'n2')}
${node('n3')}
`;

function verdicts(cycle: CycleTrace): Record<string, [string, ConstraintVerdict]> {
  const out: Record<string, [string, ConstraintVerdict]> = {};
  for (const [name, list] of Object.entries(cycle.filter)) {
    const r = (list as PluginResult[]).find((x) => x.plugin === 'PodTopologySpread')!;
    out[name] = [r.code, (r.details!.constraints as ConstraintVerdict[])[0]!];
  }
  return out;
}

const common = { topologyKey: 'host', maxSkew: 1, minDomains: 1, selfMatch: 1 };

describe('PodTopologySpread verdicts in the trace, read after the run', () => {
  const outcome = simulate(scenario, { fileName: 'spread-trace.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('; '));
  const cycles = outcome.result.cycles;
  const of = (pod: string) => verdicts(cycles.find((c) => c.pod === `default/${pod}`)!);

  it('places the three pods one per host', () => {
    expect(outcome.result.pods.filter((p) => p.pod.startsWith('default/w')).map((p) => [p.pod, p.node])).toEqual([
      ['default/w1', 'n2'], ['default/w2', 'n3'], ['default/w3', expect.stringMatching(/^n[23]$/)],
    ]);
  });

  it('w1: n1 holds a (skew 2), n2 passes, n3 lacks the key', () => {
    const counts = { n1: 1, n2: 0 };
    expect(of('w1')).toEqual({
      n1: ['Unschedulable', { ...common, minMatch: 0, eligibleDomains: 2, counts, domain: 'n1', matchNum: 1, skew: 2, result: 'SkewTooHigh', pods: ['default/a'] }],
      n2: ['Success', { ...common, minMatch: 0, eligibleDomains: 2, counts, domain: 'n2', matchNum: 0, skew: 1, result: 'Pass' }],
      n3: ['UnschedulableAndUnresolvable', { ...common, minMatch: 0, eligibleDomains: 2, counts, domain: null, matchNum: 0, skew: null, result: 'MissingLabel' }],
    });
  });

  it('w2: n3 is a domain of its own once labelled; n1 still names a, n2 names w1', () => {
    const counts = { n1: 1, n2: 1, n3: 0 };
    expect(of('w2')).toEqual({
      n1: ['Unschedulable', { ...common, minMatch: 0, eligibleDomains: 3, counts, domain: 'n1', matchNum: 1, skew: 2, result: 'SkewTooHigh', pods: ['default/a'] }],
      n2: ['Unschedulable', { ...common, minMatch: 0, eligibleDomains: 3, counts, domain: 'n2', matchNum: 1, skew: 2, result: 'SkewTooHigh', pods: ['default/w1'] }],
      n3: ['Success', { ...common, minMatch: 0, eligibleDomains: 3, counts, domain: 'n3', matchNum: 0, skew: 1, result: 'Pass' }],
    });
  });

  it('w3: n1 names b and c, which replaced a', () => {
    const counts = { n1: 2, n2: 1, n3: 1 };
    expect(of('w3')).toEqual({
      n1: ['Unschedulable', { ...common, minMatch: 1, eligibleDomains: 3, counts, domain: 'n1', matchNum: 2, skew: 2, result: 'SkewTooHigh', pods: ['default/b', 'default/c'] }],
      n2: ['Success', { ...common, minMatch: 1, eligibleDomains: 3, counts, domain: 'n2', matchNum: 1, skew: 1, result: 'Pass' }],
      n3: ['Success', { ...common, minMatch: 1, eligibleDomains: 3, counts, domain: 'n3', matchNum: 1, skew: 1, result: 'Pass' }],
    });
  });

  it('keeps the key order of the verdicts and their results', () => {
    const n1 = (cycles.find((c) => c.pod === 'default/w1')!.filter['n1'] as PluginResult[]).find((x) => x.plugin === 'PodTopologySpread')!;
    expect(Object.keys(n1)).toEqual(['plugin', 'code', 'reasons', 'details']);
    expect(Object.keys((n1.details!.constraints as object[])[0]!)).toEqual([
      'topologyKey', 'maxSkew', 'minDomains', 'selfMatch', 'minMatch', 'eligibleDomains', 'counts', 'domain', 'matchNum', 'skew', 'result', 'pods',
    ]);
  });
});

// A domain's named pods are kept while its nodes are unchanged (CycleFacts.podsKnown): a pod
// replaced by another on the same node (the same count, so the same skew) must still be named
// anew, and a later cycle with nothing changed names the same pods.
const replaced = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: spread-trace-replaced}
spec:
  seed: 1
  timeline:
  - {at: 0, action: apply, object: ${bound('a', 'n1')}}
  - {at: 10, action: apply, object: ${spread('w1')}}
  - {at: 20, action: delete, kind: Pod, name: a, namespace: default}
  - {at: 20, action: apply, object: ${bound('d', 'n1')}}
  - {at: 30, action: apply, object: ${spread('w2')}}
  - {at: 40, action: apply, object: ${spread('w3')}}
${node('n1', 'n1')}
${node('n2', 'n2')}
${node('n3', 'n3')}
${node('n4', 'n4')}
`;

describe('PodTopologySpread: the pods a failing domain names follow its node', () => {
  const outcome = simulate(replaced, { fileName: 'spread-trace-replaced.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('; '));
  const named = (pod: string) => {
    const [code, v] = verdicts(outcome.result.cycles.find((c) => c.pod === `default/${pod}`)!)['n1']!;
    return [code, v.matchNum, v.pods];
  };

  it.each([
    ['w1', ['Unschedulable', 1, ['default/a']]],
    ['w2', ['Unschedulable', 1, ['default/d']]],
    ['w3', ['Unschedulable', 1, ['default/d']]],
  ])('%s: n1 names the pod on it then', (pod, expected) => {
    expect(named(pod)).toEqual(expected);
  });
});

// The domain each verdict names is kept per node only where it is not the node's own name
// (DomainTable): a rack of two nodes, and a node relabelled away from its name and back, read
// after the run as each cycle saw them.
const racks = `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: spread-trace-racks}
spec:
  seed: 1
  timeline:
  - {at: 0, action: apply, object: ${bound('a', 'n1')}}
  - {at: 10, action: apply, object: ${spread('w1')}}
  - {at: 20, action: label, node: n3, labels: {host: rack-b}}
  - {at: 30, action: apply, object: ${spread('w2')}}
  - {at: 40, action: label, node: n3, labels: {host: n3}}
  - {at: 50, action: apply, object: ${spread('w3')}}
${node('n1', 'rack-a')}
${node('n2', 'rack-a')}
${node('n3', 'n3')}
`;

describe('PodTopologySpread: the domain a verdict names, by label value or by the node\'s name', () => {
  const outcome = simulate(racks, { fileName: 'spread-trace-racks.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join('; '));
  const domains = (pod: string) => Object.fromEntries(Object.entries(verdicts(outcome.result.cycles.find((c) => c.pod === `default/${pod}`)!)).map(([n, [, v]]) => [n, v.domain]));

  it.each([
    ['w1', { n1: 'rack-a', n2: 'rack-a', n3: 'n3' }],
    ['w2', { n1: 'rack-a', n2: 'rack-a', n3: 'rack-b' }],
    ['w3', { n1: 'rack-a', n2: 'rack-a', n3: 'n3' }],
  ])('%s', (pod, expected) => {
    expect(domains(pod)).toEqual(expected);
  });

  it('w1: both nodes of rack-a name the pod on n1; n3 passes', () => {
    const v = verdicts(outcome.result.cycles.find((c) => c.pod === 'default/w1')!);
    expect([v['n1']![0], v['n1']![1].pods, v['n2']![0], v['n2']![1].pods, v['n3']![0]]).toEqual(['Unschedulable', ['default/a'], 'Unschedulable', ['default/a'], 'Success']);
  });
});
