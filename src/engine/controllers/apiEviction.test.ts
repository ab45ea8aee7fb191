// Cases from upstream pkg/registry/core/pod/storage/eviction_test.go (TestEviction,
// TestEvictionIgnorePDB, TestEvictionDryRun, TestEvictionPDBStatus). Upstream's pods come from
// validNewPod, which has no Ready condition and so is not ready (podutil.IsPodReady); here such
// pods carry Ready=False, since the simulator counts a Running pod without the condition as ready.
// The rows that only exercise resource-version conflicts and retries have no counterpart.
import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget, Workload } from '../model/types';
import { makePdb } from '../preemption/testing';
import { makePod } from '../testing/builders';
import { evictPod, podDisruptionBudgetsFor, type EvictionRefusal, type EvictionResult } from './apiEviction';

const NOW = 100;
type Policy = PodDisruptionBudget['spec']['unhealthyPodEvictionPolicy'];
const ALL_POLICIES: Policy[] = [undefined, 'IfHealthyBudget', 'AlwaysAllow'];

/** upstream validNewPod with labels a=true on node foo; `ready` sets the Ready condition */
function evictionPod(name: string, phase: Pod['status']['phase'], ready: boolean, terminating = false): Pod {
  const w = makePod().name(name).label('a', 'true').node('foo');
  if (phase) w.phase(phase);
  if (terminating) w.terminating(NOW - 1);
  const pod = w.obj();
  pod.status.conditions = [{ type: 'Ready', status: ready ? 'True' : 'False' }];
  return pod;
}

/** upstream's PDB "foo" selecting a=true with a stored status */
function fooPdb(status: PodDisruptionBudget['status'], policy: Policy, selector: 'a=true' | 'b=true' | 'empty' = 'a=true'): PodDisruptionBudget {
  const w = makePdb().name('foo');
  if (selector === 'empty') w.selector({}); else w.matchLabel(selector.split('=')[0]!, 'true');
  const pdb = w.obj();
  pdb.status = status;
  if (policy) pdb.spec.unhealthyPodEvictionPolicy = policy;
  return pdb;
}

const TOO_MANY = "Cannot evict pod as it would violate the pod's disruption budget.";
const refusal429 = (cause: string): EvictionRefusal => ({ code: 429, reason: 'TooManyRequests', message: TOO_MANY, causes: [{ type: 'DisruptionBudget', message: cause }], retryAfterSeconds: 0 });
const outcome = (r: EvictionResult) => (r.allowed ? r.path : r.refusal);

describe('evictPod (TestEviction)', () => {
  const rows: { name: string; status: PodDisruptionBudget['status']; selector?: 'a=true' | 'b=true' | 'empty'; phase: Pod['status']['phase']; policies: Policy[]; want: (p: Policy) => ReturnType<typeof outcome> }[] = [
    {
      name: 'matching pdbs with no disruptions allowed, pod running', status: { disruptionsAllowed: 0 }, phase: 'Running', policies: [undefined, 'IfHealthyBudget'],
      want: () => refusal429('The disruption budget foo needs 0 healthy pods and has 0 currently'),
    },
    // AlwaysAllow: the not-ready running pod goes without the budget
    { name: 'matching pdbs with no disruptions allowed, pod running (AlwaysAllow)', status: { disruptionsAllowed: 0 }, phase: 'Running', policies: ['AlwaysAllow'], want: () => 'UnhealthyPod' },
    { name: 'matching pdbs with no disruptions allowed, pod pending', status: { disruptionsAllowed: 0 }, phase: 'Pending', policies: ALL_POLICIES, want: () => 'IgnoredPDB' },
    { name: 'matching pdbs with no disruptions allowed, pod succeeded', status: { disruptionsAllowed: 0 }, phase: 'Succeeded', policies: ALL_POLICIES, want: () => 'IgnoredPDB' },
    { name: 'matching pdbs with no disruptions allowed, pod failed', status: { disruptionsAllowed: 0 }, phase: 'Failed', policies: ALL_POLICIES, want: () => 'IgnoredPDB' },
    { name: 'matching pdbs with disruptions allowed', status: { disruptionsAllowed: 1 }, phase: 'Running', policies: ALL_POLICIES, want: (p) => (p === 'AlwaysAllow' ? 'UnhealthyPod' : 'BudgetDecremented') },
    { name: 'non-matching pdbs', status: { disruptionsAllowed: 0 }, selector: 'b=true', phase: 'Running', policies: ALL_POLICIES, want: () => 'NoPDB' },
    {
      name: 'matching pdbs with no disruptions allowed, pod running, empty selector', status: { disruptionsAllowed: 0 }, selector: 'empty', phase: 'Running', policies: [undefined, 'IfHealthyBudget'],
      want: () => refusal429('The disruption budget foo needs 0 healthy pods and has 0 currently'),
    },
  ];
  for (const row of rows) {
    for (const policy of row.policies) {
      it(`${row.name} with ${policy ?? 'nil'} policy`, () => {
        const r = evictPod(evictionPod('t1', row.phase, false), [fooPdb(row.status, policy, row.selector)], [], NOW);
        expect(outcome(r)).toEqual(row.want(policy));
      });
    }
  }
});

