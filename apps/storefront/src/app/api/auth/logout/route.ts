import { NextResponse } from 'next/server';
import { safeRedirectPath } from '../../../../auth/redirect-target';
import { originOfRequest } from '../../../../auth/route-guards';
import { clearSessionCookies } from '../../../../auth/session-response';

/**
 * GET /api/auth/logout?redirectURI=…, the address POST /api/dynamicURL hands out for logging out: it
 * expires the login cookies and returns to the page the visitor was on (spec §4). A navigation started
 * by another site (Sec-Fetch-Site: cross-site) is sent back without logging out.
 */
export async function GET(request: Request): Promise<NextResponse> {
  const url = new URL(request.url);
  const origin = originOfRequest(request.headers, request.url);
  const back = safeRedirectPath(url.searchParams.get('redirectURI'), origin);
  const response = NextResponse.redirect(new URL(back, origin), 303);
  response.headers.set('cache-control', 'no-store');
  if (request.headers.get('sec-fetch-site') === 'cross-site') return response;
  return clearSessionCookies(response);
}
