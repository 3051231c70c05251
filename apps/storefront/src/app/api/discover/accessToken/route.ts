import { NextResponse } from 'next/server';
import { z } from 'zod';
import { crossSiteRefusal, decodeToken, isCrossSite, readJsonBody } from '../../../../auth/route-guards';
import { TokenRefused, verifyUserToken } from '../../../../auth/verify-token';
import { NO_LOGGED_USER, type SearchAccessToken } from '../../../../search/access-token';
import { TOKEN_EXPIRY_MARGIN_MS } from '../../../../tracking/login-status';
import { answeringUnavailable } from '../../unavailable';

const body = z.object({ token: z.string().max(8192, 'is too long').nullish() }).strict();

/**
 * POST /api/discover/accessToken {token} (spec §7): the search SDK's credentials for the logged-in
 * commerce user — their identity token (the UserToken cookie, URI-encoded as in every product route),
 * verified against the commerce service, as a bearer Authorization value with its expiry. Without a
 * token: 401 with the SDK's own message; a tampered or expired one: 401 with the reason. Never cached.
 */
export const POST = answeringUnavailable(async function POST(request: Request): Promise<NextResponse> {
  if (isCrossSite(request)) return crossSiteRefusal();
  const parsed = await readJsonBody(request, body);
  if (!parsed.ok) return parsed.response;
  const token = parsed.value.token ? decodeToken(parsed.value.token) : '';
  const noStore = { 'cache-control': 'no-store' };
  if (!token) return NextResponse.json({ error: NO_LOGGED_USER }, { status: 401, headers: noStore });
  try {
    const user = await verifyUserToken(token);
    const answer: SearchAccessToken = {
      accessToken: token,
      tokenType: 'Bearer',
      authorization: `Bearer ${token}`,
      expiresAt: user.expiresAt * 1000 - TOKEN_EXPIRY_MARGIN_MS,
      userId: user.userId,
    };
    return NextResponse.json(answer, { headers: noStore });
  } catch (error) {
    if (error instanceof TokenRefused) {
      return NextResponse.json({ error: error.message }, { status: 401, headers: noStore });
    }
    throw error;
  }
});
