import type { NextResponse } from 'next/server';
import { storefrontConfig } from '../config';
import { cookieAttributes, expiredSessionCookies, type SessionCookie } from './session-cookies';

/** Writes login cookies onto a route's response with the site's cookie attributes. */
export function setSessionCookies(response: NextResponse, cookies: SessionCookie[]): NextResponse {
  const { production } = storefrontConfig();
  for (const cookie of cookies) {
    response.cookies.set(cookie.name, cookie.value, {
      ...cookieAttributes(cookie.name, production),
      expires: cookie.expires,
    });
  }
  return response;
}

/** Expires every login cookie on the response (logout, failed refresh). */
export function clearSessionCookies(response: NextResponse): NextResponse {
  return setSessionCookies(response, expiredSessionCookies());
}
