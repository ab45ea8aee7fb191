// upstream: pkg/scheduler/schedule_one_podgroup_test.go (as stored, the v1.36 line:
// scheduling/v1alpha2) — TestPodGroupSchedulingAlgorithm's rows, with its fake plugin's Filter,
// PostFilter and Permit outcomes per pod turned into the member attempts the pod-group cycle
// records, checked against the group's verdict (podGroupVerdict; the same at v1.36 and v1.37), and
// TestPodGroupInfoForPod's order (podGroupOrder); the table again with TopologyAwareWorkloadScheduling
// (tasEnabled), and TestFrameworkForPodGroup.
import { describe, expect, it } from 'vitest';
import type { CycleTrace } from '../api';
import { CycleState } from '../framework/cycleState';
import type { QueuedPodInfo } from '../framework/interfaces';
import { NodeInfo } from '../framework/nodeInfo';
import { podGroupSchedulingPlacementAlgorithm } from '../framework/placementAlgorithm';
import { newPodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import type { Pod, PodGroup } from '../model/types';
import { makeNode, makePod } from '../testing/builders';
import { placementPlugins } from './placementPlugins';
import { podGroupCondition, podGroupOrder, podGroupVerdict, setPodGroupCondition, submitMember, validatePodGroup, type MemberAttempt, type PodGroupVerdict } from './podGroupCycle';

/** the fake plugin's outcome for one pod: Filter, then PostFilter (nominating node1) if it failed, then Permit */
type Fake = { filter: 'ok' | 'unschedulable' | 'error'; postFilter?: 'nominate' | 'unschedulable'; permit?: 'ok' | 'wait' | 'unschedulable' | 'error' };

function attempt(name: string, f: Fake): MemberAttempt {
  const queued = { podInfo: newPodInfo(makePod().name(name).uid(name).obj()), timestamp: 0 } as QueuedPodInfo;
  const trace = {} as CycleTrace;
  const state = new CycleState();
  const unschedulable = (message: string) => ({ kind: 'unschedulable' as const, status: Status.unschedulable(message), message, unschedulablePlugins: new Set<string>(), pendingPlugins: new Set<string>() });
  if (f.filter === 'error') return { queued, trace, outcome: { kind: 'error', status: Status.error('filter error'), message: 'filter error' } };
  if (f.filter === 'unschedulable') {
    if (f.postFilter !== 'nominate') return { queued, trace, outcome: unschedulable('default fake postfilter failure') };
    // upstream requiresPreemption: assumed on the nominated node and its Permit run
    if (f.permit === 'error') return { queued, trace, outcome: { kind: 'error', status: Status.error('permit error'), message: 'permit error' } };
    return { queued, trace, outcome: { ...unschedulable('preempting'), nominatedNodeName: 'node1', state }, preempting: { node: 'node1', state, permitSuccess: f.permit === 'ok' } };
  }
  switch (f.permit) {
    case 'ok': return { queued, trace, outcome: { kind: 'scheduled', node: 'node1', state } };
    case 'wait': return { queued, trace, outcome: { kind: 'waiting', node: 'node1', state, timeout: 0, waitingOn: ['FakePodGroupPlugin'] } };
    case 'unschedulable': return { queued, trace, outcome: unschedulable('rejected by permit') };
    default: return { queued, trace, outcome: { kind: 'error', status: Status.error('permit error'), message: 'permit error' } };
  }
}

/** upstream stops at the first Error: the pods after it are not evaluated */
function attempts(fakes: Record<string, Fake>): MemberAttempt[] {
  const out: MemberAttempt[] = [];
  for (const [name, f] of Object.entries(fakes)) {
    const a = attempt(name, f);
    out.push(a);
    if (a.outcome.kind === 'error') break;
  }
  return out;
}

const ok: Fake = { filter: 'ok', permit: 'ok' };
const wait: Fake = { filter: 'ok', permit: 'wait' };

/** upstream's rows; skipForTAS: "preemption is not yet implemented for TAS" — not run with placements */
const rows: { name: string; pods: Record<string, Fake>; code: 'scheduled' | 'unschedulable' | 'error'; waitingOnPreemption?: boolean; evaluated?: number; skipForTAS?: boolean }[] = [
  { name: 'All pods feasible', pods: { p1: ok, p2: ok, p3: ok }, code: 'scheduled' },
  { name: 'All pods feasible, two waiting', pods: { p1: wait, p2: wait, p3: ok }, code: 'scheduled' },
  { name: 'All pods feasible, but all waiting', pods: { p1: wait, p2: wait, p3: wait }, code: 'unschedulable' },
  { name: 'All pods feasible, but last waiting', pods: { p1: ok, p2: ok, p3: wait }, code: 'scheduled' },
  { name: 'All pods feasible, one waiting, one unschedulable', pods: { p1: wait, p2: { filter: 'ok', permit: 'unschedulable' }, p3: ok }, code: 'scheduled' },
  {
    name: 'All pods require preemption',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' }, p2: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' }, p3: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' } },
    code: 'unschedulable', waitingOnPreemption: true, skipForTAS: true,
  },
  {
    name: 'All pods require preemption, but waiting',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'wait' }, p2: { filter: 'unschedulable', postFilter: 'nominate', permit: 'wait' }, p3: { filter: 'unschedulable', postFilter: 'nominate', permit: 'wait' } },
    code: 'unschedulable', waitingOnPreemption: false, skipForTAS: true,
  },
  {
    name: 'One pod requires preemption, but waiting, two are feasible',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'wait' }, p2: wait, p3: ok },
    code: 'unschedulable', waitingOnPreemption: true, skipForTAS: true,
  },
  {
    name: 'One pod unschedulable, one requires preemption, one feasible',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' }, p2: { filter: 'unschedulable', postFilter: 'unschedulable' }, p3: ok },
    code: 'unschedulable', waitingOnPreemption: true, skipForTAS: true,
  },
  {
    name: 'All pods unschedulable',
    pods: { p1: { filter: 'unschedulable' }, p2: { filter: 'unschedulable' }, p3: { filter: 'unschedulable' } },
    code: 'unschedulable', waitingOnPreemption: false,
  },
  { name: 'Any filter returned Error', pods: { p1: ok, p2: { filter: 'error' }, p3: ok }, code: 'error', evaluated: 2 },
  { name: 'Any permit returned Error', pods: { p1: ok, p2: { filter: 'ok', permit: 'error' }, p3: ok }, code: 'error', evaluated: 2 },
  {
    name: 'Any filter returned Error while waiting on preemption',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' }, p2: { filter: 'error' }, p3: ok },
    code: 'error', evaluated: 2,
  },
  {
    name: 'Any permit returned Error while waiting on preemption',
    pods: { p1: { filter: 'unschedulable', postFilter: 'nominate', permit: 'ok' }, p2: { filter: 'ok', permit: 'error' }, p3: ok },
    code: 'error', evaluated: 2,
  },
];

