import { type NextRequest, NextResponse } from 'next/server';
import { endSession } from '../../../../auth/commerce-auth';
import { safeRedirectPath } from '../../../../auth/redirect-target';
import { originOfRequest } from '../../../../auth/route-guards';
import { SESSION_COOKIE } from '../../../../auth/session-cookies';
import { clearSessionCookies } from '../../../../auth/session-response';

/**
 * GET /api/auth/logout?redirectURI=…, the address POST /api/dynamicURL hands out for logging out: it ends
 * the session in the commerce service (its refresh token and the access tokens issued with it stop
 * working), expires the login cookies and returns to the page the visitor was on (spec §4). A navigation
 * started by another site (Sec-Fetch-Site: cross-site) is sent back without logging out.
 */
export async function GET(request: NextRequest): Promise<NextResponse> {
  const url = new URL(request.url);
  const origin = originOfRequest(request.headers, request.url);
  const back = safeRedirectPath(url.searchParams.get('redirectURI'), origin);
  const response = NextResponse.redirect(new URL(back, origin), 303);
  response.headers.set('cache-control', 'no-store');
  if (request.headers.get('sec-fetch-site') === 'cross-site') return response;
  const refreshToken = request.cookies.get(SESSION_COOKIE.refresh)?.value;
  if (refreshToken) {
    try {
      await endSession(refreshToken);
    } catch (error) {
      // The cookies still go: the visitor is logged out here, and the session ends with its expiry.
      console.error('[logout] the commerce service did not end the session:', error);
    }
  }
  return clearSessionCookies(response);
}
