// Cases from upstream schedulinggates/scheduling_gates_test.go (TestPreEnqueue and the
// queueing-hint test of the v1.35 plugin).
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../../framework/podInfo';
import { makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import { isSchedulableAfterUpdatePodSchedulingGatesEliminated, SchedulingGates } from './index';

describe('SchedulingGates PreEnqueue (TestPreEnqueue)', () => {
  it.each([
    { name: 'pod does not carry scheduling gates', gates: [] as string[], code: 'Success', reasons: [] as string[] },
    { name: 'pod carries scheduling gates', gates: ['foo', 'bar'], code: 'UnschedulableAndUnresolvable', reasons: ['waiting for scheduling gates: [foo bar]'] },
  ])('$name', ({ gates, code, reasons }) => {
    const plugin = SchedulingGates.factory(undefined, newTestEnv({ nodes: [] }).handle);
    const pod = makePod().name('p');
    if (gates.length > 0) pod.schedulingGates(gates);
    const status = plugin.preEnqueue!(newPodInfo(pod.obj()));
    expect(status.code).toBe(code);
    expect(status.reasons).toEqual(reasons);
  });
});

describe('isSchedulableAfterUpdatePodSchedulingGatesEliminated', () => {
  it.each([
    { name: 'queue on the gated pod itself', other: 'p', want: 'Queue' },
    { name: 'skip when another pod lost its gates', other: 'q', want: 'QueueSkip' },
  ])('$name', ({ other, want }) => {
    const pod = makePod().name('p').schedulingGates(['foo']).obj();
    expect(isSchedulableAfterUpdatePodSchedulingGatesEliminated(pod, makePod().name(other).obj())).toBe(want);
  });
});
