// Preempted and evicted pods at 4.5:1 (issue 19: drawn faded, they fell to 2.08:1, axe-core's only
// serious finding, in the lessons where they are the point). axe-core on every lesson's last point
// costs 1.3–4.3 s a lesson in the clicker walk (about two minutes for the gallery), so the colour
// pairs a leaving or terminating chip can show are checked here instead, with the stylesheet's
// rules for those chips: no rule fades them or changes their colours. (e2e/a11y.spec.ts runs
// axe-core where preemption and taints-noexecute first draw a pod leaving.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, PALETTE_COLOURS, textOn } from '../palette';

/** `over` drawn at opacity `alpha` on `colour` (#rrggbb), as the browser composites it. */
function composite(over: string, alpha: number, colour: string): string {
  const channel = (c: string, i: number) => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(alpha * channel(over, i) + (1 - alpha) * channel(colour, i)).toString(16).padStart(2, '0')).join('')}`;
}

/** The declarations of every rule whose selector names a leaving or terminating chip. */
function leavingRules(css: string): string[] {
  return [...css.matchAll(/([^{}]*)\{([^{}]*)\}/g)].filter(([, selector]) => /\.pod-chip[^,{]*\.(leaving|terminating)|\.(leaving|terminating)[^,{]*\.pod-chip/.test(selector!)).map(([, selector, body]) => `${selector!.trim()} { ${body!.trim()} }`);
}

const STYLES = ['../styles.css', './stage.css', '../presenter/presenter.css'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'));

describe('a leaving or terminating pod on the stage', () => {
  it.each(PALETTE_COLOURS)('on %s: its name, priority, PDB mark and grace countdown at 4.5:1 or more', (colour) => {
    // the name: the chip's text colour on the chip (struck through, not faded)
    expect(contrastRatio(colour, textOn(colour))).toBeGreaterThanOrEqual(4.5);
    // .pod-priority: #000 on white at 70 % over the chip; .pod-pdb: #1d2a5c on white at 75 %
    expect(contrastRatio(composite('#ffffff', 0.7, colour), '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(composite('#ffffff', 0.75, colour), '#1d2a5c')).toBeGreaterThanOrEqual(4.5);
  });

  it('the grace countdown: #000 on #fde8e6', () => {
    expect(contrastRatio('#fde8e6', '#000000')).toBeGreaterThanOrEqual(4.5);
  });

  it('is struck through and dashed, never faded or recoloured', () => {
    const rules = STYLES.flatMap(leavingRules);
    expect(rules.length).toBeGreaterThan(2);
    expect(rules.join('\n')).toMatch(/line-through/);
    expect(rules.filter((r) => /(^|[\s;{])(opacity|filter|color|background(-color)?)\s*:/.test(r.slice(r.indexOf('{'))))).toEqual([]);
  });

  it('the check reads a faded chip as faded', () => {
    expect(leavingRules('.pod-chip.leaving { opacity: 0.4 }').filter((r) => /opacity\s*:/.test(r))).toHaveLength(1);
    expect(composite('#ffffff', 0.7, '#000000')).toBe('#b3b3b3');
  });
});
