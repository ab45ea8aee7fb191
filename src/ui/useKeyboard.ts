// Keyboard shortcuts from the command registry, except while typing in the editor or a form field.

import { useEffect } from 'react';
import { commandForKey } from '../store/commands';
import { usePodplayStore } from '../store/hooks';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.monaco-editor') !== null) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * A field that is not drawn (the editor pane presenter mode hides) can keep the focus: Chrome does
 * not move it. Nobody is typing there, so it lets the focus go.
 */
export function releaseHiddenFocus(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.getClientRects().length > 0) return false;
  active.blur();
  return true;
}

export function useKeyboard(): void {
  const store = usePodplayStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // a key pressed into a hidden editor is the presenter's, never the hidden text's (issue 19:
      // `f` to leave presenter mode typed "f" into the YAML); the editor may have claimed it already
      const hidden = event.target === document.activeElement && releaseHiddenFocus();
      if (!hidden && (event.defaultPrevented || isTyping(event.target))) return;
      const command = commandForKey(store.getState(), event);
      if (command === undefined) return;
      event.preventDefault();
      command.run(store.getState());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

/** Follows the operating system's reduced-motion setting. */
export function useReducedMotion(): void {
  const store = usePodplayStore();
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const apply = () => store.getState().setReducedMotion(query.matches);
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [store]);
}
