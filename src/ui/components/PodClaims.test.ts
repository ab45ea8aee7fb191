// How the Pod tab names where a DRA claim comes from.
import { describe, expect, it } from 'vitest';
import { claimSource } from './PodClaims';

describe('claimSource', () => {
  it.each([
    { name: 'a claim named directly', claim: { name: 'gpu', claimName: 'shared' }, want: '' },
    { name: 'the pod\'s own template', claim: { name: 'gpu', template: 't' }, want: ' (from ResourceClaimTemplate t)' },
    { name: 'the PodGroup\'s claim named directly', claim: { name: 'gpu', podGroupClaim: 'g' }, want: ' (the PodGroup\'s claim g)' },
    { name: 'the PodGroup\'s claim made from a template', claim: { name: 'gpu', podGroupClaim: 'g', template: 't' }, want: ' (the PodGroup\'s claim g, from ResourceClaimTemplate t)' },
  ])('$name', ({ claim, want }) => {
    expect(claimSource(claim)).toBe(want);
  });
});
