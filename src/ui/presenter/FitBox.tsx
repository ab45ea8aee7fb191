// Scales its content as a whole so it fits the box without scrolling: the cluster of a lesson or of
// presenter mode, laid out at its full type size and then shrunk to the space left (or grown a
// little, when a small cluster leaves room on a projector).
// The content is laid out at width boxWidth / scale, so a smaller scale also gives it more room to
// wrap into: the largest scale whose height fits is found by bisection (a few synchronous layouts
// of a dozen node cards).

import { useCallback, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { usePodplay } from '../../store/hooks';
import { COMPACT_ABOVE } from '../viz/ClusterView';

const MIN_SCALE = 0.3;

function fit(box: HTMLElement, content: HTMLElement, maxScale: number): number {
  const width = box.clientWidth;
  const height = box.clientHeight;
  if (width === 0 || height === 0) return 1;
  // laid out at width / scale; fits when neither its height nor its widest row spills out
  const fitsAt = (scale: number) => {
    content.style.width = `${width / scale}px`;
    return content.scrollHeight * scale <= height + 0.5 && content.scrollWidth <= width / scale + 0.5;
  };
  // room to spare (a small cluster on a projector): grow it, up to maxScale
  const growing = fitsAt(1);
  if (growing && (maxScale === 1 || fitsAt(maxScale))) return maxScale;
  let low = growing ? 1 : MIN_SCALE;
  let high = growing ? maxScale : 1;
  for (let i = 0; i < 8; i++) {
    const mid = (low + high) / 2;
    if (fitsAt(mid)) low = mid;
    else high = mid;
  }
  fitsAt(low);
  return low;
}

export function FitBox({ enabled, maxScale = 1, children }: { enabled: boolean; maxScale?: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const outer = box.current;
    const inner = content.current;
    if (!enabled || outer === null || inner === null) return;
    let busy = false;
    const apply = () => {
      if (busy) return;
      busy = true;
      try {
        const scale = fit(outer, inner, maxScale);
        inner.style.transform = scale === 1 ? '' : `scale(${scale})`;
        outer.dataset.scale = scale.toFixed(3);
      } finally {
        busy = false;
      }
    };
    apply();
    // a new step changes what the cards hold (reasons, scores, pods): fit again
    const observer = new ResizeObserver(apply);
    observer.observe(outer);
    observer.observe(inner);
    const mutations = new MutationObserver(apply);
    // a card's state is a class (filtered, selected…) that changes what it shows
    mutations.observe(inner, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
    // the cards slide to their rank and chips move between nodes: fit again once they have arrived
    // (once a frame however many transitions end together)
    let frame: number | undefined;
    const settled = () => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => { frame = undefined; apply(); });
    };
    inner.addEventListener('transitionend', settled);
    inner.addEventListener('animationend', settled);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      inner.removeEventListener('transitionend', settled);
      inner.removeEventListener('animationend', settled);
      if (frame !== undefined) cancelAnimationFrame(frame);
      inner.style.width = '';
      inner.style.transform = '';
      delete outer.dataset.scale;
    };
  }, [enabled, maxScale]);

  if (!enabled) return <>{children}</>;
  return (
    <div ref={box} className="fit-box" data-testid="fit-box">
      <div ref={content} className="fit-content">{children}</div>
    </div>
  );
}

/**
 * The cluster, scaled to fit, in a lesson and in presenter mode (where every node must be seen at
 * once); elsewhere it scrolls, and big clusters (tiles) always do.
 */
export function StageFit({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE);
  const short = useMediaQuery(SHORT);
  const presenter = usePodplay((s) => s.presenter);
  const enabled = usePodplay((s) => (s.presenter || s.lessonId !== undefined) && (s.run?.summary.nodes.length ?? 0) <= COMPACT_ABOVE)
    && !phone && !(short && !presenter);
  return <FitBox enabled={enabled} maxScale={1.35}>{children}</FitBox>;
}

/** the phone layout's width (styles.css): the stage is read at full size and panned, never shrunk to fit */
const PHONE = '(max-width: 480px)';
/** a short screen, e.g. a laptop at 150 % browser zoom (853×480): the stage scrolls (styles.css)
    rather than shrink the cluster to a third of its size */
const SHORT = '(max-height: 560px)';

export function useMediaQuery(media: string): boolean {
  const subscribe = useCallback((changed: () => void) => {
    const query = window.matchMedia(media);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, [media]);
  return useSyncExternalStore(subscribe, () => window.matchMedia(media).matches, () => false);
}
