// Cases from upstream noderesources/requested_to_capacity_ratio_test.go (TestBrokenLinearFunction).
import { describe, expect, it } from 'vitest';
import { buildBrokenLinearFunction, type FunctionShapePoint } from './shapeScore';

const cases: { name: string; points: FunctionShapePoint[]; assertions: [p: number, expected: number][] }[] = [
  {
    name: 'case_0: two points {10,1} {90,9}',
    points: [{ utilization: 10, score: 1 }, { utilization: 90, score: 9 }],
    assertions: [[-10, 1], [0, 1], [9, 1], [10, 1], [15, 1], [19, 1], [20, 2], [89, 8], [90, 9], [99, 9], [100, 9], [110, 9]],
  },
  {
    name: 'case_1: rising then falling {0,2} {40,10} {100,0}',
    points: [{ utilization: 0, score: 2 }, { utilization: 40, score: 10 }, { utilization: 100, score: 0 }],
    assertions: [[-10, 2], [0, 2], [20, 6], [30, 8], [40, 10], [70, 5], [100, 0], [110, 0]],
  },
  {
    name: 'case_2: flat {0,2} {40,2} {100,2}',
    points: [{ utilization: 0, score: 2 }, { utilization: 40, score: 2 }, { utilization: 100, score: 2 }],
    assertions: [[-10, 2], [0, 2], [20, 2], [30, 2], [40, 2], [70, 2], [100, 2], [110, 2]],
  },
];

describe('buildBrokenLinearFunction', () => {
  for (const { name, points, assertions } of cases) {
    const f = buildBrokenLinearFunction(points);
    it.each(assertions)(`${name}: f(%i) = %i`, (p, expected) => {
      expect(f(p)).toBe(expected);
    });
  }
});
