// Inter-pod affinity drawn over the lanes: a line from the pod being scheduled to every existing pod
// its required terms match (solid: affinity, dashed: anti-affinity), and from every existing pod
// whose required anti-affinity matches it (dotted), each labelled once with its topology domain.
// Positions are measured from the pod chips after layout; d3 draws the lines in and out.

import { select } from 'd3';
import { memo, useLayoutEffect, useRef } from 'react';
import { DOMAIN_TAG, type AffinityKind, type AffinityRelation } from './affinity';
import { STAGE_MS } from './motion';

export const AFFINITY_LABEL: Record<AffinityKind, string> = {
  affinity: 'affinity: wants to be with',
  antiAffinity: 'anti-affinity: avoids',
  existingAntiAffinity: 'avoids it (existing pod\'s anti-affinity)',
};

/** the lines' colours (stage.css draws them; the arrowheads need them here) */
const LINE_COLOUR: Record<AffinityKind, string> = { affinity: '#00735a', antiAffinity: '#b34700', existingAntiAffinity: '#8e3b74' };

const HOSTNAME = 'kubernetes.io/hostname';

/** how far each kind of line bows sideways, so two relations between the same pods stay apart */
const BOW: Record<AffinityKind, number> = { affinity: 0, antiAffinity: 0.12, existingAntiAffinity: -0.12 };

/** "kubernetes.io/hostname=node-2" reads "hostname=node-2" on the line */
function shortDomain(topologyKey: string, value: string): string {
  return `${topologyKey.slice(topologyKey.lastIndexOf('/') + 1)}=${value}`;
}

/** A quadratic curve from (x1, y1) to (x2, y2) bowed by `bow` of its length, and the point 80 % along it. */
function curve(l: Line): { d: string; labelX: number; labelY: number } {
  const dx = l.x2 - l.x1, dy = l.y2 - l.y1;
  const cx = (l.x1 + l.x2) / 2 - dy * BOW[l.kind], cy = (l.y1 + l.y2) / 2 + dx * BOW[l.kind];
  const t = 0.8, u = 1 - t;
  return {
    d: `M${l.x1},${l.y1} Q${cx},${cy} ${l.x2},${l.y2}`,
    labelX: u * u * l.x1 + 2 * u * t * cx + t * t * l.x2,
    labelY: u * u * l.y1 + 2 * u * t * cy + t * t * l.y2 - 6,
  };
}

interface Line {
  id: string;
  kind: AffinityKind;
  pod: string;
  domain: string;
  topologyValue: string;
  /** the domain says itself: a single node (kubernetes.io/hostname), or the lane the line ends in */
  drawnAsLane: boolean;
  x1: number; y1: number; x2: number; y2: number;
  /** the first line of its (kind, domain): carries the domain's label */
  labelled: boolean;
}

function chipCentre(container: HTMLElement, pod: string): { x: number; y: number } | undefined {
  const chip = container.querySelector<HTMLElement>(`[data-testid="pod-chip"][data-pod="${CSS.escape(pod)}"]`);
  if (chip === null) return undefined;
  const box = container.getBoundingClientRect();
  const r = chip.getBoundingClientRect();
  // client rects are after the stage's scale() (presenter/FitBox.tsx); the lines are drawn before it
  const scale = container.offsetWidth > 0 ? box.width / container.offsetWidth : 1;
  return {
    x: (r.left + r.width / 2 - box.left) / scale + container.scrollLeft,
    y: (r.top + r.height / 2 - box.top) / scale + container.scrollTop,
  };
}

