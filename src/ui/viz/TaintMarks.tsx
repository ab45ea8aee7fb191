// A node's taints at the cycle on screen, each beside the pod's toleration that tolerates it; at
// Filter the untolerated one that filtered the node out is highlighted. PreferNoSchedule taints are
// drawn dashed (soft): they never filter, and Score counts the untolerated ones against the node.

import { breakable } from './Breakable';
import type { TaintMark } from './taints';

export function TaintMarks({ marks, highlight, hideVerdict }: { marks: readonly TaintMark[]; highlight: boolean; hideVerdict: boolean }) {
  return (
    <ul className="taint-marks" aria-label="taints">
      {marks.map((m, i) => {
        const tolerated = m.toleration !== undefined;
        const state = hideVerdict ? 'unknown' : tolerated ? 'tolerated' : 'untolerated';
        return (
          <li
            key={i}
            className={`taint-mark ${state}${m.soft ? ' soft' : ''}${highlight && !hideVerdict && m.decides ? ' decides' : ''}`}
            data-testid="taint-mark"
            data-taint={m.taint}
            {...(m.soft ? { 'data-soft': true, title: 'PreferNoSchedule: never filters; TaintToleration\'s Score counts the untolerated ones' } : {})}
            {...(hideVerdict ? {} : { 'data-tolerated': tolerated, 'data-decides': m.decides })}
          >
            <span className="taint-text">{breakable(m.taint)}</span>
            {!hideVerdict && (tolerated
              ? <span className="toleration" data-testid="toleration">✓ tolerates: {breakable(m.toleration ?? '')}</span>
              : <span className="toleration none">{m.soft ? '✗ no toleration: counts at Score' : '✗ no toleration'}</span>)}
          </li>
        );
      })}
    </ul>
  );
}
