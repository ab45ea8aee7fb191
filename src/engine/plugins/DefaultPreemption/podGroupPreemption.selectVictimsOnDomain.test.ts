// upstream: pkg/scheduler/framework/preemption/podgrouppreemption_test.go
// TestPodGroupEvaluator_SelectVictimsOnDomain, read on the v1.36 line (scheduling/v1alpha2), whose
// PodGroupEvaluator reprieves a victim by running the group's algorithm again (reprieve
// 'reschedule'; kubernetes PRs #138757, #138886). As upstream, the group's algorithm is a mock:
// each blocking rule gives its node `capacity` slots once none of its blocking pods is on it; the
// group succeeds when the free slots reach its minCount (a gang), else 1 (a basic group), and
// places min(slots, members) pods. The rows' upstream names are kept; the two rows named
// "PodGroup with PreemptNever does not perform preemption" differ in their PodGroups.
//
// A pod's PodGroup: one the row lists counts at its priority, or, when it has none, at the pod's
// own (what the rows expect at v1.36: "Complex Mixed" keeps p5 of a PodGroup without a priority out
// of the victims); a PodGroup the row does not list makes its pods lone units of their own priority
// in a Single group, as in podGroupPreemption.test.ts.

import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget, PodGroup } from '../../model/types';
import { podKey } from '../../model/types';
import { Status } from '../../framework/status';
import { makePod } from '../../testing/builders';
import { podGroupPreemptor } from '../../scheduler/podGroupWorkloadAware';
import { selectWorkloadVictims, type PreemptionPodGroup, type WorkloadPreemptionEnv } from './podGroupPreemption';

const low = 10, mid = 100, high = 1000;

interface Group { priority?: number; mode?: 'Single' | 'All' }
interface Rule { node: string; capacity: number; blocking: string[] }
interface Row {
  name: string;
  pods: Pod[];
  groups?: Record<string, Group>;
  /** the preempting PodGroup: its priority, its gang minCount (none: a basic group) */
  preemptor: { priority: number; minCount?: number; members: Pod[] };
  pdbs?: PodDisruptionBudget[];
  rules?: Rule[];
  /** upstream's customMockSchedulingFunc: how many members the group places, given the pods on the nodes */
  custom?: (present: ReadonlySet<string>) => number;
  victims: string[];
  status: 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';
}

const pod = (name: string, node: string, priority: number, group?: string, start?: number): Pod => {
  const w = makePod().name(name).uid(name).node(node).priority(priority);
  if (group) w.label('podgroup', group);
  if (start !== undefined) w.startTime(start);
  return w.obj();
};
const members = (names: string[], priority = high): Pod[] => names.map((n) => makePod().name(n).uid(n).priority(priority).obj());
const pdbFoo: PodDisruptionBudget = {
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'foo' } } }, status: { disruptionsAllowed: 0 },
} as PodDisruptionBudget;
const oneEach = (pairs: [string, string][]): Rule[] => pairs.map(([node, p]) => ({ node, capacity: 1, blocking: [p] }));
const singleGroups = (...names: string[]): Record<string, Group> => Object.fromEntries(names.map((n) => [n, { mode: 'Single' as const }]));

