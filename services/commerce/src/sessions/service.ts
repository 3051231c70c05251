import type { Db } from '@catalogue/db';
import type { LoginThrottle } from '../auth/login-throttle';
import { revokeRefreshToken } from '../auth/refresh-tokens';
import type { TokenState } from '../auth/token-state';
import type { TokenService } from '../auth/tokens';
import { ApiError } from '../http/api-error';
import { bumpTokenVersion, clearFailedLogins, type UserKey } from './repository';

/**
 * Ending sessions: all of a user's (RevokeUserTokens, DELETE /me/tokens), one (a logout: RFC 7009
 * revocation of its refresh token), and the administrator's unlock of a throttled login. Whether a token
 * still counts can be asked too (RFC 7662 introspection), for parts that verify tokens on their own.
 */

/** Revokes every token of the user: access tokens on their next call, refresh tokens, reset codes. */
export async function revokeUserTokens(db: Db, key: UserKey): Promise<void> {
  if ((await bumpTokenVersion(db, key)) === null) throw ApiError.notFound('User', key.userId);
}

/** Lets the user's logins through again at once, from every address; FailedLoginAttempts back to 0. */
export async function unlockUser(db: Db, logins: LoginThrottle, key: UserKey): Promise<void> {
  const username = await clearFailedLogins(db, key);
  if (username === null) throw ApiError.notFound('User', key.userId);
  await logins.unlock(username);
}

export type SessionEnd = 'ended' | 'other-client';

/**
 * A logout: the refresh token stops working, and so do the access tokens issued with it. An unknown or
 * already revoked token counts as ended (RFC 7009 §2.2: the client's goal is met).
 */
export async function endSession(db: Db, refreshToken: string, clientId: string): Promise<SessionEnd> {
  const outcome = await revokeRefreshToken(db, refreshToken, clientId);
  return outcome === 'other-client' ? 'other-client' : 'ended';
}

/** What introspection tells about an access token (RFC 7662 §2.2, with OrderCloud's claim names). */
export type Introspection =
  | { active: false }
  | {
      active: true;
      client_id: string;
      username: string;
      sub: string;
      exp: number;
      token_type: 'bearer';
      usrtype: string;
      cmp: string;
      scope: string;
    };

/** Whether an access token is valid and still counts; `{active: false}` for anything else. */
export async function introspect(
  tokens: TokenService,
  state: TokenState,
  token: string,
): Promise<Introspection> {
  try {
    const principal = await tokens.verify(token);
    await state.assertCurrent(principal);
    return {
      active: true,
      client_id: principal.clientId,
      username: principal.username,
      sub: principal.userId,
      exp: principal.expiresAt,
      token_type: 'bearer',
      usrtype: principal.userType,
      cmp: principal.companyId,
      scope: principal.roles.join(' '),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { active: false };
    throw error;
  }
}
