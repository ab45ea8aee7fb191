// One pod: a chip coloured by its owning workload, with its priority. The pod being scheduled
// travels from the queue to its node at Bind (a d3 transition from where it was drawn before).

import { easeCubicOut, select, transition } from 'd3';
import { createContext, memo, useContext, useLayoutEffect, useRef } from 'react';
import { clusterDifference } from '../../engine/readers';
import type { PodOutcome } from '../../engine/api';
import type { PodView } from '../../store/selectors';
import { chipPodName, formatPriority } from '../format';
import { textOn } from '../palette';
import { ClaimsOnChip } from './LaneVolumes';
import { MiddleEllipsis } from '../components/MiddleEllipsis';
import type { ClaimMark } from './volumes';
import { qosMark } from './evictions';
import { PDB_MARK, PdbCoverContext } from './PdbBudgets';

/** whether the chips carry their QoS class (the stage decides once for the run: evictions.ts qosShown) */
export const QosShownContext = createContext(false);
/**
 * the seconds left of each pod's tolerationSeconds wait at the step on screen (evictions.ts
 * countdownsAt); 'hidden' while a question asks when the pod goes: the wait is drawn, not its end
 */
export const CountdownContext = createContext<ReadonlyMap<string, number | 'hidden'>>(new Map());
/** the seconds left of each leaving pod's grace period at the step on screen (evictions.ts graceLeft) */
export const GraceContext = createContext<ReadonlyMap<string, number>>(new Map());

/** Where each travelling pod was last drawn, so its next drawing can start from there. */
const lastRects = new Map<string, DOMRect>();

export interface PodChipProps {
  pod: PodView;
  colour: string;
  current: boolean;
  /** animate a move from where the chip was last drawn */
  travel: boolean;
  onInspect(pod: string): void;
  /** its PersistentVolumeClaims at this step */
  claims?: readonly ClaimMark[] | undefined;
}

/** outcome → whether the simulation differs from the dump's recorded state (outcomes never change) */
const differs = new WeakMap<PodOutcome, boolean>();
function differsFromCluster(outcome: PodOutcome): boolean {
  let d = differs.get(outcome);
  if (d === undefined) differs.set(outcome, (d = outcome.recorded !== undefined && clusterDifference(outcome) !== undefined));
  return d;
}

function chipPhase(pod: PodView): string {
  // a pod waiting at Permit has a node reserved, but is not bound: still Pending
  if (pod.location === 'bound') return pod.outcome.phase === 'Pending' ? 'Running' : pod.outcome.phase;
  return 'Pending';
}