const rows: Row[] = [
  {
    name: 'Mix of no-group and single-pod-groups',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low, 'pg1'), pod('p3', 'node3', low, 'pg2')], groups: singleGroups('pg1', 'pg2'),
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'Priority: Shared group vs no group',
    pods: [pod('p1', 'node1', low, 'pg1', 1), pod('p2', 'node2', low, 'pg1', 0), pod('p3', 'node3', mid)], groups: singleGroups('pg1'),
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'Shared Group: Preempt separately',
    pods: [pod('p1', 'node1', low, 'pg1', 1), pod('p2', 'node2', low, 'pg1', 0)], groups: singleGroups('pg1'),
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1'], ['node2', 'p2']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'Complex Mixed: Shared, different, and no groups',
    pods: [pod('p1', 'node1', low, 'pg1', 2), pod('p2', 'node2', low, 'pg1', 1), pod('p3', 'node3', low, 'pg2', 0), pod('p4', 'node4', mid), pod('p5', 'node5', high, 'pg3', 0)],
    groups: singleGroups('pg1', 'pg2', 'pg3'), preemptor: { priority: high, members: members(['p-1', 'p-2', 'p-3']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3'], ['node4', 'p4'], ['node5', 'p5']]), victims: ['p1', 'p2', 'p3'], status: 'Success',
  },
  {
    name: 'PDB: Mixed groups',
    pods: [makePod().name('victim-pdb').uid('v1').node('node1').label('app', 'foo').label('podgroup', 'pg1').priority(low).obj(), pod('victim-no-pdb', 'node2', low, 'pg1')],
    pdbs: [pdbFoo], preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'victim-pdb'], ['node2', 'victim-no-pdb']]), victims: ['victim-no-pdb'], status: 'Success',
  },
  {
    name: 'PodGroup with PreemptNever does not perform preemption',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low, 'pg1'), pod('p3', 'node3', low, 'pg2')],
    preemptor: { priority: high, members: [makePod().name('p-1').uid('p-1').priority(high).preemptionPolicy('Never').obj(), ...members(['p-2'])] },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: [], status: 'Unschedulable',
  },
  {
    name: 'Preempt single lower priority pod',
    pods: [pod('p1', 'node1', low)], preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'Priority: Prefer lower priority victim',
    pods: [pod('p1', 'node1', low), pod('p2', 'node1', mid), pod('p3', 'node1', high)], preemptor: { priority: high, members: members(['p']) },
    rules: oneEach([['node1', 'p1'], ['node1', 'p2'], ['node1', 'p3']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'Efficiency: Preempt minimum number of victims',
    pods: ['p1', 'p2', 'p3', 'p4'].map((n) => pod(n, 'node1', low)), preemptor: { priority: high, members: members(['p']) },
    rules: [{ node: 'node1', capacity: 1, blocking: ['p1', 'p2'] }, { node: 'node1', capacity: 1, blocking: ['p1'] }], victims: ['p1'], status: 'Success',
  },
  {
    name: 'PDB: Prefer non-violating victim',
    pods: [makePod().name('victim-pdb').uid('v1').node('node1').label('app', 'foo').priority(low).obj(), pod('victim-no-pdb', 'node1', low)], pdbs: [pdbFoo],
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'victim-pdb'], ['node1', 'victim-no-pdb']]), victims: ['victim-no-pdb'], status: 'Success',
  },
  {
    name: 'PodGroup with PreemptNever does not perform preemption',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low, 'pg1'), pod('p3', 'node3', low, 'pg2')],
    groups: { pg1: { mode: 'Single', priority: low }, pg2: { mode: 'Single', priority: low } },
    preemptor: { priority: high, members: [makePod().name('p-1').uid('p-1').priority(high).preemptionPolicy('Never').obj(), ...members(['p-2'])] },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: [], status: 'Unschedulable',
  },
  {
    name: 'PDB: Prefer lower priority pod for preemption, when preemption without pdb violation is not possible',
    pods: [makePod().name('p1').uid('v1').node('node1').label('app', 'foo').priority(low).obj(), makePod().name('p2').uid('v2').node('node1').label('app', 'foo').priority(mid).obj()],
    pdbs: [pdbFoo], preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1'], ['node1', 'p2']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'PodGroup: Preempt group as a whole',
    pods: [pod('p1', 'node1', low, 'pg1'), pod('p2', 'node2', low, 'pg1')], groups: { pg1: { mode: 'All', priority: low } },
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1']]), victims: ['p1', 'p2'], status: 'Success',
  },
  {
    name: 'PodGroup: Prefer single pod over podGroup for preemption candidate',
    pods: [pod('p1', 'node1', low), pod('g1-1', 'node1', low, 'pg1'), pod('g1-2', 'node1', low, 'pg1')], groups: { pg1: { mode: 'All', priority: low } },
    preemptor: { priority: high, members: members(['p']) }, rules: [{ node: 'node1', capacity: 1, blocking: ['g1-1', 'g1-2'] }, { node: 'node1', capacity: 1, blocking: ['p1'] }],
    victims: ['p1'], status: 'Success',
  },
  {
    name: 'PodGroup: Preempt group as a whole on single node',
    pods: [pod('g1-1', 'node1', low, 'pg1'), pod('g1-2', 'node1', low, 'pg1'), pod('p1', 'node1', mid)], groups: { pg1: { mode: 'All', priority: low } },
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'g1-1']]), victims: ['g1-1', 'g1-2'], status: 'Success',
  },
  {
    name: 'PDB: Unit violation if any member violates',
    pods: [makePod().name('g1-1').uid('g1').node('node1').label('app', 'foo').label('podgroup', 'pg1').priority(low).obj(), pod('g1-2', 'node1', low, 'pg1'), pod('p1', 'node1', low)],
    groups: { pg1: { mode: 'All', priority: low } }, pdbs: [pdbFoo], preemptor: { priority: high, members: members(['p']) },
    rules: oneEach([['node1', 'g1-1'], ['node1', 'p1']]), victims: ['p1'], status: 'Success',
  },
  {
    name: 'PodGroup: Prefer preempting single pod over group of same priority',
    pods: [pod('p1', 'node1', low), pod('g1-1', 'node1', low, 'pg1'), pod('g1-2', 'node1', low, 'pg1')], groups: { pg1: { mode: 'All', priority: low } },
    preemptor: { priority: high, members: members(['p']) }, rules: [{ node: 'node1', capacity: 1, blocking: ['g1-1', 'g1-2'] }, { node: 'node1', capacity: 1, blocking: ['p1'] }],
    victims: ['p1'], status: 'Success',
  },
  {
    name: 'Failure: Cannot preempt the victim with higher priority',
    pods: [pod('p1', 'node1', high)], preemptor: { priority: mid, members: members(['p'], mid) }, rules: [{ node: 'node1', capacity: 0, blocking: ['p1'] }],
    victims: [], status: 'UnschedulableAndUnresolvable',
  },
  {
    name: 'Failure: Cannot preempt if node is empty',
    pods: [], preemptor: { priority: mid, members: members(['p'], mid) }, rules: [], victims: [], status: 'UnschedulableAndUnresolvable',
  },
  {
    name: 'Priority divergence: candidate victim PodGroup has lower priority than the Pods from that group',
    pods: [pod('p1', 'node1', high, 'pg1'), pod('p2', 'node2', high, 'pg1')], groups: { pg1: { mode: 'All', priority: mid } },
    preemptor: { priority: high, members: members(['p']) }, rules: oneEach([['node1', 'p1']]), victims: ['p1', 'p2'], status: 'Success',
  },
  {
    name: 'Priority divergence: candidate victim PodGroup has higher priority than the Pods from that group',
    pods: [pod('p1', 'node1', low, 'pg1'), pod('p2', 'node2', low, 'pg1')], groups: { pg1: { mode: 'All', priority: mid } },
    preemptor: { priority: mid, members: members(['p'], mid) }, rules: oneEach([['node1', 'p1']]), victims: [], status: 'UnschedulableAndUnresolvable',
  },
  {
    name: 'Priority divergence: preemptor PodGroup has higher priority than the Pod from preemptor PodGroup',
    pods: [pod('p1', 'node1', mid, 'pg1'), pod('p2', 'node2', mid, 'pg1')], groups: { pg1: { mode: 'All', priority: mid } },
    preemptor: { priority: high, members: members(['p'], low) }, rules: oneEach([['node1', 'p1']]), victims: ['p1', 'p2'], status: 'Success',
  },
  {
    name: 'Priority divergence: preemptor PodGroup has lower priority than the Pod from preemptor PodGroup',
    pods: [pod('p1', 'node1', mid, 'pg1'), pod('p2', 'node2', mid, 'pg1')], groups: { pg1: { mode: 'All', priority: mid } },
    preemptor: { priority: low, members: members(['p'], high) }, rules: oneEach([['node1', 'p1']]), victims: [], status: 'UnschedulableAndUnresolvable',
  },
  {
    name: 'Gang scheduling: do not reprieve if it reduces scheduled pods below max possible',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', mid), pod('p3', 'node3', mid)], preemptor: { priority: high, minCount: 2, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: ['p1', 'p2', 'p3'], status: 'Success',
  },
  {
    name: 'Gang scheduling: reprieve if it does not reduce scheduled pods below max possible',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low), pod('p3', 'node3', low), pod('p4', 'node4', mid)], preemptor: { priority: high, minCount: 2, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3'], ['node4', 'p4']]), victims: ['p1', 'p2', 'p3'], status: 'Success',
  },
  {
    name: 'Gang scheduling: schedule as many pods as possible without preempting higher priority pods, but still more than minCount',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low), pod('p3', 'node3', high), pod('p4', 'node4', high)], preemptor: { priority: high, minCount: 1, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3'], ['node4', 'p4']]), victims: ['p1', 'p2'], status: 'Success',
  },
  {
    name: 'Gang scheduling: do not reprieve victim pod group of lower priority',
    pods: [pod('v1', 'node1', mid, 'victim-pg'), pod('v2', 'node2', mid, 'victim-pg'), pod('v3', 'node3', low)], groups: { 'victim-pg': { mode: 'All', priority: mid } },
    preemptor: { priority: high, minCount: 1, members: members(['p-a', 'p-b', 'p-c']) }, rules: oneEach([['node1', 'v1'], ['node2', 'v2'], ['node3', 'v3']]),
    victims: ['v1', 'v2', 'v3'], status: 'Success',
  },
  {
    name: 'Gang scheduling: preempt a pod group victim but do not schedule full pod group',
    pods: [pod('v1', 'node1', mid, 'victim-pg'), pod('v2', 'node2', mid, 'victim-pg'), pod('v3', 'node3', high, 'victim-pg2'), pod('v4', 'node4', high, 'victim-pg2')],
    groups: { 'victim-pg': { mode: 'All', priority: mid }, 'victim-pg2': { mode: 'All', priority: high } },
    preemptor: { priority: high, minCount: 1, members: members(['p-a', 'p-b', 'p-c']) }, rules: oneEach([['node1', 'v1'], ['node2', 'v2'], ['node3', 'v3'], ['node4', 'v4']]),
    victims: ['v1', 'v2'], status: 'Success',
  },
  {
    name: 'Basic scheduling: do not reprieve if it reduces scheduled pods below max possible',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', mid), pod('p3', 'node3', mid)], preemptor: { priority: high, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3']]), victims: ['p1', 'p2', 'p3'], status: 'Success',
  },
  {
    name: 'Basic scheduling: reprieve if it does not reduce scheduled pods below max possible',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low), pod('p3', 'node3', low), pod('p4', 'node4', mid)], preemptor: { priority: high, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3'], ['node4', 'p4']]), victims: ['p1', 'p2', 'p3'], status: 'Success',
  },
  {
    name: 'Basic scheduling: schedule as many pods as possible without preempting higher priority pods',
    pods: [pod('p1', 'node1', low), pod('p2', 'node2', low), pod('p3', 'node3', high), pod('p4', 'node4', high)], preemptor: { priority: high, members: members(['p-a', 'p-b', 'p-c']) },
    rules: oneEach([['node1', 'p1'], ['node2', 'p2'], ['node3', 'p3'], ['node4', 'p4']]), victims: ['p1', 'p2'], status: 'Success',
  },
  {
    name: 'Reprieval allows more pods to schedule than initial maxScheduledCount due to greedy placement',
    pods: [pod('v1', 'nodeA', mid), pod('v2', 'nodeB', low)], preemptor: { priority: high, members: members(['p1', 'p2', 'p3']) },
    custom: (present) => (present.has('v1') && !present.has('v2') ? 3 : 2), victims: ['v2'], status: 'Success',
  },
  {
    name: 'Reprieval allows more pods to schedule than initial maxScheduledCount due to greedy placement (gang > minCount)',
    pods: [pod('v1', 'nodeA', mid), pod('v2', 'nodeB', low)], preemptor: { priority: high, minCount: 3, members: members(['p1', 'p2', 'p3', 'p4']) },
    custom: (present) => (present.has('v1') && !present.has('v2') ? 4 : 3), victims: ['v2'], status: 'Success',
  },
  {
    name: 'Basic scheduling: do not reprieve victim pod group of lower priority',
    pods: [pod('v1', 'node1', mid, 'victim-pg'), pod('v2', 'node2', mid, 'victim-pg'), pod('v3', 'node3', low)], groups: { 'victim-pg': { mode: 'All', priority: mid } },
    preemptor: { priority: high, members: members(['p-a', 'p-b', 'p-c']) }, rules: oneEach([['node1', 'v1'], ['node2', 'v2'], ['node3', 'v3']]),
    victims: ['v1', 'v2', 'v3'], status: 'Success',
  },
  {
    name: 'Basic scheduling: preempt a pod group victim but do not schedule full pod group',
    pods: [pod('v1', 'node1', mid, 'victim-pg'), pod('v2', 'node2', mid, 'victim-pg'), pod('v3', 'node3', high, 'victim-pg2'), pod('v4', 'node4', high, 'victim-pg2')],
    groups: { 'victim-pg': { mode: 'All', priority: mid }, 'victim-pg2': { mode: 'All', priority: high } },
    preemptor: { priority: high, members: members(['p-a', 'p-b', 'p-c']) }, rules: oneEach([['node1', 'v1'], ['node2', 'v2'], ['node3', 'v3'], ['node4', 'v4']]),
    victims: ['v1', 'v2'], status: 'Success',
  },
];

