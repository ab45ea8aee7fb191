import { describe, expect, it } from 'vitest';
import type { CycleTrace } from '../engine/api';
import type { Phase } from '../worker/protocol';
import { RunSession } from '../worker/session';
import { cycle, move, node, pod, result } from '../worker/testing/results';
import { currentStep, defaultTopologyKey, engineAnswered, filterVerdict, nodeStates, pendingQueue, podsAt, podsAtEnd, shownNodeState, withoutPlacement, type NodeState, type PodView } from './selectors';
import { NOTHING_HIDDEN, type StageHidden } from './types';
import type { RunView } from './types';

const trace: CycleTrace = cycle(1, 'default/web', {
  nodesEvaluated: ['a', 'b', 'c'],
  filter: {
    a: [{ plugin: 'NodeAffinity', code: 'Skip' }, { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons: ['Insufficient cpu'] }, { plugin: 'PodTopologySpread', code: 'Unschedulable' }],
    b: [{ plugin: 'NodeResourcesFit', code: 'Success' }],
    c: [{ plugin: 'NodeResourcesFit', code: 'Success' }],
  },
  feasible: ['b', 'c'], selected: 'c', result: 'Scheduled',
  postFilter: { candidates: [{ node: 'a', victims: [], pdbViolations: 0 }], chosen: { node: 'b', victims: [] } },
});

