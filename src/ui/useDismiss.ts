// Closing a popover or menu the way people expect: Escape, or a press anywhere outside it.

import { useEffect, useEffectEvent } from 'react';

/**
 * While `open`, calls `dismiss` on Escape or on a pointer press outside `area` (the element that
 * holds both the trigger and the popover, so pressing the trigger itself is left to it).
 */
export function useDismiss(open: boolean, area: () => Element | null | undefined, dismiss: () => void): void {
  const close = useEffectEvent((event: Event) => {
    if (event instanceof KeyboardEvent ? event.key === 'Escape' : !area()?.contains(event.target as Node)) dismiss();
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: Event) => close(event);
    window.addEventListener('keydown', listener);
    window.addEventListener('pointerdown', listener);
    return () => {
      window.removeEventListener('keydown', listener);
      window.removeEventListener('pointerdown', listener);
    };
  }, [open]);
}
