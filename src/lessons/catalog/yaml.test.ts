import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeYaml } from './yaml';

describe('nodeYaml', () => {
  it.each([
    ['defaults: hostname label, 4 CPUs, 8Gi, 110 pods', nodeYaml('n1'), {
      apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } },
      status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
    }],
    ['label values that look like numbers or booleans stay strings', nodeYaml('n1', { labels: { gen: '3', spot: 'true' } }).includes('gen: "3", spot: "true"'), true],
    ['taints with and without value, cordon, extended resources', nodeYaml('n1', {
      cpu: '2249m', taints: ['k=v:NoSchedule', 'flag:NoExecute'], unschedulable: true, resources: { 'example.com/gpu': '2' },
    }), {
      apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', labels: { 'kubernetes.io/hostname': 'n1' } },
      spec: { unschedulable: true, taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }, { key: 'flag', effect: 'NoExecute' }] },
      status: { allocatable: { cpu: '2249m', memory: '8Gi', pods: '110', 'example.com/gpu': '2' } },
    }],
  ])('%s', (_name, actual, expected) => {
    expect(typeof actual === 'string' ? parse(actual) : actual).toEqual(expected);
  });

  it('refuses a malformed taint', () => {
    expect(() => nodeYaml('n1', { taints: ['no-effect'] })).toThrow(/not a taint/);
  });
});
