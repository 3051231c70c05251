import { TOKEN_EXPIRY_MARGIN_MS, tokenClaims } from '../tracking/login-status';
import { BuyerApiError } from './errors';

/** The caller's commerce token as the buyer API routes receive it, with the claims they rely on. */
export interface UserToken {
  /** The access token, URI-decoded, as the commerce service expects it. */
  token: string;
  /** The user's ID (`u` claim). */
  userId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * The user token of a buyer API body (spec §7: sent in the body, URI-encoded). Missing, undecodable
 * ("Invalid token", spec §8) or expired tokens (10 s before `exp`, spec §4) are refused with 401 before
 * anything reaches the commerce service, which verifies the signature of every token that gets through.
 */
export function readUserToken(encoded: string | undefined, nowMs: number): UserToken {
  if (encoded === undefined || encoded === '') {
    throw BuyerApiError.of(401, 'NoToken', 'Log in first: the request carries no user token.', {
      Property: 'data.token',
    });
  }
  let token: string;
  try {
    token = decodeURIComponent(encoded);
  } catch {
    throw invalidToken();
  }
  const claims = tokenClaims(token);
  const userId = claims?.u;
  const exp = claims?.exp;
  if (typeof userId !== 'string' || userId === '' || typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw invalidToken();
  }
  if (exp * 1000 - TOKEN_EXPIRY_MARGIN_MS <= nowMs) {
    throw BuyerApiError.of(401, 'ExpiredToken', 'Your session has expired: log in again.', {
      Property: 'data.token',
    });
  }
  return { token, userId, expiresAt: exp };
}

function invalidToken(): BuyerApiError {
  return BuyerApiError.of(401, 'InvalidToken', 'Invalid token', { Property: 'data.token' });
}
