// What a student on a phone cannot see at the point on screen (issue 19): anything past the right
// edge (the page would scroll sideways), a narration or lesson text cut rather than wrapped or
// scrollable, a title card wider than the screen, text on the stage or in the lesson under 14 px
// (on a phone: names, Filter reasons, taints, bars, legends, the question). The phone spec
// asserts it; `PHONE=1 npm run lessons:shots` prints it for every point of every lesson.
import type { Page } from '@playwright/test';

export interface PhoneFit {
  pageWidth: number;
  /** the outermost elements reaching past the right edge */
  past: string[];
  /** text boxes whose content is taller than the box and which do not scroll */
  clipped: string[];
  /** the title card's right edge, when it is shown */
  coverRight: number | null;
  smallestName: number;
  /** the first few texts on the stage or in the lesson drawn under 14 px, with their size */
  smallText: string[];
  /** node cards not wholly on screen (in a lane that scrolls sideways, say) */
  nodesOff: string[];
  /** texts in a node card reaching past its edge */
  cutInCard: string[];
}

export async function phoneFit(page: Page): Promise<PhoneFit> {
  // the screen's width, not the window's: a mobile browser widens its layout viewport to a page
  // that is too wide, and nothing would then be past its edge
  return page.evaluate((width) => {
    const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.classList.length > 0 ? `.${[...e.classList].join('.')}` : ''}`;
    const pastEdge = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    // content that a box on screen clips or scrolls (a lane panned sideways, the events table, the
    // cycle strip's SVG) is not past the page's edge: the tablet check counted those
    const clippedOnScreen = (e: Element) => {
      for (let a = e.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && !pastEdge(a)) return true;
      }
      return false;
    };
    const past = [...document.querySelectorAll('body *')]
      .filter((e) => pastEdge(e) && !(e.parentElement && pastEdge(e.parentElement)) && !clippedOnScreen(e))
      // the YAML editor scrolls its own long lines inside its box
      .filter((e) => e.closest('.editor-pane') === null)
      .slice(0, 5).map(describe);
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    // (on a phone a Filter reason too: clamped to three lines in a card half the screen wide it lost
    // its end; a tablet keeps the desktop's three lines, the whole reason in its tooltip)
    const clipped = [...document.querySelectorAll(`[data-testid="narration"], [data-testid="lesson-narration"], .cycle-result, .lesson-cover-card${width <= 480 ? ', .stage .filter-reason' : ''}`)]
      .filter((e) => {
        const style = getComputedStyle(e);
        return (e.scrollHeight > e.clientHeight + 1 && !scrolls(style.overflowY)) || (e.scrollWidth > e.clientWidth + 1 && !scrolls(style.overflowX));
      }).map(describe);
    const cover = document.querySelector('[data-testid="lesson-cover"] .lesson-cover-card');
    const sizes = [...document.querySelectorAll('.node-name, .pod-chip .pod-name')].map((e) => parseFloat(getComputedStyle(e).fontSize));
    // any element on the stage or in the lesson with words of its own, on screen (a text a screen
    // reader alone hears is clipped to 1 px)
    const ownWords = (e: Element) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(n.textContent ?? ''));
    const smallText = [...document.querySelectorAll('.stage *, .lesson-panel *')]
      .filter((e) => e.closest('.editor-pane') === null && ownWords(e) && e.getClientRects().length > 0
        && e.getBoundingClientRect().width > 1 && parseFloat(getComputedStyle(e).fontSize) < 13.95)
      .slice(0, 5).map((e) => `${describe(e)} "${(e.textContent ?? '').trim().slice(0, 24)}" at ${getComputedStyle(e).fontSize}`);
    // words past the edge of their node card, which clips them ("0+512Mi / 8G" beside a bar)
    const cutInCard = [...document.querySelectorAll('.stage [data-testid="node-card"] *')]
      .filter((e) => ownWords(e) && e.getClientRects().length > 0
        && e.getBoundingClientRect().right > e.closest('[data-testid="node-card"]')!.getBoundingClientRect().right + 0.5)
      .slice(0, 5).map((e) => `${describe(e)} "${(e.textContent ?? '').trim().slice(0, 24)}"`);
    return {
      pageWidth: document.scrollingElement!.scrollWidth, past, clipped,
      coverRight: cover === null ? null : cover.getBoundingClientRect().right,
      smallestName: sizes.length > 0 ? Math.min(...sizes) : Infinity, smallText, cutInCard,
      nodesOff: [...document.querySelectorAll('[data-testid="node-card"]')]
        .filter((e) => e.getBoundingClientRect().left < -0.5 || pastEdge(e)).map((e) => e.getAttribute('data-node') ?? '?'),
    };
  }, page.viewportSize()?.width ?? 390);
}

/** The problems in a PhoneFit, one phrase each; none when the point reads on a phone. */
export function phoneProblems(fit: PhoneFit, width = 390): string[] {
  const problems: string[] = [];
  if (fit.pageWidth > width) problems.push(`page ${fit.pageWidth} px wide`);
  if (fit.past.length > 0) problems.push(`past the right edge: ${fit.past.join(', ')}`);
  if (fit.clipped.length > 0) problems.push(`cut: ${fit.clipped.join(', ')}`);
  if (fit.cutInCard.length > 0) problems.push(`past a node card's edge: ${fit.cutInCard.join(', ')}`);
  if (fit.coverRight !== null && fit.coverRight > width) problems.push(`title card ends at ${fit.coverRight} px`);
  // 14 px names are the phone layout's promise; a tablet shows the desktop's sizes
  if (width <= 480 && fit.smallestName < 14) problems.push(`names at ${fit.smallestName} px`);
  if (width <= 480 && fit.smallText.length > 0) problems.push(`text under 14 px: ${fit.smallText.join(', ')}`);
  // and every node of a lane on screen without panning (a lane panned sideways hid all but the first)
  if (width <= 480 && fit.nodesOff.length > 0) problems.push(`nodes off screen: ${fit.nodesOff.join(', ')}`);
  return problems;
}
