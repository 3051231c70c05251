import { useSyncExternalStore } from 'react';
import { menuUserKindOfToken } from '../account/account-menu-links';
import { cookieValue, documentCookies } from '../browser/cookies';
import { RENEWABLE_SESSION_HINT, SESSION_COOKIE } from './session-cookies';
import { SELLER_SESSION_MARK, SESSION_DATASET_KEY } from './session-guard-script';

/**
 * Logged in or not, as the page shows it (issue 22 item 2). Pages are cached and the same for every
 * visitor, so the server renders both variants of what depends on the login (the header's account
 * control and Projects link, the "Log in required" hints) and `<html data-session>` chooses one in CSS
 * (`.when-user`, `.when-visitor` in global.css). The mark is set before the first paint by the inline
 * script of `session-guard-script.ts` and kept in step here: after every navigation (a login returns to
 * its page without reloading it), on a session's end, and when the page comes back into view.
 */

/** Whether the browser holds login cookies: a token, or the readable companion of a refresh token. */
export function hasSessionCookies(cookies = documentCookies()): boolean {
  return (
    !!cookieValue(cookies, SESSION_COOKIE.token) || cookieValue(cookies, RENEWABLE_SESSION_HINT) !== null
  );
}

/** The mark's value for a browser with login cookies: `seller` for a seller user's token, else ''. */
export function sessionMarkOf(cookies = documentCookies()): string {
  const token = cookieValue(cookies, SESSION_COOKIE.token);
  return token && menuUserKindOfToken(token) === 'seller' ? SELLER_SESSION_MARK : '';
}

const listeners = new Set<() => void>();

function marked(): boolean {
  return document.documentElement.dataset[SESSION_DATASET_KEY] !== undefined;
}

/** Sets the mark (`loggedIn` given: a session found to be over; else read from the cookies). */
export function syncSessionMark(loggedIn = hasSessionCookies()): void {
  const value = loggedIn ? sessionMarkOf() : undefined;
  if (value === document.documentElement.dataset[SESSION_DATASET_KEY]) return;
  if (value !== undefined) document.documentElement.dataset[SESSION_DATASET_KEY] = value;
  else delete document.documentElement.dataset[SESSION_DATASET_KEY];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mark, for components that load code only for logged-in users (false on the server and in hydration). */
export function useSessionMark(): boolean {
  return useSyncExternalStore(subscribe, marked, () => false);
}
