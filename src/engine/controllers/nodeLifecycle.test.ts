// Cases from upstream pkg/controller/nodelifecycle/node_lifecycle_controller_test.go
// (TestTaintsNodeByCondition, TestApplyNoExecuteTaints, TestSwapUnreachableNotReadyTaints,
// TestApplyNoExecuteTaintsToUnreachableNode, TestMonitorNodeHealth zone states) and
// test/integration/scheduler/taint/taint_test.go (TestTaintNodeByCondition expectedTaints).
import { describe, expect, it } from 'vitest';
import type { Node, NodeCondition, Taint } from '../model/types';
import { makeNode, makePod } from '../testing/builders';
import {
  computeZoneState, doNoExecuteTaintingPass, doNoScheduleTaintingPass, markNodeAsReachable, markNodeNotReady, noExecuteTaintingPlan,
  reconcileNodeTaints, taintsForConditions, tryAcceptNoExecuteTaint, zoneKey,
} from './nodeLifecycle';

const NOW = 500;
type Status = NodeCondition['status'];

function node(name: string, conditions: [string, Status][], taints: Taint[] = [], labels: Record<string, string> = {}): Node {
  const n = makeNode().name(name).labels(labels).taints(taints).obj();
  n.status.conditions = conditions.map(([type, status]) => ({ type, status }));
  return n;
}
const zone1 = { 'topology.kubernetes.io/region': 'region1', 'topology.kubernetes.io/zone': 'zone1' };
/** key:effect, the way the tests compare taints (upstream TaintExists matches key and effect) */
const keys = (n: Node): string[] => (n.spec.taints ?? []).map((t) => `${t.key}:${t.effect}`);
const withConditions = (n: Node, conditions: [string, Status][]): Node => ({ ...n, status: { ...n.status, conditions: conditions.map(([type, status]) => ({ type, status })) } });

describe('doNoScheduleTaintingPass (TestTaintsNodeByCondition), one node updated row by row', () => {
  const rows: { name: string; conditions: [string, Status][]; want: string[] }[] = [
    { name: 'NetworkUnavailable is true', conditions: [['Ready', 'True'], ['NetworkUnavailable', 'True']], want: ['node.kubernetes.io/network-unavailable:NoSchedule'] },
    { name: 'NetworkUnavailable is true (again)', conditions: [['Ready', 'True'], ['NetworkUnavailable', 'True']], want: ['node.kubernetes.io/network-unavailable:NoSchedule'] },
    { name: 'Ready is false', conditions: [['Ready', 'False']], want: ['node.kubernetes.io/not-ready:NoSchedule'] },
    { name: 'Ready is unknown', conditions: [['Ready', 'Unknown']], want: ['node.kubernetes.io/unreachable:NoSchedule'] },
  ];
  let current = node('node0', [['Ready', 'True']]);
  it.each(rows)('$name', ({ conditions, want }) => {
    current = doNoScheduleTaintingPass(withConditions(current, conditions), NOW);
    expect(keys(current)).toEqual(want);
  });
});

