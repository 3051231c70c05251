'use client';

import { ModalDialog } from '../components/modal-dialog';

interface NoticeDialogProps {
  title: string;
  message: string;
  /** The dialog's main way on (log in, find a representative); none: only Close. */
  link?: { href: string; label: string };
  closeLabel: string;
  onClose: () => void;
}

/**
 * The modals of spec §2/§4 (unauthenticated, role verification, user role): the site's modal dialog with
 * the way on as a link, and Close.
 */
export function NoticeDialog({ title, message, link, closeLabel, onClose }: NoticeDialogProps) {
  return (
    <ModalDialog
      title={title}
      message={message}
      onClose={onClose}
      actions={(close) => (
        <>
          {link && (
            <a className="button" href={link.href}>
              {link.label}
            </a>
          )}
          <button type="button" className="button button--secondary" onClick={close}>
            {closeLabel}
          </button>
        </>
      )}
    />
  );
}
