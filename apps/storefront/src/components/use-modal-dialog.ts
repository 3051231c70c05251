'use client';

import { type RefObject, useEffect, useRef } from 'react';

/**
 * Opens a native `<dialog>` as a modal when the component mounts and closes it when it unmounts. The
 * browser keeps focus inside and closes it on Escape; on close the focus goes back to what had it before
 * (the button that opened it), and `initialFocus`, when given, gets the focus on opening.
 */
export function useModalDialog(
  initialFocus?: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dialog opens once, on mount; the ref is stable.
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return dialog;
}
