// A lane's topology spread at the step on screen: its matching pods as a bar against the most the
// domain may hold (global minimum + maxSkew − the pod itself), and the skew if the pod went there.

import { memo, useLayoutEffect, useRef } from 'react';
import { animate } from './motion';
import { skewVerdict, type DomainSpread } from './spread';

export interface LaneSpreadProps {
  spread: DomainSpread;
  /** the count the bar's full width stands for (the same on every lane) */
  scaleMax: number;
  selfMatch: boolean;
  /** hide the skew verdict (an open question asks which domains pass) */
  hideVerdict: boolean;
  reducedMotion: boolean;
}

/** The most matching pods a domain may already hold and still take the pod. */
export function allowedCount(s: Pick<DomainSpread, 'minMatch' | 'maxSkew'>, selfMatch: boolean): number {
  return s.minMatch + s.maxSkew - (selfMatch ? 1 : 0);
}

export const LaneSpread = memo(function LaneSpread({ spread, scaleMax, selfMatch, hideVerdict, reducedMotion }: LaneSpreadProps) {
  const fill = useRef<HTMLSpanElement>(null);
  const share = Math.min(1, spread.count / Math.max(1, scaleMax));
  useLayoutEffect(() => {
    animate(fill.current, reducedMotion, { style: { width: `${share * 100}%` } });
  }, [share, reducedMotion]);
  const allowed = allowedCount(spread, selfMatch);
  return (
    <div
      className={`lane-spread${!hideVerdict && spread.violating ? ' violating' : ''}`}
      data-testid="lane-spread"
      data-domain={spread.domain}
      data-count={spread.count}
      data-when-unsatisfiable={spread.soft ? 'ScheduleAnyway' : 'DoNotSchedule'}
      {...(hideVerdict ? {} : { 'data-skew': spread.skewIfPlaced, 'data-violating': spread.violating })}
    >
      <span className="spread-bar" title={`${spread.count} matching pod(s); ${spread.soft ? `Score prefers at most ${allowed}` : `at most ${allowed} to take the pod`}`}>
        <span ref={fill} className="spread-fill" />
        {allowed >= 0 && allowed < scaleMax && <span className="spread-limit" style={{ left: `${(allowed / scaleMax) * 100}%` }} />}
      </span>
      <span className="spread-count"><strong>{spread.count}</strong> matching{spread.placedHere ? ' (+1)' : ''}{spread.isMinimum ? ' · the minimum' : ''}</span>
      {!hideVerdict && !spread.placedHere && <span className="spread-skew">{skewVerdict(spread)}</span>}
    </div>
  );
});