export const AffinityLines = memo(function AffinityLines({ relations, incoming, laneKey, reducedMotion }: {
  relations: readonly AffinityRelation[]; incoming: string;
  /** the topology key the lanes are drawn by */
  laneKey: string | undefined;
  reducedMotion: boolean;
}) {
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const el = svg.current;
    const container = el?.parentElement;
    if (el === null || container === null || container === undefined) return;
    // fade: lines come and go with a transition (a new step); a redraw while the chips move does not
    const draw = (fade: boolean) => {
      const from = chipCentre(container, incoming);
      const seen = new Set<string>();
      const lines: Line[] = from === undefined ? [] : relations.flatMap((r) => {
        const to = chipCentre(container, r.pod);
        if (to === undefined) return [];
        const domain = shortDomain(r.topologyKey, r.topologyValue);
        const labelled = !seen.has(`${r.kind}\u0000${domain}`);
        seen.add(`${r.kind}\u0000${domain}`);
        // the existing pod's anti-affinity points at the incoming pod
        const [a, b] = r.kind === 'existingAntiAffinity' ? [to, from] : [from, to];
        return [{ id: `${r.kind}\u0000${r.pod}`, kind: r.kind, pod: r.pod, domain, topologyValue: r.topologyValue, drawnAsLane: r.topologyKey === HOSTNAME || r.topologyKey === laneKey, labelled, x1: a.x, y1: a.y, x2: b.x, y2: b.y }];
      });
      const groups = select(el).selectAll<SVGGElement, Line>('g.affinity-line:not(.leaving)').data(lines, (l) => l.id)
        .join(
          (enter) => {
            const g = enter.append('g').attr('class', (l) => `affinity-line ${l.kind}`).attr('opacity', reducedMotion || !fade ? 1 : 0);
            g.append('path').attr('marker-end', (l) => `url(#arrow-${l.kind})`);
            g.append('text');
            return g;
          },
          (update) => update,
          (exit) => (reducedMotion || !fade ? exit.remove() : exit.classed('leaving', true).transition('stage').duration(STAGE_MS / 2).attr('opacity', 0).remove()),
        )
        .attr('data-testid', 'affinity-line')
        .attr('data-kind', (l) => l.kind)
        .attr('data-pod', (l) => l.pod)
        .attr('data-domain', (l) => l.domain)
        .attr('data-topology-value', (l) => l.topologyValue);
      groups.select('path').attr('d', (l) => curve(l).d);
      groups.select('text')
        .attr('x', (l) => curve(l).labelX).attr('y', (l) => curve(l).labelY).attr('text-anchor', 'middle')
        // a hostname domain is the node the line ends on, a lane's is its title: no label needed
        .text((l) => (l.labelled && !l.drawnAsLane ? l.domain : ''));
      if (!reducedMotion && fade) groups.transition('stage').duration(STAGE_MS).attr('opacity', 1);
    };
    draw(true);
    // chips move while the pod travels and the cards slide to their rank: the lines follow them
    // frame by frame until they have settled, so that no line points where a chip was
    let frame = 0;
    const until = performance.now() + STAGE_MS + 300;
    const follow = () => {
      draw(false);
      if (performance.now() < until) frame = requestAnimationFrame(follow);
    };
    if (!reducedMotion) frame = requestAnimationFrame(follow);
    const resize = new ResizeObserver(() => draw(false));
    resize.observe(container);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
    };
  }, [relations, incoming, laneKey, reducedMotion]);
  return (
    <svg ref={svg} className="affinity-lines" aria-hidden="true">
      <defs>
        {Object.entries(LINE_COLOUR).map(([kind, colour]) => (
          <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colour} />
          </marker>
        ))}
      </defs>
    </svg>
  );
});

export function AffinityLegend({ kinds }: { kinds: readonly AffinityKind[] }) {
  return (
    <ul className="affinity-legend" data-testid="affinity-legend" aria-label="Inter-pod affinity lines">
      {kinds.map((k) => <li key={k} className={k}><svg width="28" height="10" aria-hidden="true"><line x1="0" y1="5" x2="28" y2="5" /></svg> {AFFINITY_LABEL[k]}</li>)}
    </ul>
  );
}

/** Marks a lane or node as a topology domain of an inter-pod (anti-)affinity relation. */
export function DomainTags({ kinds }: { kinds: readonly AffinityKind[] }) {
  return kinds.map((k) => (
    <span key={k} className={`domain-tag ${k}`} data-testid="domain-tag" data-kind={k} title={`a topology domain of the pod's ${AFFINITY_LABEL[k]}`}>{DOMAIN_TAG[k]}</span>
  ));
}
