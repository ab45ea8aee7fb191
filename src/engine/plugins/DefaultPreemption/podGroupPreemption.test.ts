// upstream: pkg/scheduler/framework/preemption/podgrouppreemption_test.go
// TestPodGroupEvaluator_Preempt_Victims (WorkloadAwarePreemption: alpha v1.36, beta v1.37), read on
// the newest line, whose reprieve is the Filter check of the proposed nodes (reprieve 'filter', the
// default; v1.37 on). v1.36 schedules the group again instead:
// podGroupPreemption.selectVictimsOnDomain.test.ts. As
// upstream, a mock Filter gives every node a capacity in pod "size" units (label "size", default
// 1). The group's algorithm here puts each preemptor pod on the next node in turn that has room —
// a deterministic stand-in for the scheduler's pick among equal-scored nodes — which gives the
// placements upstream's expectations assume.

import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '../../model/types';
import { podKey } from '../../model/types';
import { Status } from '../../framework/status';
import { makePod } from '../../testing/builders';
import { selectWorkloadVictims, type PreemptionPodGroup, type WorkloadPreemptionEnv } from './podGroupPreemption';

const low = 0, mid = 100, high = 1000;
const size = (p: Pod) => Number(p.metadata.labels?.size ?? 1);
const member = (name: string, node: string, priority: number, group?: string) => {
  const w = makePod().name(name).uid(name).node(node).priority(priority);
  if (group) w.label('podgroup', group);
  return w;
};
const terminatingByPreemption = (p: Pod): Pod => {
  p.metadata.deletionTimestamp = 0;
  p.status.conditions = [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }];
  return p;
};
const pdbFoo: PodDisruptionBudget = {
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'foo' } } }, status: { disruptionsAllowed: 0 },
} as PodDisruptionBudget;

interface Row {
  name: string;
  since: '1.36';
  nodes: [string, number][];
  pods: Pod[];
  groups?: Record<string, { priority: number; mode: 'Single' | 'All' }>;
  preemptor: { priority: number; members: Pod[]; policy?: 'PreemptLowerPriority' | 'Never' };
  pdbs?: PodDisruptionBudget[];
  victims: string[];
  rejected?: boolean;
  podGroupDisruptions?: number;
  pdbViolations?: number;
}

function env(row: Row): WorkloadPreemptionEnv {
  const onNode = new Map(row.nodes.map(([n]) => [n, [] as Pod[]]));
  for (const p of row.pods) onNode.get(p.spec.nodeName!)!.push(p);
  const cap = new Map(row.nodes);
  const used = (n: string) => onNode.get(n)!.reduce((s, p) => s + size(p), 0);
  return {
    now: 100,
    runningPods: () => row.nodes.flatMap(([n]) => onNode.get(n)!),
    podGroupOf: (pod): PreemptionPodGroup | undefined => {
      const g = pod.metadata.labels?.podgroup;
      const spec = g ? row.groups?.[g] : undefined;
      // a pod naming a PodGroup the snapshot lacks: a group member of its own priority, Single
      return g ? { key: `default/${g}`, priority: spec?.priority ?? pod.spec.priority ?? 0, disruptionMode: spec?.mode ?? 'Single' } : undefined;
    },
    pdbs: row.pdbs ?? [],
    removePod: (pod) => { const l = onNode.get(pod.spec.nodeName!)!; l.splice(l.indexOf(pod), 1); },
    addPod: (pod) => { onNode.get(pod.spec.nodeName!)!.push(pod); },
    scheduleGroup: () => {
      const extra = new Map<string, number>();
      const assignments: { pod: Pod; nodeName: string }[] = [];
      let next = 0;
      for (const pod of row.preemptor.members) {
        let placed = false;
        for (let i = 0; i < row.nodes.length && !placed; i++) {
          const n = row.nodes[(next + i) % row.nodes.length]![0];
          if (used(n) + (extra.get(n) ?? 0) + size(pod) <= cap.get(n)!) {
            extra.set(n, (extra.get(n) ?? 0) + size(pod));
            assignments.push({ pod, nodeName: n });
            next = (next + i + 1) % row.nodes.length;
            placed = true;
          }
        }
        if (!placed) return { status: Status.unschedulable('not enough capacity'), assignments: [] };
      }
      return { status: Status.success(), assignments };
    },
    assignmentsStillFit: (assignments) => {
      const extra = new Map<string, number>();
      for (const a of assignments) {
        const total = used(a.nodeName) + (extra.get(a.nodeName) ?? 0) + size(a.pod);
        if (total > cap.get(a.nodeName)!) return false;
        extra.set(a.nodeName, (extra.get(a.nodeName) ?? 0) + size(a.pod));
      }
      return true;
    },
  };
}