describe('TestPodGroupSchedulingAlgorithm (v1.36, v1.37)', () => {
  for (const row of rows) {
    it(row.name, () => {
      const tried = attempts(row.pods);
      const verdict = podGroupVerdict(tried);
      expect(verdict.kind).toBe(row.code);
      if (row.waitingOnPreemption !== undefined) expect(verdict.kind === 'unschedulable' && verdict.waitingOnPreemption === true).toBe(row.waitingOnPreemption);
      expect(tried).toHaveLength(row.evaluated ?? 3);
    });
  }
});

// upstream runs the same table with TopologyAwareWorkloadScheduling on (tasEnabled): the group,
// without scheduling constraints, is tried in the one placement TopologyPlacement generates (the
// whole cluster: node1), and the verdict's code must be the same
describe('TestPodGroupSchedulingAlgorithm with TopologyAwareWorkloadScheduling (v1.36, v1.37)', () => {
  const node1 = new NodeInfo(makeNode().name('node1').obj());
  const { generators, scorers } = placementPlugins({ topologyKey: undefined, scheduledPods: [] }, (n) => (n === 'node1' ? node1 : undefined));
  const statusOf = (kind: string) => (kind === 'scheduled' ? 'Success' : kind === 'error' ? 'Error' : 'Unschedulable');
  for (const row of rows.filter((r) => !r.skipForTAS)) {
    it(`${row.name} (TopologyAwareWorkloadScheduling=true)`, () => {
      let tried: MemberAttempt[] = [];
      const r = podGroupSchedulingPlacementAlgorithm(generators, scorers, [node1], (placement) => {
        tried = attempts(row.pods);
        const verdict = podGroupVerdict(tried);
        const status = verdict.kind === 'scheduled' ? Status.success() : verdict.kind === 'error' ? Status.error(verdict.message) : Status.unschedulable(verdict.message);
        const placed = tried.filter((a) => a.outcome.kind === 'scheduled' || a.outcome.kind === 'waiting');
        return { status, assignments: placed.map((a) => ({ pod: a.queued.podInfo.pod, nodeName: placement.nodes[0]!.name })), result: verdict };
      }, () => 0);
      expect(r.status.code).toBe(statusOf(row.code));
      expect(r.candidates.map((c) => c.nodes)).toEqual(row.code === 'error' ? [] : [['node1']]);
      expect(tried).toHaveLength(row.evaluated ?? 3);
    });
  }
});

