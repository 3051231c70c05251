import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../http/api-error';
import { type AccessClaims, companyTypeOf, type Principal, type UserType } from './claims';
import type { KeyStore } from './keys';

export interface TokenSettings {
  issuer: string;
  audience: string;
}

export interface TokenSubject {
  userId: string;
  username: string;
  userType: UserType;
  companyId: string;
  clientId: string;
  roles: string[];
  anonymousOrderId?: string;
  impersonatedBy?: string;
  /** The user's `token_version` (users.token_version) when the token is issued. */
  tokenVersion: number;
  /** The refresh token's session, when the token comes with one. */
  sessionId?: string;
}

const invalidToken = (message: string) => ApiError.of(401, 'InvalidToken', message);

const VERIFIED_CACHE_SIZE = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signs and verifies RS256 access tokens with the keys of the KeyStore. Verified tokens are remembered
 * (bounded, until they expire), so a client's repeated calls skip the RSA check. Whether a verified token
 * still counts (user active, tokens not revoked, session not logged out) is `TokenState`'s question, asked
 * on every request.
 */
export class TokenService {
  private readonly verified = new Map<string, Principal>();

  constructor(
    private readonly keys: KeyStore,
    private readonly settings: TokenSettings,
  ) {}

  async issue(subject: TokenSubject, lifetimeSeconds: number): Promise<{ token: string; expiresIn: number }> {
    const { kid, privateKey } = await this.keys.signingKey();
    const now = Math.floor(Date.now() / 1000);
    const claims: Omit<AccessClaims, 'iss' | 'aud' | 'exp' | 'nbf' | 'jti'> = {
      usr: subject.username,
      cid: subject.clientId,
      u: subject.userId,
      usrtype: subject.userType,
      cmp: subject.companyId,
      role: subject.roles.length === 1 ? (subject.roles[0] as string) : subject.roles,
      ...(subject.anonymousOrderId ? { orderid: subject.anonymousOrderId } : {}),
      ...(subject.impersonatedBy ? { imp: subject.impersonatedBy } : {}),
      tv: subject.tokenVersion,
      ...(subject.sessionId ? { sid: subject.sessionId } : {}),
    };
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.audience)
      .setNotBefore(now)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .setJti(randomUUID())
      .sign(privateKey);
    return { token, expiresIn: lifetimeSeconds };
  }

  /** An OpenID-style identity token describing the user, addressed to the API client. */
  async issueIdentity(
    claims: Record<string, string>,
    clientId: string,
    lifetimeSeconds: number,
  ): Promise<string> {
    const { kid, privateKey } = await this.keys.signingKey();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuer(this.settings.issuer)
      .setAudience(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(privateKey);
  }

  /** The principal of a bearer token; 401 InvalidToken for anything but a valid, current token of ours. */
  async verify(token: string): Promise<Principal> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.expiresAt * 1000 > Date.now()) return cached;
      this.verified.delete(token);
    }
    const principal = await this.verifyUncached(token);
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, principal);
    return principal;
  }

  private async verifyUncached(token: string): Promise<Principal> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'RS256') throw invalidToken('Access token must be signed with RS256.');
      kid = header.kid;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw invalidToken('Access token is malformed.');
    }
    if (!kid) throw invalidToken('Access token has no key id.');
    const publicKey = await this.keys.publicKey(kid);
    if (!publicKey) throw invalidToken('Access token was signed with an unknown key.');
    let payload: Partial<AccessClaims>;
    try {
      ({ payload } = await jwtVerify<Partial<AccessClaims>>(token, publicKey.key, {
        algorithms: ['RS256'],
        issuer: this.settings.issuer,
        audience: this.settings.audience,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw invalidToken('Access token has expired.');
      throw invalidToken('Access token is invalid.');
    }
    const { u, usr, usrtype, cid, cmp, exp, tv, sid } = payload;
    if (
      !u ||
      !usr ||
      !cid ||
      cmp === undefined ||
      !exp ||
      (usrtype !== 'admin' && usrtype !== 'buyer' && usrtype !== 'supplier') ||
      (tv !== undefined && !Number.isInteger(tv)) ||
      (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid)))
    ) {
      throw invalidToken('Access token is missing required claims.');
    }
    const roles =
      payload.role === undefined ? [] : Array.isArray(payload.role) ? payload.role : [payload.role];
    return {
      userId: u,
      username: usr,
      userType: usrtype,
      companyType: companyTypeOf(usrtype),
      companyId: cmp,
      clientId: cid,
      roles,
      anonymous: Boolean(payload.orderid),
      anonymousOrderId: payload.orderid ?? null,
      impersonatedBy: payload.imp ?? null,
      expiresAt: exp,
      tokenVersion: tv ?? 0,
      sessionId: sid ?? null,
    };
  }
}
