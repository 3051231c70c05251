import { timingSafeEqual } from 'node:crypto';
import { callService } from '@catalogue/service-kit/shared';
import { type CryptoKey, decodeProtectedHeader, errors, importJWK, type JWK, jwtVerify } from 'jose';
import type { SearchConfig } from '../config';

/**
 * Who is searching (docs/search-wire.md): a raw api key from the configuration, a `Bearer` token of the
 * commerce service (access or identity token, RS256, checked against its `/oauth/certs/{kid}`), or nobody
 * when public reads are allowed.
 */
export type Caller =
  | { kind: 'public' }
  | { kind: 'api-key' }
  | {
      kind: 'user';
      userId: string;
      companyId: string | null;
      /** An anonymous shopper's token (`orderid` claim): the template user's id, shared by every visitor. */
      anonymous: boolean;
      expiresAt: number;
    };

export class AuthRefused extends Error {
  constructor(
    readonly status: 401 | 503,
    message: string,
  ) {
    super(message);
  }
}

export const NO_USER_MESSAGE = 'Could not found an Order Cloud Cloud logged user.';

const MAX_REMEMBERED = 10_000;

export class Authenticator {
  private readonly keys = new Map<string, Promise<CryptoKey | Uint8Array | null>>();
  /** Verified tokens until they expire, so a repeated search skips the RSA check. */
  private readonly verified = new Map<string, Caller & { kind: 'user' }>();

  constructor(private readonly config: SearchConfig) {}

  async authenticate(header: string | undefined, now = Date.now()): Promise<Caller> {
    const value = header?.trim();
    if (!value) {
      if (this.config.SEARCH_PUBLIC_READS) return { kind: 'public' };
      throw new AuthRefused(401, NO_USER_MESSAGE);
    }
    const bearer = /^Bearer\s+(.+)$/i.exec(value);
    if (bearer) return this.verifyToken((bearer[1] as string).trim(), now);
    if (this.config.SEARCH_API_KEYS.some((key) => sameText(key, value))) return { kind: 'api-key' };
    throw new AuthRefused(401, 'Invalid api key.');
  }

  private async publicKey(kid: string): Promise<CryptoKey | Uint8Array | null> {
    let found = this.keys.get(kid);
    if (!found) {
      found = (async () => {
        const answer = await callService(
          'commerce',
          `/oauth/certs/${encodeURIComponent(kid)}`,
          { method: 'GET' },
          this.config.COMMERCE_SERVICE_URL,
        );
        if (answer.status === 404) return null;
        if (!answer.ok) throw new Error(`The commerce service answered ${answer.status} for key ${kid}.`);
        return importJWK((await answer.json()) as JWK, 'RS256');
      })();
      this.keys.set(kid, found);
      // Unknown or failed look-ups are not remembered: a key published a moment later must be found.
      found.then(
        (key) => key ?? this.keys.delete(kid),
        () => this.keys.delete(kid),
      );
    }
    return found;
  }

  private async verifyToken(token: string, now: number): Promise<Caller> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt * 1000 > now) return known;
      this.verified.delete(token);
    }
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') throw new AuthRefused(401, 'Invalid token.');
      kid = header.kid;
    } catch {
      throw new AuthRefused(401, 'Invalid token.');
    }
    if (!kid) throw new AuthRefused(401, 'Invalid token.');
    let key: CryptoKey | Uint8Array | null;
    try {
      key = await this.publicKey(kid);
    } catch (error) {
      console.error('[search] token key look-up failed:', error);
      throw new AuthRefused(503, 'The token cannot be verified now: the commerce service did not answer.');
    }
    if (!key) throw new AuthRefused(401, 'Invalid token.');
    try {
      // Access tokens are addressed to the API, identity tokens to the API client: both are accepted.
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        issuer: this.config.COMMERCE_TOKEN_ISSUER,
        currentDate: new Date(now),
        requiredClaims: ['exp', 'aud'],
      });
      const userId = [payload.u, payload.sub, payload.usr].find((v) => typeof v === 'string') as
        | string
        | undefined;
      if (!userId || typeof payload.exp !== 'number') throw new AuthRefused(401, 'Invalid token.');
      const caller = {
        kind: 'user' as const,
        userId,
        companyId: typeof payload.cmp === 'string' ? payload.cmp : null,
        anonymous: typeof payload.orderid === 'string',
        expiresAt: payload.exp,
      };
      if (this.verified.size >= MAX_REMEMBERED) this.verified.clear();
      this.verified.set(token, caller);
      return caller;
    } catch (error) {
      if (error instanceof AuthRefused) throw error;
      if (error instanceof errors.JWTExpired) throw new AuthRefused(401, 'The session has expired.');
      throw new AuthRefused(401, 'Invalid token.');
    }
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
