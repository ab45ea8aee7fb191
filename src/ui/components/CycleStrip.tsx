// Every cycle of the run as a strip, coloured (and patterned) by result: click to jump to a cycle,
// or type its number. Drawn as one path per result so thousands of cycles stay cheap.

import { scaleLinear } from 'd3';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { usePodplay } from '../../store/hooks';
import type { CycleSummary } from '../../worker/protocol';
import { useHidden } from '../useStep';

const HEIGHT = 18;
const RESULTS: (CycleSummary['result'] | 'Hidden')[] = ['Scheduled', 'Unschedulable', 'Waiting', 'Error', 'Hidden'];

function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const observer = new ResizeObserver(([entry]) => { if (entry) setWidth(Math.max(100, entry.contentRect.width)); });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function CycleStrip() {
  const cycles = usePodplay((s) => s.run?.cycles);
  const cycle = usePodplay((s) => s.position.cycle);
  const seekCycle = usePodplay((s) => s.seekCycle);
  const [ref, width] = useWidth();
  const hidden = useHidden();
  // an open lesson question about this cycle's outcome: its result (and later ones) stay grey
  const hideFrom = hidden.has('placement') || hidden.has('feasibility') ? cycle : Number.POSITIVE_INFINITY;
  const count = cycles?.length ?? 0;
  const x = useMemo(() => scaleLinear().domain([0, Math.max(1, count)]).range([0, width]), [count, width]);
  const paths = useMemo(() => {
    const d = new Map<string, string>(RESULTS.map((r) => [r, '']));
    const w = Math.max(1, x(1) - x(0) - (count < 200 ? 1 : 0));
    (cycles ?? []).forEach((c, i) => {
      const result = c.cycle >= hideFrom ? 'Hidden' : c.result;
      d.set(result, `${d.get(result)}M${x(i).toFixed(1)},2h${w.toFixed(1)}v${HEIGHT - 4}h${(-w).toFixed(1)}z`);
    });
    return d;
  }, [cycles, x, count, hideFrom]);
  if (count === 0) return null;
  return (
    <div className="cycle-strip">
      <div ref={ref} className="strip-svg-wrap">
        <svg
          width="100%"
          height={HEIGHT}
          role="slider"
          aria-label="Cycles"
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={cycle}
          data-testid="cycle-strip"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            seekCycle(Math.floor(x.invert(e.clientX - box.left)) + 1);
          }}
        >
          {RESULTS.map((r) => <path key={r} className={`strip-${r}`} d={paths.get(r)} />)}
          <rect className="strip-cursor" x={x(cycle - 1) - 1} y={0} width={Math.max(3, x(1) - x(0) + 2)} height={HEIGHT} />
        </svg>
      </div>
      <label className="cycle-jump">
        cycle{' '}
        <input
          type="number"
          min={1}
          max={count}
          value={cycle}
          data-testid="cycle-input"
          onChange={(e) => { const n = Number(e.target.value); if (Number.isFinite(n) && n >= 1) seekCycle(n); }}
        />
      </label>
    </div>
  );
}
