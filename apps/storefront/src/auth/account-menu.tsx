'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { cookieValue, documentCookies } from '../browser/cookies';
import { RENEWABLE_SESSION_HINT, SESSION_COOKIE } from './session-cookies';

export interface AccountMenuTexts {
  login: string;
  logout: string;
  account: string;
  /** With `{name}`. */
  loggedInAs: string;
  /** With `{role}`. */
  roleLabel: string;
}

export interface AccountMenuProps {
  texts: AccountMenuTexts;
  /** The login page of this locale: the address without JavaScript, and the fallback. */
  loginHref: string;
  loginLocalesMapping: Readonly<Record<string, string>>;
}

const SessionMenu = lazy(() =>
  import('./account-session-menu').then((module) => ({ default: module.AccountSessionMenu })),
);

/**
 * The header's account control. Logged out: "Log in", which asks POST /api/dynamicURL for the login
 * address of this page. With login cookies (a token, or the name cookie that comes with a refresh token) it loads
 * `AccountSessionMenu`: the user's name opening a small menu with their role and "Log out", and the token's
 * renewal. Visitors, most of the site's traffic, never load that code.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [withSession, setWithSession] = useState(false);
  useEffect(() => {
    const cookies = documentCookies();
    if (cookieValue(cookies, SESSION_COOKIE.token) || cookieValue(cookies, RENEWABLE_SESSION_HINT) !== null) {
      setWithSession(true);
    }
  }, []);
  if (!withSession) return <LoginLink {...props} />;
  return (
    <Suspense fallback={<LoginLink {...props} />}>
      <SessionMenu {...props} />
    </Suspense>
  );
}

/** "Log in": the login page of this locale, or with JavaScript the address POST /api/dynamicURL gives. */
export function LoginLink({ texts, loginHref, loginLocalesMapping }: AccountMenuProps) {
  return (
    <a
      className="account-menu__login"
      href={loginHref}
      onClick={(event) => {
        event.preventDefault();
        void import('./account-navigation').then((module) =>
          module.goToAccountPage('login', loginLocalesMapping, loginHref),
        );
      }}
    >
      {texts.login}
    </a>
  );
}
