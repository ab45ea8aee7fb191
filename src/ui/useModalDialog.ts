// A <dialog> shown as a modal while `open` is true (the store says which dialog is open; the
// element follows).

import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el === null) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}
