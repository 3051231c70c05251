import { type NextRequest, NextResponse } from 'next/server';
import { z } from 'zod';
import { refreshSession } from '../../../../../auth/commerce-auth';
import {
  crossSiteRefusal,
  decodeToken,
  isCrossSite,
  readJsonBody,
  visitorAddressOf,
} from '../../../../../auth/route-guards';
import { loginCookies, SESSION_COOKIE } from '../../../../../auth/session-cookies';
import { clearSessionCookies, setSessionCookies } from '../../../../../auth/session-response';
import { answeringUnavailable } from '../../../unavailable';

const body = z.object({
  variables: z.object(
    { rid: z.string().max(8192, 'is too long').nullish() },
    { error: 'must be an object (with rid, or without it to use the refreshToken cookie)' },
  ),
});

/**
 * POST getNewAccessToken {variables:{rid}} (spec §7): a new access token for the refresh token `rid`, or —
 * when `rid` is absent or empty, as it is from a page, whose scripts cannot read the HttpOnly cookie — for
 * the refreshToken cookie, with the login cookies renewed. The refresh token never comes back in the
 * answer. A refresh that fails answers an empty token (spec §8) and expires the login cookies, so the
 * visitor is cleanly logged out.
 */
export const POST = answeringUnavailable(async function POST(request: NextRequest): Promise<NextResponse> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const given = parsed.value.variables.rid;
  const rid = given ? decodeToken(given) : (request.cookies.get(SESSION_COOKIE.refresh)?.value ?? '');
  const address = visitorAddressOf(request.headers);
  const session = rid ? await refreshSession(rid, address) : null;
  if (!session) {
    return clearSessionCookies(
      NextResponse.json({ access_token: '', expires_in: 0 }, { headers: { 'cache-control': 'no-store' } }),
    );
  }
  const response = NextResponse.json(
    { access_token: session.tokens.accessToken, expires_in: session.tokens.expiresIn },
    { headers: { 'cache-control': 'no-store' } },
  );
  return setSessionCookies(response, loginCookies(session.tokens, session.user, Date.now()));
});
