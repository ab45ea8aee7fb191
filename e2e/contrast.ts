// Text contrast on the stage and in the lesson, measured in the page in a few milliseconds (axe-core's
// color-contrast rule costs 1.3–4.3 s a lesson, too much for every lesson's last point in CI): each
// text's colour against the solid backgrounds behind it, composited as the browser paints them, at
// WCAG's 4.5:1 (3:1 for large text: 24 px, or 18.66 px bold). A text over a gradient or an image (a
// filtered card's stripes) is not measured, as axe-core leaves it "incomplete"; its own box's
// background, where it has one, is measured. Issue 19: a leaving pod at 2.08:1, in the lessons where
// it is the point.
import type { Page } from '@playwright/test';

export async function lowContrastTexts(page: Page, within = '.stage, .lesson-panel'): Promise<string[]> {
  return page.evaluate((within) => {
    type RGBA = [number, number, number, number];
    const parse = (css: string): RGBA | undefined => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (m === null) return undefined;
      const [r, g, b, a] = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r!, g!, b!, a ?? 1];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (c: number) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: RGBA, b: RGBA) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };
    /** the background behind an element, or undefined when a gradient or image is part of it */
    const backdrop = (e: Element): RGBA | undefined => {
      const layers: RGBA[] = [];
      for (let a: Element | null = e; a !== null; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.backgroundImage !== 'none') return undefined;
        const colour = parse(style.backgroundColor);
        if (colour !== undefined && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return layers.reduceRight<RGBA>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    /** everything between the element and the page drawn at this opacity */
    const opacity = (e: Element) => {
      let o = 1;
      for (let a: Element | null = e; a !== null; a = a.parentElement) o *= Number(getComputedStyle(a).opacity);
      return o;
    };
    const ownWords = (e: Element) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(n.textContent ?? ''));
    const found: string[] = [];
    for (const e of document.querySelectorAll(`:is(${within}) *`)) {
      if (!ownWords(e) || e.getClientRects().length === 0) continue;
      const r = e.getBoundingClientRect();
      // a text for screen readers only, clipped to a pixel
      if (r.width <= 1 || r.height <= 1) continue;
      const style = getComputedStyle(e);
      // a disabled control is exempt (WCAG 1.4.3; axe-core skips it too): the last point's Next
      if (style.visibility !== 'visible' || e.closest(':disabled, [aria-disabled="true"]') !== null) continue;
      const back = backdrop(e);
      const colour = parse(style.color);
      if (back === undefined || colour === undefined) continue;
      // the text's own alpha and every ancestor's opacity fade it toward what is behind it
      const text = over([colour[0], colour[1], colour[2], colour[3] * opacity(e)], back);
      const size = parseFloat(style.fontSize);
      const large = size >= 23.95 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const measured = ratio(text, back);
      if (measured < (large ? 3 : 4.5) - 0.005) {
        const name = `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}`;
        found.push(`${name} "${(e.textContent ?? '').trim().slice(0, 30)}" at ${measured.toFixed(2)}:1`);
      }
    }
    return found;
  }, within);
}
