// A node's NoSchedule/NoExecute taints at the cycle on screen, each beside the pod's toleration that
// tolerates it; at Filter the untolerated one that filtered the node out is highlighted.

import { Fragment } from 'react';
import type { TaintMark } from './taints';

/**
 * key=value:Effect (or a toleration) with line-break opportunities after =, / and the dots of a
 * domain and before :, so a narrow card wraps it between its parts, and inside a part between its
 * CamelCase words ("ToBeDeletedByCluster·Autoscaler", "node.·kubernetes.·io/", not "…ClusterAuto" /
 * "scaler" or "node.kubernete" / "s.io": issue 19, names cut mid-word)
 */
function breakable(text: string) {
  return text.split(/(?<=[=/.])|(?=:)|(?<=[a-z])(?=[A-Z])/).map((part, i) => <Fragment key={i}>{i > 0 && <wbr />}{part}</Fragment>);
}

export function TaintMarks({ marks, highlight, hideVerdict }: { marks: readonly TaintMark[]; highlight: boolean; hideVerdict: boolean }) {
  return (
    <ul className="taint-marks" aria-label="taints">
      {marks.map((m, i) => {
        const tolerated = m.toleration !== undefined;
        const state = hideVerdict ? 'unknown' : tolerated ? 'tolerated' : 'untolerated';
        return (
          <li
            key={i}
            className={`taint-mark ${state}${highlight && !hideVerdict && m.decides ? ' decides' : ''}`}
            data-testid="taint-mark"
            data-taint={m.taint}
            {...(hideVerdict ? {} : { 'data-tolerated': tolerated, 'data-decides': m.decides })}
          >
            <span className="taint-text">{breakable(m.taint)}</span>
            {!hideVerdict && (tolerated
              ? <span className="toleration" data-testid="toleration">✓ tolerates: {breakable(m.toleration ?? '')}</span>
              : <span className="toleration none">✗ no toleration</span>)}
          </li>
        );
      })}
    </ul>
  );
}