const p = (name: string) => makePod().name(name).uid(name).priority(high).obj();

const rows: Row[] = [
  {
    name: 'Priority: mix of no groups and pod groups', since: '1.36', nodes: [['node1', 2]],
    pods: [member('p1', 'node1', low).obj(), member('p2', 'node1', low, 'pg1').obj()], groups: { pg1: { priority: low, mode: 'Single' } },
    preemptor: { priority: high, members: [p('p')] }, victims: ['p1'],
  },
  {
    name: 'Priority: StartTime of pods from same group with disruption mode single', since: '1.36', nodes: [['node1', 2]],
    pods: [member('p1', 'node1', low, 'pg1').startTime(1).obj(), member('p2', 'node1', low, 'pg1').startTime(0).obj()], groups: { pg1: { priority: low, mode: 'Single' } },
    preemptor: { priority: high, members: [p('p')] }, victims: ['p1'], podGroupDisruptions: 1,
  },
  {
    name: 'Pod group with disruption mode group not reprieved', since: '1.36', nodes: [['node1', 1], ['node2', 1]],
    pods: [member('p1', 'node1', low, 'pg1').obj(), member('p2', 'node2', low, 'pg1').obj()], groups: { pg1: { priority: low, mode: 'All' } },
    preemptor: { priority: high, members: [p('p')] }, victims: ['p1', 'p2'], podGroupDisruptions: 1,
  },
  {
    name: 'Complex Mixed: Shared, different, and no groups', since: '1.36', nodes: [['node1', 2], ['node2', 1], ['node3', 2], ['node4', 2], ['node5', 2]],
    pods: [
      member('p1', 'node1', low, 'pg1').startTime(2).obj(), member('p2', 'node2', low, 'pg1').startTime(1).obj(), member('p3', 'node3', low, 'pg2').startTime(0).obj(),
      member('p4', 'node4', mid).obj(), member('p5', 'node5', high, 'pg3').startTime(0).obj(),
    ],
    groups: { pg1: { priority: low, mode: 'Single' }, pg2: { priority: low, mode: 'Single' }, pg3: { priority: high, mode: 'Single' } },
    preemptor: { priority: high, members: [p('p-1'), p('p-2'), p('p-3')] }, victims: ['p2'], podGroupDisruptions: 1,
  },
  {
    name: 'PDB: Mixed groups', since: '1.36', nodes: [['node1', 2]],
    pods: [member('victim-pdb', 'node1', low, 'pg1').label('app', 'foo').obj(), member('victim-no-pdb', 'node1', low, 'pg1').obj()], pdbs: [pdbFoo],
    preemptor: { priority: high, members: [p('p')] }, victims: ['victim-no-pdb'], podGroupDisruptions: 1,
  },
  {
    name: 'PodGroup preemptor with PreemptLowerPriority preemption policy performs preemption', since: '1.36', nodes: [['node1', 1], ['node2', 1], ['node3', 1]],
    pods: [member('p1', 'node1', low).obj(), member('p2', 'node2', low, 'pg1').obj(), member('p3', 'node3', low, 'pg2').obj()],
    preemptor: { priority: high, members: [p('p-1')], policy: 'PreemptLowerPriority' }, victims: ['p1'],
  },
  {
    name: 'PodGroup preemptor with PreemptLowerPriority preemption policy performs preemption, ignoring member pod preemption policy', since: '1.36',
    nodes: [['node1', 1], ['node2', 1], ['node3', 1]],
    pods: [member('p1', 'node1', low).obj(), member('p2', 'node2', low, 'pg1').obj(), member('p3', 'node3', low, 'pg2').obj()],
    preemptor: { priority: high, members: [makePod().name('p-1').priority(high).preemptionPolicy('Never').obj()], policy: 'PreemptLowerPriority' }, victims: ['p1'],
  },
  {
    name: 'Preemptor group is eligible if terminating pods are on non-nominated nodes', since: '1.36', nodes: [['node1', 1], ['node2', 1]],
    pods: [terminatingByPreemption(member('victim', 'node2', low).obj()), member('other-victim', 'node1', low).obj()],
    preemptor: { priority: high, members: [p('p1'), makePod().name('p2').priority(high).nominatedNodeName('node1').obj()] }, victims: ['other-victim', 'victim'],
  },
  {
    name: 'Preemptor group is eligible if nominated node has terminating pod belonging to a pod group of higher priority', since: '1.36', nodes: [['node1', 2], ['node2', 1]],
    pods: [terminatingByPreemption(member('victim', 'node1', low, 'victim-pg').obj()), member('other-victim', 'node1', low).obj()],
    groups: { 'victim-pg': { priority: high, mode: 'All' } },
    preemptor: { priority: mid, members: [makePod().name('p1').priority(mid).obj(), makePod().name('p2').priority(mid).nominatedNodeName('node1').obj()] }, victims: ['other-victim'],
  },
  {
    name: 'Preempt single lower priority pod', since: '1.36', nodes: [['node1', 1]],
    pods: [member('p1', 'node1', low).obj()], preemptor: { priority: high, members: [p('p')] }, victims: ['p1'],
  },
  {
    name: 'Priority: Prefer lower priority victim', since: '1.36', nodes: [['node1', 2]],
    pods: [member('p1', 'node1', low).obj(), member('p2', 'node1', mid).obj(), member('p3', 'node1', high).obj()],
    preemptor: { priority: high, members: [p('p')] }, victims: ['p1', 'p2'],
  },
  {
    name: 'Efficiency: Preempt minimum number of victims', since: '1.36', nodes: [['node1', 3]],
    pods: ['p1', 'p2', 'p3', 'p4'].map((n) => member(n, 'node1', low).obj()), preemptor: { priority: high, members: [p('p')] }, victims: ['p3', 'p4'],
  },
  {
    name: 'PDB: Prefer non-violating victim', since: '1.36', nodes: [['node1', 2]],
    pods: [member('victim-pdb', 'node1', low).label('app', 'foo').obj(), member('victim-no-pdb', 'node1', low).obj()], pdbs: [pdbFoo],
    preemptor: { priority: high, members: [p('p')] }, victims: ['victim-no-pdb'],
  },
  {
    name: 'PDB: Prefer removing non-violating victim over lower priority violating victim', since: '1.36', nodes: [['node1', 2]],
    pods: [member('victim-pdb', 'node1', low).label('app', 'foo').obj(), member('victim-no-pdb', 'node1', mid).obj()], pdbs: [pdbFoo],
    preemptor: { priority: high, members: [p('p')] }, victims: ['victim-no-pdb'],
  },
  {
    name: 'PDB: Prefer lower priority pod for preemption, when preemption without pdb violation is not possible', since: '1.36', nodes: [['node1', 2]],
    pods: [member('p1', 'node1', low).label('app', 'foo').obj(), member('p2', 'node1', mid).label('app', 'foo').obj()], pdbs: [pdbFoo],
    preemptor: { priority: high, members: [p('p')] }, victims: ['p1'], pdbViolations: 1,
  },
  {
    name: 'PodGroup: Prefer single pod over podGroup for preemption candidate', since: '1.36', nodes: [['node1', 3]],
    pods: [member('p1', 'node1', low).obj(), member('g1-1', 'node1', low, 'pg1').obj(), member('g1-2', 'node1', low, 'pg1').obj()],
    groups: { pg1: { priority: low, mode: 'All' } }, preemptor: { priority: high, members: [p('p')] }, victims: ['p1'],
  },
  {
    name: 'PodGroup: Preempt group as a whole on single node', since: '1.36', nodes: [['node1', 3]],
    pods: [member('g1-1', 'node1', low, 'pg1').obj(), member('g1-2', 'node1', low, 'pg1').obj(), member('p1', 'node1', mid).obj()],
    groups: { pg1: { priority: low, mode: 'All' } }, preemptor: { priority: high, members: [p('p')] }, victims: ['g1-1', 'g1-2'], podGroupDisruptions: 1,
  },
  {
    name: 'PDB: Unit violation if any member violates', since: '1.36', nodes: [['node1', 3]],
    pods: [member('g1-1', 'node1', low, 'pg1').label('app', 'foo').obj(), member('g1-2', 'node1', low, 'pg1').obj(), member('p1', 'node1', low).obj()],
    groups: { pg1: { priority: low, mode: 'All' } }, pdbs: [pdbFoo], preemptor: { priority: high, members: [p('p')] }, victims: ['p1'],
  },
  {
    name: 'Failure: Cannot preempt the victim with higher priority', since: '1.36', nodes: [['node1', 100]],
    pods: [member('p1', 'node1', high).obj()], preemptor: { priority: mid, members: [makePod().name('p').priority(mid).obj()] }, victims: [], rejected: true,
  },
  {
    name: 'Failure: Cannot preempt the victim with equal priority', since: '1.36', nodes: [['node1', 100]],
    pods: [member('p1', 'node1', mid).obj()], preemptor: { priority: mid, members: [makePod().name('p').priority(mid).obj()] }, victims: [], rejected: true,
  },
  {
    name: 'preemptionPolicy Never on the PodGroup: not eligible', since: '1.36', nodes: [['node1', 1]],
    pods: [member('p1', 'node1', low).obj()], preemptor: { priority: high, members: [p('p')], policy: 'Never' }, victims: [], rejected: true,
  },
];

