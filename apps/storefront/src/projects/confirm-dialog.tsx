'use client';

import { useRef } from 'react';
import { ModalDialog } from '../components/modal-dialog';

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
 * A confirmation before an action that cannot be undone (delete, submit for quote), in the site's modal
 * dialog. Focus starts on Cancel, so Enter does not confirm by accident; Escape cancels; focus goes back
 * to the opener when it closes.
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
  return (
    <ModalDialog
      title={title}
      message={message}
      className="project-confirm"
      initialFocus={cancel}
      onClose={onClose}
      actions={(close) => (
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              onConfirm();
              close();
            }}
          >
            {confirmLabel}
          </button>
          <button ref={cancel} type="button" className="button button--secondary" onClick={close}>
            {cancelLabel}
          </button>
        </>
      )}
    />
  );
}
