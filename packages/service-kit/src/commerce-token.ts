import {
  type CryptoKey,
  decodeProtectedHeader,
  errors,
  importJWK,
  type JWK,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { callService } from './shared-services';

/**
 * Verifies an access token of the commerce service for another service (content, search) that acts on
 * the token's user — the back office's editors and merchandisers: the RS256 signature against the
 * commerce service's published key (`GET /oauth/certs/{kid}`, remembered by key id), issuer, audience
 * and expiry; then the commerce service's word that the token still counts (`POST /oauth/introspect`:
 * not logged out, the user active, their tokens not revoked since). Roles are the token's `role` claim,
 * OrderCloud roles and custom roles alike (docs/back-office.md, "Roles").
 */

export interface CommerceUser {
  userId: string;
  username: string;
  userType: 'admin' | 'buyer' | 'supplier';
  /** The buyer or supplier ID; '' for the seller's own users. */
  companyId: string;
  clientId: string;
  roles: string[];
  /** The seller user impersonating a buyer (`imp`), or null. */
  impersonatedBy: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The token does not speak for anyone: a 401 in the calling service's own format. */
export class TokenRefused extends Error {
  override name = 'TokenRefused';
}

/** The commerce service could not answer (busy or down): a 503 with its `Retry-After`, not a refusal. */
export class CommerceUnavailable extends Error {
  override name = 'CommerceUnavailable';
  constructor(
    readonly status: number,
    readonly retryAfter: string | null,
  ) {
    super(`The commerce service answered ${status}.`);
  }
}

export interface CommerceTokenOptions {
  issuer?: string;
  audience?: string;
  /** The commerce service's URL when it runs in another process; in-process otherwise. */
  baseUrl?: string | null;
  /** A token expiring within this many milliseconds is refused already (spec §4's margin). */
  expiryMarginMs?: number;
}

/** The refusals' words are the storefront's, which shows them to buyers (spec §4). */
const INVALID = 'Invalid token';

export class CommerceTokenVerifier {
  private readonly keys = new Map<string, Promise<CryptoKey | Uint8Array | null>>();
  private readonly issuer: string;
  private readonly audience: string;

  constructor(private readonly options: CommerceTokenOptions = {}) {
    this.issuer = options.issuer ?? (process.env.COMMERCE_TOKEN_ISSUER || 'catalogue-commerce');
    this.audience = options.audience ?? (process.env.COMMERCE_TOKEN_AUDIENCE || 'catalogue-commerce-api');
  }

  /** The user of `Authorization: Bearer <token>`, or TokenRefused. */
  async fromHeader(header: string | null | undefined, now = Date.now()): Promise<CommerceUser> {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header?.trim() ?? '');
    if (!bearer) throw new TokenRefused('An access token is required: Authorization: Bearer <token>.');
    return this.verify(bearer[1] as string, now);
  }

  async verify(token: string, now = Date.now()): Promise<CommerceUser> {
    const key = await this.keyOf(token);
    let payload: JWTPayload & Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        issuer: this.issuer,
        audience: this.audience,
        currentDate: new Date(now),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenRefused('The session has expired.');
      throw new TokenRefused(INVALID);
    }
    const user = userOf(payload);
    if (user.expiresAt * 1000 - (this.options.expiryMarginMs ?? 0) <= now) {
      throw new TokenRefused('The session has expired.');
    }
    if (!(await this.stillCounts(token))) throw new TokenRefused('The session has ended: log in again.');
    return user;
  }

  private async keyOf(token: string): Promise<CryptoKey | Uint8Array> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      kid = header.alg === 'RS256' ? header.kid : undefined;
    } catch {
      kid = undefined;
    }
    const key = kid ? await this.publicKey(kid) : null;
    if (!key) throw new TokenRefused(INVALID);
    return key;
  }

  private publicKey(kid: string): Promise<CryptoKey | Uint8Array | null> {
    let found = this.keys.get(kid);
    if (!found) {
      found = (async () => {
        const answer = await this.call(`/oauth/certs/${encodeURIComponent(kid)}`, { method: 'GET' });
        if (answer.status === 404) return null;
        return importJWK((await answer.json()) as JWK, 'RS256');
      })();
      this.keys.set(kid, found);
      // A failed or unknown lookup is not remembered: a key published a moment later must be found.
      found.then(
        (key) => key ?? this.keys.delete(kid),
        () => this.keys.delete(kid),
      );
    }
    return found;
  }

  private async stillCounts(token: string): Promise<boolean> {
    const answer = await this.call('/oauth/introspect', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
    });
    return ((await answer.json()) as { active?: unknown }).active === true;
  }

  /** A call to the commerce service; anything but an answer it meant (2xx, 404) is CommerceUnavailable. */
  private async call(path: string, init: RequestInit): Promise<Response> {
    let answer: Response;
    try {
      answer = await callService('commerce', path, init, this.options.baseUrl);
    } catch {
      throw new CommerceUnavailable(502, null);
    }
    if (answer.ok || answer.status === 404) return answer;
    throw new CommerceUnavailable(answer.status, answer.headers.get('retry-after'));
  }
}

function userOf(payload: Record<string, unknown>): CommerceUser {
  const { u, usr, usrtype, cmp, cid, exp, role, imp } = payload;
  if (
    typeof u !== 'string' ||
    typeof usr !== 'string' ||
    typeof cid !== 'string' ||
    typeof cmp !== 'string' ||
    typeof exp !== 'number' ||
    (usrtype !== 'admin' && usrtype !== 'buyer' && usrtype !== 'supplier')
  ) {
    throw new TokenRefused(INVALID);
  }
  const roles = Array.isArray(role)
    ? role.filter((r): r is string => typeof r === 'string')
    : typeof role === 'string'
      ? [role]
      : [];
  return {
    userId: u,
    username: usr,
    userType: usrtype,
    companyId: cmp,
    clientId: cid,
    roles,
    impersonatedBy: typeof imp === 'string' ? imp : null,
    expiresAt: exp,
  };
}

/** Whether the user holds one of `roles` (FullAccess holds every role). */
export function hasAnyRole(user: CommerceUser, roles: readonly string[]): boolean {
  return user.roles.includes('FullAccess') || roles.some((role) => user.roles.includes(role));
}
