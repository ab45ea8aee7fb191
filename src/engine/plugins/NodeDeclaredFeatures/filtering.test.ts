// Rows from upstream pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures_test.go
// (v1.35: TestPreFilter, TestFilter, TestEnqueueExtensionsNodeUpdate, TestIsSchedulableAfterPodUpdate,
// TestEventsToRegister). Upstream's mock features become a registry of test features here.
import { describe, expect, it } from 'vitest';
import { CycleState, type StateData } from '../../framework/cycleState';
import type { DeclaredFeature } from '../../model/nodeDeclaredFeatures';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { filterNodeDeclaredFeatures, isSchedulableAfterNodeChange, isSchedulableAfterPodUpdate, preFilterNodeDeclaredFeatures, preFilterStateKey } from './filtering';
import { NodeDeclaredFeatures } from './index';
import { versionSwitches } from '../../versions';

const feature = (name: string, infer: boolean): DeclaredFeature => ({ name, inferForScheduling: () => infer });
const reason = (missing: string) => `node declared features check failed - unsatisfied requirements: ${missing}`;
const pod = () => makePod().name('test-pod').uid('123').obj();

describe('NodeDeclaredFeatures PreFilter (TestPreFilter)', () => {
  const rows: [string, DeclaredFeature[], string, string[] | undefined][] = [
    ['Pod with feature requirements', [feature('TestFeature1', true), feature('TestFeature2', false)], 'Success', ['TestFeature1']],
    ['Pod with multiple feature requirements', [feature('TestFeature1', true), feature('TestFeature2', true)], 'Success', ['TestFeature1', 'TestFeature2']],
    ['Pod with no requirements', [feature('TestFeature1', false), feature('TestFeature2', false)], 'Skip', undefined],
  ];
  it.each(rows)('%s', (_name, registry, code, reqs) => {
    const state = new CycleState();
    expect(preFilterNodeDeclaredFeatures(state, pod(), registry).code).toBe(code);
    expect(state.read<StateData & { reqs: string[] }>(preFilterStateKey)?.reqs).toEqual(reqs);
  });

  it('plugin disabled: Skip, and no events', () => {
    const env = newTestEnv({ nodes: [] });
    const plugin = NodeDeclaredFeatures.factory(undefined, env.handle);
    const p = makePod().name('p').container({ name: 'c', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] }).obj();
    expect(plugin.preFilter!(new CycleState(), { pod: p } as never, []).status.code).toBe('Skip');
    expect(plugin.eventsToRegister!()).toEqual([]);
  });
});