describe('evictPod (TestEvictionIgnorePDB, PDB rows)', () => {
  const rows: { name: string; status: PodDisruptionBudget['status']; selector?: 'a=true' | 'empty'; pod: Pod; policies: Policy[]; want: ReturnType<typeof outcome> }[] = [
    { name: 'matching pdbs with no disruptions allowed, pod terminating', status: { disruptionsAllowed: 0 }, pod: evictionPod('t6', 'Running', true, true), policies: ALL_POLICIES, want: 'IgnoredPDB' },
    {
      name: 'matching pdbs with no disruptions allowed, pod running, pod healthy, unhealthy pod not ours', status: { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 },
      pod: evictionPod('t7', 'Running', true), policies: ALL_POLICIES, want: refusal429('The disruption budget foo needs 2 healthy pods and has 2 currently'),
    },
    {
      name: 'matching pdbs with disruptions allowed, pod running, pod healthy, healthy pod ours, deletes pod by honoring the PDB', status: { disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 3 },
      pod: evictionPod('t8', 'Running', true), policies: ALL_POLICIES, want: 'BudgetDecremented',
    },
    {
      name: 'matching pdbs with no disruptions allowed, pod running, pod unhealthy, unhealthy pod ours', status: { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 },
      pod: evictionPod('t8', 'Running', false), policies: ALL_POLICIES, want: 'UnhealthyPod',
    },
    {
      name: 'matching pdbs with no disruptions allowed, pod running, pod unhealthy, unhealthy pod ours, skips the PDB check and deletes', status: { disruptionsAllowed: 0 },
      pod: evictionPod('t8', 'Running', false), policies: ['AlwaysAllow'], want: 'UnhealthyPod',
    },
    {
      name: 'matching pdbs with no disruptions allowed, pod running, pod healthy, empty selector, pod not deleted by honoring the PDB', status: { disruptionsAllowed: 0, currentHealthy: 3, desiredHealthy: 3 },
      selector: 'empty', pod: evictionPod('t11', 'Running', true), policies: ALL_POLICIES, want: refusal429('The disruption budget foo needs 3 healthy pods and has 3 currently'),
    },
  ];
  for (const row of rows) {
    for (const policy of row.policies) {
      it(`${row.name} with ${policy ?? 'nil'} policy`, () => {
        expect(outcome(evictPod(row.pod, [fooPdb(row.status, policy, row.selector)], [], NOW))).toEqual(row.want);
      });
    }
  }
});

