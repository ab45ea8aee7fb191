// The autoscaler's word on a pod, as the Pod tab and `--explain` print it: one row per verdict kind
// whose wording depends on its data.
import { describe, expect, it } from 'vitest';
import type { AutoscalerOutcome, AutoscalerPodVerdict } from '../api';
import { autoscalerNote, autoscalerNoteLines } from './autoscaler';

const outcome = (v: AutoscalerPodVerdict): AutoscalerOutcome => ({ expander: 'random', nodeGroups: [], activities: [], pods: { 'default/p': v }, unremovable: {} });

describe('autoscalerNote: pods cluster-autoscaler ignores', () => {
  it.each<{ name: string; v: AutoscalerPodVerdict; want: RegExp }>([
    { name: 'one scheduling gate', v: { time: 0, kind: 'ignored', reason: 'schedulingGates', gates: ['example.com/quota'] }, want: /^cluster-autoscaler ignores this pod: its scheduling gate example\.com\/quota holds it, .*SchedulingGated, not Unschedulable\. No node is added for it/ },
    { name: 'two scheduling gates', v: { time: 0, kind: 'ignored', reason: 'schedulingGates', gates: ['a.io/x', 'b.io/y'] }, want: /its scheduling gates a\.io\/x, b\.io\/y hold it,/ },
    { name: 'a schedulerName no scheduler serves', v: { time: 0, kind: 'ignored', reason: 'schedulerName', schedulerName: 'gpu-scheduler' }, want: /^cluster-autoscaler ignores this pod: no scheduler serves its schedulerName "gpu-scheduler", .*--bypassed-scheduler-names lists "gpu-scheduler"\)\.$/ },
  ])('$name', ({ v, want }) => {
    const note = autoscalerNote(outcome(v), 'default/p', 5)!;
    expect(note.kind).toBe('ignored');
    // no event: cluster-autoscaler writes none for a pod it ignores
    expect(autoscalerNoteLines(note)).toEqual([expect.stringMatching(want)]);
  });

  it('says nothing before the pod exists', () => {
    expect(autoscalerNote(outcome({ time: 30, kind: 'ignored', reason: 'schedulerName', schedulerName: 'x' }), 'default/p', 10)).toBeUndefined();
  });
});
