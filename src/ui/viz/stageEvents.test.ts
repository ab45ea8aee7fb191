import { describe, expect, it } from 'vitest';
import type { TimedEvent } from '../../worker/protocol';
import { stageEvents } from './stageEvents';

const event = (reason: string, object: string, message: string, type: 'Normal' | 'Warning' = 'Normal'): TimedEvent => ({ time: 10, cycle: 2, type, reason, object, message });

describe('stageEvents', () => {
  it('keeps the events the stage has no drawing for, by object name', () => {
    const out = stageEvents([
      event('Scheduled', 'Pod/default/web-1', 'Successfully assigned default/web-1 to node-1'),
      event('SuccessfulCreate', 'ReplicaSet/default/web', 'Created pod: web-2'),
      event('NodeNotSchedulable', 'Node/node-2', 'Node node-2 status is now: NodeNotSchedulable'),
      event('EvictionRefused', 'Pod/default/web-1', "Eviction API: 429 Cannot evict pod as it would violate the pod's disruption budget.", 'Warning'),
      event('Descheduler', 'Scenario/deschedule', 'LowNodeUtilization: Number of underutilized nodes: 2'),
      event('Evicted', 'Pod/team-a/batch', 'descheduler: evicting pod team-a/batch'),
    ]);
    expect(out.map((e) => [e.reason, e.object, e.warning])).toEqual([
      ['NodeNotSchedulable', 'node-2', false],
      ['EvictionRefused', 'web-1', true],
      ['Evicted', 'team-a/batch', false],
    ]);
    // a long message cut at a word, the whole event in its tooltip
    // 64 characters with the ellipsis: "pod's" would end at the 64th
    expect(out[1]!.message).toBe('Eviction API: 429 Cannot evict pod as it would violate the…');
    expect(out[1]!.full).toContain("disruption budget.");
    // and uncut for a phone, which has no tooltip
    expect(out[1]!.wholeMessage).toBe("Eviction API: 429 Cannot evict pod as it would violate the pod's disruption budget.");
    expect(stageEvents(undefined)).toEqual([]);
    // on a projector no message, the whole event in the tooltip
    const brief = stageEvents([
      event('Evicted', 'Pod/default/web-1', 'descheduler: evicting pod default/web-1'),
      event('EvictionRefused', 'Pod/default/web-1', "Eviction API: 429 Cannot evict pod as it would violate the pod's disruption budget.", 'Warning'),
    ], true);
    expect(brief.map((e) => [e.message, e.wholeMessage])).toEqual([['', ''], ['', '']]);
    expect(brief[1]!.full).toContain('429 Cannot evict pod');
  });
});
