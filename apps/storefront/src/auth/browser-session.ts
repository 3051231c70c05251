import { cookieValue } from '../browser/cookies';
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

export function readBrowserSession(cookies = document.cookie, now = Date.now()): BrowserSession | null {
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
  const rid = cookieValue(document.cookie, SESSION_COOKIE.refresh);
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

/** Milliseconds until the token needs renewing (10 s before exp), or null without a valid token. */
export function msUntilRenewal(token: string, now = Date.now()): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? Math.max(0, claims.exp * 1000 - 10_000 - now) : null;
  } catch {
    return null;
  }
}

/** Asks the server for the login or logout address of this page (POST /api/dynamicURL) and goes there. */
export async function goToAccountPage(
  action: 'login' | 'logout',
  loginLocalesMapping: Readonly<Record<string, string>>,
  fallbackUrl: string,
): Promise<void> {
  const redirectURI = `${window.location.pathname}${window.location.search}`;
  try {
    const response = await fetch('/api/dynamicURL', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action, redirectURI, loginLocalesMapping }),
    });
    const answer = (await response.json()) as { url?: unknown };
    if (response.ok && typeof answer.url === 'string') {
      window.location.assign(answer.url);
      return;
    }
  } catch {
    // The plain address below still works.
  }
  window.location.assign(fallbackUrl);
}
