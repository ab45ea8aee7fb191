import { describe, expect, it } from 'vitest';
import type { ScenarioError } from '../../engine/api';
import { capProblems } from '../../engine/model/decoder';
import { problemCount, shownProblems } from './problems';

const problems = (n: number, message: string): ScenarioError[] => Array.from({ length: n }, (_, i) => ({ file: 'f.yaml', line: i + 1, column: 1, message }));

describe('shown problems', () => {
  it.each([
    { name: 'all, when few', errors: 3, warnings: 2, limit: 10, shown: [3, 2], hidden: 0 },
    { name: 'errors first, warnings in the room left', errors: 8, warnings: 5, limit: 10, shown: [8, 2], hidden: 3 },
    { name: 'only the first errors when they alone exceed the limit', errors: 200_000, warnings: 4, limit: 500, shown: [500, 0], hidden: 199_504 },
  ])('$name', ({ errors, warnings, limit, shown, hidden }) => {
    const result = shownProblems(problems(errors, 'e'), problems(warnings, 'w'), limit);
    expect([result.errors.length, result.warnings.length]).toEqual(shown);
    expect(result.hidden).toBe(hidden);
    expect(result.errors[0]?.line).toBe(errors > 0 ? 1 : undefined);
  });
});

describe('problem count', () => {
  it('counts what the engine left out of a long list', () => {
    // the list as the engine cuts it, with its own closing entry
    const cut = capProblems(problems(1500, 'e'), 'error', 'f.yaml');
    expect(cut.length).toBeLessThan(1500);
    expect(problemCount(cut)).toBe(1500);
    expect(shownProblems(cut, [], 500).hidden).toBe(1000);
  });

  it('a short list counts itself', () => {
    expect(problemCount(problems(7, 'e'))).toBe(7);
  });
});
