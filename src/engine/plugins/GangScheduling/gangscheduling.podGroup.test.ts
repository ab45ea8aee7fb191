// Rows of upstream's pkg/scheduler/framework/plugins/gangscheduling/gangscheduling_test.go of the
// PodGroup era (a pod names its PodGroup with spec.schedulingGroup: v1.36 and v1.37), as the stored
// index has the file at a commit after 1.37 (scheduling/v1beta1 PodGroups): Test_isSchedulableAfterPodAdded,
// Test_isSchedulableAfterPodGroupAdded, Test_isSchedulableAfterPodGroupUpdated and TestPreEnqueue,
// with their expected hints and statuses. The rows that need a CompositePodGroup (v1.37 alpha, read
// but not simulated here: docs/fidelity.md) are left out; each row runs at 1.36 and 1.37.
// The v1.35 (Workload workloadRef) rows are in gangscheduling.test.ts.
import { describe, expect, it } from 'vitest';
import { newPodInfo } from '../../framework/podInfo';
import type { ClusterEventWithHint } from '../../framework/interfaces';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv } from '../../testing/framework';
import type { Pod, PodGroup } from '../../model/types';
import { SCHEDULING_V1ALPHA2, SCHEDULING_V1BETA1 } from '../../model/types';
import { versionSwitches, type KubernetesVersion } from '../../versions';
import { GangScheduling } from './index';

const VERSIONS: KubernetesVersion[] = ['1.36', '1.37'];

/** st.MakePod().Namespace(ns).Name(name).PodGroupName(pg) */
function pod(name: string, pg?: string, ns = 'default', node?: string): Pod {
  const b = makePod().name(name).uid(name).namespace(ns);
  if (node) b.node(node);
  const p = b.obj();
  if (pg) p.spec.schedulingGroup = { podGroupName: pg };
  return p;
}

/** st.MakePodGroup().Namespace(ns).Name(name).MinCount(n) (or .BasicPolicy()) .WorkloadRef(t, w) */
function podGroup(version: KubernetesVersion, name: string, opts: { ns?: string; minCount?: number; workloadRef?: [string, string] } = {}): PodGroup {
  return {
    apiVersion: version === '1.36' ? SCHEDULING_V1ALPHA2 : SCHEDULING_V1BETA1, kind: 'PodGroup',
    metadata: { name, namespace: opts.ns ?? 'default' },
    spec: {
      schedulingPolicy: opts.minCount !== undefined ? { gang: { minCount: opts.minCount } } : { basic: {} },
      ...(opts.workloadRef ? { workloadRef: { workloadName: opts.workloadRef[1], templateName: opts.workloadRef[0] } } : {}),
    },
  };
}

function hint(version: KubernetesVersion, resource: string, action: string, target: Pod, oldObj: unknown, newObj: unknown, podGroups: PodGroup[] = []) {
  const env = newTestEnv({ nodes: [makeNode().name('node1').obj()], podGroups, versionSwitches: versionSwitches(version) });
  const events = GangScheduling.factory(undefined, env.handle).eventsToRegister!();
  const e = events.find((x: ClusterEventWithHint) => x.event.resource === resource && x.event.actionType.includes(action as never));
  if (!e?.hint) throw new Error(`GangScheduling registers no ${resource}/${action} hint`);
  return e.hint(target, oldObj, newObj);
}

