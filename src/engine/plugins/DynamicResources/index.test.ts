// DRA is not simulated; this pins upstream's behaviour for a pod without resource claims
// (dynamicresources_test.go TestPlugin, case "empty": PreFilter Skip, PostFilter Unschedulable).
import { describe, expect, it } from 'vitest';
import { CycleState } from '../../framework/cycleState';
import { NodeToStatus } from '../../framework/interfaces';
import { newPodInfo } from '../../framework/podInfo';
import { Status } from '../../framework/status';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { DynamicResources, ErrReasonNoNewClaimsToDeallocate } from './index';

describe('DynamicResources', () => {
  const env = newTestEnv({ nodes: [makeNode().name('n1').obj(), makeNode().name('n2').obj()] });
  const pod = newPodInfo(makePod().name('foo').obj());
  const unresolvable = new NodeToStatus(Status.unresolvable('x'));

  it('empty: PreEnqueue passes, PreFilter Skips, PostFilter has no new claims to deallocate', () => {
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    expect(plugin.preEnqueue!(pod).code).toBe('Success');
    expect(plugin.preFilter!(state, pod, env.snapshot.nodeInfoList).status.code).toBe('Skip');
    const { status } = plugin.postFilter!(state, pod, unresolvable);
    expect(status.code).toBe('Unschedulable');
    expect(status.reasons).toEqual([ErrReasonNoNewClaimsToDeallocate]);
  });

  it('PostFilter without its PreFilter state (an earlier PreFilter failed) is an Error', () => {
    const { status } = DynamicResources.factory(undefined, env.handle).postFilter!(new CycleState(), pod, unresolvable);
    expect(status.code).toBe('Error');
    expect(status.reasons).toEqual(['not found']);
  });

  it('Score is 0 on every node and stays 0 after NormalizeScore; Reserve and PreBind succeed', () => {
    const plugin = DynamicResources.factory(undefined, env.handle);
    const state = new CycleState();
    plugin.preFilter!(state, pod, env.snapshot.nodeInfoList);
    const scores = env.snapshot.nodeInfoList.map((n) => ({ name: n.name, score: plugin.score!(state, pod, n) as number }));
    expect(plugin.normalizeScore!(state, pod, scores).code).toBe('Success');
    expect(scores.map((s) => s.score)).toEqual([0, 0]);
    expect(plugin.reserve!(state, pod, 'n1').code).toBe('Success');
    expect(plugin.preBind!(state, pod, 'n1').code).toBe('Success');
  });
});
