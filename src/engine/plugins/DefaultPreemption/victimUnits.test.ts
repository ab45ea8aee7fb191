// upstream (after v1.37): pkg/scheduler/framework/preemption/util_test.go
// TestFilterVictimsWithPDBViolation (a unit violates when any of its pods overdraws a PDB; its
// count is how many do), and types.go getCrossNodesVictims / NewPodVictim over one node.
import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '../../model/types';
import { NodeInfo } from '../../framework/nodeInfo';
import { newPodInfo, type PodInfo } from '../../framework/podInfo';
import { makeNode, makePod } from '../../testing/builders';
import { moreImportantVictim } from './podGroupPreemption';
import { splitUnitsByPDBViolation, victimUnitsOnNode, type VictimGroup, type VictimUnit } from './victimUnits';

const info = (p: Pod): PodInfo => newPodInfo(p);
const unitOf = (key: string, pods: Pod[]): VictimUnit => ({
  key, members: pods.map((p) => ({ pi: info(p), node: 'n1' })), pods, priority: 0, isPodGroup: pods.length > 1, earliestStart: 0, nodes: ['n1'],
});
const pdb = (matchLabels: Record<string, string>, disruptionsAllowed: number, disruptedPods?: Record<string, number>): PodDisruptionBudget => ({
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: `pdb-${Object.keys(matchLabels).join('-')}`, namespace: 'default' },
  spec: { selector: { matchLabels } }, status: { disruptionsAllowed, ...(disruptedPods ? { disruptedPods } : {}) },
} as PodDisruptionBudget);

const noMatch = unitOf('no-match', [makePod().name('p1').namespace('other').label('app', 'foo').obj()]);
const match = unitOf('match', [makePod().name('p1').namespace('default').label('app', 'foo').obj()]);
const match2 = unitOf('match2', [makePod().name('p2').namespace('default').label('app', 'foo').obj()]);
const group = unitOf('group', [makePod().name('p1').namespace('default').label('app', 'foo').obj(), makePod().name('p2').namespace('default').label('app', 'foo').obj()]);
const multi = unitOf('multi', [makePod().name('p1').namespace('default').label('app', 'foo').label('tier', 'backend').obj()]);

describe('splitUnitsByPDBViolation (upstream TestFilterVictimsWithPDBViolation)', () => {
  it.each([
    { name: 'victim not matching any PDB', units: [noMatch], pdbs: [pdb({ app: 'bar' }, 0)], violating: [], nonViolating: ['no-match'] },
    { name: 'victim matching PDB, adequate DisruptionsAllowed', units: [match], pdbs: [pdb({ app: 'foo' }, 1)], violating: [], nonViolating: ['match'] },
    { name: 'victim matching PDB, no DisruptionsAllowed', units: [match], pdbs: [pdb({ app: 'foo' }, 0)], violating: [['match', 1]], nonViolating: [] },
    { name: 'podgroup victim with multiple pods, all violating', units: [group], pdbs: [pdb({ app: 'foo' }, 0)], violating: [['group', 2]], nonViolating: [] },
    { name: 'podgroup victim with multiple pods, none violating', units: [group], pdbs: [pdb({ app: 'foo' }, 2)], violating: [], nonViolating: ['group'] },
    { name: 'multiple victims matching the same PDB', units: [match, match2], pdbs: [pdb({ app: 'foo' }, 1)], violating: [['match2', 1]], nonViolating: ['match'] },
    { name: 'pod in DisruptedPods is ignored', units: [match], pdbs: [pdb({ app: 'foo' }, 0, { p1: 0 })], violating: [], nonViolating: ['match'] },
    { name: 'PDB with empty selector', units: [match], pdbs: [pdb({}, 0)], violating: [], nonViolating: ['match'] },
    { name: 'Multiple PDBs', units: [multi], pdbs: [pdb({ app: 'foo' }, 1), pdb({ tier: 'backend' }, 0)], violating: [['multi', 1]], nonViolating: [] },
  ])('$name', ({ units, pdbs, violating, nonViolating }) => {
    const got = splitUnitsByPDBViolation(units, pdbs);
    expect(got.violating.map((v) => [v.unit.key, v.count])).toEqual(violating);
    expect(got.nonViolating.map((u) => u.key)).toEqual(nonViolating);
  });
});

