import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { MarketingConfig } from '../config';

/**
 * Tokens of `GET /api/marketing/getAccessToken` (spec §7), which the browser hands back with
 * `postProjectDetailsPardot`. Two sources:
 *
 * - a marketing-automation platform (`MARKETING_TOKEN_URL`): its client-credentials grant, the token
 *   shared by every caller of this process until 30 s before it expires; a token is accepted back only
 *   if this process obtained it and it has not expired;
 * - otherwise our own: an HS256 JWT (`aud: marketing-push`, `sub`: the user) signed with
 *   `MARKETING_TOKEN_SECRET`, or a random key per process when unset.
 */

export interface MarketingToken {
  access_token: string;
  token_type: string;
  expires_in: number;
}

export class MarketingTokenError extends Error {
  override name = 'MarketingTokenError';
}

const ISSUER = 'catalogue-storefront';
const AUDIENCE = 'marketing-push';
const RENEW_MARGIN_MS = 30_000;

let processKey: Uint8Array | null = null;
function signingKey(config: MarketingConfig): Uint8Array {
  if (config.tokenSecret) return new TextEncoder().encode(config.tokenSecret);
  processKey ??= new Uint8Array(randomBytes(32));
  return processKey;
}

/** Platform tokens this process obtained, by token: when each expires (ms). */
const platformTokens = new Map<string, number>();
let current: { token: MarketingToken; expiresAt: number; endpoint: string } | null = null;
let pending: Promise<{ token: MarketingToken; expiresAt: number; endpoint: string }> | null = null;

async function platformToken(
  endpoint: NonNullable<MarketingConfig['tokenEndpoint']>,
  now: number,
): Promise<MarketingToken> {
  if (current && current.endpoint === endpoint.url && current.expiresAt - RENEW_MARGIN_MS > now) {
    return { ...current.token, expires_in: Math.floor((current.expiresAt - now) / 1000) };
  }
  pending ??= (async () => {
    let response: Response;
    try {
      response = await fetch(endpoint.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: endpoint.clientId,
          client_secret: endpoint.clientSecret,
        }),
        signal: AbortSignal.timeout(10_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new MarketingTokenError(`cannot reach the marketing token endpoint: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as Partial<MarketingToken> | null;
    if (!response.ok || typeof body?.access_token !== 'string' || !body.access_token) {
      throw new MarketingTokenError(`the marketing token endpoint answered ${response.status}`);
    }
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    const expiresAt = Date.now() + seconds * 1000;
    const token = {
      access_token: body.access_token,
      token_type: body.token_type ?? 'Bearer',
      expires_in: seconds,
    };
    platformTokens.set(token.access_token, expiresAt);
    return { token, expiresAt, endpoint: endpoint.url };
  })();
  try {
    current = await pending;
  } finally {
    pending = null;
  }
  for (const [token, expiresAt] of platformTokens) if (expiresAt <= now) platformTokens.delete(token);
  return current.token;
}

/** A token for the signed-in user `userId`. */
export async function issueMarketingToken(
  config: MarketingConfig,
  userId: string,
  now = Date.now(),
): Promise<MarketingToken> {
  if (config.tokenEndpoint) return platformToken(config.tokenEndpoint, now);
  const seconds = config.tokenTtlSeconds;
  const token = await new SignJWT({ scope: 'project-details' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + seconds)
    .sign(signingKey(config));
  return { access_token: token, token_type: 'Bearer', expires_in: seconds };
}

/**
 * Who a token handed back belongs to: `{userId}` for our own tokens, `{userId: null}` for a platform
 * token this process issued; null when it is unknown, forged or expired.
 */
export async function acceptMarketingToken(
  config: MarketingConfig,
  token: string,
  now = Date.now(),
): Promise<{ userId: string | null } | null> {
  const platformExpiry = platformTokens.get(token);
  if (platformExpiry !== undefined) return platformExpiry > now ? { userId: null } : null;
  try {
    const { payload } = await jwtVerify(token, signingKey(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    });
    return typeof payload.sub === 'string' ? { userId: payload.sub } : null;
  } catch {
    return null;
  }
}

/** Forgets platform tokens (tests). */
export function resetMarketingTokens(): void {
  platformTokens.clear();
  current = null;
  pending = null;
}
