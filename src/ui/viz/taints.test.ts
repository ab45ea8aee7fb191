import { describe, expect, it } from 'vitest';
import { cycle } from '../../worker/testing/results';
import { formatToleration, taintMarks } from './taints';

const key1 = { key: 'key1', value: 'value1', effect: 'NoSchedule' };
const key2 = { key: 'key2', value: 'value2', effect: 'NoSchedule' };

describe('taintMarks', () => {
  const trace = cycle(1, 'default/nginx', {
    nodesEvaluated: ['node1', 'node2', 'node3'],
    filter: {
      // taints.yaml: nginx tolerates key1 but not key2 on node1
      node1: [{ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'], details: {
        taint: key2, taints: [{ taint: key1, toleration: { key: 'key1', operator: 'Equal', value: 'value1', effect: 'NoSchedule' } }, { taint: key2 }],
      } }],
      node2: [{ plugin: 'TaintToleration', code: 'Success' }],
      node3: [{ plugin: 'TaintToleration', code: 'Success', details: { taints: [{ taint: key2, toleration: { operator: 'Exists' } }] } }],
    },
  });

  it('marks the untolerated taint that decided, beside the tolerated one and its toleration', () => {
    expect(taintMarks(trace, 'node1')).toEqual([
      { taint: 'key1=value1:NoSchedule', toleration: 'key1=value1:NoSchedule', decides: false },
      { taint: 'key2=value2:NoSchedule', decides: true },
    ]);
  });

  it('shows a tolerated taint with the toleration that tolerates it on a node that passed', () => {
    expect(taintMarks(trace, 'node3')).toEqual([{ taint: 'key2=value2:NoSchedule', toleration: '* Exists', decides: false }]);
  });

  it('draws PreferNoSchedule taints after the hard ones, soft, never deciding', () => {
    const soft = { key: 'spot', value: 'true', effect: 'PreferNoSchedule' };
    const withSoft = cycle(1, 'default/batch', {
      nodesEvaluated: ['node1', 'node2'],
      filter: {
        node1: [{ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint(s)'], details: {
          taint: key2, taints: [{ taint: key2 }], preferNoSchedule: [{ taint: soft }],
        } }],
        node2: [{ plugin: 'TaintToleration', code: 'Success', details: {
          preferNoSchedule: [{ taint: soft, toleration: { key: 'spot', operator: 'Exists' } }, { taint: { key: 'maintenance', value: '', effect: 'PreferNoSchedule' } }],
        } }],
      },
    });
    expect(taintMarks(withSoft, 'node1')).toEqual([
      { taint: 'key2=value2:NoSchedule', decides: true },
      { taint: 'spot=true:PreferNoSchedule', decides: false, soft: true },
    ]);
    expect(taintMarks(withSoft, 'node2')).toEqual([
      { taint: 'spot=true:PreferNoSchedule', toleration: 'spot Exists', decides: false, soft: true },
      { taint: 'maintenance:PreferNoSchedule', decides: false, soft: true },
    ]);
  });

  it('has nothing for a node without taints or one Filter did not visit', () => {
    expect(taintMarks(trace, 'node2')).toBeUndefined();
    expect(taintMarks(trace, 'node9')).toBeUndefined();
  });
});

describe('formatToleration', () => {
  it.each([
    [{ key: 'dedicated', operator: 'Equal' as const, value: 'gpu', effect: 'NoSchedule' as const }, 'dedicated=gpu:NoSchedule'],
    [{ key: 'dedicated', value: 'gpu' }, 'dedicated=gpu'],
    [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const, effect: 'NoExecute' as const }, 'node.kubernetes.io/not-ready Exists:NoExecute'],
    [{ operator: 'Exists' as const }, '* Exists'],
  ])('%o reads %s', (t, text) => {
    expect(formatToleration(t)).toBe(text);
  });
});