describe('NodeDeclaredFeatures Filter (TestFilter)', () => {
  const rows: [string, string[], string[] | undefined, string, string[]][] = [
    ['Node matches requirements', ['FeatureA', 'FeatureB'], ['FeatureA'], 'Success', []],
    ['Node does not match requirements', ['FeatureB'], ['FeatureA'], 'UnschedulableAndUnresolvable', [reason('FeatureA')]],
    ['Node with multiple features, pod requires subset', ['FeatureA', 'FeatureB', 'FeatureC'], ['FeatureA', 'FeatureC'], 'Success', []],
    ['Node has no declared features', [], ['FeatureA'], 'UnschedulableAndUnresolvable', [reason('FeatureA')]],
    ['Node with some but not all required features', ['FeatureA'], ['FeatureA', 'FeatureB'], 'UnschedulableAndUnresolvable', [reason('FeatureB')]],
    ['Error getting pre-filter state', [], undefined, 'Error', [`error reading "${preFilterStateKey}" from cycle-state: not found`]],
  ];
  it.each(rows)('%s', (_name, declared, reqs, code, reasons) => {
    const node = makeNode().name('node-1').declaredFeatures(declared).obj();
    const state = new CycleState();
    if (reqs) preFilterNodeDeclaredFeatures(state, pod(), reqs.map((r) => feature(r, true)));
    const status = filterNodeDeclaredFeatures(state, node);
    expect(status.code).toBe(code);
    expect(status.reasons).toEqual(reasons);
  });

  // The same table as upstream's nodedeclaredfeatures_test.go stores it after 1.37 (the Filter
  // returns errReasonUnsatisfiedRequirements, "node(s) didn't match Pod's required features"), run
  // through the version's switch: 1.35 and 1.36 name the missing features (the rows above), 1.37
  // does not (versions.ts nodeDeclaredFeaturesReason137).
  const reason137 = "node(s) didn't match Pod's required features";
  it.each([
    ['Node matches requirements', ['FeatureA', 'FeatureB'], ['FeatureA'], 'Success', []],
    ['Node does not match requirements', ['FeatureB'], ['FeatureA'], 'UnschedulableAndUnresolvable', [reason137]],
    ['Node with multiple features, pod requires subset', ['FeatureA', 'FeatureB', 'FeatureC'], ['FeatureA', 'FeatureC'], 'Success', []],
    ['Node has no declared features', [], ['FeatureA'], 'UnschedulableAndUnresolvable', [reason137]],
    ['Node with some but not all required features', ['FeatureA'], ['FeatureA', 'FeatureB'], 'UnschedulableAndUnresolvable', [reason137]],
  ] as [string, string[], string[], string, string[]][])('at v1.37: %s', (_name, declared, reqs, code, reasons) => {
    const state = new CycleState();
    preFilterNodeDeclaredFeatures(state, pod(), reqs.map((r) => feature(r, true)));
    const status = filterNodeDeclaredFeatures(state, makeNode().name('node-1').declaredFeatures(declared).obj(), versionSwitches('1.37').nodeDeclaredFeaturesReason137);
    expect(status.code).toBe(code);
    expect(status.reasons).toEqual(reasons);
  });
  it.each(['1.35', '1.36'] as const)('at v%s the reason names the missing features', (version) => {
    const state = new CycleState();
    preFilterNodeDeclaredFeatures(state, pod(), [feature('FeatureA', true)]);
    expect(filterNodeDeclaredFeatures(state, makeNode().name('node-1').declaredFeatures(['FeatureB']).obj(), versionSwitches(version).nodeDeclaredFeaturesReason137).reasons).toEqual([reason('FeatureA')]);
  });

  it('lists every missing feature, sorted, and the numbers behind the verdict', () => {
    const state = new CycleState();
    preFilterNodeDeclaredFeatures(state, pod(), [feature('FeatureC', true), feature('FeatureA', true), feature('FeatureB', true)]);
    const status = filterNodeDeclaredFeatures(state, makeNode().name('n').declaredFeatures(['FeatureB']).obj());
    expect(status.reasons).toEqual([reason('FeatureA, FeatureC')]);
    expect(status.details).toEqual({ required: ['FeatureA', 'FeatureB', 'FeatureC'], declared: ['FeatureB'], unsatisfied: ['FeatureA', 'FeatureC'] });
  });

  // v1.37 (versions.ts nodeDeclaredFeaturesReason137): errReasonUnsatisfiedRequirements, one reason
  it.each([
    { version: 'v1.35 and v1.36', reason137: false, want: [reason('FeatureA')] },
    { version: 'v1.37', reason137: true, want: ["node(s) didn't match Pod's required features"] },
  ])('$version: the reason for a node that lacks a feature', ({ reason137, want }) => {
    const state = new CycleState();
    preFilterNodeDeclaredFeatures(state, pod(), [feature('FeatureA', true)]);
    const status = filterNodeDeclaredFeatures(state, makeNode().name('n').declaredFeatures(['FeatureB']).obj(), reason137);
    expect(status.code).toBe('UnschedulableAndUnresolvable');
    expect(status.reasons).toEqual(want);
    expect(status.details).toMatchObject({ unsatisfied: ['FeatureA'] });
  });
});

describe('NodeDeclaredFeatures queueing hints', () => {
  it.each([
    ['Node Add with feature', undefined, ['FeatureA'], 'Queue'],
    ['Node Update (Features Added)', [], ['FeatureA'], 'Queue'],
    ['Node Update (Features Unchanged)', ['FeatureA'], ['FeatureA'], 'QueueSkip'],
  ] as const)('TestEnqueueExtensionsNodeUpdate: %s', (_name, oldFeatures, newFeatures, hint) => {
    const oldNode = oldFeatures === undefined ? undefined : makeNode().name('node-1').declaredFeatures([...oldFeatures]).obj();
    expect(isSchedulableAfterNodeChange(oldNode, makeNode().name('node-1').declaredFeatures([...newFeatures]).obj())).toBe(hint);
  });

  // upstream's mock answers false then true (or the reverse); here the test feature is needed by a pod with image "new"
  const needsNew: DeclaredFeature[] = [{ name: 'TestFeature', inferForScheduling: (spec) => spec.containers.some((c) => c.image === 'new') }];
  const withImage = (image: string) => makePod().name('test-pod').uid('123').containerImage(image).obj();
  it.each([
    ['Pod Update adds requirement', 'old', 'new', 'Queue'],
    ['Pod Update removes requirement', 'new', 'old', 'Queue'],
    ['Pod Update with no change in requirements', 'old', 'other', 'QueueSkip'],
  ] as const)('TestIsSchedulableAfterPodUpdate: %s', (_name, oldImage, newImage, hint) => {
    expect(isSchedulableAfterPodUpdate(pod(), withImage(oldImage), withImage(newImage), needsNew)).toBe(hint);
  });

  it('TestIsSchedulableAfterPodUpdate: an update of another pod is skipped', () => {
    const other = makePod().name('other').uid('456').containerImage('new').obj();
    expect(isSchedulableAfterPodUpdate(pod(), makePod().name('other').uid('456').obj(), other, needsNew)).toBe('QueueSkip');
  });

  it.each([[false, 0], [true, 2]] as const)('TestEventsToRegister: enabled=%s registers %i events', (enabled, count) => {
    const env = newTestEnv({ nodes: [], features: { NodeDeclaredFeatures: enabled } });
    expect(NodeDeclaredFeatures.factory(undefined, env.handle).eventsToRegister!()).toHaveLength(count);
  });
});
