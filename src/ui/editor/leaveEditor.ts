// Leaving the editor with the keyboard: Tab indents in Monaco, so Escape then Tab moves the focus
// to the next control of the page instead, leaving the text as it was.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The control before or after `from` in tab order (document order), outside it; undefined at the ends. */
export function focusableBeside(from: Element, direction: 1 | -1): HTMLElement | undefined {
  const all = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !from.contains(e) && e.offsetParent !== null);
  const after = all.filter((e) => (from.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  const before = all.filter((e) => (from.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_PRECEDING) !== 0);
  return direction === 1 ? after[0] : before[before.length - 1];
}

/**
 * Escape, then Tab: the key handler of an editor that keeps Tab for indenting. Returns true when
 * the key was Tab right after Escape (the caller then stops the editor from indenting).
 */
export function escapeThenTab(host: Element): (key: string, shift: boolean) => boolean {
  let escaped = false;
  return (key, shift) => {
    if (key === 'Escape') {
      escaped = true;
      return false;
    }
    if (key === 'Shift') return false;
    const leave = key === 'Tab' && escaped;
    escaped = false;
    if (leave) focusableBeside(host, shift ? -1 : 1)?.focus();
    return leave;
  };
}
