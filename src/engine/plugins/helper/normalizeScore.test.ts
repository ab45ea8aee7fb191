// Rows from upstream pkg/scheduler/framework/plugins/helper/normalize_score_test.go
// (TestDefaultNormalizeScore; upstream runs them as case_0 … case_8).
import { describe, expect, it } from 'vitest';
import { MAX_NODE_SCORE } from '../../framework/interfaces';
import { defaultNormalizeScore } from './normalizeScore';

const cases: { name: string; reverse: boolean; scores: number[]; expected: number[] }[] = [
  { name: 'case_0', reverse: false, scores: [1, 2, 3, 4], expected: [25, 50, 75, 100] },
  { name: 'case_1', reverse: true, scores: [1, 2, 3, 4], expected: [75, 50, 25, 0] },
  { name: 'case_2', reverse: false, scores: [1000, 10, 20, 30], expected: [100, 1, 2, 3] },
  { name: 'case_3', reverse: true, scores: [1000, 10, 20, 30], expected: [0, 99, 98, 97] },
  { name: 'case_4', reverse: false, scores: [1, 1, 1, 1], expected: [100, 100, 100, 100] },
  { name: 'case_5', reverse: false, scores: [1000, 1, 1, 1], expected: [100, 0, 0, 0] },
  { name: 'case_6', reverse: true, scores: [0, 1, 1, 1], expected: [100, 0, 0, 0] },
  { name: 'case_7', reverse: false, scores: [0, 0, 0, 0], expected: [0, 0, 0, 0] },
  { name: 'case_8', reverse: true, scores: [0, 0, 0, 0], expected: [100, 100, 100, 100] },
];

describe('DefaultNormalizeScore', () => {
  it.each(cases)('$name (reverse=$reverse, $scores)', ({ reverse, scores, expected }) => {
    const list = scores.map((score, i) => ({ name: `node${i}`, score }));
    expect(defaultNormalizeScore(MAX_NODE_SCORE, reverse, list).isSuccess()).toBe(true);
    expect(list.map((s) => s.score)).toEqual(expected);
  });
});