describe('doNoScheduleTaintingPass (integration TestTaintNodeByCondition expectedTaints)', () => {
  const rows: { name: string; conditions: [string, Status][]; unschedulable?: boolean; want: string[] }[] = [
    { name: 'not-ready node', conditions: [['Ready', 'False']], want: ['node.kubernetes.io/not-ready:NoSchedule'] },
    { name: 'unschedulable node', unschedulable: true, conditions: [['Ready', 'True']], want: ['node.kubernetes.io/unschedulable:NoSchedule'] },
    { name: 'memory pressure node', conditions: [['MemoryPressure', 'True'], ['Ready', 'True']], want: ['node.kubernetes.io/memory-pressure:NoSchedule'] },
    { name: 'disk pressure node', conditions: [['DiskPressure', 'True'], ['Ready', 'True']], want: ['node.kubernetes.io/disk-pressure:NoSchedule'] },
    { name: 'network unavailable and node is ready', conditions: [['NetworkUnavailable', 'True'], ['Ready', 'True']], want: ['node.kubernetes.io/network-unavailable:NoSchedule'] },
    { name: 'network unavailable and node is not ready', conditions: [['NetworkUnavailable', 'True'], ['Ready', 'False']], want: ['node.kubernetes.io/network-unavailable:NoSchedule', 'node.kubernetes.io/not-ready:NoSchedule'] },
    { name: 'pid pressure node', conditions: [['PIDPressure', 'True'], ['Ready', 'True']], want: ['node.kubernetes.io/pid-pressure:NoSchedule'] },
    // upstream lists disk, memory, pid and waits for the set; the controller adds them in condition order
    { name: 'multi taints on node', conditions: [['PIDPressure', 'True'], ['MemoryPressure', 'True'], ['DiskPressure', 'True'], ['Ready', 'True']], want: ['node.kubernetes.io/pid-pressure:NoSchedule', 'node.kubernetes.io/memory-pressure:NoSchedule', 'node.kubernetes.io/disk-pressure:NoSchedule'] },
  ];
  it.each(rows)('$name', ({ conditions, unschedulable, want }) => {
    const n = node('node-1', conditions);
    if (unschedulable) n.spec.unschedulable = true;
    const out = doNoScheduleTaintingPass(n, NOW);
    expect(keys(out)).toEqual(want);
    expect(out.spec.taints?.every((t) => t.timeAdded === NOW)).toBe(true);
  });

  it('a pressure condition that is not True adds nothing (nodeConditionToTaintKeyStatusMap has only True)', () => {
    expect(keys(doNoScheduleTaintingPass(node('n', [['MemoryPressure', 'Unknown'], ['DiskPressure', 'False']]), NOW))).toEqual([]);
  });

  it("the user's taints stay, a stale controller taint goes, an owned NoExecute taint is not the NoSchedule pass's business", () => {
    const user: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
    const stale: Taint = { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule', timeAdded: 1 };
    const noExecute: Taint = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: 2 };
    const out = doNoScheduleTaintingPass(node('n', [['Ready', 'True']], [user, stale, noExecute]), NOW);
    expect(out.spec.taints).toEqual([user, noExecute]);
  });

  it('nothing to change returns the same node object', () => {
    const n = node('n', [['Ready', 'True']], [{ key: 'dedicated', effect: 'NoSchedule' }]);
    expect(doNoScheduleTaintingPass(n, NOW)).toBe(n);
  });
});

describe('doNoExecuteTaintingPass (TestApplyNoExecuteTaints)', () => {
  it('node0 Unknown gets unreachable, node2 False gets not-ready, node1 True gets nothing', () => {
    expect(keys(doNoExecuteTaintingPass(node('node0', [['Ready', 'Unknown']], [], zone1), NOW))).toEqual(['node.kubernetes.io/unreachable:NoExecute']);
    expect(keys(doNoExecuteTaintingPass(node('node1', [['Ready', 'True']], [], zone1), NOW))).toEqual([]);
    const node2 = doNoExecuteTaintingPass(node('node2', [['Ready', 'False']], [], zone1), NOW);
    expect(node2.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: NOW }]);
    // Make node2 healthy again: no taint at all is left.
    expect(doNoExecuteTaintingPass(withConditions(node2, [['Ready', 'True']]), NOW + 10).spec.taints).toBeUndefined();
  });

  it('node3: its Ready condition disappears before the tainting pass, so it is not tainted', () => {
    // upstream retries while the condition is missing; a node without Ready counts as Ready here
    expect(keys(doNoExecuteTaintingPass(node('node3', [['MemoryPressure', 'Unknown']]), NOW))).toEqual([]);
  });
});

