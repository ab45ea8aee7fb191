// The autoscaler's word on a pod, as the Pod tab and `--explain` print it: one row per verdict kind
// whose wording depends on its data.
import { describe, expect, it } from 'vitest';
import type { AutoscalerOutcome, AutoscalerPodVerdict } from '../api';
import { autoscalerNote, autoscalerNoteLines } from './autoscaler';

const outcome = (v: AutoscalerPodVerdict): AutoscalerOutcome => ({ expander: 'random', nodeGroups: [], activities: [], pods: { 'default/p': v }, unremovable: {} });

describe('autoscalerNote: pods cluster-autoscaler ignores', () => {
  it.each<{ name: string; v: AutoscalerPodVerdict; lines: RegExp[] }>([
    { name: 'one scheduling gate', v: { time: 0, kind: 'ignored', reason: 'schedulingGates', gates: ['example.com/quota'] }, lines: [/^cluster-autoscaler ignores this pod: its scheduling gate example\.com\/quota holds it, and no node is added for it until it is removed\.$/, /^ {2}No scheduler tries a gated pod: its PodScheduled condition reads SchedulingGated, and cluster-autoscaler adds nodes only for pods a scheduler found no room for/] },
    { name: 'two scheduling gates', v: { time: 0, kind: 'ignored', reason: 'schedulingGates', gates: ['a.io/x', 'b.io/y'] }, lines: [/its scheduling gates a\.io\/x, b\.io\/y hold it, and no node is added for it until they are removed\.$/, /SchedulingGated/] },
    { name: 'a schedulerName no scheduler serves', v: { time: 0, kind: 'ignored', reason: 'schedulerName', schedulerName: 'gpu-scheduler' }, lines: [/^cluster-autoscaler ignores this pod: no scheduler serves its schedulerName "gpu-scheduler", so no node is added for it\.$/, /^ {2}Nothing marks it Unschedulable \(it has no PodScheduled condition\).*--bypassed-scheduler-names lists "gpu-scheduler"\)\.$/] },
  ])('$name', ({ v, lines }) => {
    const note = autoscalerNote(outcome(v), 'default/p', 5)!;
    expect(note.kind).toBe('ignored');
    // no event line: cluster-autoscaler writes none for a pod it ignores
    expect(autoscalerNoteLines(note)).toEqual(lines.map((l) => expect.stringMatching(l)));
  });

  it('says nothing before the pod exists', () => {
    expect(autoscalerNote(outcome({ time: 30, kind: 'ignored', reason: 'schedulerName', schedulerName: 'x' }), 'default/p', 10)).toBeUndefined();
  });
});