export const PodChip = memo(function PodChip({ pod, colour, current, travel, onInspect, claims }: PodChipProps) {
  const ref = useRef<HTMLButtonElement>(null);

  const mounted = useRef(false);
  useLayoutEffect(() => {
    const el = ref.current;
    const justMounted = !mounted.current;
    mounted.current = true;
    if (el === null || !current) return;
    const before = lastRects.get(pod.pod);
    // measuring forces a layout: only when the chip has just appeared somewhere else
    if (travel && justMounted && before !== undefined) {
      const rect = el.getBoundingClientRect();
      // client pixels are after the stage's scale() (presenter/FitBox.tsx); translate() is before it
      const scale = el.offsetWidth > 0 ? rect.width / el.offsetWidth : 1;
      const dx = (before.left - rect.left) / scale;
      const dy = (before.top - rect.top) / scale;
      if (Math.abs(dx) >= 2 || Math.abs(dy) >= 2) {
        select(el)
          .interrupt('travel')
          .style('transform', `translate(${dx}px, ${dy}px)`)
          .style('z-index', '10')
          // a named transition: referencing d3-transition keeps its selection methods in the bundle
          .transition(transition('travel').duration(700).ease(easeCubicOut))
          .style('transform', 'translate(0px, 0px)')
          .on('end', () => { el.style.zIndex = ''; });
      }
    }
    if (!travel) return;
    // remember where it is drawn once this frame is painted, when layout is clean and reading it is free
    let after: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      after = setTimeout(() => {
        if (!el.style.transform || el.style.transform === 'translate(0px, 0px)') lastRects.set(pod.pod, el.getBoundingClientRect());
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(after);
    };
  });

  const name = chipPodName(pod.pod);
  const qos = useContext(QosShownContext) ? pod.outcome.qosClass : undefined;
  const secondsLeft = useContext(CountdownContext).get(pod.pod);
  const budgets = useContext(PdbCoverContext).get(pod.pod);
  const graceSeconds = useContext(GraceContext).get(pod.pod);
  const different = differsFromCluster(pod.outcome);
  const marks = [
    pod.leaving ? 'leaving' : pod.terminating ? 'terminating' : '',
    pod.location === 'gated' ? 'gated' : '',
    pod.location === 'backoffQ' ? 'backoff' : '',
    pod.location === 'unschedulablePods' ? 'unschedulable' : '',
    pod.location === 'waitingOnPermit' || pod.location === 'waitingOnBinding' ? 'waiting-on-permit' : '',
  ].filter(Boolean);
  const title = [
    pod.pod, `priority ${pod.outcome.priority}`, qos !== undefined ? `QoS ${qos}` : '',
    budgets !== undefined ? `covered by PodDisruptionBudget ${budgets.join(', ')}` : '',
    graceSeconds !== undefined ? `grace period: gone in ${graceSeconds} s` : '',
    secondsLeft === 'hidden' ? 'tolerationSeconds: counting down (when it ends is a question\'s answer)'
      : secondsLeft !== undefined ? `tolerationSeconds: evicted by the taint eviction controller in ${secondsLeft} s` : '', pod.outcome.owner ? `owner ${pod.outcome.owner}` : '',
    pod.location === 'waitingOnPermit' ? `reserved on ${pod.node ?? '?'}, waiting at Permit`
      : pod.location === 'waitingOnBinding' ? `reserved on ${pod.node ?? '?'}, waiting in PreBind` : pod.node ? `on ${pod.node}` : `in ${pod.location}`, pod.nominated ? `nominated to ${pod.nominated}` : '',
    pod.backoffUntil !== undefined ? `backoff until t=${pod.backoffUntil}s` : '', ...marks, different ? 'differs from your cluster' : '',
    ...(claims ?? []).map((c) => `claim ${c.claim}: ${c.state}${c.boundTo !== undefined ? ` to ${c.boundTo}` : ''}${c.selectedNode !== undefined ? `, selected node ${c.selectedNode}` : ''}`),
  ].filter(Boolean).join(' · ');
  return (
    <button
      ref={ref}
      type="button"
      className={`pod-chip${current ? ' current' : ''}${different ? ' differs' : ''}${marks.map((m) => ` ${m}`).join('')}`}
      style={{ background: colour, color: textOn(colour) }}
      data-testid="pod-chip"
      data-pod={pod.pod}
      data-phase={chipPhase(pod)}
      data-node={pod.node}
      data-differs={different ? 'true' : undefined}
      title={title}
      onClick={() => onInspect(pod.pod)}
    >
      {different && <span className="differs-mark" aria-hidden="true">≠</span>}
      <MiddleEllipsis className="pod-name" text={name} />
      {pod.outcome.priority !== 0 && <span className="pod-priority">{formatPriority(pod.outcome.priority)}</span>}
      {secondsLeft === 'hidden' ? <span className="pod-countdown" data-testid="pod-countdown-hidden">? s left</span>
        : secondsLeft !== undefined && <span className="pod-countdown" data-testid="pod-countdown" data-seconds={secondsLeft}>{secondsLeft} s left</span>}
      {graceSeconds !== undefined && <span className="pod-grace" data-testid="pod-grace" data-seconds={graceSeconds}>gone in {graceSeconds} s</span>}
      {budgets !== undefined && <span className="pod-pdb" data-testid="pod-pdb" data-pdbs={budgets.join(' ')} aria-label={`covered by ${budgets.join(', ')}`}>{PDB_MARK}</span>}
      {qos !== undefined && <span className="pod-qos" data-testid="pod-qos" data-qos={qos} aria-label={`QoS ${qos}`}>{qosMark(qos)}</span>}
      {claims !== undefined && <ClaimsOnChip marks={claims} named={current && pod.node === undefined} />}
    </button>
  );
});