describe('doNoExecuteTaintingPass (TestSwapUnreachableNotReadyTaints)', () => {
  it('Unknown → unreachable; then False → not-ready replaces it', () => {
    const node0 = doNoExecuteTaintingPass(node('node0', [['Ready', 'Unknown']]), NOW);
    expect(keys(node0)).toEqual(['node.kubernetes.io/unreachable:NoExecute']);
    const swapped = doNoExecuteTaintingPass(withConditions(node0, [['Ready', 'False']]), NOW + 60);
    expect(swapped.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: NOW + 60 }]);
  });

  it('the swap is instant even when the rate limiter refuses a new taint (processTaintBaseEviction)', () => {
    const n = node('node0', [['Ready', 'False']], [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: 1 }]);
    expect(keys(doNoExecuteTaintingPass(n, NOW, false))).toEqual(['node.kubernetes.io/not-ready:NoExecute']);
  });

  it('a new taint waits for the rate limiter', () => {
    const n = node('node0', [['Ready', 'False']]);
    expect(doNoExecuteTaintingPass(n, NOW, false)).toBe(n);
  });

  it('an existing NoExecute taint keeps its timeAdded on later passes', () => {
    const n = node('node0', [['Ready', 'Unknown']], [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: 7 }]);
    expect(doNoExecuteTaintingPass(n, NOW)).toBe(n);
  });
});

describe('TestApplyNoExecuteTaintsToUnreachableNode (after the heartbeat)', () => {
  it('the unreachable taint is deleted once the node is Ready again', () => {
    const n = node('node0', [['Ready', 'True']], [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: 1 }]);
    expect(doNoExecuteTaintingPass(n, NOW).spec.taints).toBeUndefined();
  });
});

