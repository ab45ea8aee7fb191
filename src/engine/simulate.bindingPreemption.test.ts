// A preemption victim that is still in its binding cycle, per version: waiting at Permit
// (kubernetes PR #135719, versions.ts permitPreemptToBackoff) or waiting in PreBind (PR #135502,
// preBindPreemptToBackoff). Up to v1.35 the Permit victim is rejected as Unschedulable and the
// PreBind victim is deleted; from v1.36 both go back to the backoff queue, undeleted.
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from './api';
import { simulate } from './index';
import { bindingConditionsCluster } from './testing/bindingConditions';
import type { KubernetesVersion, VersionChangeId } from './versions';

function run(yaml: string, kubernetesVersion: KubernetesVersion, versionChanges?: Partial<Record<VersionChangeId, boolean>>, until?: number): SimulationResult {
  const outcome = simulate(yaml, { fileName: 'test.yaml', kubernetesVersion, ...(versionChanges ? { versionChanges } : {}), ...(until !== undefined ? { until } : {}) });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return outcome.result;
}
const pod = (r: SimulationResult, name: string) => r.pods.find((p) => p.pod === `default/${name}`)!;
const eventsOf = (r: SimulationResult, name: string) => r.events.filter((e) => e.object === `Pod/default/${name}`).map((e) => [e.time, e.reason, e.message]);

const highPriority = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: high}
value: 1000`;

/** a scenario named `name` where "high" (priority class high, `cpu` CPUs) arrives at 10 s, before `rest` */
const highAt10 = (name: string, cpu: string, rest: string, featureGates?: string) => `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: ${name}}
spec:
${featureGates === undefined ? '' : `  featureGates: {${featureGates}}\n`}  timeline:
  - action: apply
    at: 10
    object: {apiVersion: v1, kind: Pod, metadata: {name: high, namespace: default}, spec: {priorityClassName: high, containers: [{name: c, image: x, resources: {requests: {cpu: "${cpu}"}}}]}}
---
${highPriority}
---
${rest}`;

/** the one node, 2 CPUs */
const node2Cpu = `apiVersion: v1
kind: Node
metadata: {name: n1}
status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}`;

// A device that binds only once the fabric reports FabricDeviceReady, which never happens here:
// "low" waits in PreBind; "high" arrives at 10s and needs low's CPU.
const preBindScenario = (gates: string) => highAt10('prebind-victim', '3', `${bindingConditionsCluster}---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c, namespace: default}
spec:
  devices:
    requests: [{name: gpu, exactly: {deviceClassName: gpu}}]