describe('evictPod (TestEvictionPDBStatus)', () => {
  const rows: { name: string; allowed: number; want: number }[] = [
    { name: 'pdb status is updated after eviction', allowed: 1, want: 0 },
    { name: 'condition reason is only updated if AllowedDisruptions becomes 0', allowed: 3, want: 2 },
  ];
  it.each(rows)('$name', ({ allowed, want }) => {
    const pdb = fooPdb({ disruptionsAllowed: allowed }, undefined);
    const r = evictPod(evictionPod('foo-1', 'Running', false), [pdb], [], NOW);
    expect(r).toEqual({
      allowed: true, path: 'BudgetDecremented',
      condition: { type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' },
      pdbUpdate: { pdb, status: { disruptionsAllowed: want, disruptedPods: { 'foo-1': NOW } } },
    });
  });
});

describe('evictPod (TestEvictionDryRun)', () => {
  it('with pdbs: allowed, nothing written', () => {
    expect(evictPod(evictionPod('foo', 'Running', true), [fooPdb({ disruptionsAllowed: 1 }, undefined)], [], NOW, { dryRun: true })).toEqual({ allowed: true, path: 'BudgetDecremented' });
  });
  it('without pdbs: allowed, no condition', () => {
    expect(evictPod(evictionPod('foo', 'Running', true), [], [], NOW, { dryRun: true })).toEqual({ allowed: true, path: 'NoPDB' });
  });
});

describe('evictPod refusals checked in EvictionREST.Create / checkAndDecrement', () => {
  it('more than one PDB: 500', () => {
    const other = fooPdb({ disruptionsAllowed: 5 }, undefined, 'empty');
    other.metadata.name = 'bar';
    const r = evictPod(evictionPod('t1', 'Running', true), [fooPdb({ disruptionsAllowed: 5 }, undefined), other], [], NOW);
    expect(outcome(r)).toEqual({ code: 500, message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.' });
  });
  it('negative disruptionsAllowed: 403', () => {
    expect(outcome(evictPod(evictionPod('t1', 'Running', true), [fooPdb({ disruptionsAllowed: -1 }, undefined)], [], NOW)))
      .toEqual({ code: 403, reason: 'Forbidden', message: 'poddisruptionbudget.policy "foo" is forbidden: pdb disruptions allowed is negative' });
  });
  it('a PDB in another namespace or with no selector does not count', () => {
    const elsewhere = fooPdb({ disruptionsAllowed: 0 }, undefined);
    elsewhere.metadata.namespace = 'other';
    const noSelector = fooPdb({ disruptionsAllowed: 0 }, undefined);
    delete noSelector.spec.selector;
    expect(podDisruptionBudgetsFor(evictionPod('t1', 'Running', true), [elsewhere, noSelector])).toEqual([]);
  });
});

describe('evictPod with the budget computed by the disruption controller', () => {
  const rs: Workload = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 3, template: { spec: { containers: [] } } } };
  const lookup = (kind: string, _ns: string, name: string) => (kind === 'ReplicaSet' && name === 'web' ? rs : undefined);
  const pods = () => ['a', 'b', 'c'].map((n) => makePod().name(n).label('app', 'web').node('n1').phase('Running').ownerReference('ReplicaSet', 'web').obj());

  it('minAvailable 2 of 3 ready pods: the first eviction takes the one disruption, the second is refused', () => {
    const pdb = makePdb().name('web').matchLabel('app', 'web').minAvailable(2).obj();
    const all = pods();
    const first = evictPod(all[0]!, [pdb], all, NOW, { lookupWorkload: lookup });
    expect(first).toMatchObject({ allowed: true, path: 'BudgetDecremented', pdbUpdate: { status: { disruptionsAllowed: 0, currentHealthy: 3, desiredHealthy: 2, disruptedPods: { a: NOW } } } });
    if (!first.allowed || !first.pdbUpdate) throw new Error('expected the budget to be taken');
    pdb.status = first.pdbUpdate.status;
    // pod a is still terminating-to-be: the controller counts it disrupted, not healthy
    const second = evictPod(all[1]!, [pdb], all, NOW + 1, { lookupWorkload: lookup });
    expect(outcome(second)).toEqual(refusal429('The disruption budget web needs 2 healthy pods and has 2 currently'));
  });

  it('maxUnavailable 1 over a ReplicaSet of 3: one disruption allowed', () => {
    const pdb = makePdb().name('web').matchLabel('app', 'web').maxUnavailable(1).obj();
    const all = pods();
    expect(evictPod(all[2]!, [pdb], all, NOW, { lookupWorkload: lookup })).toMatchObject({ allowed: true, pdbUpdate: { status: { disruptionsAllowed: 0, expectedPods: 3, disruptedPods: { c: NOW } } } });
  });
});
