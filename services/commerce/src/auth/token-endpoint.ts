import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { refreshTokens, users } from '@catalogue/db/schema';
import { fieldsProblem } from '@catalogue/service-kit/input-guard';
import { and, eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { CommerceConfig } from '../config';
import type { CommerceEnv } from '../http/env';
import { verifyPassword } from '../identity/passwords';
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
import { RateLimiter } from './rate-limit';
import { grantedRoles } from './scope';
import type { TokenService } from './tokens';

/** A refused token request: OAuth 2.0's `error` fields plus OrderCloud's `Errors` envelope. */
class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly oauthError: string,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function tokenErrorResponse(error: TokenError): Response {
  return Response.json(
    {
      error: error.oauthError,
      error_description: error.message,
      Errors: [{ ErrorCode: error.errorCode, Message: error.message }],
    },
    { status: error.status, headers: { 'cache-control': 'no-store', ...error.headers } },
  );
}

const wrongCredentials = () =>
  new TokenError(400, 'invalid_grant', 'InvalidUsernameOrPassword', 'Invalid username or password.');

export interface TokenEndpointDeps {
  db: Db;
  tokens: TokenService;
  config: CommerceConfig;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function secretMatches(client: ApiClientRow, given: string): boolean {
  if (!client.clientSecret) return false;
  const a = Buffer.from(client.clientSecret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** POST /oauth/token with every grant of OrderCloud (docs/ordercloud-wire.md). */
export function mountTokenEndpoint(app: Hono<CommerceEnv>, deps: TokenEndpointDeps): void {
  const { db, tokens, config } = deps;
  const byAddress = new RateLimiter(config.COMMERCE_TOKEN_RATE_PER_ADDRESS);
  const byUsername = new RateLimiter(config.COMMERCE_TOKEN_RATE_PER_USERNAME);

  const limit = (limiter: RateLimiter, key: string) => {
    const wait = limiter.hit(key);
    if (wait !== null) {
      throw new TokenError(
        429,
        'slow_down',
        'TooManyRequests',
        `Too many token requests: try again in ${wait} s.`,
        {
          'retry-after': String(wait),
        },
      );
    }
  };

  async function issueFor(
    client: ApiClientRow,
    user: UserRow,
    scope: string | undefined,
    options: { refresh: boolean; anonymousOrderId?: string; roles?: string[] },
  ) {
    const roles = options.roles ?? grantedRoles(scope, await assignedRoles(db, user));
    const access = await tokens.issue(
      {
        userId: user.id,
        username: user.username,
        userType: userTypeOf(user.companyType),
        companyId: user.companyId,
        clientId: client.id,
        roles,
        ...(options.anonymousOrderId ? { anonymousOrderId: options.anonymousOrderId } : {}),
      },
      client.accessTokenDuration * 60,
    );
    let refreshToken: string | null = null;
    if (options.refresh && client.refreshTokenDuration > 0) {
      refreshToken = randomBytes(32).toString('base64url');
      await db.insert(refreshTokens).values({
        tokenHash: hashRefreshToken(refreshToken),
        clientId: client.id,
        companyType: user.companyType,
        companyId: user.companyId,
        userId: user.id,
        scope: roles,
        expiresAt: new Date(Date.now() + client.refreshTokenDuration * 60_000),
      });
    }
    return {
      access_token: access.token,
      expires_in: access.expiresIn,
      token_type: 'bearer',
      refresh_token: refreshToken,
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

  async function passwordGrant(client: ApiClientRow, form: Record<string, string>) {
    const username = form.username ?? '';
    const password = form.password ?? '';
    if (!username || !password) {
      throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'username and password are required.');
    }
    limit(byUsername, username.toLowerCase());
    const user = await findUserForLogin(db, username);
    if (!user?.passwordHash) throw wrongCredentials();
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw lockedOut(user.lockedUntil);
    if (!(await verifyPassword(password, user.passwordHash))) {
      const [updated] = await db
        .update(users)
        .set({
          failedLoginCount: sql`${users.failedLoginCount} + 1`,
          lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${config.COMMERCE_LOCKOUT_ATTEMPTS}
            then now() + make_interval(mins => ${config.COMMERCE_LOCKOUT_MINUTES}) else ${users.lockedUntil} end`,
        })
        .where(userKey(user))
        .returning({ lockedUntil: users.lockedUntil });
      if (updated?.lockedUntil && updated.lockedUntil.getTime() > Date.now())
        throw lockedOut(updated.lockedUntil);
      throw wrongCredentials();
    }
    if (user.failedLoginCount > 0 || user.lockedUntil) {
      await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(userKey(user));
    }
    await usable(client, user);
    return issueFor(client, user, form.scope, { refresh: true });
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
    const [stored] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(given)))
      .limit(1);
    if (
      !stored ||
      stored.clientId !== client.id ||
      stored.revokedAt ||
      stored.expiresAt.getTime() <= Date.now()
    ) {
      throw new TokenError(
        400,
        'invalid_grant',
        'InvalidRefreshToken',
        'The refresh token is invalid, expired or revoked.',
      );
    }
    const user = await findUser(db, stored.companyType, stored.companyId, stored.userId);
    if (!user)
      throw new TokenError(
        400,
        'invalid_grant',
        'InvalidRefreshToken',
        'The user of this refresh token no longer exists.',
      );
    await usable(client, user);
    const body = await issueFor(client, user, undefined, { refresh: false, roles: stored.scope });
    return { ...body, refresh_token: given };
  }

  app.post('/oauth/token', async (c) => {
    try {
      limit(byAddress, clientAddress(c));
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
            return passwordGrant(client, form);
          case 'client_credentials':
            // Elevated login may arrive as client_credentials with a username and password.
            return form.username ? passwordGrant(client, form) : clientCredentialsGrant(client, form);
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

function lockedOut(until: Date): TokenError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new TokenError(
    400,
    'invalid_grant',
    'Auth.LockedOut',
    `Too many failed login attempts: this account is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
  );
}

function userKey(user: UserRow) {
  return and(
    eq(users.companyType, user.companyType),
    eq(users.companyId, user.companyId),
    eq(users.id, user.id),
  );
}

async function readForm(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'The token request must be form-encoded.');
  }
  const body = await c.req.parseBody();
  const problem = fieldsProblem(Object.entries(body));
  if (problem) throw new TokenError(400, 'invalid_request', 'InvalidRequest', problem.message);
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
  return form;
}
