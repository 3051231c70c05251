'use client';

import { useId, useRef } from 'react';
import { useModalDialog } from '../components/use-modal-dialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Called when the user confirms; the dialog closes when it settles. */
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation before an action that cannot be undone (delete, submit for quote): a native modal
 * `<dialog>` labelled by its title and described by its message. Focus starts on Cancel, so Enter does
 * not confirm by accident; Escape cancels; focus goes back to the opener when it closes.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(cancel);
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={dialog}
      className="login-prompt project-confirm"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
    >
      <h2 id={titleId} className="login-prompt__title">
        {title}
      </h2>
      <p id={messageId}>{message}</p>
      <div className="login-prompt__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onConfirm();
            dialog.current?.close();
          }}
        >
          {confirmLabel}
        </button>
        <button
          ref={cancel}
          type="button"
          className="button button--secondary"
          onClick={() => dialog.current?.close()}
        >
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
