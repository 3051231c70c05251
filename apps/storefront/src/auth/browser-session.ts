import { cookieValue, documentCookies } from '../browser/cookies';
import { loginStatusFromToken } from '../tracking/login-status';
import { SESSION_COOKIE } from './session-cookies';

/**
 * The visitor's session as the browser sees it, from the login cookies (spec §3/§4): logged in while the
 * UserToken cookie holds a token more than 10 s from expiry. `freshSession()` renews an expired token
 * through getNewAccessToken once (concurrent callers share the call); when that fails the server has
 * expired the cookies and the visitor is logged out.
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

let refreshing: Promise<BrowserSession | null> | null = null;

export function freshSession(): Promise<BrowserSession | null> {
  const current = readBrowserSession();
  if (current) return Promise.resolve(current);
  const rid = cookieValue(documentCookies(), SESSION_COOKIE.refresh);
  if (!rid) return Promise.resolve(null);
  refreshing ??= renew(rid).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function renew(rid: string): Promise<BrowserSession | null> {
  try {
    const response = await fetch('/api/ordercloud/Buyer/getNewAccessToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variables: { rid: encodeURIComponent(rid) } }),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as { access_token?: string };
    return answer.access_token ? readBrowserSession() : null;
  } catch {
    return null;
  }
}
