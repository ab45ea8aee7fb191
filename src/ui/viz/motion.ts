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
