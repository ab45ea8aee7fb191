import { describe, expect, it } from 'vitest';
import type { ClusterEvent, CycleTrace } from '../engine/api';
import { POD_LOCATIONS } from './protocol';
import { PodStateReplay } from './replay';
import { RunSession, phasesOf, summarizeCycle, timeEvents } from './session';
import { cycle, move, node, pod, result, twoNodeRun } from './testing/results';

const fit = (code: 'Success' | 'Unschedulable') => [{ plugin: 'NodeResourcesFit', code }];
/** a pod-group cycle of two members, cycles 1 and 2 */
const group: NonNullable<CycleTrace['podGroup']> = { name: 'default/g', firstCycle: 1, members: ['default/p', 'default/q'], minCount: 2, bound: 0, placed: 1, result: 'Unschedulable' };

describe('phasesOf', () => {
  const rows: { name: string; trace: Partial<CycleTrace>; phases: string[] }[] = [
    {
      name: 'PreFilter rejects: nothing else runs',
      trace: { preFilter: [{ plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable' }] },
      phases: ['PreFilter'],
    },
    {
      name: 'no feasible node: preemption is tried',
      trace: { nodesEvaluated: ['a'], filter: { a: fit('Unschedulable') }, postFilter: { candidates: [] } },
      phases: ['PreFilter', 'Filter', 'PostFilter'],
    },
    {
      name: 'one feasible node: chosen without scoring',
      trace: { nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', result: 'Scheduled' },
      phases: ['PreFilter', 'Filter', 'Select', 'Bind'],
    },
    {
      name: 'scored, reserved, permitted and bound',
      trace: {
        nodesEvaluated: ['a', 'b'], feasible: ['a', 'b'], score: {}, selected: 'b', reserve: [], permit: [], result: 'Scheduled',
      },
      phases: ['PreFilter', 'Filter', 'Score', 'Select', 'Reserve', 'Permit', 'Bind'],
    },
    {
      name: 'waiting at Permit: not bound in this cycle',
      trace: { nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', reserve: [], permit: [], result: 'Waiting' },
      phases: ['PreFilter', 'Filter', 'Select', 'Reserve', 'Permit'],
    },
    {
      name: 'waited at Permit, then allowed: it binds in the cycle that released it, not in this one',
      trace: { nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', reserve: [], permit: [], result: 'Scheduled', permitWait: { time: 0, allowed: true, cycle: 3 } },
      phases: ['PreFilter', 'Filter', 'Select', 'Reserve', 'Permit'],
    },
    {
      name: 'nominated after preemption: no host selection',
      trace: {
        nodesEvaluated: ['a'], filter: { a: fit('Unschedulable') }, selected: 'a',
        postFilter: { candidates: [{ node: 'a', victims: ['default/v'], pdbViolations: 0 }], chosen: { node: 'a', victims: ['default/v'] } },
      },
      phases: ['PreFilter', 'Filter', 'PostFilter'],
    },
    {
      name: 'pod-group cycle, first member: the placements are generated and scored before its attempt',
      trace: { nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', reserve: [], permit: [], result: 'Scheduled', podGroup: { ...group, placements: [] } },
      phases: ['PlacementGenerate', 'PlacementScore', 'PreFilter', 'Filter', 'Select', 'Reserve', 'Permit'],
    },
    {
      name: 'pod-group cycle without placements (TopologyAwareWorkloadScheduling off): the member alone, bound with the group at its last member',
      trace: { nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', reserve: [], permit: [], result: 'Scheduled', podGroup: group },
      phases: ['PreFilter', 'Filter', 'Select', 'Reserve', 'Permit'],
    },
    {
      name: 'pod-group cycle, last member of a group that schedules: Bind, the whole group\'s',
      trace: { cycle: 2, nodesEvaluated: ['a'], feasible: ['a'], selected: 'a', reserve: [], permit: [], result: 'Scheduled', podGroup: { ...group, result: 'Scheduled' } },
      phases: ['PreFilter', 'Filter', 'Select', 'Reserve', 'Permit', 'Bind'],
    },
    {
      name: 'pod-group cycle, last member: workload-aware preemption after its attempt',
      trace: { cycle: 2, nodesEvaluated: ['a'], filter: { a: fit('Unschedulable') }, result: 'Unschedulable', podGroup: { ...group, preemption: { result: 'Success', priority: 10, victims: [], nominated: [], podGroupDisruptions: 0, pdbViolations: 0 } } },
      phases: ['PreFilter', 'Filter', 'PodGroupPostFilter'],
    },
  ];
  it.each(rows)('$name', ({ trace, phases }) => {
    expect(phasesOf(cycle(trace.cycle ?? 1, 'default/p', trace))).toEqual(phases);
  });
});

describe('summarizeCycle', () => {
  it('ends a cycle whose pod waited at Permit as Waiting, though the pod was bound later', () => {
    const waited = cycle(1, 'default/w0', { selected: 'a', result: 'Scheduled', permitWait: { time: 0, allowed: true, cycle: 3 } });
    expect(summarizeCycle(waited).result).toBe('Waiting');
    expect(summarizeCycle(cycle(2, 'default/w1', { selected: 'a', result: 'Scheduled' })).result).toBe('Scheduled');
  });

  it('says where a pod group decides for the members tried before its last (they are only assumed until then)', () => {
    // members p and q: cycles 1 and 2; the group is decided at q's attempt
    expect(summarizeCycle(cycle(1, 'default/p', { selected: 'a', result: 'Unschedulable', podGroup: group })).groupDecidesAt).toBe(2);
    expect(summarizeCycle(cycle(2, 'default/q', { result: 'Unschedulable', podGroup: group })).groupDecidesAt).toBeUndefined();
    expect(summarizeCycle(cycle(3, 'default/r', { selected: 'a', result: 'Scheduled' })).groupDecidesAt).toBeUndefined();
  });
});

describe('timeEvents', () => {
  const ev = (reason: string, object: string, time = 0): ClusterEvent => ({ time, type: 'Normal', reason, object, message: '' });
  it('writes a pod-group member\'s outcome at the cycle that decides the group, not at its own attempt', () => {
    const cycles = [cycle(1, 'default/p', { selected: 'a', podGroup: group }), cycle(2, 'default/q', { podGroup: group }), cycle(3, 'default/r', { time: 10 })];
    const timed = timeEvents(cycles, [ev('FailedScheduling', 'Pod/default/p'), ev('FailedScheduling', 'Pod/default/q'), ev('Scheduled', 'Pod/default/r', 10)]);
    expect(timed.map((e) => e.cycle)).toEqual([2, 2, 3]);
  });
  const cycles = [cycle(1, 'default/a'), cycle(2, 'default/b'), cycle(3, 'default/a', { time: 10 })];
  const rows: { name: string; events: ClusterEvent[]; expected: number[] }[] = [
    {
      name: 'scheduling events belong to their pod\'s cycles, in order',
      events: [ev('FailedScheduling', 'Pod/default/a'), ev('Scheduled', 'Pod/default/b'), ev('Scheduled', 'Pod/default/a', 10)],
      expected: [1, 2, 3],
    },
    {
      name: 'a preemption happens during the cycle that writes the next FailedScheduling',
      events: [ev('Preempted', 'Pod/default/v'), ev('FailedScheduling', 'Pod/default/a')],
      expected: [1, 1],
    },
    {
      name: 'a timeline action between cycles is there when the next cycle starts',
      events: [ev('FailedScheduling', 'Pod/default/a'), ev('Scheduled', 'Pod/default/b'), ev('NodeNotReady', 'Node/n', 5), ev('Scheduled', 'Pod/default/a', 10)],
      expected: [1, 2, 2, 3],
    },
    {
      name: 'a timeline or controller event at the time of the next cycle comes before it (it may be its cause)',
      events: [ev('FailedScheduling', 'Pod/default/a'), ev('Scheduled', 'Pod/default/b'), ev('NodeNotReady', 'Node/n', 10), ev('Scheduled', 'Pod/default/a', 10)],
      expected: [1, 2, 2, 3],
    },
    {
      name: 'a preemption at the time of the next cycle happens during it',
      events: [ev('FailedScheduling', 'Pod/default/a'), ev('Scheduled', 'Pod/default/b'), ev('Preempted', 'Pod/default/v', 10), ev('FailedScheduling', 'Pod/default/a', 10)],
      expected: [1, 2, 3, 3],
    },
    {
      name: 'events after the last cycle show with the last cycle',
      events: [ev('FailedScheduling', 'Pod/default/a'), ev('Scheduled', 'Pod/default/b'), ev('Scheduled', 'Pod/default/a', 10), ev('Evicted', 'Pod/default/a', 99)],
      expected: [1, 2, 3, 3],
    },
  ];
  it.each(rows)('$name', ({ events, expected }) => {
    expect(timeEvents(cycles, events).map((e) => e.cycle)).toEqual(expected);
  });

  it('gives the Scheduled event of a pod that waited at Permit to the cycle that released it', () => {
    const gang = [
      cycle(1, 'default/w0', { result: 'Scheduled', permitWait: { time: 20, allowed: true, cycle: 3 }, time: 20 }),
      cycle(2, 'default/w1', { result: 'Scheduled', permitWait: { time: 20, allowed: true, cycle: 3 }, time: 20 }),
      cycle(3, 'default/w2', { result: 'Scheduled', time: 20 }),
    ];
    const events = [ev('Scheduled', 'Pod/default/w0', 20), ev('Scheduled', 'Pod/default/w1', 20), ev('Scheduled', 'Pod/default/w2', 20)];
    expect(timeEvents(gang, events).map((e) => e.cycle)).toEqual([3, 3, 3]);
  });

  it('gives the FailedScheduling of a Permit timeout to the time it happened, not to the waiting cycle', () => {
    const timedOut = [cycle(1, 'default/w0', { result: 'Unschedulable', permitWait: { time: 300, allowed: false } }), cycle(2, 'default/x', { time: 400 })];
    expect(timeEvents(timedOut, [ev('FailedScheduling', 'Pod/default/w0', 300)]).map((e) => e.cycle)).toEqual([1]);
  });
});

const locationOf = (session: RunSession, cycleNumber: number, podIndex: number) =>
  POD_LOCATIONS[session.frame(cycleNumber)!.location[podIndex]!];

describe('RunSession frames', () => {
  it('shows the cluster as the cycle starts: the pod being scheduled is not yet bound', () => {
    const session = new RunSession(twoNodeRun());
    const frame = session.frame(1)!;
    expect([...frame.node]).toEqual([0, -1]);
    expect(locationOf(session, 1, 0)).toBe('bound');
    expect(locationOf(session, 1, 1)).toBe('scheduling');
    expect(frame.trace.selected).toBe('node-b');
  });

  it('replays preemption: nominated node, victims terminating until their deletion', () => {
    const session = new RunSession(result({
      nodes: [node('n1')],
      pods: [pod('default/low', { node: 'n1', deletedAt: 30 }), pod('default/high', { node: 'n1', priority: 1000 })],
      cycles: [
        cycle(1, 'default/high', {
          nodesEvaluated: ['n1'], filter: { n1: fit('Unschedulable') }, selected: 'n1',
          postFilter: { candidates: [{ node: 'n1', victims: ['default/low'], pdbViolations: 0 }], chosen: { node: 'n1', victims: ['default/low'] } },
        }),
        cycle(2, 'default/high', { time: 30, nodesEvaluated: ['n1'], feasible: ['n1'], selected: 'n1', result: 'Scheduled' }),
      ],
      queue: [
        move(0, 'default/low', 'bound'),
        move(0, 'default/high', 'activeQ'),
        move(0, 'default/high', 'scheduling', 'activeQ'),
        move(0, 'default/high', 'unschedulablePods', 'scheduling'),
        move(30, 'default/low', 'deleted', 'bound'),
        move(30, 'default/high', 'activeQ', 'unschedulablePods'),
        move(30, 'default/high', 'scheduling', 'activeQ'),
        move(30, 'default/high', 'bound', 'scheduling'),
      ],
    }));
    const first = session.frame(1)!;
    expect([first.terminating[0], first.nominated[1]]).toEqual([0, -1]);
    const second = session.frame(2)!;
    expect(locationOf(session, 2, 0)).toBe('deleted');
    expect(second.nominated[1]).toBe(0);
    expect(locationOf(session, 2, 1)).toBe('scheduling');
  });

  it('marks victims terminating while their grace period runs', () => {
    const session = new RunSession(result({
      nodes: [node('n1'), node('n2')],
      pods: [pod('default/low', { node: 'n1', deletedAt: 30 }), pod('default/high'), pod('default/other')],
      cycles: [
        cycle(1, 'default/high', {
          postFilter: { candidates: [], chosen: { node: 'n1', victims: ['default/low'] } },
        }),
        cycle(2, 'default/other', { time: 5, nodesEvaluated: ['n2'], feasible: ['n2'], selected: 'n2', result: 'Scheduled' }),
      ],
      queue: [move(0, 'default/low', 'bound'), move(0, 'default/high', 'scheduling'), move(5, 'default/other', 'scheduling')],
    }));
    expect(session.frame(2)!.terminating[0]).toBe(1);
    expect(locationOf(session, 2, 0)).toBe('bound');
  });

  it('marks an evicted pod terminating from its eviction event, at a cycle of that very time too, until it is gone', () => {
    const evict = (time: number): ClusterEvent => ({ time, type: 'Normal', reason: 'TaintManagerEviction', object: 'Pod/default/web', message: 'Marking for deletion Pod default/web' });
    const session = new RunSession(result({
      nodes: [node('n1'), node('n2')],
      pods: [pod('default/web', { node: 'n1', deletedAt: 60, reason: 'TaintManagerEviction' }), pod('default/a'), pod('default/b'), pod('default/c')],
      cycles: [
        cycle(1, 'default/a', { time: 10, nodesEvaluated: ['n2'], feasible: ['n2'], selected: 'n2', result: 'Scheduled' }),
        cycle(2, 'default/b', { time: 30, nodesEvaluated: ['n2'], feasible: ['n2'], selected: 'n2', result: 'Scheduled' }),
        cycle(3, 'default/c', { time: 70, nodesEvaluated: ['n2'], feasible: ['n2'], selected: 'n2', result: 'Scheduled' }),
      ],
      events: [evict(30)],
      queue: [move(10, 'default/a', 'scheduling'), move(30, 'default/b', 'scheduling'), move(70, 'default/c', 'scheduling')],
    }));
    expect([session.frame(1)!.terminating[0], locationOf(session, 1, 0)]).toEqual([0, 'bound']);
    expect([session.frame(2)!.terminating[0], locationOf(session, 2, 0)]).toEqual([1, 'bound']);
    expect(locationOf(session, 3, 0)).toBe('deleted');
  });

  it('removes a deleted bound pod the move log does not mention, at its deletion time', () => {
    const session = new RunSession(result({
      nodes: [node('n1')],
      pods: [pod('default/low', { node: 'n1', deletedAt: 30 }), pod('default/high')],
      cycles: [
        cycle(1, 'default/high', { postFilter: { candidates: [], chosen: { node: 'n1', victims: ['default/low'] } } }),
        cycle(2, 'default/high', { time: 10 }),
        cycle(3, 'default/high', { time: 30 }),
      ],
      queue: [move(0, 'default/high', 'scheduling'), move(10, 'default/high', 'scheduling'), move(30, 'default/high', 'scheduling')],
    }));
    expect([1, 2, 3].map((c) => locationOf(session, c, 0))).toEqual(['bound', 'bound', 'deleted']);
  });

  it('does not take the binding after Permit for the start of a later cycle', () => {
    const session = new RunSession(result({
      nodes: [node('n1')],
      pods: [pod('default/gang', { node: 'n1' }), pod('default/other')],
      cycles: [
        cycle(1, 'default/gang', { nodesEvaluated: ['n1'], feasible: ['n1'], selected: 'n1', result: 'Waiting' }),
        cycle(2, 'default/other', { time: 5 }),
      ],
      queue: [
        move(0, 'default/gang', 'scheduling', 'activeQ'),
        move(0, 'default/gang', 'waitingOnPermit', 'scheduling'),
        move(3, 'default/gang', 'scheduling', 'waitingOnPermit'),
        move(3, 'default/gang', 'bound', 'scheduling'),
        move(5, 'default/other', 'scheduling', 'activeQ'),
      ],
    }));
    expect(locationOf(session, 2, 0)).toBe('bound');
    expect(session.frame(2)!.node[0]).toBe(0);
  });

  it('a pod waiting in PreBind (binding conditions) stays on its node; its binding is not a later cycle\'s start', () => {
    const session = new RunSession(result({
      nodes: [node('n1')],
      pods: [pod('default/fabric', { node: 'n1' }), pod('default/other')],
      cycles: [
        cycle(1, 'default/fabric', { nodesEvaluated: ['n1'], feasible: ['n1'], selected: 'n1', result: 'Scheduled', bindingWait: { time: 0, end: 20, ok: true } }),
        cycle(2, 'default/other', { time: 5 }),
        cycle(3, 'default/other', { time: 30 }),
      ],
      queue: [
        move(0, 'default/fabric', 'scheduling', 'activeQ'),
        move(0, 'default/fabric', 'waitingOnBinding', 'scheduling'),
        move(5, 'default/other', 'scheduling', 'activeQ'),
        move(5, 'default/other', 'unschedulablePods', 'scheduling'),
        move(20, 'default/fabric', 'scheduling', 'waitingOnBinding'),
        move(20, 'default/fabric', 'bound', 'scheduling'),
        move(30, 'default/other', 'scheduling', 'unschedulablePods'),
      ],
    }));
    expect(locationOf(session, 2, 0)).toBe('waitingOnBinding');
    expect(session.frame(2)!.node[0]).toBe(0);
    expect(locationOf(session, 3, 0)).toBe('bound');
  });

  it('falls back to the cycles when there is no move log', () => {
    const run = twoNodeRun();
    run.queue = [];
    run.cycles.push(cycle(2, 'default/late', { time: 3 }));
    run.pods.push(pod('default/late'), pod('default/gated', { reason: 'SchedulingGated' }));
    const session = new RunSession(run);
    expect(locationOf(session, 1, 0)).toBe('bound');
    expect(locationOf(session, 1, 1)).toBe('activeQ');
    expect(locationOf(session, 2, 1)).toBe('bound');
    expect(session.frame(2)!.node[1]).toBe(1);
    expect(locationOf(session, 2, 3)).toBe('gated');
  });

  it('gives the same state whatever order cycles are visited in (checkpoints)', () => {
    const pods = Array.from({ length: 5 }, (_, i) => pod(`default/p${i}`, { node: 'n1' }));
    const cycles = Array.from({ length: 150 }, (_, i) => cycle(i + 1, `default/p${i % 5}`, {
      time: i, nodesEvaluated: ['n1'], feasible: ['n1'], selected: 'n1', result: i % 3 === 0 ? 'Scheduled' : 'Unschedulable',
    }));
    const queue = cycles.flatMap((c, i) => [
      move(c.time, c.pod, 'scheduling'),
      move(c.time, c.pod, c.result === 'Scheduled' ? 'bound' : 'backoffQ'),
      ...(c.result === 'Scheduled' ? [move(c.time, c.pod, 'deleted')] : []),
      move(c.time, `default/p${(i + 1) % 5}`, 'activeQ'),
    ]);
    const run = result({ nodes: [node('n1')], pods, cycles, queue });
    const visited = new PodStateReplay(run);
    for (const k of [140, 3, 97, 64, 65, 150, 0, 33]) {
      const fresh = new PodStateReplay(run).stateAt(k);
      expect(visited.stateAt(k)).toEqual(fresh);
    }
  });
});

describe('RunSession batches', () => {
  const run = () => {
    const r = twoNodeRun();
    r.cycles = Array.from({ length: 5 }, (_, i) => cycle(i + 1, 'default/web', { time: i }));
    r.events = r.cycles.map((c) => ({ time: c.time, type: 'Warning' as const, reason: 'FailedScheduling', object: 'Pod/default/web', message: '' }));
    return r;
  };

  it('cuts the index into slices by time and sends each cycle\'s events with it', () => {
    const session = new RunSession(run());
    let clock = 0;
    const now = () => (clock += 5);
    const first = session.nextBatch(8, now);
    expect(first.cycles.map((c) => c.cycle)).toEqual([1, 2]);
    expect(first.events.map((e) => e.cycle)).toEqual([1, 2]);
    expect(session.finished).toBe(false);
    session.nextBatch(8, now);
    const last = session.nextBatch(8, now);
    expect(last.cycles.map((c) => c.cycle)).toEqual([5]);
    expect(session.finished).toBe(true);
  });

  it('sends exactly one cycle for a step', () => {
    const session = new RunSession(run());
    expect(session.nextBatch(1000, () => 0, 1).cycles).toHaveLength(1);
  });
});
