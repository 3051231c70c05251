'use client';

import { useEffect } from 'react';
import { freshSession } from '../auth/browser-session';

/**
 * The account page of a browser whose access token has expired but whose refresh token may still renew
 * it: renews it (`freshSession`) and reloads, or goes to the login page when the session is over. Without
 * JavaScript the link does the latter.
 */
export function SessionRenewal({
  text,
  loginHref,
  login,
}: {
  text: string;
  loginHref: string;
  login: string;
}) {
  useEffect(() => {
    void freshSession().then((session) => {
      if (session) window.location.reload();
      else window.location.assign(loginHref);
    });
  }, [loginHref]);
  return (
    <p className="panel" role="status">
      {text} <a href={loginHref}>{login}</a>
    </p>
  );
}
