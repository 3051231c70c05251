import type { Db } from '@catalogue/db';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { LoginThrottle } from '../auth/login-throttle';
import { readForm, TokenError, tokenErrorResponse } from '../auth/oauth-errors';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import type { TokenState } from '../auth/token-state';
import type { TokenService } from '../auth/tokens';
import type { CommerceEnv } from '../http/env';
import { routeBuyer } from '../identity/scopes';
import { routeSupplier } from '../identity/suppliers';
import type { UserKey } from './repository';
import { endSession, introspect, revokeUserTokens, unlockUser } from './service';

type C = Context<CommerceEnv>;

/** The form fields of RFC 7009 revocation and RFC 7662 introspection. */
const tokenForm = z.object({
  token: z.string().min(1).max(8192),
  token_type_hint: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
});

/**
 * Ending sessions (see service.ts):
 * - OrderCloud's `DELETE /me/tokens` (Me.RevokeTokens), `DELETE /buyers/{b}/users/{u}/tokens`
 *   (Users.RevokeUserTokens), `DELETE /adminusers/{u}/tokens` (AdminUsers.RevokeUserTokens),
 *   `DELETE /suppliers/{s}/users/{u}/tokens` (SupplierUsers.RevokeUserTokens), and their `POST …/unlock`
 *   (UnlockUserAccount), with the roles of the user routes they sit beside;
 * - our extensions for one token, which the SDK has no call for: `POST /oauth/revoke` (RFC 7009: a
 *   refresh token; the storefront's logout) and `POST /oauth/introspect` (RFC 7662: does an access token
 *   still count; the storefront's routes that verify tokens themselves).
 */
export function mountSessionRoutes(
  app: Hono<CommerceEnv>,
  db: Db,
  tokens: TokenService,
  state: TokenState,
  logins: LoginThrottle,
): void {
  app.post('/oauth/revoke', async (c) => {
    try {
      const form = parseTokenForm(await readForm(c));
      if (!form.client_id) {
        throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'client_id is required.');
      }
      if (form.token_type_hint === 'access_token') {
        throw new TokenError(
          400,
          'unsupported_token_type',
          'UnsupportedTokenType',
          'Only refresh tokens are revoked one by one: an access token ends with its refresh token, or with DELETE /v1/me/tokens.',
        );
      }
      if ((await endSession(db, form.token, form.client_id)) === 'other-client') {
        throw new TokenError(
          400,
          'unauthorized_client',
          'InvalidRefreshToken',
          `The token was not issued to ${form.client_id}.`,
        );
      }
      return c.body(null, 200, { 'cache-control': 'no-store' });
    } catch (error) {
      if (error instanceof TokenError) return tokenErrorResponse(error);
      throw error;
    }
  });

  app.post('/oauth/introspect', async (c) => {
    try {
      const form = parseTokenForm(await readForm(c));
      return c.json(await introspect(tokens, state, form.token), 200, { 'cache-control': 'no-store' });
    } catch (error) {
      if (error instanceof TokenError) return tokenErrorResponse(error);
      throw error;
    }
  });

  app.delete('/v1/me/tokens', async (c) => {
    const principal = c.get('principal');
    // The anonymous template user's tokens are every visitor's: no shopper may end them all.
    if (principal.anonymous) {
      throw wrongUserType(
        'anonymous',
        ['buyer', 'admin', 'supplier'],
        'Anonymous shoppers have no tokens to revoke.',
      );
    }
    await revokeUserTokens(db, principal);
    return c.body(null, 204);
  });

  const families: { path: string; user: (c: C) => Promise<UserKey> }[] = [
    {
      path: '/v1/buyers/:buyerID/users/:userID',
      user: async (c) => {
        requireAnyRole(c.get('principal').roles, ['BuyerUserAdmin']);
        return {
          companyType: 'buyer',
          companyId: await routeBuyer(db, c),
          userId: c.req.param('userID') ?? '',
        };
      },
    },
    {
      path: '/v1/adminusers/:userID',
      user: async (c) => {
        const principal = c.get('principal');
        if (principal.companyType !== 'seller') {
          throw wrongUserType(principal.userType, ['admin'], 'Only marketplace users may access User.');
        }
        requireAnyRole(principal.roles, ['AdminUserAdmin']);
        return { companyType: 'seller', companyId: '', userId: c.req.param('userID') ?? '' };
      },
    },
    {
      path: '/v1/suppliers/:supplierID/users/:userID',
      user: async (c) => {
        requireAnyRole(c.get('principal').roles, ['SupplierUserAdmin']);
        const companyId = await routeSupplier(db, c);
        return { companyType: 'supplier', companyId, userId: c.req.param('userID') ?? '' };
      },
    },
  ];
  for (const family of families) {
    app.delete(`${family.path}/tokens`, async (c) => {
      await revokeUserTokens(db, await family.user(c));
      return c.body(null, 204);
    });
    app.post(`${family.path}/unlock`, async (c) => {
      await unlockUser(db, logins, await family.user(c));
      return c.body(null, 204);
    });
  }
}

function parseTokenForm(form: Record<string, string>): z.output<typeof tokenForm> {
  const parsed = tokenForm.safeParse(form);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`,
    );
    throw new TokenError(400, 'invalid_request', 'InvalidRequest', problems.join('; '));
  }
  return parsed.data;
}
