// Keyboard shortcuts from the command registry, except while typing in the editor or a form field.

import { useEffect } from 'react';
import { commandForKey } from '../store/commands';
import { usePodplayStore } from '../store/hooks';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.monaco-editor') !== null) return true;
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export function useKeyboard(): void {
  const store = usePodplayStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
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