describe('victimUnitsOnNode (upstream getCrossNodesVictims over one node, NewPodVictim)', () => {
  const node = new NodeInfo(makeNode().name('n1').obj());
  const a1 = makePod().name('a1').uid('a1').node('n1').priority(5).obj();
  a1.spec.schedulingGroup = { podGroupName: 'all' };
  const a2 = makePod().name('a2').uid('a2').node('n1').priority(5).obj();
  a2.spec.schedulingGroup = { podGroupName: 'all' };
  const s1 = makePod().name('s1').uid('s1').node('n1').priority(5).obj();
  s1.spec.schedulingGroup = { podGroupName: 'single' };
  const lone = makePod().name('lone').uid('lone').node('n1').priority(7).obj();
  for (const p of [a1, a2, s1, lone]) node.addPod(info(p));
  // a member of the All-mode group on another node
  const a3 = info(makePod().name('a3').uid('a3').node('n2').priority(5).obj());
  const groups: Record<string, VictimGroup> = {
    all: { key: 'default/all', priority: 100, disruptionMode: 'All' },
    single: { key: 'default/single', priority: 200, disruptionMode: 'Single' },
  };
  const index = {
    groupOf: (p: Pod) => (p.spec.schedulingGroup ? groups[p.spec.schedulingGroup.podGroupName] : undefined),
    scheduledPods: (key: string) => (key === 'default/all' ? [{ pi: node.pods.find((p) => p.key === 'default/a1')!, node: 'n1' }, { pi: node.pods.find((p) => p.key === 'default/a2')!, node: 'n1' }, { pi: a3, node: 'n2' }] : []),
  };

  it('an All-mode group is one unit with its pods on every node, at the group\'s priority; others are units alone', () => {
    const units = victimUnitsOnNode(node, index, 0);
    expect(units.map((u) => [u.key, u.members.map((m) => `${m.pi.key}@${m.node}`), u.priority, u.isPodGroup])).toEqual([
      ['PodGroup/default/all', ['default/a1@n1', 'default/a2@n1', 'default/a3@n2'], 100, true],
      ['Pod/default/s1', ['default/s1@n1'], 200, true],
      ['Pod/default/lone', ['default/lone@n1'], 7, false],
    ]);
    expect(units[0]!.nodes).toEqual(['n1', 'n2']);
  });
});

// upstream: defaultpreemption/default_preemption_workload_test.go TestPreparePotentialVictimPodGroups
// (the one stored version: scheduling/v1alpha1 with pod.spec.workloadRef and a WorkloadAwarePreemption
// flag — written in the 1.36 development cycle and replaced before v1.36.0 by the v1alpha2 API,
// PR #136976, so no release runs it). Its rows as the unit-based selection Podplay runs at v1.37
// (GenericWorkload) reads them, the group named by spec.schedulingGroup instead of workloadRef.
describe('TestPreparePotentialVictimPodGroups (1.36 development cycle), as v1.37 victim units', () => {
  const node = () => new NodeInfo(makeNode().name('n1').obj());
  const sortUnits = (us: VictimUnit[]) => us.sort((a, b) => (moreImportantVictim(a, b) ? -1 : moreImportantVictim(b, a) ? 1 : 0));
  const view = (us: VictimUnit[]) => us.map((u) => ({ pods: u.members.map((m) => m.pi.pod.metadata.name), priority: u.priority, start: u.earliestStart, isGang: u.isPodGroup }));
  const noGroups = { groupOf: () => undefined, scheduledPods: () => [] };

  it('workload aware preemption disabled: each pod a victim, most important first', () => {
    const n = node();
    n.addPod(info(makePod().name('p1').uid('p1').node('n1').priority(10).startTime(0).obj()));
    n.addPod(info(makePod().name('p2').uid('p2').node('n1').priority(20).startTime(1).obj()));
    expect(view(sortUnits(victimUnitsOnNode(n, noGroups, 5)))).toEqual([
      { pods: ['p2'], priority: 20, start: 1, isGang: false },
      { pods: ['p1'], priority: 10, start: 0, isGang: false },
    ]);
  });

  it('workload aware preemption enabled, no gang: the pod alone', () => {
    const n = node();
    n.addPod(info(makePod().name('p1').uid('p1').node('n1').priority(10).startTime(0).obj()));
    expect(view(victimUnitsOnNode(n, noGroups, 5))).toEqual([{ pods: ['p1'], priority: 10, start: 0, isGang: false }]);
  });

  const member = (name: string, nodeName: string, start: number) => {
    const p = makePod().name(name).uid(name).namespace('default').node(nodeName).priority(10).startTime(start).obj();
    p.spec.schedulingGroup = { podGroupName: 'pg1' };
    return info(p);
  };
  const gang = { key: 'default/pg1', priority: 10, disruptionMode: 'All' as const };

  it('workload aware preemption enabled, gang with disruption mode: one unit with every scheduled member, its earliest start', () => {
    const n = node();
    const p1 = member('p1', 'n1', 0);
    n.addPod(p1);
    const index = { groupOf: () => gang, scheduledPods: () => [{ pi: p1, node: 'n1' }, { pi: member('p2', 'n2', 1), node: 'n2' }] };
    expect(view(victimUnitsOnNode(n, index, 5))).toEqual([{ pods: ['p1', 'p2'], priority: 10, start: 0, isGang: true }]);
  });

  it('gang but missing state: the dev-cycle table skipped the pod; the later getCrossNodesVictims (v1.37) keeps it as a victim alone', () => {
    const n = node();
    n.addPod(member('p1', 'n1', 0));
    const index = { groupOf: () => gang, scheduledPods: () => [] };
    expect(view(victimUnitsOnNode(n, index, 5))).toEqual([{ pods: ['p1'], priority: 10, start: 0, isGang: true }]);
  });
});
