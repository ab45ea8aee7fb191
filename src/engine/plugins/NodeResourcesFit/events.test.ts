// Cases from upstream noderesources/fit_test.go: TestEventsToRegister (InPlacePodVerticalScaling and
// SchedulerQueueingHints on, DRAExtendedResource off), Test_isSchedulableAfterPodChange,
// Test_isSchedulableAfterNodeChange (the wrong-object-type rows do not apply to typed inputs).
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import { isSchedulableAfterNodeChange, isSchedulableAfterPodEvent } from './events';
import { NodeResourcesFit } from './index';
import { extendedResourceA, extendedResourceB, resourcePod } from './testPods';

describe('NodeResourcesFit EventsToRegister', () => {
  it('registers pod deletion/scale-down and node add/allocatable changes, each with a hint', () => {
    const events = NodeResourcesFit.factory(NodeResourcesFit.defaultArgs!(), undefined as never).eventsToRegister!();
    expect(events.map((e) => e.event)).toEqual([
      { resource: 'Pod', actionType: ['Delete', 'UpdatePodScaleDown'] },
      { resource: 'Node', actionType: ['Add', 'UpdateNodeAllocatable'] },
    ]);
    expect(events.every((e) => typeof e.hint === 'function')).toBe(true);
  });
});

describe('isSchedulableAfterPodEvent (Test_isSchedulableAfterPodChange)', () => {
  const cpuPod = (name: string, cpu: string) => makePod().name(name).req({ cpu });
  const podLevelPod = (name: string, r: Record<string, string>) => makePod().name(name).podLevelRequests(r);
  const cases = [
    { name: 'queue-on-other-pod-deleted', pod: cpuPod('pod1', '1'), oldObj: cpuPod('pod2', '1').node('fake'), newObj: undefined, hint: 'Queue' },
    { name: 'skip-queue-on-unscheduled-pod-deleted', pod: makePod().name('pod1'), oldObj: makePod().name('pod2'), newObj: undefined, hint: 'QueueSkip' },
    {
      name: 'skip-queue-on-other-unscheduled-pod', pod: cpuPod('pod1', '1').uid('uid0'),
      oldObj: cpuPod('pod2', '2').uid('uid1'), newObj: cpuPod('pod2', '1').uid('uid1'), hint: 'QueueSkip',
    },
    {
      name: 'skip-queue-on-other-pod-unrelated-resource-scaled-down', pod: cpuPod('pod1', '1').uid('pod1'),
      oldObj: makePod().name('pod2').uid('pod2').req({ memory: '2' }).node('fake'), newObj: makePod().name('pod2').uid('pod2').req({ memory: '1' }).node('fake'), hint: 'QueueSkip',
    },
    {
      name: 'skip-queue-on-other-pod-unrelated-pod-level-resource-scaled-down', pod: podLevelPod('pod1', { cpu: '1' }).uid('pod1'),
      oldObj: podLevelPod('pod2', { memory: '2' }).uid('pod2').node('fake'), newObj: podLevelPod('pod2', { memory: '1' }).uid('pod2').node('fake'), hint: 'QueueSkip',
    },
    {
      name: 'queue-on-other-pod-some-resource-scale-down', pod: cpuPod('pod1', '1').uid('pod1'),
      oldObj: cpuPod('pod2', '2').uid('pod2').node('fake'), newObj: cpuPod('pod2', '1').uid('pod2').node('fake'), hint: 'Queue',
    },
    {
      name: 'queue-on-other-pod-some-pod-level-resource-scale-down', pod: podLevelPod('pod1', { cpu: '1' }).uid('pod1'),
      oldObj: podLevelPod('pod2', { cpu: '2' }).uid('pod2').node('fake'), newObj: podLevelPod('pod2', { cpu: '1' }).uid('pod2').node('fake'), hint: 'Queue',
    },
    {
      name: 'queue-on-target-pod-some-resource-scale-down', pod: cpuPod('pod1', '1').uid('pod1'),
      oldObj: cpuPod('pod1', '2').uid('pod1'), newObj: cpuPod('pod1', '1').uid('pod1'), hint: 'Queue',
    },
    {
      name: 'queue-on-target-pod-some-pod-level-resource-scale-down', pod: podLevelPod('pod1', { cpu: '1' }).uid('pod1'),
      oldObj: podLevelPod('pod1', { cpu: '2' }).uid('pod1'), newObj: podLevelPod('pod1', { cpu: '1' }).uid('pod1'), hint: 'Queue',
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(isSchedulableAfterPodEvent(c.pod.obj(), c.oldObj.obj(), c.newObj?.obj())).toBe(c.hint);
  });
});

describe('isSchedulableAfterNodeChange (Test_isSchedulableAfterNodeChange)', () => {
  const node = (capacity: Record<string, string>) => makeNode().name('n').capacity(capacity).obj();
  const memAndA = () => resourcePod({ memory: 2, scalar: { [extendedResourceA]: 1 } }).obj();
  const cases = [
    { name: 'skip-queue-on-node-add-without-sufficient-resources', pod: resourcePod({ memory: 2 }).obj(), oldObj: undefined, newObj: node({ memory: '1' }), hint: 'QueueSkip' },
    {
      name: 'skip-queue-on-node-add-without-required-resource-type', pod: resourcePod({ scalar: { [extendedResourceA]: 1 } }).obj(),
      oldObj: undefined, newObj: node({ [extendedResourceB]: '1' }), hint: 'QueueSkip',
    },
    { name: 'queue-on-node-add-with-sufficient-resources', pod: memAndA(), oldObj: undefined, newObj: node({ memory: '4', [extendedResourceA]: '2' }), hint: 'Queue' },
    {
      name: 'skip-queue-on-node-unrelated-changes', pod: memAndA(),
      oldObj: node({ memory: '2', [extendedResourceA]: '2' }), newObj: node({ memory: '2', [extendedResourceA]: '1', [extendedResourceB]: '2' }), hint: 'QueueSkip',
    },
    {
      name: 'queue-on-pod-requested-resources-increase', pod: memAndA(),
      oldObj: node({ memory: '2', [extendedResourceA]: '1' }), newObj: node({ memory: '2', [extendedResourceA]: '2' }), hint: 'Queue',
    },
    {
      name: 'skip-queue-on-node-changes-from-suitable-to-unsuitable', pod: memAndA(),
      oldObj: node({ memory: '4', [extendedResourceA]: '2' }), newObj: node({ memory: '1', [extendedResourceA]: '2' }), hint: 'QueueSkip',
    },
    {
      name: 'queue-on-node-changes-from-unsuitable-to-suitable', pod: memAndA(),
      oldObj: node({ memory: '1', [extendedResourceA]: '2' }), newObj: node({ memory: '4', [extendedResourceA]: '2' }), hint: 'Queue',
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(isSchedulableAfterNodeChange(c.pod, c.oldObj, c.newObj)).toBe(c.hint);
  });
});
