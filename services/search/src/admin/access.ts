import {
  CommerceTokenVerifier,
  CommerceUnavailable,
  hasAnyRole,
  TokenRefused,
} from '@catalogue/service-kit/commerce-token';
import type { SearchConfig } from '../config';
import { AdminError } from './errors';
import type { Actor } from './write-transaction';

/** The custom role of the merchandising API; FullAccess holds it too (`hasAnyRole`). */
export const MERCHANDISER_ROLES = ['Merchandiser'] as const;

/**
 * Who may use the admin API: a seller user (`usrtype` admin) of the commerce service holding the
 * Merchandiser role, proven by their Bearer access token (signature, issuer, audience, expiry and the
 * commerce service's word that the session still counts). Api keys and buyers are refused.
 */
export class AdminAccess {
  private readonly verifier: CommerceTokenVerifier;

  constructor(
    config: Pick<SearchConfig, 'COMMERCE_SERVICE_URL' | 'COMMERCE_TOKEN_ISSUER' | 'COMMERCE_TOKEN_AUDIENCE'>,
  ) {
    // Without a URL the commerce service is reached in-process (the single server).
    this.verifier = new CommerceTokenVerifier({
      baseUrl: config.COMMERCE_SERVICE_URL ?? null,
      issuer: config.COMMERCE_TOKEN_ISSUER,
      audience: config.COMMERCE_TOKEN_AUDIENCE,
    });
  }

  /** The merchandiser behind `Authorization`, or an AdminError (401, 403, 503). */
  async merchandiser(authorization: string | undefined): Promise<Actor> {
    let user: Awaited<ReturnType<CommerceTokenVerifier['fromHeader']>>;
    try {
      user = await this.verifier.fromHeader(authorization);
    } catch (error) {
      if (error instanceof TokenRefused)
        throw new AdminError('unauthorized', error.message, undefined, { 'www-authenticate': 'Bearer' });
      if (error instanceof CommerceUnavailable)
        throw new AdminError(
          'unavailable',
          'Signing in cannot be checked now: the commerce service is not answering.',
          undefined,
          { 'retry-after': error.retryAfter ?? '5' },
        );
      throw error;
    }
    if (user.userType !== 'admin')
      throw new AdminError('forbidden', "Only the seller's users may merchandise search.");
    if (!hasAnyRole(user, MERCHANDISER_ROLES))
      throw new AdminError('forbidden', 'The Merchandiser role is required.', {
        required: [...MERCHANDISER_ROLES],
      });
    return user;
  }
}