describe('TestPodGroupInfoForPod: the order the group\'s pods are tried in', () => {
  it('Success with multiple pods, sorted by priority and timestamp', () => {
    const queued = (name: string, priority: number, initialAttemptTimestamp: number) => ({
      podInfo: newPodInfo(makePod().name(name).uid(name).priority(priority).obj()), timestamp: initialAttemptTimestamp, initialAttemptTimestamp,
    }) as QueuedPodInfo;
    const pods = [queued('p1', 100, 0), queued('p2', 200, 1), queued('p3', 150, 2), queued('p4', 150, 1)];
    expect([...pods].sort(podGroupOrder).map((q) => q.podInfo.pod.metadata.name)).toEqual(['p2', 'p4', 'p3', 'p1']);
  });
});

describe('TestFrameworkForPodGroup (v1.36; v1.37 validatePodGroup gives the same errors)', () => {
  const pod = (name: string, schedulerName: string) => makePod().name(name).schedulerName(schedulerName).obj();
  const p1 = pod('p1', 'sched1'), p2 = pod('p2', 'sched1'), p3 = pod('p3', 'sched2');
  it.each([
    { name: 'success for same scheduler name', pods: [p1, p2], profiles: ['sched1'], error: undefined },
    { name: 'failure for different scheduler names', pods: [p1, p3], profiles: ['sched1', 'sched2'], error: 'all pods in a single pod group should have the same .spec.schedulerName set, got: "sched2" and "sched1"' },
    { name: 'failure when profile not found', pods: [p1], profiles: ['other'], error: 'profile not found for scheduler name "sched1"' },
  ])('$name', ({ pods, profiles, error }) => {
    expect(validatePodGroup(pods, (n) => profiles.includes(n))).toBe(error);
  });
});

