import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { CommerceConfig } from '../config';
import type { CommerceEnv } from '../http/env';
import { userTypeOf } from './claims';
import { clientAddress } from './client-address';
import {
  type ApiClientRow,
  assignedRoles,
  clientServes,
  companyActive,
  findClient,
  findUser,
  findUserByUsername,
  findUserForLogin,
  type UserRow,
} from './identity-store';
import type { LoginThrottle } from './login-throttle';
import { readForm, TokenError, tokenErrorResponse, tooManyAttempts } from './oauth-errors';
import { passwordMatches, preparePasswordCheck } from './password-check';
import { RateLimiter } from './rate-limit';
import { findLiveRefreshToken, storeRefreshToken } from './refresh-tokens';
import { grantedRoles } from './scope';
import type { TokenService } from './tokens';

const wrongCredentials = () =>
  new TokenError(400, 'invalid_grant', 'InvalidUsernameOrPassword', 'Invalid username or password.');

export interface TokenEndpointDeps {
  db: Db;
  tokens: TokenService;
  config: CommerceConfig;
  logins: LoginThrottle;
}

function secretMatches(client: ApiClientRow, given: string): boolean {
  if (!client.clientSecret) return false;
  const a = Buffer.from(client.clientSecret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** POST /oauth/token with every grant of OrderCloud (docs/ordercloud-wire.md). */
export function mountTokenEndpoint(app: Hono<CommerceEnv>, deps: TokenEndpointDeps): void {
  const { db, tokens, config, logins } = deps;
  // A flood guard per instance; wrong passwords are throttled in the database (LoginThrottle).
  const byAddress = new RateLimiter(config.COMMERCE_TOKEN_RATE_PER_ADDRESS);
  preparePasswordCheck();

  async function issueFor(
    client: ApiClientRow,
    user: UserRow,
    scope: string | undefined,
    options: { refresh: boolean; anonymousOrderId?: string; roles?: string[]; sessionId?: string },
  ) {
    const roles = options.roles ?? grantedRoles(scope, await assignedRoles(db, user));
    const session =
      options.refresh && client.refreshTokenDuration > 0
        ? await storeRefreshToken(db, client.id, user, roles, client.refreshTokenDuration)
        : null;
    const sessionId = session?.sessionId ?? options.sessionId;
    const access = await tokens.issue(
      {
        userId: user.id,
        username: user.username,
        userType: userTypeOf(user.companyType),
        companyId: user.companyId,
        clientId: client.id,
        roles,
        ...(options.anonymousOrderId ? { anonymousOrderId: options.anonymousOrderId } : {}),
        tokenVersion: user.tokenVersion,
        ...(sessionId ? { sessionId } : {}),
      },
      client.accessTokenDuration * 60,
    );
    return {
      access_token: access.token,
      expires_in: access.expiresIn,
      token_type: 'bearer',
      refresh_token: session?.token ?? null,
    };
  }

  async function usable(client: ApiClientRow, user: UserRow): Promise<void> {
    if (!user.active || !(await companyActive(db, user))) {
      throw new TokenError(400, 'invalid_grant', 'InactiveUser', 'This user is not active.');
    }
    if (!(await clientServes(db, client, user))) {
      throw new TokenError(
        400,
        'invalid_grant',
        'ApiClientNotAssigned',
        `API client ${client.id} is not assigned to this user's company.`,
      );
    }
  }

  /**
   * The password grant: the attempt is counted before the password is checked (parallel guesses queue on
   * the counter), and a name that matches nobody costs the same scrypt as one that does.
   */
  async function passwordGrant(client: ApiClientRow, form: Record<string, string>, address: string) {
    const username = form.username ?? '';
    const password = form.password ?? '';
    if (!username || !password) {
      throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'username and password are required.');
    }
    const reservation = await logins.reserve(username, address);
    if (!reservation.allowed) {
      throw tooManyAttempts(reservation.retryAfterSeconds, 'Too many failed logins');
    }
    const user = await findUserForLogin(db, username);
    if (!(await passwordMatches(user, password)) || !user) {
      if (user) await countFailure(user);
      throw wrongCredentials();
    }
    await logins.succeeded(username, address);
    if (user.failedLoginCount > 0) {
      await db
        .update(users)
        .set({ failedLoginCount: 0 })
        .where(and(userKey(user), gt(users.failedLoginCount, 0)));
    }
    await usable(client, user);
    return issueFor(client, user, form.scope, { refresh: true });
  }

  /** OrderCloud's FailedLoginAttempts: informational, reset by a success or an administrator's unlock. */
  async function countFailure(user: UserRow): Promise<void> {
    await db
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
      .where(userKey(user));
  }

  async function clientCredentialsGrant(client: ApiClientRow, form: Record<string, string>) {
    const username = client.defaultContextUsername;
    const user = username ? await findUserByUsername(db, username) : null;
    if (form.client_secret !== undefined) {
      if (!user) {
        throw new TokenError(
          400,
          'invalid_grant',
          'NoDefaultContextUser',
          `API client ${client.id} has no default context user.`,
        );
      }
      await usable(client, user);
      return issueFor(client, user, form.scope, { refresh: false });
    }
    // Anonymous shopping: no secret, through the client's anonymous template user.
    if (!client.isAnonBuyer || !user) {
      throw new TokenError(
        400,
        'invalid_client',
        'InvalidClientSecret',
        'client_secret is required for this API client.',
      );
    }
    await usable(client, user);
    const anonId = form.anonuserid;
    if (anonId !== undefined && !/^[A-Za-z0-9_.-]{1,100}$/.test(anonId)) {
      throw new TokenError(
        400,
        'invalid_request',
        'InvalidRequest',
        'anonuserid may hold only letters, digits, - _ . (at most 100).',
      );
    }
    return issueFor(client, user, form.scope, { refresh: false, anonymousOrderId: anonId ?? randomUUID() });
  }

  async function refreshGrant(client: ApiClientRow, form: Record<string, string>) {
    const given = form.refresh_token;
    if (!given) throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'refresh_token is required.');
    const stored = await findLiveRefreshToken(db, given, client.id);
    const invalid = (message: string) => new TokenError(400, 'invalid_grant', 'InvalidRefreshToken', message);
    if (!stored) throw invalid('The refresh token is invalid, expired or revoked.');
    const user = await findUser(db, stored.companyType, stored.companyId, stored.userId);
    if (!user) throw invalid('The user of this refresh token no longer exists.');
    // A password change, a deactivation or RevokeUserTokens since the login ended this token.
    if (user.tokenVersion !== stored.tokenVersion)
      throw invalid('The refresh token is invalid, expired or revoked.');
    await usable(client, user);
    const body = await issueFor(client, user, undefined, {
      refresh: false,
      roles: stored.scope,
      sessionId: stored.sessionId,
    });
    return { ...body, refresh_token: given };
  }

  app.post('/oauth/token', async (c) => {
    try {
      const address = clientAddress(c);
      const wait = byAddress.hit(address);
      if (wait !== null) throw tooManyAttempts(wait, 'Too many token requests');
      const form = await readForm(c);
      const grant = form.grant_type;
      const clientId = form.client_id;
      if (!grant || !clientId) {
        throw new TokenError(
          400,
          'invalid_request',
          'InvalidRequest',
          'grant_type and client_id are required.',
        );
      }
      const client = await findClient(db, clientId);
      if (!client?.active)
        throw new TokenError(400, 'invalid_client', 'InvalidClientID', 'Unknown or inactive client_id.');
      if (form.client_secret !== undefined && !secretMatches(client, form.client_secret)) {
        throw new TokenError(401, 'invalid_client', 'InvalidClientSecret', 'Invalid client_secret.');
      }
      const body = await (() => {
        switch (grant) {
          case 'password':
            return passwordGrant(client, form, address);
          case 'client_credentials':
            // Elevated login may arrive as client_credentials with a username and password.
            return form.username
              ? passwordGrant(client, form, address)
              : clientCredentialsGrant(client, form);
          case 'refresh_token':
            return refreshGrant(client, form);
          default:
            throw new TokenError(
              400,
              'unsupported_grant_type',
              'UnsupportedGrantType',
              `Unsupported grant_type ${grant}.`,
            );
        }
      })();
      return Response.json(body, { headers: { 'cache-control': 'no-store' } });
    } catch (error) {
      if (error instanceof TokenError) return tokenErrorResponse(error);
      throw error;
    }
  });
}

function userKey(user: UserRow) {
  return and(
    eq(users.companyType, user.companyType),
    eq(users.companyId, user.companyId),
    eq(users.id, user.id),
  );
}