function env(row: Row): WorkloadPreemptionEnv & { runs: number } {
  const running = new Set(row.pods);
  const present = () => new Set([...running].map((p) => p.metadata.name));
  const e = {
    runs: 0,
    now: 100,
    reprieve: 'reschedule' as const,
    runningPods: () => row.pods.filter((p) => running.has(p)),
    podGroupOf: (p: Pod): PreemptionPodGroup | undefined => {
      const name = p.metadata.labels?.podgroup;
      if (!name) return undefined;
      const g = row.groups?.[name];
      return { key: `default/${name}`, priority: g?.priority ?? p.spec.priority ?? 0, disruptionMode: g?.mode ?? 'Single' };
    },
    pdbs: row.pdbs ?? [],
    removePod: (p: Pod) => { running.delete(p); },
    addPod: (p: Pod) => { running.add(p); },
    scheduleGroup: () => {
      e.runs++;
      const on = present();
      const members = row.preemptor.members;
      let placed: number;
      if (row.custom) placed = row.custom(on);
      else {
        const slots = (row.rules ?? []).reduce((s, r) => s + (r.blocking.some((b) => on.has(b)) ? 0 : r.capacity), 0);
        if (slots < (row.preemptor.minCount ?? 1)) return { status: Status.unschedulable('not enough slots'), assignments: [] };
        placed = Math.min(slots, members.length);
      }
      return { status: Status.success(), assignments: members.slice(0, placed).map((pod) => ({ pod, nodeName: 'node1' })) };
    },
    assignmentsStillFit: (): boolean => { throw new Error('v1.36 reprieves by scheduling the group again, not by Filter'); },
  };
  return e;
}