// upstream: schedule_one_podgroup_test.go TestValidatePodGroup (read after v1.37): the v1.37
// validatePodGroup, pods popped for the cycle first, then the group's scheduled pods (PR #140356),
// the PodGroup's priority against each (PR #139920). The five preemption-policy rows are not ported
// (their PodGroupPreemptionPolicy check is not pinned to a version; docs/fidelity.md).
describe('TestValidatePodGroup (v1.37)', () => {
  const pod = (name: string, o: { scheduler?: string; priority?: number } = {}) => {
    const b = makePod().name(name);
    if (o.scheduler) b.schedulerName(o.scheduler);
    if (o.priority !== undefined) b.priority(o.priority);
    return b.obj();
  };
  const any = () => true;
  const rows: { name: string; groupPriority?: number; scheduled?: Pod[]; pods: Pod[]; profiles?: string[]; error?: string }[] = [
    { name: 'failure when no pods to evaluate', pods: [], profiles: ['sched1'], error: 'profile not found for scheduler name ""' },
    { name: 'success for same scheduler name', pods: [pod('p1', { scheduler: 'sched1' }), pod('p2', { scheduler: 'sched1' })], profiles: ['sched1'] },
    { name: 'failure for different scheduler names', pods: [pod('p1', { scheduler: 'sched1' }), pod('p2', { scheduler: 'sched2' })], profiles: ['sched1', 'sched2'], error: 'all pods in a single pod group should have the same .spec.schedulerName set, got: "sched2" and "sched1"' },
    { name: 'failure when profile not found', pods: [pod('p1', { scheduler: 'sched1' }), pod('p2', { scheduler: 'sched1' })], profiles: ['other'], error: 'profile not found for scheduler name "sched1"' },
    { name: 'success when priorities match', groupPriority: 10, pods: [pod('p1', { priority: 10 }), pod('p2', { priority: 10 })] },
    { name: 'failure when different priorities across pods', groupPriority: 10, pods: [pod('p1', { priority: 9 }), pod('p2', { priority: 10 })], error: "all pods in a single pod group should have the same priority as the pod group's priority, got 9 and 10" },
    { name: 'failure when different priorities across pods and pod group', groupPriority: 9, pods: [pod('p1', { priority: 10 }), pod('p2', { priority: 10 })], error: "all pods in a single pod group should have the same priority as the pod group's priority, got 10 and 9" },
    { name: 'success when new pods match scheduled pods scheduler name and priority', groupPriority: 10, scheduled: [pod('p2', { priority: 10, scheduler: 'sched1' })], pods: [pod('p1', { priority: 10, scheduler: 'sched1' })], profiles: ['sched1'] },
    { name: 'failure when new pod has different scheduler name than scheduled pod', groupPriority: 10, scheduled: [pod('p2', { priority: 10, scheduler: 'sched2' })], pods: [pod('p1', { priority: 10, scheduler: 'sched1' })], profiles: ['sched1'], error: 'all pods in a single pod group should have the same .spec.schedulerName set, got: "sched2" and "sched1"' },
    { name: 'failure when new pod has different priority than scheduled pod', groupPriority: 10, scheduled: [pod('p2', { priority: 9, scheduler: 'sched1' })], pods: [pod('p1', { priority: 10, scheduler: 'sched1' })], profiles: ['sched1'], error: "all pods in a single pod group should have the same priority as the pod group's priority, got 9 and 10" },
  ];
  it.each(rows)('$name', ({ groupPriority, scheduled, pods, profiles, error }) => {
    // upstream's default profile map is {"": nil} for pods without a scheduler name; here any profile exists
    const hasProfile = profiles ? (n: string) => profiles.includes(n) : any;
    // a PodGroup without spec.priority counts as 0 (util.PodGroupPriority)
    expect(validatePodGroup([...pods, ...(scheduled ?? [])], hasProfile, groupPriority ?? 0)).toBe(error);
  });

  it('v1.36 (no priority check): pods of another priority than the group pass', () => {
    expect(validatePodGroup([pod('p1', { priority: 9 }), pod('p2', { priority: 10 })], any)).toBeUndefined();
  });
});