describe('selectWorkloadVictims (upstream TestPodGroupEvaluator_Preempt_Victims)', () => {
  it.each(rows)('$name (since v$since)', (row) => {
    const e = env(row);
    const before = e.runningPods().map(podKey).sort();
    const r = selectWorkloadVictims({ key: 'default/preemptor-pg', priority: row.preemptor.priority, preemptionPolicy: row.preemptor.policy ?? 'PreemptLowerPriority', members: row.preemptor.members }, e);
    expect(r.victims.flatMap((v) => v.pods.map((p) => p.metadata.name)).sort()).toEqual(row.victims);
    if (row.rejected) expect(r.status.isRejected()).toBe(true);
    else expect(r.status.code).toBe('Success');
    expect(r.numPodGroupDisruptions).toBe(row.podGroupDisruptions ?? 0);
    expect(r.numPDBViolations).toBe(row.pdbViolations ?? 0);
    // the snapshot is left as it was found
    expect(e.runningPods().map(podKey).sort()).toEqual(before);
  });

  it('nominates each preemptor pod to the node the group cycle found for it', () => {
    const row = rows.find((r) => r.name.startsWith('Complex Mixed'))!;
    const r = selectWorkloadVictims({ key: 'default/preemptor-pg', priority: high, preemptionPolicy: 'PreemptLowerPriority', members: row.preemptor.members }, env(row));
    expect(r.nominated).toEqual([{ pod: 'default/p-1', node: 'node1' }, { pod: 'default/p-2', node: 'node2' }, { pod: 'default/p-3', node: 'node3' }]);
  });
});
