'use client';

import { NoticeDialog } from './notice-dialog';

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
 * The unauthenticated modal (spec §4, §5): what a visitor gets instead of a login-only file, tool or
 * project action, with a link to the login page that comes back to the page.
 */
export function LoginPrompt({ texts, loginHref, onClose }: LoginPromptProps) {
  return (
    <NoticeDialog
      title={texts.title}
      message={texts.message}
      link={{ href: loginHref, label: texts.login }}
      closeLabel={texts.close}
      onClose={onClose}
    />
  );
}