function preemptorGroup(row: Row): PodGroup {
  return {
    apiVersion: 'scheduling.k8s.io/v1alpha2', kind: 'PodGroup', metadata: { name: 'preemptor-pg', namespace: 'default' },
    spec: { priority: row.preemptor.priority, schedulingPolicy: row.preemptor.minCount !== undefined ? { gang: { minCount: row.preemptor.minCount } } : { basic: {} } },
  } as PodGroup;
}

describe('selectWorkloadVictims at v1.36 (upstream TestPodGroupEvaluator_SelectVictimsOnDomain, scheduling/v1alpha2)', () => {
  it.each(rows)('$name', (row) => {
    const e = env(row);
    const before = e.runningPods().map(podKey).sort();
    // the preemptor as the engine makes it: the PodGroup's priority, the members' preemption policy (v1.36 has no PodGroup policy)
    const r = selectWorkloadVictims(podGroupPreemptor(preemptorGroup(row), row.preemptor.members), e);
    expect(r.status.code).toBe(row.status);
    expect(r.victims.flatMap((v) => v.pods.map((p) => p.metadata.name)).sort()).toEqual([...row.victims].sort());
    expect(e.runningPods().map(podKey).sort()).toEqual(before);
  });

  it('runs the group once with every victim out, then once per victim put back', () => {
    const row = rows.find((r) => r.name.startsWith('Gang scheduling: reprieve if'))!;
    const e = env(row);
    selectWorkloadVictims(podGroupPreemptor(preemptorGroup(row), row.preemptor.members), e);
    expect(e.runs).toBe(1 + 4);
  });

  it('the v1.37 line (Filter on the proposed nodes) reprieves what v1.36 would not: the greedy row keeps v2 out only at v1.36', () => {
    const row = rows.find((r) => r.name === 'Reprieval allows more pods to schedule than initial maxScheduledCount due to greedy placement')!;
    const e = { ...env(row), reprieve: 'filter' as const, assignmentsStillFit: () => true };
    const r = selectWorkloadVictims(podGroupPreemptor(preemptorGroup(row), row.preemptor.members), e);
    expect(r.victims).toEqual([]);
  });
});
