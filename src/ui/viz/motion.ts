// The stage's d3 transitions: one duration and easing for every drawing, and none at all when the
// user prefers reduced motion (the store's reducedMotion follows the media query).

import { easeCubicOut, select } from 'd3';

export const STAGE_MS = 450;

export interface Target {
  style?: Record<string, string>;
  attr?: Record<string, string | number>;
}

/** Moves an element to new styles and attributes: a d3 transition from where it is, or at once under reduced motion. */
export function animate(el: Element | null, reducedMotion: boolean, to: Target): void {
  if (el === null) return;
  const s = select(el).interrupt('stage');
  if (reducedMotion) {
    for (const [k, v] of Object.entries(to.style ?? {})) s.style(k, v);
    for (const [k, v] of Object.entries(to.attr ?? {})) s.attr(k, v);
    return;
  }
  const t = s.transition('stage').duration(STAGE_MS).ease(easeCubicOut);
  for (const [k, v] of Object.entries(to.style ?? {})) t.style(k, v);
  for (const [k, v] of Object.entries(to.attr ?? {})) t.attr(k, v);
}

/**
 * Measures where the children of a container (each with data-node) are, and with `slide` moves
 * each from where it was to where it is now (FLIP). Offsets ignore transforms, so a slide under
 * way does not disturb the next measurement.
 */
export function slideReordered(container: HTMLElement, before: Map<string, { x: number; y: number }>, slide: boolean): Map<string, { x: number; y: number }> {
  const now = new Map<string, { x: number; y: number }>();
  const cards = [...container.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.dataset.node !== undefined);
  for (const card of cards) now.set(card.dataset.node!, { x: card.offsetLeft, y: card.offsetTop });
  if (!slide || before.size === 0) return now;
  for (const card of cards) {
    const from = before.get(card.dataset.node!);
    const to = now.get(card.dataset.node!)!;
    if (from === undefined || (from.x === to.x && from.y === to.y)) continue;
    select(card).interrupt('slide')
      .style('transform', `translate(${from.x - to.x}px, ${from.y - to.y}px)`)
      .transition('slide').duration(STAGE_MS).ease(easeCubicOut)
      .style('transform', 'translate(0px, 0px)')
      .on('end', () => { card.style.transform = ''; });
  }
  return now;
}
