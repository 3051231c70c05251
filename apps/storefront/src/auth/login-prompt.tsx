'use client';

import { DEFAULT_LOCALE, localizedPath, splitLocalePath } from '../routing/locales';
import { NoticeDialog } from './notice-dialog';

export interface LoginPromptTexts {
  title: string;
  message: string;
  login: string;
  close: string;
}

interface LoginPromptProps {
  texts: LoginPromptTexts;
  /** The login page coming back here; without it, that of the page's locale for this page. */
  loginHref?: string;
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
      link={{ href: loginHref ?? loginHrefHere(), label: texts.login }}
      closeLabel={texts.close}
      onClose={onClose}
    />
  );
}

/** The login page of this page's locale, coming back here afterwards. */
function loginHrefHere(): string {
  const { pathname, search } = window.location;
  const locale = splitLocalePath(pathname).locale ?? DEFAULT_LOCALE;
  return `${localizedPath(locale, '/login')}?${new URLSearchParams({ redirectURI: `${pathname}${search}` })}`;
}
