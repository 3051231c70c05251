import { cookieValue, documentCookies } from '../browser/cookies';
import { loginStatusFromToken } from '../tracking/login-status';
import { RENEWABLE_SESSION_HINT, SESSION_COOKIE } from './session-cookies';

/**
 * The visitor's session as the browser sees it, from the login cookies (spec §3/§4): logged in while the
 * UserToken cookie holds a token more than 10 s from expiry. `freshSession()` renews an expired token
 * through getNewAccessToken once (concurrent callers share the call); when that fails the server has
 * expired the cookies and the visitor is logged out. The refresh token is an HttpOnly cookie scripts
 * cannot read: the renewal sends `{variables: {}}` (what spec §7's `{variables: {rid}}` becomes without a
 * readable cookie) and the route takes the token from the cookie.
 */

export interface BrowserSession {
  token: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

export function readBrowserSession(cookies = documentCookies(), now = Date.now()): BrowserSession | null {
  const token = cookieValue(cookies, SESSION_COOKIE.token);
  if (!token || loginStatusFromToken(token, now) !== 'logged in') return null;
  return {
    token,
    email: cookieValue(cookies, SESSION_COOKIE.email) ?? '',
    firstName: cookieValue(cookies, SESSION_COOKIE.firstName) ?? '',
    lastName: cookieValue(cookies, SESSION_COOKIE.lastName) ?? '',
    role: cookieValue(cookies, SESSION_COOKIE.role) ?? '',
  };
}

/** Whether the browser holds a session that a refresh token can renew (its readable companion cookie). */
export function hasRenewableSession(cookies = documentCookies()): boolean {
  return cookieValue(cookies, RENEWABLE_SESSION_HINT) !== null;
}

let refreshing: Promise<BrowserSession | null> | null = null;

export function freshSession(): Promise<BrowserSession | null> {
  const current = readBrowserSession();
  if (current) return Promise.resolve(current);
  if (!hasRenewableSession()) return Promise.resolve(null);
  refreshing ??= renew().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renew(): Promise<BrowserSession | null> {
  try {
    const response = await fetch('/api/ordercloud/Buyer/getNewAccessToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variables: {} }),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { access_token?: string };
    return answer.access_token ? readBrowserSession() : null;
  } catch {
    return null;
  }
}
