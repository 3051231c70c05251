'use client';

import { type ReactNode, type RefObject, useId } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface ModalDialogProps {
  title: string;
  message: string;
  /** Classes besides `login-prompt`, the modals' shared look. */
  className?: string;
  /** What gets the focus on opening; the browser's choice when unset. */
  initialFocus?: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** The buttons and links of the dialog, given the function that closes it. */
  actions: (close: () => void) => ReactNode;
}

/**
 * The site's modals: a native modal `<dialog>` labelled by its title and described by its message,
 * opened on mount (`useModalDialog`: focus stays inside, Escape closes, focus returns to the opener).
 */
export function ModalDialog({ title, message, className, initialFocus, onClose, actions }: ModalDialogProps) {
  const dialog = useModalDialog(initialFocus);
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={dialog}
      className={className ? `login-prompt ${className}` : 'login-prompt'}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
    >
      <h2 id={titleId} className="login-prompt__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="login-prompt__actions">{actions(() => dialog.current?.close())}</div>
    </dialog>
  );
}
