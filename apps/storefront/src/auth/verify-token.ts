import {
  CommerceTokenVerifier,
  CommerceUnavailable,
  type CommerceUser,
  TokenRefused,
} from '@catalogue/service-kit/commerce-token';
import { ServiceUnavailableError } from '../app/api/unavailable';
import { TOKEN_EXPIRY_MARGIN_MS } from '../tracking/login-status';

/**
 * Verifies a commerce access token before a storefront route acts on it (issue 8 §4), with the verifier
 * every service shares (`@catalogue/service-kit/commerce-token`): RS256 signature against the commerce
 * service's published key, issuer, audience, expiry with the 10-second margin of spec §4, then the
 * commerce service's word that the token still counts (not logged out, the user active, their tokens not
 * revoked since). It answers who the token's user is; routes act only on that user and company.
 */

export type VerifiedUser = CommerceUser;
export { TokenRefused };

const verifier = new CommerceTokenVerifier({ expiryMarginMs: TOKEN_EXPIRY_MARGIN_MS });

/** The token's user, or TokenRefused with a message fit for the caller; a busy commerce service is a 503. */
export async function verifyUserToken(token: string, now = Date.now()): Promise<VerifiedUser> {
  if (!token) throw new TokenRefused('A user token is required.');
  try {
    return await verifier.verify(token, now);
  } catch (error) {
    if (!(error instanceof CommerceUnavailable)) throw error;
    if (error.status === 503) {
      const seconds = Number(error.retryAfter);
      throw new ServiceUnavailableError('The commerce service is busy (503).', seconds > 0 ? seconds : 1);
    }
    throw new Error(`The commerce service answered ${error.status} to a token check.`, { cause: error });
  }
}
