'use client';

import { useEffect, useId, useRef } from 'react';

export interface LoginPromptTexts {
  title: string;
  message: string;
  login: string;
  close: string;
}

interface LoginPromptProps {
  texts: LoginPromptTexts;
  loginHref: string;
  onClose: () => void;
}

/**
 * The prompt a visitor gets instead of a login-only file or tool (spec §4, §5: the unauthenticated
 * modal): a native modal `<dialog>` (focus moves in and stays, Escape closes it) with a link to log in.
 * The role-verification and role-not-permitted modals of spec §4 come with the role rules.
 */
export function LoginPrompt({ texts, loginHref, onClose }: LoginPromptProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="login-prompt"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
    >
      <h2 id={titleId} className="login-prompt__title">
        {texts.title}
      </h2>
      <p id={messageId}>{texts.message}</p>
      <div className="login-prompt__actions">
        <a className="button" href={loginHref}>
          {texts.login}
        </a>
        <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
          {texts.close}
        </button>
      </div>
    </dialog>
  );
}
