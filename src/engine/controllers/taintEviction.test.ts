// Cases from upstream pkg/controller/tainteviction/taint_eviction_test.go. Upstream runs the
// controller with real timers and checks the fake client's patch/delete actions; here a small
// timed queue applies the decisions and records when each pod is deleted.
import { describe, expect, it } from 'vitest';
import type { Node, Pod, Taint, Toleration } from '../model/types';
import { makeNode, makePod } from '../testing/builders';
import {
  fireTaintEviction, getMinTolerationTime, getNoExecuteTaints, handleNodeUpdate, handlePodDeletion, handlePodUpdate,
  nodeUpdateNeedsProcessing, podUpdateNeedsProcessing, type ScheduledTaintEviction, type TaintEvictionEvent, type TaintEvictionResult,
} from './taintEviction';

const T0 = 1000;

/** upstream createNoExecuteTaint */
const noExecuteTaint = (i: number, at = T0): Taint => ({ key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute', timeAdded: at });
/** upstream addToleration: duration < 0 means no tolerationSeconds */
const toleration = (i: number, duration: number): Toleration =>
  ({ key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute', ...(duration >= 0 ? { tolerationSeconds: duration } : {}) });
/** upstream testutil.NewPod(name, host) */
const newPod = (name: string, host: string, ...tolerations: Toleration[]): Pod => {
  const w = makePod().name(name);
  if (host) w.node(host);
  for (const t of tolerations) w.toleration(t);
  return w.obj();
};
/** upstream addTaintsToNode */
const taintedNode = (indices: number[], at = T0): Node => makeNode().name('node1').taints(indices.map((i) => noExecuteTaint(i, at))).obj();
const untaintedNode = (): Node => makeNode().name('node1').obj();

/** The controller's timed queue, driven by the decisions. */
class TimedQueue {
  readonly work = new Map<string, ScheduledTaintEviction>();
  readonly deleted: { pod: string; at: number }[] = [];
  readonly events: TaintEvictionEvent[] = [];

  apply(r: TaintEvictionResult, now: number): this {
    this.events.push(...r.events);
    for (const d of r.decisions) {
      if (d.action === 'cancel') this.work.delete(d.pod);
      else if (d.action === 'schedule') this.work.set(d.pod, { createdAt: d.createdAt, fireAt: d.fireAt });
    }
    return this.runUntil(now);
  }

  runUntil(t: number): this {
    const due = [...this.work.entries()].filter(([, w]) => w.fireAt <= t).sort((a, b) => a[1].fireAt - b[1].fireAt);
    for (const [pod, w] of due) {
      this.work.delete(pod);
      this.events.push(fireTaintEviction(pod).event);
      this.deleted.push({ pod, at: w.fireAt });
    }
    return this;
  }

  deletedPods(): string[] { return this.deleted.map((d) => d.pod); }
}

describe('getNoExecuteTaints (TestFilterNoExecuteTaints)', () => {
  it('keeps only NoExecute taints', () => {
    const taints: Taint[] = [{ key: 'one', value: 'one', effect: 'NoExecute' }, { key: 'two', value: 'two', effect: 'NoSchedule' }];
    expect(getNoExecuteTaints(taints).map((t) => t.key)).toEqual(['one']);
  });
});

describe('getMinTolerationTime (TestGetMinTolerationTime)', () => {
  const cases: { name: string; tolerations: Toleration[]; want: number }[] = [
    { name: 'no tolerations: 0', tolerations: [], want: 0 },
    { name: 'nil tolerationSeconds: -1 (forever)', tolerations: [{}], want: -1 },
    { name: '1s and 2s: 1s', tolerations: [{ tolerationSeconds: 1 }, { tolerationSeconds: 2 }], want: 1 },
    { name: '1s and nil: 1s', tolerations: [{ tolerationSeconds: 1 }, {}], want: 1 },
    { name: 'nil and 1s: 1s', tolerations: [{}, { tolerationSeconds: 1 }], want: 1 },
    // getMinTolerationTime: tolerationSeconds <= 0 returns 0 at once
    { name: '0 wins over a longer one', tolerations: [{ tolerationSeconds: 100 }, { tolerationSeconds: 0 }], want: 0 },
    { name: 'negative counts as 0', tolerations: [{ tolerationSeconds: -5 }], want: 0 },
  ];
  it.each(cases)('$name', ({ tolerations, want }) => expect(getMinTolerationTime(tolerations)).toBe(want));
});

describe('TestCreatePod: a pod added on a (tainted) node', () => {
  const cases: { name: string; pod: Pod; node: Node | undefined; deletedAt?: number; scheduledAt?: number }[] = [
    { name: 'not scheduled - ignore', pod: newPod('pod1', ''), node: undefined },
    { name: 'scheduled on untainted Node', pod: newPod('pod1', 'node1'), node: untaintedNode() },
    { name: 'schedule on tainted Node', pod: newPod('pod1', 'node1'), node: taintedNode([1]), deletedAt: T0 },
    { name: 'schedule on tainted Node with finite toleration', pod: newPod('pod1', 'node1', toleration(1, 100)), node: taintedNode([1]), scheduledAt: T0 + 100 },
    { name: 'schedule on tainted Node with infinite toleration', pod: newPod('pod1', 'node1', toleration(1, -1)), node: taintedNode([1]) },
    { name: 'schedule on tainted Node with infinite invalid toleration', pod: newPod('pod1', 'node1', toleration(2, -1)), node: taintedNode([1]), deletedAt: T0 },
  ];
  it.each(cases)('$name', ({ pod, node, deletedAt, scheduledAt }) => {
    const q = new TimedQueue().apply(handlePodUpdate(pod, node, T0, undefined), T0);
    expect(q.deleted).toEqual(deletedAt === undefined ? [] : [{ pod: 'default/pod1', at: deletedAt }]);
    expect(q.work.get('default/pod1')?.fireAt).toBe(scheduledAt);
  });
});

describe('TestDeletePod', () => {
  it('a deleted pod with no scheduled eviction: nothing to cancel, no event', () => {
    expect(handlePodDeletion('default/pod1', undefined)).toEqual({ decisions: [{ pod: 'default/pod1', action: 'cancel' }], events: [] });
  });
  it('a deleted pod with a scheduled eviction: cancelled with the event', () => {
    expect(handlePodDeletion('default/pod1', { createdAt: T0, fireAt: T0 + 10 }).events.map((e) => e.message)).toEqual(['Cancelling deletion of Pod default/pod1']);
  });
});

describe('TestUpdatePod: the pod changes after a first pass', () => {
  const node = taintedNode([1]);
  /** when the update reaches the controller */
  const UPDATE = T0 + 0.5;
  const cases: { name: string; prev: Pod; next: Pod; deleted: { pod: string; at: number }[]; events: string[] }[] = [
    { name: 'scheduling onto tainted Node', prev: newPod('pod1', ''), next: newPod('pod1', 'node1'), deleted: [{ pod: 'default/pod1', at: UPDATE }], events: ['Marking for deletion Pod default/pod1'] },
    { name: 'scheduling onto tainted Node with toleration', prev: newPod('pod1', '', toleration(1, -1)), next: newPod('pod1', 'node1', toleration(1, -1)), deleted: [], events: [] },
    {
      name: 'removing toleration', prev: newPod('pod1', 'node1', toleration(1, 100)), next: newPod('pod1', 'node1'),
      deleted: [{ pod: 'default/pod1', at: UPDATE }], events: ['Cancelling deletion of Pod default/pod1', 'Marking for deletion Pod default/pod1'],
    },
    {
      name: "lengthening toleration shouldn't work", prev: newPod('pod1', 'node1', toleration(1, 1)), next: newPod('pod1', 'node1', toleration(1, 100)),
      deleted: [{ pod: 'default/pod1', at: T0 + 1 }], events: ['Marking for deletion Pod default/pod1'],
    },
  ];
  it.each(cases)('$name', ({ prev, next, deleted, events }) => {
    const q = new TimedQueue().apply(handlePodUpdate(prev, node, T0, undefined), T0);
    expect(podUpdateNeedsProcessing(prev, next)).toBe(true);
    q.runUntil(UPDATE);
    q.apply(handlePodUpdate(next, node, UPDATE, q.work.get('default/pod1')), UPDATE).runUntil(T0 + 3600);
    expect(q.deleted).toEqual(deleted);
    expect(q.events.map((e) => e.message)).toEqual(events);
  });
});

describe('TestCreateNode: a node added with pods already bound to it', () => {
  const cases: { name: string; pod: Pod; node: Node; deleted: boolean }[] = [
    { name: 'Creating Node matching already assigned Pod', pod: newPod('pod1', 'node1'), node: untaintedNode(), deleted: false },
    { name: 'Creating tainted Node matching already assigned Pod', pod: newPod('pod1', 'node1'), node: taintedNode([1]), deleted: true },
    { name: 'Creating tainted Node matching already assigned tolerating Pod', pod: newPod('pod1', 'node1', toleration(1, -1)), node: taintedNode([1]), deleted: false },
  ];
  it.each(cases)('$name', ({ pod, node, deleted }) => {
    expect(nodeUpdateNeedsProcessing(undefined, node)).toBe(true);
    const q = new TimedQueue().apply(handleNodeUpdate(node, [pod], T0, new Map()), T0).runUntil(T0 + 3600);
    expect(q.deletedPods()).toEqual(deleted ? ['default/pod1'] : []);
  });
});

describe('TestUpdateNode: the node taints change', () => {
  /** upstream's last row: tolerations for both taints, 1s and 100s */
  const twoTolerations = newPod('pod1', 'node1', { key: 'testTaint1', value: 'test1', effect: 'NoExecute', tolerationSeconds: 1 }, { key: 'testTaint2', value: 'test2', effect: 'NoExecute', tolerationSeconds: 100 });
  const cases: { name: string; pod: Pod; oldNode: Node; newNode: Node; until: number; deleted: { pod: string; at: number }[] }[] = [
    { name: 'Added taint, expect node patched and deleted', pod: newPod('pod1', 'node1'), oldNode: untaintedNode(), newNode: taintedNode([1]), until: T0, deleted: [{ pod: 'default/pod1', at: T0 }] },
    { name: 'Added tolerated taint', pod: newPod('pod1', 'node1', toleration(1, 100)), oldNode: untaintedNode(), newNode: taintedNode([1]), until: T0 + 99, deleted: [] },
    { name: 'Only one added taint tolerated', pod: newPod('pod1', 'node1', toleration(1, 100)), oldNode: untaintedNode(), newNode: taintedNode([1, 2]), until: T0, deleted: [{ pod: 'default/pod1', at: T0 }] },
    { name: 'Pod with multiple tolerations are evicted when first one runs out', pod: twoTolerations, oldNode: untaintedNode(), newNode: taintedNode([1, 2]), until: T0 + 2, deleted: [{ pod: 'default/pod1', at: T0 + 1 }] },
  ];
  it.each(cases)('$name', ({ pod, oldNode, newNode, until, deleted }) => {
    expect(nodeUpdateNeedsProcessing(oldNode, newNode)).toBe(true);
    const q = new TimedQueue().apply(handleNodeUpdate(newNode, [pod], T0, new Map()), T0).runUntil(until);
    expect(q.deleted).toEqual(deleted);
  });

  it('Taint removed: the eviction scheduled for the 1s toleration is cancelled', () => {
    const pod = newPod('pod1', 'node1', toleration(1, 1));
    const q = new TimedQueue().apply(handleNodeUpdate(taintedNode([1]), [pod], T0, new Map()), T0);
    expect(q.work.get('default/pod1')).toEqual({ createdAt: T0, fireAt: T0 + 1 });
    q.apply(handleNodeUpdate(untaintedNode(), [pod], T0 + 0.5, q.work), T0 + 0.5).runUntil(T0 + 1.5);
    expect(q.deleted).toEqual([]);
    expect(q.events.map((e) => e.message)).toEqual(['Cancelling deletion of Pod default/pod1']);
  });
});

describe('TestUpdateNodeWithMultipleTaints', () => {
  it('a pod with a forever and a 60s toleration is queued only while the 60s taint is there', () => {
    const taint1 = noExecuteTaint(1), taint2 = noExecuteTaint(2);
    const pod = newPod('pod1', 'node1', { key: taint1.key, operator: 'Exists', effect: 'NoExecute' }, { key: taint2.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 });
    const node = (taints: Taint[]) => makeNode().name('node1').taints(taints).obj();
    const q = new TimedQueue();
    q.apply(handleNodeUpdate(node([]), [pod], T0, q.work), T0);
    expect(q.work.has('default/pod1')).toBe(false); // no taint
    q.apply(handleNodeUpdate(node([taint1]), [pod], T0 + 1, q.work), T0 + 1);
    expect(q.work.has('default/pod1')).toBe(false); // permanently tolerated taint
    q.apply(handleNodeUpdate(node([taint1, taint2]), [pod], T0 + 2, q.work), T0 + 2);
    expect(q.work.get('default/pod1')).toEqual({ createdAt: T0 + 2, fireAt: T0 + 62 }); // temporarily tolerated taint added
    q.apply(handleNodeUpdate(node([taint1]), [pod], T0 + 3, q.work), T0 + 3);
    expect(q.work.has('default/pod1')).toBe(false); // back to the infinitely tolerated taint
    q.runUntil(T0 + 3600);
    expect(q.deleted).toEqual([]);
  });
});

describe('TestUpdateNodeWithMultiplePods', () => {
  const pods = () => [newPod('pod1', 'node1'), newPod('pod2', 'node1', toleration(1, 1)), newPod('pod3', 'node1', toleration(1, -1))];
  const cases: { name: string; node: Node; deleted: { pod: string; at: number }[] }[] = [
    { name: 'Pods with different toleration times are evicted appropriately', node: taintedNode([1]), deleted: [{ pod: 'default/pod1', at: T0 }, { pod: 'default/pod2', at: T0 + 1 }] },
    { name: 'Evict all pods not matching all taints instantly', node: taintedNode([1, 2]), deleted: [{ pod: 'default/pod1', at: T0 }, { pod: 'default/pod2', at: T0 }, { pod: 'default/pod3', at: T0 }] },
  ];
  it.each(cases)('$name', ({ node, deleted }) => {
    const q = new TimedQueue().apply(handleNodeUpdate(node, pods(), T0, new Map()), T0).runUntil(T0 + 3600);
    expect(q.deleted).toEqual(deleted);
  });
});

describe('TestEventualConsistency: pod2 reaches the controller after the node update', () => {
  const cases: { name: string; prev: Pod | undefined; next: Pod }[] = [
    { name: 'existing pod2 scheduled onto tainted Node', prev: newPod('pod2', ''), next: newPod('pod2', 'node1') },
    { name: 'existing pod2 with taint toleration scheduled onto tainted Node', prev: newPod('pod2', '', toleration(1, 100)), next: newPod('pod2', 'node1', toleration(1, 100)) },
    { name: 'new pod2 created on tainted Node', prev: undefined, next: newPod('pod2', 'node1') },
    { name: 'new pod2 with tait toleration created on tainted Node', prev: undefined, next: newPod('pod2', 'node1', toleration(1, 100)) },
  ];
  it.each(cases)('$name', ({ prev, next }) => {
    const node = taintedNode([1]);
    const q = new TimedQueue();
    if (prev) q.apply(handlePodUpdate(prev, node, T0, undefined), T0);
    // The node update only knows pod1, which goes at once.
    q.apply(handleNodeUpdate(node, [newPod('pod1', 'node1')], T0, q.work), T0);
    expect(q.deletedPods()).toEqual(['default/pod1']);
    // The delayed update of pod2: upstream only checks it is handled; it follows the same rules.
    expect(podUpdateNeedsProcessing(prev, next)).toBe(true);
    q.apply(handlePodUpdate(next, node, T0 + 1, q.work.get('default/pod2')), T0 + 1);
    const tolerated = (next.spec.tolerations ?? []).length > 0;
    expect(q.deletedPods()).toEqual(tolerated ? ['default/pod1'] : ['default/pod1', 'default/pod2']);
    expect(q.work.get('default/pod2')?.fireAt).toBe(tolerated ? T0 + 101 : undefined);
  });
});

describe('TestPodDeletionEvent', () => {
  it('emitPodDeletionEvent', () => {
    expect(fireTaintEviction('test/test').event).toEqual({ type: 'Normal', reason: 'TaintManagerEviction', object: 'Pod/test/test', message: 'Marking for deletion Pod test/test' });
  });
  it('emitCancelPodDeletionEvent', () => {
    expect(handlePodDeletion('test/test', { createdAt: 0, fireAt: 1 }).events).toEqual([{ type: 'Normal', reason: 'TaintManagerEviction', object: 'Pod/test/test', message: 'Cancelling deletion of Pod test/test' }]);
  });
  it('the DisruptionTarget condition set before the delete', () => {
    expect(fireTaintEviction('test/test').condition).toEqual({ type: 'DisruptionTarget', status: 'True', reason: 'DeletionByTaintManager', message: 'Taint manager: deleting due to NoExecute taint' });
  });
});

describe('update filters (NodeUpdated / PodUpdated)', () => {
  it('a NoSchedule-only change is not a NoExecute change', () => {
    const old = taintedNode([1]);
    const next = makeNode().name('node1').taints([noExecuteTaint(1), { key: 'x', effect: 'NoSchedule' }]).obj();
    expect(nodeUpdateNeedsProcessing(old, next)).toBe(false);
  });
  it('a new timeAdded is a change', () => {
    expect(nodeUpdateNeedsProcessing(taintedNode([1], T0), taintedNode([1], T0 + 1))).toBe(true);
  });
  it('a pod update that keeps tolerations and node is skipped', () => {
    const p = newPod('pod1', 'node1', toleration(1, 5));
    const q = structuredClone(p);
    q.metadata.labels = { changed: 'yes' };
    expect(podUpdateNeedsProcessing(p, q)).toBe(false);
  });
});