describe('taintsForConditions / reconcileNodeTaints', () => {
  it('Ready False: not-ready NoSchedule and NoExecute', () => {
    expect(taintsForConditions(node('n', [['Ready', 'False']]))).toEqual([
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
    ]);
  });
  it('Ready Unknown and unschedulable: unreachable NoSchedule, unschedulable, unreachable NoExecute', () => {
    const n = node('n', [['Ready', 'Unknown']]);
    n.spec.unschedulable = true;
    expect(taintsForConditions(n).map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute',
    ]);
  });
  it('reconcile keeps the user taint first and appends the controller taints with timeAdded', () => {
    const user: Taint = { key: 'dedicated', effect: 'NoExecute' };
    const out = reconcileNodeTaints(node('n', [['Ready', 'False']], [user]), NOW);
    expect(out.spec.taints).toEqual([user, { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule', timeAdded: NOW }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: NOW }]);
  });
  it('a node back to Ready loses every controller taint', () => {
    const tainted = reconcileNodeTaints(node('n', [['Ready', 'Unknown'], ['DiskPressure', 'True']]), NOW);
    expect(keys(tainted)).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/disk-pressure:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(reconcileNodeTaints(withConditions(tainted, [['Ready', 'True']]), NOW + 1).spec.taints).toBeUndefined();
  });
  it('markNodeAsReachable drops only the two NoExecute taints', () => {
    const n = node('n', [['Ready', 'False']], [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]);
    expect(keys(markNodeAsReachable(n))).toEqual(['node.kubernetes.io/not-ready:NoSchedule']);
  });
});

describe('computeZoneState (TestMonitorNodeHealth zone states)', () => {
  const rows: { name: string; ready: (Status | undefined)[]; want: string }[] = [
    { name: 'No Disruption: Node created recently without failure domain labels', ready: ['True'], want: 'Normal' },
    { name: 'No Disruption: Initially both zones down, one comes back (zone still down)', ready: ['Unknown'], want: 'FullDisruption' },
    { name: 'Partial Disruption: Nodes created recently without status conditions (initial)', ready: [undefined, undefined, undefined, undefined], want: 'FullDisruption' },
    { name: 'Partial Disruption: Nodes created recently without status conditions (following)', ready: ['Unknown', 'Unknown', 'Unknown', 'True'], want: 'PartialDisruption' },
    { name: 'Partial Disruption: one Node failed leading to the number of healthy Nodes to exceed the configured threshold (initial)', ready: ['Unknown', 'Unknown', 'True', 'True', 'True'], want: 'Normal' },
    { name: 'Partial Disruption: one Node failed leading to the number of healthy Nodes to exceed the configured threshold (following)', ready: ['Unknown', 'Unknown', 'Unknown', 'True', 'True'], want: 'PartialDisruption' },
  ];
  it.each(rows)('$name', ({ ready, want }) => expect(computeZoneState(ready).state).toBe(want));
});

describe('zones and the NoExecute tainting rate', () => {
  it('zoneKey: region and zone, beta labels as fallback, "" without labels', () => {
    expect(zoneKey(node('a', [], [], zone1))).toBe('region1:\u0000:zone1');
    expect(zoneKey(node('b', [], [], { 'failure-domain.beta.kubernetes.io/zone': 'z' }))).toBe(':\u0000:z');
    expect(zoneKey(node('c', []))).toBe('');
  });

  it('every zone fully disrupted: tainting stops (master disruption mode)', () => {
    const plan = noExecuteTaintingPlan([node('a', [['Ready', 'Unknown']], [], zone1), node('b', [['Ready', 'False']])]);
    expect(plan.allZonesFullyDisrupted).toBe(true);
    expect([...plan.zones.values()].map((z) => z.qps)).toEqual([0, 0]);
  });

  it('one zone down, another healthy: the down zone taints at the normal rate (HealthyQPSFunc)', () => {
    const plan = noExecuteTaintingPlan([node('a', [['Ready', 'Unknown']], [], zone1), node('b', [['Ready', 'True']])]);
    expect(plan.allZonesFullyDisrupted).toBe(false);
    expect(plan.zones.get('region1:\u0000:zone1')).toEqual({ state: 'FullDisruption', size: 1, qps: 0.1 });
  });

  it('a small partially disrupted zone stops tainting (ReducedQPSFunc)', () => {
    const nodes = ['Unknown', 'Unknown', 'Unknown', 'True'].map((s, i) => node(`n${i}`, [['Ready', s as Status]]));
    expect(noExecuteTaintingPlan(nodes).zones.get('')).toEqual({ state: 'PartialDisruption', size: 4, qps: 0 });
  });

  it('nodes labelled exclude-disruption are not counted', () => {
    const plan = noExecuteTaintingPlan([node('a', [['Ready', 'True']], [], { 'node.kubernetes.io/exclude-disruption': '' }), node('b', [['Ready', 'False']])]);
    expect(plan.allZonesFullyDisrupted).toBe(true);
  });

  it('the token bucket: one node at once, the next 10s later at 0.1 qps', () => {
    const first = tryAcceptNoExecuteTaint(undefined, 0.1, NOW);
    expect(first.accepted).toBe(true);
    const second = tryAcceptNoExecuteTaint(first.limiter, 0.1, NOW);
    expect(second).toMatchObject({ accepted: false, retryAt: NOW + 10 });
    expect(tryAcceptNoExecuteTaint(second.limiter, 0.1, NOW + 10).accepted).toBe(true);
    expect(tryAcceptNoExecuteTaint(undefined, 0, NOW).accepted).toBe(false);
  });
});

describe('markNodeNotReady (MarkPodsNotReady, RecordNodeStatusChange)', () => {
  it('the node event, then a NodeNotReady event for each ready pod on the node', () => {
    const n = node('node0', [['Ready', 'False']]);
    const running = makePod().name('a').node('node0').phase('Running').obj();
    const notReady = makePod().name('b').node('node0').phase('Running').obj();
    notReady.status.conditions = [{ type: 'Ready', status: 'False' }];
    const elsewhere = makePod().name('c').node('node1').phase('Running').obj();
    const r = markNodeNotReady(n, [running, notReady, elsewhere]);
    expect(r.pods).toEqual(['default/a']);
    expect(r.events).toEqual([
      { type: 'Normal', reason: 'NodeNotReady', object: 'Node/node0', message: 'Node node0 status is now: NodeNotReady' },
      { type: 'Warning', reason: 'NodeNotReady', object: 'Pod/default/a', message: 'Node is not ready' },
    ]);
  });
});
