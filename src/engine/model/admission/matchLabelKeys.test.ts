// Cases from upstream pkg/registry/core/pod/strategy_test.go (Test_mutatePodAffinity; the feature
// gate is GA and always on in v1.35, so the "feature gate is disabled" row does not apply), plus a
// Filter-level check beside the plugin (plugins/InterPodAffinity/matchLabelKeys.test.ts).
import { describe, expect, it } from 'vitest';
import type { Affinity, PodAffinityTerm } from '../types';
import { makePod } from '../../testing/builders';
import { applyMatchLabelKeys } from './matchLabelKeys';

const asia = { matchLabels: { region: 'Asia' } };
const labels = { country: 'Japan', city: 'Kyoto' };

describe('applyMatchLabelKeys: Test_mutatePodAffinity', () => {
  it('matchLabelKeys are merged into labelSelector with In and mismatchLabelKeys are merged with NotIn', () => {
    const term: PodAffinityTerm = { labelSelector: asia, topologyKey: '', matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] };
    const affinity: Affinity = {
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: term }] },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: term }] },
    };
    const want: PodAffinityTerm = {
      labelSelector: {
        matchLabels: { region: 'Asia' },
        matchExpressions: [{ key: 'country', operator: 'In', values: ['Japan'] }, { key: 'city', operator: 'NotIn', values: ['Kyoto'] }],
      },
      topologyKey: '', matchLabelKeys: ['country'], mismatchLabelKeys: ['city'],
    };
    const got = applyMatchLabelKeys(makePod().name('p').labels(labels).affinity(affinity).obj());
    expect(got.spec.affinity).toEqual({
      podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [want], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: want }] },
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [want], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: want }] },
    });
  });

  it('keys, which are not found in Pod labels, are ignored', () => {
    const pod = makePod().name('p').labels(labels).podAffinity({ labelSelector: asia, topologyKey: '', matchLabelKeys: ['city', 'not-found'] }).obj();
    expect(applyMatchLabelKeys(pod).spec.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([{
      labelSelector: { matchLabels: { region: 'Asia' }, matchExpressions: [{ key: 'city', operator: 'In', values: ['Kyoto'] }] },
      topologyKey: '', matchLabelKeys: ['city', 'not-found'],
    }]);
  });

  it('matchLabelKeys is ignored if the labelSelector is nil', () => {
    const term: PodAffinityTerm = { topologyKey: '', matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] };
    const pod = makePod().name('p').labels(labels).podAffinity(term).obj();
    expect(applyMatchLabelKeys(pod).spec.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([term]);
  });

  it('does not change the pod it is given', () => {
    const pod = makePod().name('p').labels(labels).podAntiAffinity({ labelSelector: asia, topologyKey: 'zone', matchLabelKeys: ['country'] }).obj();
    const before = structuredClone(pod);
    applyMatchLabelKeys(pod);
    expect(pod).toEqual(before);
  });
});
