'use client';

import { useId } from 'react';
import { useModalDialog } from '../components/use-modal-dialog';

interface NoticeDialogProps {
  title: string;
  message: string;
  /** The dialog's main way on (log in, find a representative); none: only Close. */
  link?: { href: string; label: string };
  closeLabel: string;
  onClose: () => void;
}

/**
 * The modals of spec §2/§4 (unauthenticated, role verification, user role): a native modal `<dialog>`,
 * labelled by its title and described by its message. The browser keeps focus inside and closes it on
 * Escape; on close the focus goes back to what had it before (the button that opened it).
 */
export function NoticeDialog({ title, message, link, closeLabel, onClose }: NoticeDialogProps) {
  const dialog = useModalDialog();
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={dialog}
      className="login-prompt"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
    >
      <h2 id={titleId} className="login-prompt__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="login-prompt__actions">
        {link && (
          <a className="button" href={link.href}>
            {link.label}
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