describe('nodeStates', () => {
  const rows: { phase: Phase; expected: Record<string, string> }[] = [
    { phase: 'PreFilter', expected: {} },
    { phase: 'Filter', expected: { a: 'filtered', b: 'feasible', c: 'feasible' } },
    { phase: 'PostFilter', expected: { a: 'candidate', b: 'selected', c: 'feasible' } },
    { phase: 'Score', expected: { a: 'filtered', b: 'feasible', c: 'feasible' } },
    { phase: 'Select', expected: { a: 'filtered', b: 'feasible', c: 'selected' } },
    { phase: 'Bind', expected: { a: 'filtered', b: 'feasible', c: 'selected' } },
  ];
  it.each(rows)('$phase', ({ phase, expected }) => {
    expect(Object.fromEntries(nodeStates(trace, phase))).toEqual(expected);
  });

  // upstream schedule_one.go: the nodes a PreFilterResult leaves out get absentNodesStatus (a DaemonSet pod's matchFields)
  it.each([['PreFilter'], ['Filter'], ['Bind']] as [Phase][])('nodes a PreFilterResult left out are filtered at %s', (phase) => {
    const daemon = cycle(1, 'p', {
      preFilterExcluded: { plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity]"] },
      preFilterNodes: ['b'], nodesEvaluated: ['b'], feasible: ['b'], selected: 'b', filter: { b: [] },
    });
    expect(nodeStates(daemon, phase, ['a', 'b', 'c']).get('a')).toBe('filtered');
    expect(nodeStates(daemon, phase, ['a', 'b', 'c']).get('c')).toBe('filtered');
  });

  it('PreFilter rejecting the pod filters every node', () => {
    const rejected = cycle(1, 'p', { preFilter: [{ plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable' }], filter: { a: [], b: [] } });
    expect(Object.fromEntries(nodeStates(rejected, 'PreFilter'))).toEqual({ a: 'filtered', b: 'filtered' });
  });
});

describe('filterVerdict', () => {
  it('is the first plugin that did not pass; Skip is not a failure', () => {
    expect(filterVerdict(trace, 'a')?.plugin).toBe('NodeResourcesFit');
    expect(filterVerdict(trace, 'b')).toBeUndefined();
  });
});

describe('podsAt and pendingQueue', () => {
  const run = result({
    nodes: [node('n1'), node('n2')],
    pods: [
      pod('default/victim', { node: 'n1', priority: 1, deletedAt: 30 }),
      pod('default/low', { priority: 1 }),
      pod('default/high', { priority: 100 }),
      pod('default/gated', { reason: 'SchedulingGated' }),
    ],
    cycles: [cycle(1, 'default/high', {
      nodesEvaluated: ['n1'], filter: { n1: [{ plugin: 'NodeResourcesFit', code: 'Unschedulable' }] },
      postFilter: { candidates: [{ node: 'n1', victims: ['default/victim'], pdbViolations: 0 }], chosen: { node: 'n1', victims: ['default/victim'] } },
    }), cycle(2, 'default/low', { time: 1, nodesEvaluated: ['n2'], feasible: ['n2'], selected: 'n2', result: 'Scheduled' })],
    queue: [
      move(0, 'default/victim', 'bound'), move(0, 'default/low', 'activeQ'), move(0, 'default/high', 'activeQ'), move(0, 'default/gated', 'gated'),
      move(0, 'default/high', 'scheduling', 'activeQ'), move(0, 'default/high', 'unschedulablePods', 'scheduling'),
      move(1, 'default/low', 'scheduling', 'activeQ'), move(1, 'default/low', 'bound', 'scheduling'),
    ],
  });
  const session = new RunSession(run);
  const view: RunView = { runId: 1, text: '', summary: session.summary(), cycles: [], events: [], complete: true };
  const at = (cycleNumber: number, phases: Phase[], step: number) => {
    const runView = { ...view, cycles: run.cycles.map((c, i) => ({ cycle: i + 1, time: c.time, pod: c.pod, result: c.result, phases })) };
    const frames = new Map([[cycleNumber, session.frame(cycleNumber)!]]);
    return podsAt({ run: runView }, currentStep({ run: runView, position: { cycle: cycleNumber, step }, frames })!);
  };

  it('at the last step of a finished run, a pod deleted after that cycle is leaving; not before, nor while the run streams in', () => {
    const ended = run.cycles.length;
    const late = { ...view, summary: { ...view.summary, pods: view.summary.pods.map((p) => (p.pod === 'default/victim' ? { ...p, deletedAt: 90 } : p)) } };
    const leavingAt = (runView: RunView, step: number) => {
      const cycles = run.cycles.map((c, i) => ({ cycle: i + 1, time: c.time, pod: c.pod, result: c.result, phases: ['PreFilter', 'Filter', 'Bind'] as Phase[] }));
      const r = { ...runView, cycles };
      const frames = new Map([[ended, session.frame(ended)!]]);
      return podsAt({ run: r }, currentStep({ run: r, position: { cycle: ended, step }, frames })!).find((p) => p.pod === 'default/victim')?.leaving;
    };
    expect(leavingAt(late, 2)).toBe(true);
    expect(leavingAt(late, 1)).toBe(false);
    expect(leavingAt({ ...late, complete: false }, 2)).toBe(false);
  });

  it('marks the victims leaving and the preemptor nominated from PostFilter on', () => {
    const before = at(1, ['PreFilter', 'Filter', 'PostFilter'], 1);
    expect(before.find((p) => p.pod === 'default/victim')?.leaving).toBe(false);
    const after = at(1, ['PreFilter', 'Filter', 'PostFilter'], 2);
    expect(after.find((p) => p.pod === 'default/victim')).toMatchObject({ leaving: true, node: 'n1' });
    const preemptor = after.find((p) => p.pod === 'default/high');
    expect([preemptor?.nominated, preemptor?.node]).toEqual(['n1', undefined]);
  });

  it('puts the pod on its node at Bind, not before', () => {
    const phases: Phase[] = ['PreFilter', 'Filter', 'Select', 'Bind'];
    expect(at(2, phases, 2).find((p) => p.pod === 'default/low')?.node).toBeUndefined();
    expect(at(2, phases, 3).find((p) => p.pod === 'default/low')).toMatchObject({ node: 'n2', location: 'bound' });
  });

  it('lists the pending pods: the one being scheduled, then by priority, gated last', () => {
    const queue = pendingQueue(at(1, ['PreFilter'], 0));
    expect(queue.map((p) => [p.pod, p.location])).toEqual([
      ['default/high', 'scheduling'], ['default/low', 'activeQ'], ['default/gated', 'gated'],
    ]);
  });
});

describe('podsAtEnd', () => {
  it('draws a run without cycles from the outcomes: bound, gated or pending; deleted pods gone', () => {
    const views = podsAtEnd([
      pod('default/running', { node: 'n1', phase: 'Running' }), pod('default/held', { reason: 'SchedulingGated' }),
      pod('default/gone', { node: 'n1', deletedAt: 5 }),
    ]);
    expect(views.map((v) => [v.pod, v.location, v.node])).toEqual([['default/running', 'bound', 'n1'], ['default/held', 'gated', undefined]]);
  });
});

describe('defaultTopologyKey', () => {
  it('prefers the well-known zone label, then a plain "zone" label', () => {
    expect(defaultTopologyKey([{ labels: { zone: 'a' } }, { labels: { 'topology.kubernetes.io/zone': 'b' } }])).toBe('topology.kubernetes.io/zone');
    expect(defaultTopologyKey([{ labels: { zone: 'a' } }])).toBe('zone');
    expect(defaultTopologyKey([{ labels: { rack: 'r1' } }])).toBeUndefined();
  });
});

describe('what an open question hides', () => {
  const both: StageHidden = { scores: true, placement: true, feasibility: true, events: true, cycleEnd: false, grace: true };
  it.each<[NodeState, StageHidden, NodeState]>([
    ['selected', NOTHING_HIDDEN, 'selected'],
    ['selected', { ...NOTHING_HIDDEN, placement: true }, 'feasible'],
    ['selected', both, 'idle'],
    ['filtered', { ...NOTHING_HIDDEN, feasibility: true }, 'idle'],
    ['candidate', { ...NOTHING_HIDDEN, feasibility: true }, 'idle'],
    ['feasible', { ...NOTHING_HIDDEN, placement: true }, 'feasible'],
    ['feasible', { ...NOTHING_HIDDEN, scores: true }, 'feasible'],
  ])('%s with %o is drawn %s', (state, hidden, shown) => {
    expect(shownNodeState(state, hidden)).toBe(shown);
  });

  it('placement: the pod is still being scheduled and no victim is leaving', () => {
    const pods: PodView[] = [
      { pod: 'default/web', outcome: pod('default/web'), location: 'bound', node: 'c', terminating: false, leaving: false },
      { pod: 'default/low', outcome: pod('default/low'), location: 'bound', node: 'b', terminating: false, leaving: true },
      { pod: 'default/other', outcome: pod('default/other'), location: 'bound', node: 'a', terminating: false, leaving: false },
    ];
    const shown = withoutPlacement(pods, trace);
    expect(shown[0]).toMatchObject({ location: 'scheduling' });
    expect(shown[0]!.node).toBeUndefined();
    expect(shown[1]).toMatchObject({ node: 'b', leaving: false });
    expect(shown[2]).toBe(pods[2]);
  });
});

describe('engineAnswered', () => {
  const run = { runId: 1, text: '', summary: {} as RunView['summary'], cycles: [], events: [], complete: false } satisfies RunView;
  it.each([
    { name: 'nothing yet: waiting for the worker', state: { run: undefined, errors: [], interrupted: undefined }, want: false },
    { name: 'a run arrived', state: { run, errors: [], interrupted: undefined }, want: true },
    { name: 'the text has errors (no run will come)', state: { run: undefined, errors: [{ line: 1, column: 1, message: 'x' }], interrupted: undefined }, want: true },
    { name: 'the worker crashed', state: { run: undefined, errors: [], interrupted: 'crashed' as const }, want: true },
  ])('$name', ({ state, want }) => {
    expect(engineAnswered(state as Parameters<typeof engineAnswered>[0])).toBe(want);
  });
});
