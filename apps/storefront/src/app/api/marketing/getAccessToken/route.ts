import type { NextRequest } from 'next/server';
import { storefrontConfig } from '../../../../config';
import { jsonError, requestUser } from '../../../../delivery/request-user';
import { issueMarketingToken, MarketingTokenError } from '../../../../marketing/marketing-tokens';
import { answeringUnavailable } from '../../unavailable';

export const dynamic = 'force-dynamic';

/**
 * `GET /api/marketing/getAccessToken` (spec §7) → `{access_token, token_type, expires_in}` for the
 * signed-in user (UserToken cookie or bearer token; 401 otherwise): the marketing platform's
 * client-credentials token when MARKETING_TOKEN_URL is set (502 when it fails), else the storefront's
 * own short-lived signed token (`marketing/marketing-tokens.ts`).
 */
export const GET = answeringUnavailable(async function GET(request: NextRequest): Promise<Response> {
  const caller = await requestUser(request);
  if (!caller.ok) return caller.response;
  try {
    const token = await issueMarketingToken(storefrontConfig().marketing, caller.user.userId);
    return Response.json(token, { headers: { 'cache-control': 'no-store', pragma: 'no-cache' } });
  } catch (error) {
    if (!(error instanceof MarketingTokenError)) throw error;
    console.error('[marketing] no token:', error.message);
    return jsonError(502, 'The marketing platform did not issue a token.');
  }
});
