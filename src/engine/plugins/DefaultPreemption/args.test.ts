// Cases from upstream apis/config/validation/validation_pluginargs_test.go
// (TestValidateDefaultPreemptionArgs) and apis/config/v1/defaults_test.go (DefaultPreemptionArgs).
import { describe, expect, it } from 'vitest';
import { applyDefaultPreemptionDefaults, calculateNumCandidates, validateDefaultPreemptionArgs } from './args';

describe('ValidateDefaultPreemptionArgs', () => {
  it.each([
    { name: 'valid args (default)', pct: 10, abs: 100, paths: [] },
    { name: 'negative minCandidateNodesPercentage', pct: -1, abs: 100, paths: ['minCandidateNodesPercentage'] },
    { name: 'minCandidateNodesPercentage over 100', pct: 900, abs: 100, paths: ['minCandidateNodesPercentage'] },
    { name: 'negative minCandidateNodesAbsolute', pct: 20, abs: -1, paths: ['minCandidateNodesAbsolute'] },
    { name: 'all zero', pct: 0, abs: 0, paths: ['minCandidateNodesPercentage', 'minCandidateNodesAbsolute'] },
    { name: 'both out-of-range', pct: -1, abs: -1, paths: ['minCandidateNodesPercentage', 'minCandidateNodesAbsolute'] },
  ])('$name', ({ pct, abs, paths }) => {
    const errors = validateDefaultPreemptionArgs({ minCandidateNodesPercentage: pct, minCandidateNodesAbsolute: abs });
    expect(errors.map((e) => e.path)).toEqual(paths);
  });

  it('uses field.Invalid wording', () => {
    expect(validateDefaultPreemptionArgs({ minCandidateNodesPercentage: 900, minCandidateNodesAbsolute: 100 })).toEqual([
      { path: 'minCandidateNodesPercentage', message: 'Invalid value: 900: not in valid range [0, 100]' },
    ]);
  });
});

describe('SetDefaults_DefaultPreemptionArgs', () => {
  it.each([
    { name: 'empty args get 10% and 100', args: {}, want: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 } },
    { name: 'set fields are kept', args: { minCandidateNodesPercentage: 50 }, want: { minCandidateNodesPercentage: 50, minCandidateNodesAbsolute: 100 } },
    { name: 'zero is a value, not unset', args: { minCandidateNodesAbsolute: 0 }, want: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 0 } },
  ])('$name', ({ args, want }) => {
    expect(applyDefaultPreemptionDefaults(args)).toEqual(want);
  });
});

describe('calculateNumCandidates', () => {
  it.each([
    // upstream TestDryRunPreemption: 5 nodes, 40% / 1 -> 2; 40% / 2 -> 2
    { numNodes: 5, pct: 40, abs: 1, want: 2 },
    { numNodes: 5, pct: 40, abs: 2, want: 2 },
    // defaults: the absolute minimum wins until 1000 nodes, capped at the number of nodes
    { numNodes: 50, pct: 10, abs: 100, want: 50 },
    { numNodes: 5000, pct: 10, abs: 100, want: 500 },
    // integer division truncates
    { numNodes: 1999, pct: 10, abs: 0, want: 199 },
  ])('$numNodes nodes, $pct% / $abs -> $want', ({ numNodes, pct, abs, want }) => {
    expect(calculateNumCandidates({ minCandidateNodesPercentage: pct, minCandidateNodesAbsolute: abs }, numNodes)).toBe(want);
  });
});
