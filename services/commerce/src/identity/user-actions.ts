import type { Db } from '@catalogue/db';
import { buyers, users } from '@catalogue/db/schema';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { userTypeOf } from '../auth/claims';
import { clientAddress } from '../auth/client-address';
import { assignedRoles, clientServes, findClient, findUser } from '../auth/identity-store';
import { RateLimiter } from '../auth/rate-limit';
import { requireAnyRole } from '../auth/roles';
import { grantedRoles } from '../auth/scope';
import type { TokenService } from '../auth/tokens';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { uniqueViolation } from '../resources/errors';
import { generateId } from '../resources/ids';
import {
  buyerUserResource,
  passwordSchema,
  prepareUser,
  USER_UNIQUE_CONSTRAINTS,
  userBody,
} from './buyer-users';
import { lockedError } from './locked-xp';
import { assertSeller, routeBuyer } from './scopes';
import { deleteUserDependents } from './user-cascade';

/**
 * Actions on buyer users beyond CRUD: impersonation tokens, moving a user to another buyer, the list of all
 * buyer users, and registration of an anonymous shopper.
 */
export function mountUserActions(
  app: Hono<CommerceEnv>,
  db: Db,
  tokens: TokenService,
  registrationsPerHour: number,
  lockedXp: readonly string[] = [],
): void {
  const registrations = new RateLimiter(registrationsPerHour, 60 * 60_000);
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

  app.put('/v1/me/register', async (c) => {
    const principal = c.get('principal');
    if (!principal.anonymous) {
      throw ApiError.of(
        400,
        'User.AlreadyRegistered',
        'Only an anonymous shopper can register: log out first.',
      );
    }
    const wait = registrations.hit(clientAddress(c));
    if (wait !== null) {
      throw ApiError.of(
        429,
        'TooManyRequests',
        `Too many registrations: try again in ${wait} s.`,
      ).withHeaders({
        'retry-after': String(wait),
      });
    }
    const anonUserToken = new URL(c.req.url).searchParams.get('anonUserToken');
    if (anonUserToken) {
      const anon = await tokens.verify(anonUserToken);
      if (!anon.anonymous)
        throw ApiError.of(400, 'InvalidToken', 'anonUserToken is not an anonymous shopper token.');
    }
    const body = await readBody(
      c.req.raw,
      userBody.omit({ ID: true, Active: true }).extend({ Password: passwordSchema }),
    );
    // Self-registration never takes an address that already names an account, as email or username:
    // login accepts either, so a look-alike account would stand in the way of the real one.
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          ...[body.Email, body.Username]
            .filter((value) => value.includes('@'))
            .flatMap((value) => [
              sql`lower(${users.email}) = lower(${value})`,
              sql`lower(${users.username}) = lower(${value})`,
            ]),
          sql`false`,
        ),
      )
      .limit(1);
    if (taken) {
      throw ApiError.of(
        409,
        'User.EmailAlreadyRegistered',
        'An account with this email address already exists.',
      );
    }
    const lockedKey = lockedXp.find((key) => body.xp && Object.hasOwn(body.xp, key));
    if (lockedKey) throw lockedError(lockedKey);
    const columns = await prepareUser({ ...body });
    const id = generateId();
    try {
      await db.insert(users).values({
        companyType: 'buyer',
        companyId: principal.companyId,
        id,
        username: body.Username,
        firstName: body.FirstName,
        lastName: body.LastName,
        email: body.Email,
        phone: body.Phone ?? null,
        xp: body.xp ?? {},
        passwordHash: columns.passwordHash as string,
        passwordLastSetDate: new Date(),
      });
    } catch (error) {
      if (uniqueViolation(error) === 'users_username_key') {
        const known = USER_UNIQUE_CONSTRAINTS.users_username_key;
        throw ApiError.of(409, known.errorCode, known.message);
      }
      throw error;
    }
    const user = await findUser(db, 'buyer', principal.companyId, id);
    if (!user) throw new Error('registered user vanished');
    const client = await findClient(db, principal.clientId);
    const token = await tokens.issue(
      {
        userId: user.id,
        username: user.username,
        userType: 'buyer',
        companyId: user.companyId,
        clientId: principal.clientId,
        roles: await assignedRoles(db, user),
        tokenVersion: user.tokenVersion,
      },
      (client?.accessTokenDuration ?? 30) * 60,
    );
    return c.json({ access_token: token.token });
  });
}
