import { callService } from '@catalogue/service-kit/shared';
import {
  type CryptoKey,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JWK,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { ServiceUnavailableError } from '../app/api/unavailable';
import { TOKEN_EXPIRY_MARGIN_MS } from '../tracking/login-status';

/**
 * Verifies a commerce access token before a product route acts on it (issue 8 §4): RS256 signature
 * against the commerce service's published key (`GET /oauth/certs/{kid}`, cached by key id), issuer,
 * audience, and expiry with the 10-second margin of spec §4; then asks the commerce service whether the
 * token still counts (`POST /oauth/introspect`: not logged out, the user active and their tokens not
 * revoked since — a password change, a deactivation). It answers who the token's user is; routes act only
 * on that user and company.
 */

export interface VerifiedUser {
  userId: string;
  username: string;
  userType: 'admin' | 'buyer' | 'supplier';
  companyId: string;
  clientId: string;
  roles: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

export class TokenRefused extends Error {
  override name = 'TokenRefused';
}

const ISSUER = process.env.COMMERCE_TOKEN_ISSUER || 'catalogue-commerce';
const AUDIENCE = process.env.COMMERCE_TOKEN_AUDIENCE || 'catalogue-commerce-api';
const keys = new Map<string, Promise<CryptoKey | Uint8Array | null>>();

async function publicKey(kid: string): Promise<CryptoKey | Uint8Array | null> {
  let found = keys.get(kid);
  if (!found) {
    found = (async () => {
      const answer = await callService('commerce', `/oauth/certs/${encodeURIComponent(kid)}`, {
        method: 'GET',
      });
      if (answer.status === 404) return null;
      const busy = ServiceUnavailableError.of('commerce', answer);
      if (busy) throw busy;
      if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} for key ${kid}.`);
      return importJWK((await answer.json()) as JWK, 'RS256');
    })();
    keys.set(kid, found);
    // A failed or unknown lookup is not remembered: a key published a moment later must be found.
    found.then(
      (key) => key ?? keys.delete(kid),
      () => keys.delete(kid),
    );
  }
  return found;
}

/** The token's user, or TokenRefused with a message fit for the caller. */
export async function verifyUserToken(token: string, now = Date.now()): Promise<VerifiedUser> {
  if (!token) throw new TokenRefused('A user token is required.');
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== 'RS256') throw new TokenRefused('Invalid token');
    kid = header.kid;
  } catch (error) {
    if (error instanceof TokenRefused) throw error;
    throw new TokenRefused('Invalid token');
  }
  const key = kid ? await publicKey(kid) : null;
  if (!key) throw new TokenRefused('Invalid token');
  let payload: JWTPayload & Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TokenRefused('The session has expired.');
    throw new TokenRefused('Invalid token');
  }
  const { u, usr, usrtype, cmp, cid, exp, role } = payload;
  if (
    typeof u !== 'string' ||
    typeof usr !== 'string' ||
    typeof cid !== 'string' ||
    typeof cmp !== 'string' ||
    typeof exp !== 'number' ||
    (usrtype !== 'admin' && usrtype !== 'buyer' && usrtype !== 'supplier')
  ) {
    throw new TokenRefused('Invalid token');
  }
  if (exp * 1000 - TOKEN_EXPIRY_MARGIN_MS <= now) throw new TokenRefused('The session has expired.');
  const roles = Array.isArray(role)
    ? role.filter((r) => typeof r === 'string')
    : typeof role === 'string'
      ? [role]
      : [];
  if (!(await stillCounts(token))) throw new TokenRefused('The session has ended: log in again.');
  return {
    userId: u,
    username: usr,
    userType: usrtype,
    companyId: cmp,
    clientId: cid,
    roles,
    expiresAt: exp,
  };
}

/** The commerce service's word on a verified token (RFC 7662 introspection, in-process). */
async function stillCounts(token: string): Promise<boolean> {
  const answer = await callService('commerce', '/oauth/introspect', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
  });
  const busy = ServiceUnavailableError.of('commerce', answer);
  if (busy) throw busy;
  if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} to a token introspection.`);
  return ((await answer.json()) as { active?: unknown }).active === true;
}
