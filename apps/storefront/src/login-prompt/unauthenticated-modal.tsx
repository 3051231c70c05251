'use client';

import { useEffect, useId, useRef } from 'react';

export interface UnauthenticatedModalTexts {
  /** The dialog's heading, e.g. "Log in to continue". */
  title: string;
  /** Why, e.g. "Log in with your business account to keep favourites…". */
  message: string;
  /** The login link's text. */
  login: string;
  /** The button that closes the dialog. */
  close: string;
}

interface UnauthenticatedModalProps {
  texts: UnauthenticatedModalTexts;
  /** Where the login link goes (the login page, with the page to come back to). */
  loginHref: string;
  /** Takes over the login link's click (e.g. to ask the server for the login address); optional. */
  onLogin?: () => void;
  /** Called once the dialog has closed (Escape, the close button); the caller then restores focus. */
  onClose: () => void;
}

/**
 * The unauthenticated modal of spec §2 (§4, §6: what a visitor gets instead of a feature that needs a
 * login): a native modal `<dialog>`, so the rest of the page is inert and Escape closes it. It opens when
 * mounted with focus on the login link, is labelled by its heading and described by its message, and
 * reports its closing so whoever opened it can put focus back where it was.
 */
export function UnauthenticatedModal({ texts, loginHref, onLogin, onClose }: UnauthenticatedModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const login = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    login.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
    >
      <h2 id={titleId} className="modal__title">
        {texts.title}
      </h2>
      <p id={messageId}>{texts.message}</p>
      <div className="modal__actions">
        <a
          ref={login}
          className="button"
          href={loginHref}
          onClick={
            onLogin
              ? (event) => {
                  event.preventDefault();
                  onLogin();
                }
              : undefined
          }
        >
          {texts.login}
        </a>
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          {texts.close}
        </button>
      </div>
    </dialog>
  );
}
