import type { Db } from '@catalogue/db';
import { buyers, users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { userTypeOf } from '../auth/claims';
import { assignedRoles, clientServes, findClient, findUser } from '../auth/identity-store';
import { requireAnyRole } from '../auth/roles';
import { grantedRoles } from '../auth/scope';
import type { TokenService } from '../auth/tokens';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { uniqueViolation } from '../resources/errors';
import { buyerUserResource } from './buyer-users';
import { assertSeller, routeBuyer } from './scopes';
import { deleteUserDependents } from './user-cascade';

/**
 * Actions on buyer users beyond CRUD: impersonation tokens, moving a user to another buyer, the list of all
 * buyer users. Registration of an anonymous shopper is in `../registration/`.
 */
export function mountUserActions(app: Hono<CommerceEnv>, db: Db, tokens: TokenService): void {
  app.post('/v1/buyers/:buyerID/users/:userID/accesstoken', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['BuyerImpersonation']);
    assertSeller(principal, 'impersonate buyer users');
    const buyerId = await routeBuyer(db, c);
    const body = await readBody(
      c.req.raw,
      z.object({
        ClientID: z.string().min(1),
        Roles: z.array(z.string()).default([]),
        CustomRoles: z.array(z.string()).default([]),
      }),
    );
    const user = await findUser(db, 'buyer', buyerId, c.req.param('userID'));
    if (!user) throw ApiError.notFound('User', c.req.param('userID'));
    const client = await findClient(db, body.ClientID);
    if (!client?.active) throw ApiError.of(400, 'InvalidClientID', 'Unknown or inactive ClientID.');
    if (!(await clientServes(db, client, user))) {
      throw ApiError.of(
        400,
        'ApiClientNotAssigned',
        `API client ${client.id} is not assigned to buyer ${buyerId}.`,
      );
    }
    if (!user.active) throw ApiError.of(400, 'InactiveUser', 'This user is not active.');
    const requested = [...body.Roles, ...body.CustomRoles].join(' ');
    const roles = grantedRoles(requested, await assignedRoles(db, user));
    const token = await tokens.issue(
      {
        userId: user.id,
        username: user.username,
        userType: userTypeOf(user.companyType),
        companyId: user.companyId,
        clientId: client.id,
        roles,
        impersonatedBy: principal.username,
        tokenVersion: user.tokenVersion,
      },
      client.accessTokenDuration * 60,
    );
    return c.json({
      access_token: token.token,
      expires_in: token.expiresIn,
      token_type: 'bearer',
      refresh_token: null,
    });
  });

  app.post('/v1/buyers/:buyerID/users/:userID/moveto/:newBuyerID', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['BuyerUserAdmin']);
    assertSeller(principal, 'move users between buyers');
    const from = await routeBuyer(db, c);
    const to = c.req.param('newBuyerID');
    const userId = c.req.param('userID');
    if ((await db.$count(buyers, eq(buyers.id, to))) === 0) throw ApiError.notFound('Buyer', to);
    // `orders` (None | Unsubmitted | All) says which of the user's orders go along; orders arrive with step 4.
    const orders = new URL(c.req.url).searchParams.get('orders') ?? 'None';
    if (!['None', 'Unsubmitted', 'All'].includes(orders)) {
      throw ApiError.invalidRequest('orders must be None, Unsubmitted or All.', { orders });
    }
    const moved = await db
      .transaction(async (tx) => {
        const user = await findUser(tx as unknown as Db, 'buyer', from, userId);
        if (!user) throw ApiError.notFound('User', userId);
        await deleteUserDependents(tx as unknown as Db, 'buyer', from, userId);
        const [row] = await tx
          .update(users)
          .set({ companyId: to })
          .where(and(eq(users.companyType, 'buyer'), eq(users.companyId, from), eq(users.id, userId)))
          .returning();
        return row;
      })
      .catch((error: unknown) => {
        if (uniqueViolation(error) !== null) {
          throw ApiError.of(409, 'IdExists', `Buyer ${to} already has a user ${userId}.`, {
            ObjectType: 'User',
            ObjectID: userId,
          });
        }
        throw error;
      });
    return c.json(await buyerUserResource.wireOne(db, moved as Record<string, unknown>));
  });

  app.get('/v1/buyerusers', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['BuyerUserAdmin', 'BuyerUserReader']);
    assertSeller(principal, 'list the users of every buyer');
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(db, users, buyerUserResource.list, params, eq(users.companyType, 'buyer'));
    return c.json({ Items: await buyerUserResource.wireAll(db, page.Items), Meta: page.Meta });
  });
}