---
apiVersion: v1
kind: Pod
metadata: {name: low, namespace: default}
spec:
  terminationGracePeriodSeconds: 0
  resourceClaims: [{name: gpu, resourceClaimName: c}]
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}, claims: [{name: gpu}]}}]`, gates);

describe('a victim waiting in PreBind (DynamicResources binding conditions)', () => {
  // 1.35 needs the alpha gate; 1.36 has DRADeviceBindingConditions beta and on.
  const rows: { name: string; version: KubernetesVersion; gates: string; changes?: Partial<Record<VersionChangeId, boolean>>; deleted: boolean }[] = [
    { name: 'v1.35: the victim is deleted through the API server', version: '1.35', gates: 'DRADeviceBindingConditions: true', deleted: true },
    { name: 'v1.36: the victim\'s PreBind is cancelled and it goes back to the queue (#135502)', version: '1.36', gates: '', deleted: false },
    { name: 'v1.37: as v1.36', version: '1.37', gates: '', deleted: false },
    { name: 'v1.36 without preBindPreemptToBackoff: deleted as in v1.35', version: '1.36', gates: '', changes: { preBindPreemptToBackoff: false }, deleted: true },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const r = run(preBindScenario(row.gates), row.version, row.changes, 60);
      // Deleted, the victim is an unassigned pod gone (no AssignedPodDelete): the preemptor waits,
      // nominated, for another event or the 5-minute flush. Cancelled, the victim's binding cycle
      // fails and forgets the assumed pod, which requeues the preemptor at once.
      expect(pod(r, 'high')).toMatchObject(row.deleted ? { phase: 'Pending', nominatedNode: 'n1' } : { phase: 'Running', node: 'n1' });
      const low = pod(r, 'low');
      const preempted = r.events.find((e) => e.reason === 'Preempted')!;
      expect(preempted.time).toBe(10);
      if (row.deleted) {
        expect(low.phase).toBe('Failed');
        expect(preempted.message).toMatch(/^Preempted by pod [0-9a-f-]+ on node n1$/);
        expect(eventsOf(r, 'low').some(([, reason]) => reason === 'FailedScheduling')).toBe(false);
      } else {
        expect(low.phase).toBe('Pending');
        expect(preempted.message).toMatch(/^Preempted by pod [0-9a-f-]+ on node n1 \(in kube-scheduler memory\)\.$/);
        expect(eventsOf(r, 'low')).toContainEqual([10, 'FailedScheduling', 'binding rejected: running PreBind plugin "DynamicResources": preempted by DefaultPreemption']);
        expect(r.queue.filter((m) => m.pod === 'default/low' && m.time === 10).map((m) => m.to)).toEqual(['scheduling', 'backoffQ']);
      }
    });
  }
});

// A v1alpha1 gang (the Workload API of v1.35: only 1.35 has pods waiting at Permit, later versions
// schedule a PodGroup in one cycle) of two with room for one: w-1 waits at Permit for its peer.
// "high" arrives at 10s and needs w-1's node.
const permitScenario = highAt10('permit-victim', '2', `${node2Cpu}
---
apiVersion: scheduling.k8s.io/v1alpha1
kind: Workload
metadata: {name: training, namespace: default}
spec: {podGroups: [{name: workers, policy: {gang: {minCount: 2}}}]}
---
${[1, 2].map((i) => `apiVersion: v1
kind: Pod
metadata: {name: w-${i}, namespace: default}
spec:
  workloadRef: {name: training, podGroup: workers}
  containers: [{name: w, image: trainer, resources: {requests: {cpu: "2"}}}]`).join('\n---\n')}`, 'GenericWorkload: true, GangScheduling: true');

describe('a victim waiting at Permit (GangScheduling)', () => {
  // The v1alpha1 gang is served only by v1.35, so the 1.36 behaviour is its switch turned on there
  // (as the upgrade preview does when it finds which change explains a difference).
  const rows: { name: string; changes?: Partial<Record<VersionChangeId, boolean>>; backoff: boolean }[] = [
    { name: 'v1.35: rejected as Unschedulable, the victim waits in the unschedulable pool', backoff: false },
    { name: 'with permitPreemptToBackoff (v1.36, #135719): an Error, the victim backs off', changes: { permitPreemptToBackoff: true }, backoff: true },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const r = run(permitScenario, '1.35', row.changes, 30);
      const waiting = r.queue.find((m) => m.to === 'waitingOnPermit')!.pod;
      const name = waiting.replace('default/', '');
      expect(pod(r, 'high')).toMatchObject({ phase: 'Running', node: 'n1' });
      expect(pod(r, name).phase).toBe('Pending');
      const failure = eventsOf(r, name).find(([time, reason]) => time === 10 && reason === 'FailedScheduling');
      const moves = r.queue.filter((m) => m.pod === waiting && m.time === 10).map((m) => m.to);
      const preempted = r.events.filter((e) => e.reason === 'Preempted').map((e) => e.message);
      if (row.backoff) {
        expect(failure?.[2]).toBe('waiting on permit for pod: preempted');
        expect(moves).toEqual(['scheduling', 'backoffQ']);
        expect(preempted).toEqual([expect.stringMatching(/^Preempted by pod [0-9a-f-]+ on node n1 \(in kube-scheduler memory\)\.$/)]);
      } else {
        expect(failure?.[2]).toBe('0/1 nodes are available: 1 preempted.');
        expect(moves).toEqual(['scheduling', 'unschedulablePods']);
        expect(preempted).toEqual([]);
      }
    });
  }
});

// upstream TestPreemptPod (pkg/scheduler/framework/preemption/executor_test.go, as stored from the
// 1.36 line on, after PRs #135502 and #135719): what Executor.PreemptPod does to one victim. Its
// rows check that the PreBind victim's context is cancelled and that only the plain victim costs
// API calls ("patch", "delete"); here the API calls show as the victim's deletion (deletedAt) and
// the "(in kube-scheduler memory)" Preempted event of a victim that is not deleted.
const runningVictimScenario = highAt10('running-victim', '2', `${node2Cpu}
---
apiVersion: v1
kind: Pod
metadata: {name: low, namespace: default}
spec:
  terminationGracePeriodSeconds: 0
  containers: [{name: c, image: x, resources: {requests: {cpu: "2"}}}]`);

describe('upstream TestPreemptPod rows, at v1.36 and v1.37', () => {
  const rows: { name: string; versions: KubernetesVersion[]; run: (v: KubernetesVersion) => SimulationResult; victim: (r: SimulationResult) => string; apiCalls: boolean }[] = [
    {
      name: 'victim is in preBind, context should be cancelled',
      versions: ['1.36', '1.37'], run: (v) => run(preBindScenario(''), v, undefined, 60), victim: () => 'low', apiCalls: false,
    },
    {
      // no default plugin keeps a pod at Permit from 1.36: the v1.35 gang with the 1.36 switch on
      name: 'victim is in waiting pods, it should be rejected (no calls to apiserver)',
      versions: ['1.35'], run: () => run(permitScenario, '1.35', { permitPreemptToBackoff: true }, 30),
      victim: (r) => r.queue.find((m) => m.to === 'waitingOnPermit')!.pod.replace('default/', ''), apiCalls: false,
    },
    {
      name: 'victim is not in waiting/preBind pods, pod should be deleted',
      versions: ['1.36', '1.37'], run: (v) => run(runningVictimScenario, v, undefined, 60), victim: () => 'low', apiCalls: true,
    },
  ];
  for (const row of rows) {
    for (const version of row.versions) {
      it(`${row.name} (v${version}${version === '1.35' ? ' with permitPreemptToBackoff' : ''})`, () => {
        const r = row.run(version);
        const victim = pod(r, row.victim(r));
        const preempted = r.events.filter((e) => e.reason === 'Preempted' && e.object === `Pod/default/${row.victim(r)}`).map((e) => e.message);
        expect(preempted).toHaveLength(1);
        if (row.apiCalls) {
          expect(victim.deletedAt).toBe(10);
          expect(preempted[0]).not.toContain('in kube-scheduler memory');
        } else {
          expect(victim.deletedAt).toBeUndefined();
          expect(victim.phase).toBe('Pending');
          expect(preempted[0]).toMatch(/\(in kube-scheduler memory\)\.$/);
        }
        expect(pod(r, 'high')).toMatchObject({ phase: 'Running', node: 'n1' });
      });
    }
  }
});
