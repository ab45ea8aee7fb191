// On the production-like dumps, each change the fix search may re-run from the snapshot before the
// pod's first cycle (engine/whatIf/variantSnapshot.ts) ends exactly as the same change run from
// time 0: the whole result, pod end states, events and messages included. And the search's
// replies (the fixes, their order, their YAML) are the same with snapshots and without.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import production from './fixtures/kubectl-production-pending.yaml?raw';
import fleet from './fixtures/kubectl-fleet-pending.yaml?raw';
import karpenter from './fixtures/kubectl-karpenter-pending.yaml?raw';
import twenty from './fixtures/kubectl-20-nodes-pending.yaml?raw';
import { searchFixes, simulateWithEdits, VARIANT_MARGIN_SECONDS, VARIANT_SNAPSHOTS, VariantSnapshots, variantStart } from '../engine/experiments';
import { fixSearchBaseline, runFixSearch, type FixSearchReply, type FixSearchRequest } from './fixSearch';
import { importAny } from './index';

// on for every pod, however few of its changes may start from a snapshot; as it was afterwards
const byDefault = { ...VARIANT_SNAPSHOTS };
beforeEach(() => { Object.assign(VARIANT_SNAPSHOTS, { enabled: true, fromChanges: 1 }); });
afterEach(() => { Object.assign(VARIANT_SNAPSHOTS, { enabled: byDefault.enabled, fromChanges: byDefault.fromChanges }); });

const prepare = (fixture: string) => {
  const text = importAny(fixture, { source: 'fixture' }).yaml;
  const request = { id: 1, text, fileName: 'imported.yaml', pod: '' };
  return { request, prepared: fixSearchBaseline(request)! };
};

describe('a change re-run from the snapshot ends as the same change run from time 0', () => {
  it.each([
    // pods whose changes include some re-run from the snapshot: a bare pod, Deployments' pods (the
    // template changes with the pod), at most `most` such changes a dump (each is two runs of it)
    ['production', production, ['geo/geo-api-4c74f8clb-v5nbb', 'ml/trainer'], 3],
    ['20 nodes', twenty, ['payments/payments-9f7c6d8b5-v5nbb', 'ops/debug-shell'], 3],
    ['fleet', fleet, ['checkout/cart-8892a9r4tb-wxtbb'], 1],
    ['Karpenter', karpenter, ['shop/checkout-api-6890e9t5mb-lqmbb'], 1],
  ] as const)('%s dump', (_name, fixture, pods, most) => {
    const { prepared: { scenario, baseline } } = prepare(fixture);
    const options = { until: baseline.endTime + VARIANT_MARGIN_SECONDS };
    let compared = 0;
    for (const pod of pods) {
      const snapshots = new VariantSnapshots(scenario, baseline, options);
      for (const candidate of searchFixes(scenario, baseline, pod).candidates) {
        if (compared >= most || variantStart(scenario, baseline, pod, candidate.edits).from !== 'snapshot') continue;
        const resumed = snapshots.run(pod, candidate.edits, (simulation) => simulation.result());
        expect(resumed, `${pod}: ${JSON.stringify(candidate.edits)}`).toBeDefined();
        expect(JSON.parse(JSON.stringify(resumed)), `${pod}: ${JSON.stringify(candidate.edits)}`).toEqual(JSON.parse(JSON.stringify(simulateWithEdits(scenario, candidate.edits, options))));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('the fix search with and without snapshots', () => {
  it('gives the same replies on the production dump', () => {
    const { request, prepared } = prepare(production);
    const search = (pod: string, snapshots: boolean) => {
      VARIANT_SNAPSHOTS.enabled = snapshots;
      const replies: FixSearchReply[] = [];
      runFixSearch({ ...request, pod } satisfies FixSearchRequest, (r) => replies.push(r), () => false, prepared);
      return replies;
    };
    for (const pod of ['geo/geo-api-4c74f8clb-v5nbb']) {
      const resumedBefore = VARIANT_SNAPSHOTS.resumed;
      const withSnapshots = search(pod, true);
      expect(VARIANT_SNAPSHOTS.resumed).toBeGreaterThan(resumedBefore);
      expect(withSnapshots.filter((r) => r.type === 'fix').length).toBeGreaterThan(0);
      expect(withSnapshots).toEqual(search(pod, false));
    }
  });
});