// upstream: TestSubmitPodGroupAlgorithmResult's bound / preempting / failed sets (read after
// v1.37), row by row: each pod's algorithm result (a host, or its own status with the algorithm's
// nominating info: clearNominatedNode or nil) and the group's status, through submitMember — the
// function the simulation's submit loop runs. "preempting" is a FailureHandler call with a node to
// nominate, "failed" one without. Not ported: "Different number of pods in result and queue"
// (Podplay's cycle records every member it tries, and the ones an error stopped go back with the
// group's error in the simulation's loop) and the active-queue check of "One unschedulable".
describe('TestSubmitPodGroupAlgorithmResult: bound, preempting and failed pods per row', () => {
  type R = { host: string } | { unschedulable: true; nominating?: '' } | { error: string };
  const member = (name: string, r: R): MemberAttempt => {
    const queued = { podInfo: newPodInfo(makePod().name(name).uid(name).obj()), timestamp: 0 } as QueuedPodInfo;
    const trace = {} as CycleTrace;
    const state = new CycleState();
    if ('host' in r) return { queued, trace, outcome: { kind: 'scheduled', node: r.host, state } };
    if ('error' in r) return { queued, trace, outcome: { kind: 'error', status: Status.error(r.error), message: r.error } };
    const message = '0/1 nodes are available';
    return { queued, trace, outcome: { kind: 'unschedulable', status: Status.unschedulable(message), message, unschedulablePlugins: new Set(), pendingPlugins: new Set(), ...(r.nominating !== undefined ? { nominatedNodeName: r.nominating } : {}) } };
  };
  const ok = { host: 'node1' }, clear = { unschedulable: true as const, nominating: '' as const }, nil = { unschedulable: true as const };
  const rows: { name: string; pods: [R, R, R]; verdict: PodGroupVerdict; nominated?: Record<string, string>; bound?: string[]; preempting?: Record<string, string>; failed?: string[] }[] = [
    { name: 'All pods feasible', pods: [ok, ok, ok], verdict: { kind: 'scheduled' }, bound: ['p1', 'p2', 'p3'] },
    { name: 'All pods feasible, but podGroup unschedulable', pods: [ok, ok, ok], verdict: { kind: 'unschedulable', message: 'not enough capacity for the gang' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'One unschedulable', pods: [ok, clear, ok], verdict: { kind: 'scheduled' }, bound: ['p1', 'p3'], failed: ['p2'] },
    { name: 'All pods unschedulable', pods: [clear, clear, clear], verdict: { kind: 'unschedulable', message: '0/3 nodes are available: insufficient cpu' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'All pods unschedulable with nil nominatingInfo', pods: [nil, nil, nil], verdict: { kind: 'unschedulable', message: '0/3 nodes are available: insufficient cpu' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'Unschedulable for the entire pod group', pods: [clear, clear, clear], verdict: { kind: 'unschedulable', message: 'node affinity mismatch' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'Error for one pod', pods: [ok, { error: 'plugin returned error' }, { error: 'plugin returned error' }], verdict: { kind: 'error', message: 'plugin returned error' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'Already Scheduled, successful cycle keeps condition', pods: [ok, ok, ok], verdict: { kind: 'scheduled' }, bound: ['p1', 'p2', 'p3'] },
    { name: 'Already Scheduled, rejected cycle does not regress condition', pods: [clear, clear, clear], verdict: { kind: 'unschedulable', message: 'extra pods could not be placed' }, failed: ['p1', 'p2', 'p3'] },
    { name: 'Already Scheduled, error cycle does not regress condition', pods: [ok, { error: 'e' }, { error: 'e' }], verdict: { kind: 'error', message: 'e' }, failed: ['p1', 'p2', 'p3'] },
    {
      name: 'PodGroup waiting on preemption uses nominating info instead of suggested host for successfully evaluated pods',
      pods: [ok, clear, clear], verdict: { kind: 'unschedulable', message: 'waiting on preemption' }, nominated: { 'default/p1': 'node2' },
      preempting: { p1: 'node2' }, failed: ['p2', 'p3'],
    },
  ];
  it.each(rows)('$name', ({ pods, verdict, nominated, bound = [], preempting = {}, failed = [] }) => {
    const got = { bound: [] as string[], preempting: {} as Record<string, string>, failed: [] as string[] };
    pods.forEach((r, i) => {
      const name = `p${i + 1}`;
      const s = submitMember(member(name, r), verdict, nominated ? new Map(Object.entries(nominated)) : undefined);
      if (s.kind === 'bind') got.bound.push(name);
      else if (s.kind === 'unschedulable' && s.nominatedNode) got.preempting[name] = s.nominatedNode;
      else got.failed.push(name);
    });
    expect(got).toEqual({ bound, preempting, failed });
  });
});

// upstream: TestSubmitPodGroupAlgorithmResult's expectCondition (the group's status after the cycle
// → its PodGroupScheduled condition) and TestUpdatePodGroupCondition (a True condition never goes
// back to False; an unchanged status keeps its lastTransitionTime), v1.36 (scheduling/v1alpha2)
describe('TestSubmitPodGroupAlgorithmResult / TestUpdatePodGroupCondition: the PodGroup condition', () => {
  type Cond = { status: 'True' | 'False'; reason: string; message: string; lastTransitionTime?: number };
  const group = (existing?: Cond): PodGroup => ({
    apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: { name: 'pg', namespace: 'default' },
    spec: { schedulingPolicy: { basic: {} } },
    ...(existing ? { status: { conditions: [{ type: 'PodGroupScheduled', ...existing }] } } : {}),
  } as PodGroup);
  const scheduled: Cond = { status: 'True', reason: 'Scheduled', message: 'All pods scheduled', lastTransitionTime: 5 };
  const rows: { name: string; existing?: Cond; verdict: PodGroupVerdict; want: Cond }[] = [
    { name: 'All pods feasible', verdict: { kind: 'scheduled' }, want: { status: 'True', reason: 'Scheduled', message: '', lastTransitionTime: 100 } },
    { name: 'All pods feasible, but all waiting', verdict: { kind: 'unschedulable', message: 'not enough capacity for the gang' }, want: { status: 'False', reason: 'Unschedulable', message: 'not enough capacity for the gang', lastTransitionTime: 100 } },
    { name: 'All pods require preemption', verdict: { kind: 'unschedulable', message: 'waiting for preemption to complete', waitingOnPreemption: true }, want: { status: 'False', reason: 'Unschedulable', message: 'waiting for preemption to complete', lastTransitionTime: 100 } },
    { name: 'Error for one pod', verdict: { kind: 'error', message: 'plugin returned error' }, want: { status: 'False', reason: 'SchedulerError', message: 'plugin returned error', lastTransitionTime: 100 } },
    { name: 'Already Scheduled, successful cycle keeps condition', existing: scheduled, verdict: { kind: 'scheduled' }, want: { status: 'True', reason: 'Scheduled', message: '', lastTransitionTime: 5 } },
    { name: 'Already Scheduled, rejected cycle does not regress condition', existing: scheduled, verdict: { kind: 'unschedulable', message: 'extra pods could not be placed' }, want: scheduled },
    { name: 'Already Scheduled, error cycle does not regress condition', existing: scheduled, verdict: { kind: 'error', message: 'internal error' }, want: scheduled },
    {
      name: 'transition from Unschedulable to Scheduled', existing: { status: 'False', reason: 'Unschedulable', message: 'previously unschedulable', lastTransitionTime: 5 },
      verdict: { kind: 'scheduled' }, want: { status: 'True', reason: 'Scheduled', message: '', lastTransitionTime: 100 },
    },
    {
      name: 'transition from Unschedulable to SchedulerError preserves LastTransitionTime', existing: { status: 'False', reason: 'Unschedulable', message: 'not enough resources', lastTransitionTime: 5 },
      verdict: { kind: 'error', message: 'internal error' }, want: { status: 'False', reason: 'SchedulerError', message: 'internal error', lastTransitionTime: 5 },
    },
    {
      name: 'transition from SchedulerError to Unschedulable preserves LastTransitionTime', existing: { status: 'False', reason: 'SchedulerError', message: 'internal error', lastTransitionTime: 5 },
      verdict: { kind: 'unschedulable', message: 'not enough resources' }, want: { status: 'False', reason: 'Unschedulable', message: 'not enough resources', lastTransitionTime: 5 },
    },
  ];
  it.each(rows)('$name', ({ existing, verdict, want }) => {
    const pg = group(existing);
    setPodGroupCondition(pg, podGroupCondition(pg, verdict, 100));
    expect(pg.status?.conditions).toEqual([{ type: 'PodGroupScheduled', ...want }]);
  });
});
