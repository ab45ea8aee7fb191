// The order fixes are offered in, apart from the search itself so the page can rank the fixes the
// worker sends without loading the engine.

import type { VerifiedFix } from './verify';

/** Fewest side effects first, then the smallest change; otherwise the order they were found in. */
export function rankFixes<T extends Pick<VerifiedFix, 'sideEffects' | 'candidate'>>(fixes: readonly T[]): T[] {
  return fixes.map((f, i) => ({ f, i })).sort((a, b) => a.f.sideEffects.length - b.f.sideEffects.length || a.f.candidate.cost - b.f.candidate.cost || a.i - b.i).map(({ f }) => f);
}
