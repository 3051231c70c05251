'use client';

import { useEffect, useState } from 'react';
import { cookieValue, deleteCookie, documentCookies } from '../browser/cookies';
import { LOCALE_NOTICE_COOKIE } from './locale-notice-cookie';

/**
 * Says, once, that the locale menu led to the nearest page because the page asked for does not exist in
 * the chosen region (`/api/switch-locale` sets the cookie). Pages are cached for everyone, so the cookie
 * is read in the browser and then removed.
 */
export function LocaleNotice({ text }: { text: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (cookieValue(documentCookies(), LOCALE_NOTICE_COOKIE) === null) return;
    deleteCookie(LOCALE_NOTICE_COOKIE);
    setShown(true);
  }, []);
  return (
    <div className="container" role="status">
      {shown && <p className="locale-notice">{text}</p>}
    </div>
  );
}
