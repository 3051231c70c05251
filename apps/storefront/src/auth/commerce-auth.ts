import { callService } from '@catalogue/service-kit/shared';
import { Auth, Me, type MeUser, type OrderCloudError } from 'ordercloud-javascript-sdk';
import { retryAfterOf503 } from '../app/api/unavailable';
import {
  asVisitor,
  configureInProcessCommerce,
  SALES_INBOX_CLIENT_ID,
  STOREFRONT_CLIENT_ID,
} from '../data/commerce-sdk';
import type { SessionTokens, SessionUser } from './session-cookies';

/**
 * Logging in and renewing a session against the commerce service, the identity provider, through the
 * official SDK (password and refresh-token grants of the storefront's API client).
 */

export type LoginRefusal = 'credentials' | 'rate' | 'inactive' | 'unavailable';

export type LoginResult =
  | { ok: true; tokens: SessionTokens; user: SessionUser }
  | { ok: false; reason: LoginRefusal; retryAfterSeconds?: number };

/** User details as `getUserDetails` answers them (spec §3). */
export interface UserDetails {
  FirstName: string;
  LastName: string;
  /** xp.JobTitle, shown as the user's current role. */
  JobTitle: string;
  GivenName: string;
  /** True only when xp.RoleVerified is present and not empty. */
  RoleVerified: boolean;
}

interface UserXp {
  JobTitle?: unknown;
  GivenName?: unknown;
  RoleVerified?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function userDetailsOf(user: {
  FirstName?: string;
  LastName?: string;
  xp?: UserXp | null;
}): UserDetails {
  const xp = user.xp ?? {};
  const verified = xp.RoleVerified;
  return {
    FirstName: user.FirstName ?? '',
    LastName: user.LastName ?? '',
    JobTitle: text(xp.JobTitle),
    GivenName: text(xp.GivenName),
    RoleVerified:
      verified !== undefined && verified !== null && verified !== '' && verified !== false
        ? String(verified).trim() !== ''
        : false,
  };
}

/** The signed-in user's details (GET /me with their token). */
export async function fetchUserDetails(token: string): Promise<UserDetails & { Email: string }> {
  configureInProcessCommerce();
  const me = await Me.Get<MeUser<UserXp>>({ accessToken: token });
  return { ...userDetailsOf(me), Email: me.Email ?? '' };
}

/** Why the token endpoint refused a login, from its error (status, ErrorCode, Retry-After). */
export function refusalOf(error: unknown): { reason: LoginRefusal; retryAfterSeconds?: number } {
  const failure = error as Partial<OrderCloudError> & { response?: { headers?: Record<string, string> } };
  const code = failure.errors?.[0]?.ErrorCode ?? failure.errorCode;
  if (failure.status === 429) {
    const retry = Number(failure.response?.headers?.['retry-after']);
    return { reason: 'rate', ...(Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : {}) };
  }
  if (code === 'InactiveUser') return { reason: 'inactive' };
  if (failure.status === 400 || failure.status === 401) return { reason: 'credentials' };
  return { reason: 'unavailable' };
}

/** Whether the token endpoint refused the API client for this user (a seller on the buyer client). */
function isClientRefusal(error: unknown): boolean {
  const failure = error as Partial<OrderCloudError>;
  return (failure.errors?.[0]?.ErrorCode ?? failure.errorCode) === 'ApiClientNotAssigned';
}

/**
 * Password grant for a visitor at `address` on the storefront's client, or on the sales inbox's client for
 * seller users; the user's details come from /me with the new token.
 */
export async function logIn(
  username: string,
  password: string,
  address: string | null,
): Promise<LoginResult> {
  configureInProcessCommerce();
  try {
    const auth = await asVisitor(address, async () => {
      try {
        return await Auth.Login(username, password, STOREFRONT_CLIENT_ID);
      } catch (error) {
        // The buyer client refuses seller users only after checking the password: the seller's
        // administrator signs in to the sales inbox through its own client (identities.yaml).
        if (!isClientRefusal(error)) throw error;
        return Auth.Login(username, password, SALES_INBOX_CLIENT_ID);
      }
    });
    const me = await fetchUserDetails(auth.access_token);
    return {
      ok: true,
      tokens: {
        accessToken: auth.access_token,
        expiresIn: auth.expires_in,
        refreshToken: auth.refresh_token || null,
      },
      user: { email: me.Email, firstName: me.FirstName, lastName: me.LastName, role: me.JobTitle },
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal.reason === 'unavailable') console.error('[login] the commerce service failed:', error);
    return { ok: false, ...refusal };
  }
}

/**
 * A new access token from a refresh token (spec §4: refreshed when possible); null when the refresh
 * token is unknown, revoked or expired.
 */
export async function refreshSession(
  refreshToken: string,
  address: string | null,
): Promise<{ tokens: SessionTokens; user: SessionUser } | null> {
  configureInProcessCommerce();
  try {
    const auth = await asVisitor(address, async () => {
      try {
        return await Auth.RefreshToken(refreshToken, STOREFRONT_CLIENT_ID);
      } catch (error) {
        // A refresh token belongs to one client: a seller's is the sales inbox client's.
        if ((error as Partial<OrderCloudError>).status !== 400) throw error;
        return Auth.RefreshToken(refreshToken, SALES_INBOX_CLIENT_ID);
      }
    });
    const me = await fetchUserDetails(auth.access_token);
    return {
      tokens: {
        accessToken: auth.access_token,
        expiresIn: auth.expires_in,
        refreshToken: auth.refresh_token || null,
      },
      user: { email: me.Email, firstName: me.FirstName, lastName: me.LastName, role: me.JobTitle },
    };
  } catch (error) {
    // A busy service is no reason to end the session: the route answers 503 and the browser retries.
    if (retryAfterOf503(error) !== null) throw error;
    const status = (error as Partial<OrderCloudError>).status;
    if (status !== 400 && status !== 401) console.error('[login] refreshing a session failed:', error);
    return null;
  }
}

/**
 * Ends the session of a refresh token (logout): the commerce service revokes it, and with it the access
 * tokens issued from it. Our extension `POST /oauth/revoke` (RFC 7009): the SDK's only revocation,
 * Me.RevokeTokens, ends every session of the user, on every device. A token belongs to one client, the
 * storefront's or the sales inbox's: the one that refuses it as another client's is followed by the other.
 */
export async function endSession(refreshToken: string): Promise<void> {
  for (const clientId of [STOREFRONT_CLIENT_ID, SALES_INBOX_CLIENT_ID]) {
    const answer = await callService('commerce', '/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refreshToken,
        token_type_hint: 'refresh_token',
        client_id: clientId,
      }),
    });
    if (answer.ok) return;
    const body = (await answer.json().catch(() => null)) as { error?: string } | null;
    if (answer.status !== 400 || body?.error !== 'unauthorized_client') {
      throw new Error(`The commerce service answered ${answer.status} to a logout.`);
    }
  }
}
