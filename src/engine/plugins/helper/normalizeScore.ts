// upstream: pkg/scheduler/framework/plugins/helper/normalize_score.go

import type { NodeScoreEntry } from '../../framework/interfaces';
import { Status } from '../../framework/status';

/**
 * upstream: DefaultNormalizeScore — scales scores to [0, maxPriority] by the highest score (Go
 * int64 division, so truncation). With reverse, the scale is flipped: the lowest raw score gets
 * maxPriority. When every score is 0, reverse gives everyone maxPriority and otherwise all stay 0.
 */
export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: NodeScoreEntry[]): Status {
  let maxCount = 0;
  for (const s of scores) if (s.score > maxCount) maxCount = s.score;

  if (maxCount === 0) {
    if (reverse) for (const s of scores) s.score = maxPriority;
    return Status.success();
  }

  for (const s of scores) {
    let score = Math.trunc((maxPriority * s.score) / maxCount);
    if (reverse) score = maxPriority - score;
    s.score = score;
  }
  return Status.success();
}