describe.each(VERSIONS)('GangScheduling at v%s (PodGroup era, upstream gangscheduling_test.go)', (version) => {
  describe('Test_isSchedulableAfterPodAdded', () => {
    it.each([
      { name: "add a newPod which matches the pod's scheduling group", target: pod('p', 'pg'), added: pod('new', 'pg'), pgs: [], want: 'Queue' },
      { name: "add a newPod with NodeName set which matches the pod's scheduling group", target: pod('p', 'pg'), added: pod('new', 'pg', 'default', 'node1'), pgs: [], want: 'Queue' },
      { name: "add a newPod which doesn't match the pod's namespace", target: pod('p', 'pg'), added: pod('new', 'pg', 'foo'), pgs: [podGroup(version, 'pg'), podGroup(version, 'pg', { ns: 'foo' })], want: 'QueueSkip' },
      { name: "add a newPod which doesn't match the pod's pod group name", target: pod('p', 'pg1'), added: pod('new', 'pg2'), pgs: [podGroup(version, 'pg1'), podGroup(version, 'pg2')], want: 'QueueSkip' },
    ])('$name', ({ target, added, pgs, want }) => {
      expect(hint(version, 'Pod', 'Add', target, undefined, added, pgs)).toBe(want);
    });
  });

  describe('Test_isSchedulableAfterPodGroupAdded', () => {
    it.each([
      { name: "add a pod group which matches the pod's pod group name", target: pod('p', 'pg'), added: podGroup(version, 'pg', { minCount: 1, workloadRef: ['t', 'w'] }), pgs: [], want: 'Queue' },
      { name: "add a pod group which doesn't match the pod's scheduling group name", target: pod('p', 'pg1'), added: podGroup(version, 'pg2', { minCount: 1, workloadRef: ['t', 'w'] }), pgs: [podGroup(version, 'pg1')], want: 'QueueSkip' },
      { name: "add a pod group which doesn't match the pod's scheduling group namespace", target: pod('p', 'pg', 'ns1'), added: podGroup(version, 'pg', { ns: 'ns2', minCount: 1, workloadRef: ['t', 'w'] }), pgs: [podGroup(version, 'pg', { ns: 'ns1' })], want: 'QueueSkip' },
    ])('$name', ({ target, added, pgs, want }) => {
      expect(hint(version, 'PodGroup', 'Add', target, undefined, added, pgs)).toBe(want);
    });
  });

  describe('Test_isSchedulableAfterPodGroupUpdated', () => {
    const t = pod('p', 'pg', 'ns1');
    it.each([
      { name: 'minCount decreased matches target pod', target: t, old: podGroup(version, 'pg', { ns: 'ns1', minCount: 4, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), want: 'Queue' },
      { name: 'update Basic policy', target: t, old: podGroup(version, 'pg', { ns: 'ns1', workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1' }), want: 'QueueSkip' },
      { name: 'minCount increased matches target pod', target: t, old: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 4, workloadRef: ['t', 'w'] }), want: 'QueueSkip' },
      { name: 'minCount unchanged matches target pod', target: t, old: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), want: 'QueueSkip' },
      { name: "minCount decreased but pod group name doesn't match target pod", target: pod('p', 'pg-other', 'ns1'), old: podGroup(version, 'pg', { ns: 'ns1', minCount: 4, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), want: 'QueueSkip' },
      { name: "minCount decreased but pod group namespace doesn't match target pod", target: pod('p', 'pg', 'ns-other'), old: podGroup(version, 'pg', { ns: 'ns1', minCount: 4, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), want: 'QueueSkip' },
      { name: 'pod without a scheduling group is skipped', target: pod('p', undefined, 'ns1'), old: podGroup(version, 'pg', { ns: 'ns1', minCount: 4, workloadRef: ['t', 'w'] }), now: podGroup(version, 'pg', { ns: 'ns1', minCount: 3, workloadRef: ['t', 'w'] }), want: 'QueueSkip' },
    ])('$name', ({ target, old, now, want }) => {
      expect(hint(version, 'PodGroup', 'Update', target, old, now, [now])).toBe(want);
    });
  });

  describe('TestPreEnqueue', () => {
    const gangPodGroup1 = podGroup(version, 'pg1', { ns: 'ns1', minCount: 3, workloadRef: ['t1', 'gang-wl'] });
    const gangPodGroup2 = podGroup(version, 'pg2', { ns: 'ns1', minCount: 4, workloadRef: ['t2', 'gang-wl'] });
    const basicPodGroup = podGroup(version, 'pg3', { ns: 'ns1', workloadRef: ['1', 'basic-wl'] });
    const [p1, p2, p3] = ['p1', 'p2', 'p3'].map((n) => pod(n, 'pg1', 'ns1'));
    const [p4, p5] = ['p4', 'p5'].map((n) => pod(n, 'pg2', 'ns1'));
    it.each([
      { name: 'non-gang pod succeeds immediately', target: pod('non-gang', undefined, 'ns1'), others: [], pgs: [gangPodGroup1, gangPodGroup2, basicPodGroup], want: 'Success', reason: undefined },
      { name: 'basic policy pod succeeds immediately', target: pod('basic-pod', 'pg3', 'ns1'), others: [], pgs: [gangPodGroup1, gangPodGroup2, basicPodGroup], want: 'Success', reason: undefined },
      { name: 'gang pod fails PreEnqueue when pod group is not yet created', target: p1!, others: [p2!, p3!, p4!, p5!], pgs: [], want: 'UnschedulableAndUnresolvable', reason: 'waiting for pod\'s pod group "pg1" to appear in scheduling queue' },
      { name: 'gang pod fails PreEnqueue when quorum is not met', target: p1!, others: [p2!, p4!, p5!], pgs: [gangPodGroup1, gangPodGroup2], want: 'UnschedulableAndUnresolvable', reason: 'waiting for minCount pods from a gang to appear in scheduling queue' },
      { name: 'gang pod passes PreEnqueue', target: p1!, others: [p2!, p3!, p4!, p5!], pgs: [gangPodGroup1, gangPodGroup2], want: 'Success', reason: undefined },
    ])('$name', ({ target, others, pgs, want, reason }) => {
      const env = newTestEnv({ nodes: [makeNode().name('node1').obj()], pods: [target, ...others], podGroups: pgs, versionSwitches: versionSwitches(version) });
      const s = GangScheduling.factory(undefined, env.handle).preEnqueue!(newPodInfo(target));
      expect(s.code).toBe(want);
      if (reason) expect(s.reasons).toEqual([reason]);
    });
  });
});
