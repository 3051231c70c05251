import type { Db } from '@catalogue/db';
import {
  addresses,
  buyers,
  costCenters,
  creditCards,
  spendingAccounts,
  userGroups,
  users,
} from '@catalogue/db/schema';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { findUser } from '../auth/identity-store';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { verifyWrittenAddress } from '../email-verification/service';
import type { VerificationSettings } from '../email-verification/settings';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import {
  addressResource,
  costCenterResource,
  creditCardResource,
  spendingAccountResource,
} from '../identity/buyer-resources';
import { passwordSchema, prepareUser, USER_UNIQUE_CONSTRAINTS, userBody } from '../identity/buyer-users';
import { keepLockedXp, lockedFor } from '../identity/locked-xp';
import { hashPassword } from '../identity/passwords';
import { userGroupResource } from '../identity/user-groups';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { mountCrud } from '../resources/crud';
import { uniqueViolation } from '../resources/errors';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import { assignedToMe, inMyGroups } from './assigned';

type C = Context<CommerceEnv>;

const myKey = (p: Principal) =>
  and(eq(users.companyType, p.companyType), eq(users.companyId, p.companyId), eq(users.id, p.userId));

/** /v1/me and what the current user owns or has been given. */
export function mountMeRoutes(
  app: Hono<CommerceEnv>,
  db: Db,
  lockedXp: readonly string[],
  verification: VerificationSettings,
): void {
  // One round trip, prepared once: the user and, for buyer users, their company's default catalog.
  const meQuery = db
    .select({ user: users, catalog: buyers.defaultCatalogId })
    .from(users)
    .leftJoin(buyers, and(eq(users.companyType, 'buyer'), eq(buyers.id, users.companyId)))
    .where(
      and(
        eq(users.companyType, sql.placeholder('companyType')),
        eq(users.companyId, sql.placeholder('companyId')),
        eq(users.id, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare('me_user');
  const me = async (c: C) => {
    const principal = c.get('principal');
    const [row] = await meQuery.execute({
      companyType: principal.companyType,
      companyId: principal.companyId,
      userId: principal.userId,
    });
    if (!row) throw ApiError.notFound('User', principal.userId);
    const { FailedLoginAttempts: _hidden, ...wire } = userToWire(row.user, principal.roles);
    const company =
      principal.companyType === 'buyer'
        ? { Buyer: { ID: principal.companyId, DefaultCatalogID: row.catalog ?? null } }
        : principal.companyType === 'supplier'
          ? { Supplier: { ID: principal.companyId } }
          : { Seller: { ID: '' } };
    // EmailVerified: our extension, read-only (set only by confirming a mailed code).
    return { ...company, ...wire, EmailVerified: row.user.emailVerifiedAt !== null };
  };
  const notAnonymous = (principal: Principal, action: string) => {
    if (principal.anonymous) {
      throw wrongUserType(
        'anonymous',
        ['buyer', 'admin', 'supplier'],
        `Anonymous shoppers cannot ${action}: register first.`,
      );
    }
  };

  app.get('/v1/me', async (c) => {
    requireAnyRole(c.get('principal').roles, ['MeAdmin', 'MeXpAdmin', 'Shopper']);
    return c.json(await me(c));
  });

  const writeMe = async (c: C, values: Record<string, unknown>) => {
    const principal = c.get('principal');
    const columns = await prepareUser(values);
    const set: Record<string, unknown> = {};
    const map: Record<string, string> = {
      Username: 'username',
      FirstName: 'firstName',
      LastName: 'lastName',
      Email: 'email',
      Phone: 'phone',
      TermsAccepted: 'termsAccepted',
      xp: 'xp',
      passwordHash: 'passwordHash',
      passwordLastSetDate: 'passwordLastSetDate',
    };
    for (const [key, value] of Object.entries(columns)) {
      const column = map[key];
      if (column && value !== undefined) set[column] = value;
    }
    if (Object.keys(set).length > 0) {
      // A new password revokes the user's tokens, this one included (trigger users_revoke_tokens).
      await db
        .transaction(async (tx) => {
          const [user] = await tx.update(users).set(set).where(myKey(principal)).returning();
          // A new address is unverified (migration 0031's trigger) until its mailed code comes back.
          if (user && 'email' in set)
            await verifyWrittenAddress(tx as unknown as Db, verification, user, true);
        })
        .catch((error: unknown) => {
          const constraint = uniqueViolation(error);
          const known = constraint
            ? USER_UNIQUE_CONSTRAINTS[constraint as keyof typeof USER_UNIQUE_CONSTRAINTS]
            : undefined;
          if (known) throw ApiError.of(409, known.errorCode, known.message);
          throw error;
        });
    }
    return c.json(await me(c));
  };

  const meBody = userBody.omit({ ID: true, Active: true });
  app.put('/v1/me', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['MeAdmin']);
    notAnonymous(principal, 'edit their profile');
    const body = await readBody(c.req.raw, meBody);
    const user = await findUser(db, principal.companyType, principal.companyId, principal.userId);
    const stored = (user?.xp ?? {}) as Record<string, unknown>;
    const xp = keepLockedXp(lockedFor(lockedXp, stored), stored, body.xp ?? {}, body.xp);
    return writeMe(c, { Phone: null, TermsAccepted: null, ...body, xp });
  });
  app.patch('/v1/me', async (c) => {
    const principal = c.get('principal');
    const body = await readBody(c.req.raw, patchBody(meBody));
    const onlyXp = Object.keys(body).every((k) => k === 'xp');
    requireAnyRole(principal.roles, onlyXp ? ['MeAdmin', 'MeXpAdmin'] : ['MeAdmin']);
    notAnonymous(principal, 'edit their profile');
    const values: Record<string, unknown> = { ...body };
    if (body.xp !== undefined) {
      const user = await findUser(db, principal.companyType, principal.companyId, principal.userId);
      const stored = (user?.xp ?? {}) as Record<string, unknown>;
      values.xp = keepLockedXp(
        lockedFor(lockedXp, stored),
        stored,
        mergePatch(stored, body.xp) as Record<string, unknown>,
        (body.xp ?? undefined) as Record<string, unknown> | undefined,
      );
    }
    return writeMe(c, values);
  });

  app.post('/v1/me/password', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['MeAdmin', 'PasswordReset', 'Shopper']);
    notAnonymous(principal, 'set a password');
    const body = await readBody(c.req.raw, z.object({ NewPassword: passwordSchema }));
    const passwordHash = await hashPassword(body.NewPassword);
    // Revokes the user's tokens, this one included (trigger users_revoke_tokens): they log in again.
    await db.update(users).set({ passwordHash, passwordLastSetDate: new Date() }).where(myKey(principal));
    return c.body(null, 204);
  });

  // Groups the user belongs to.
  const groupResource = userGroupResource({ read: ['MeAdmin', 'Shopper'], write: [] }, false);
  app.get('/v1/me/usergroups', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, groupResource.def.roles.read);
    const where = and(
      eq(userGroups.companyType, principal.companyType),
      eq(userGroups.companyId, principal.companyId),
      inMyGroups(principal, userGroups.id),
    );
    const page = await runList(
      db,
      userGroups,
      groupResource.list,
      parseListParams(new URL(c.req.url).searchParams),
      where,
    );
    return c.json({ Items: await groupResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  // Things given to the user: cost centers and spending accounts (read only).
  const buyerOnly = (principal: Principal) => {
    if (principal.companyType !== 'buyer')
      throw wrongUserType(
        principal.userType,
        ['buyer'],
        'Only buyer users have these: marketplace users use /addresses.',
      );
  };
  const given = [
    ['/v1/me/costcenters', costCenterResource, costCenters, 'costcenter', ['list', 'get']],
    // The SDK lists at /me/spendingAccounts and gets one at /me/spendingaccounts/{id}.
    [
      '/v1/me/spendingAccounts',
      spendingAccountResource,
      spendingAccounts,
      'spendingaccount',
      ['list', 'get'],
    ],
    ['/v1/me/spendingaccounts', spendingAccountResource, spendingAccounts, 'spendingaccount', ['get']],
  ] as const;
  for (const [path, resource, table, kind, only] of given) {
    mountCrud(app, db, path, resource, {
      only: [...only],
      roles: { read: ['Shopper', 'MeAdmin'], write: [] },
      scope: (c) => {
        const principal = c.get('principal');
        buyerOnly(principal);
        return {
          where: and(eq(table.buyerId, principal.companyId), assignedToMe(principal, kind, table.id)),
          values: {},
        };
      },
    });
  }

  // Personal addresses and cards: the user writes their own, and reads those plus the ones assigned.
  const meAddresses = addressResource({
    read: ['MeAddressAdmin', 'MeAdmin', 'Shopper'],
    write: ['MeAddressAdmin'],
  });
  mountCrud(app, db, '/v1/me/addresses', meAddresses, {
    scope: (c) => {
      const principal = c.get('principal');
      buyerOnly(principal);
      return {
        where: and(
          eq(addresses.companyType, 'buyer'),
          eq(addresses.companyId, principal.companyId),
          eq(addresses.ownerUserId, principal.userId),
        ),
        values: { companyType: 'buyer', companyId: principal.companyId, ownerUserId: principal.userId },
      };
    },
    readScope: (c) => {
      const principal = c.get('principal');
      buyerOnly(principal);
      return {
        where: and(
          eq(addresses.companyType, 'buyer'),
          eq(addresses.companyId, principal.companyId),
          or(eq(addresses.ownerUserId, principal.userId), assignedToMe(principal, 'address', addresses.id)),
        ),
        values: {},
      };
    },
  });
  mountCrud(app, db, '/v1/me/creditcards', creditCardResource, {
    roles: { read: ['MeCreditCardAdmin', 'MeAdmin', 'Shopper'], write: ['MeCreditCardAdmin'] },
    scope: (c) => {
      const principal = c.get('principal');
      buyerOnly(principal);
      return {
        where: and(
          eq(creditCards.buyerId, principal.companyId),
          eq(creditCards.ownerUserId, principal.userId),
        ),
        values: { buyerId: principal.companyId, ownerUserId: principal.userId },
      };
    },
    readScope: (c) => {
      const principal = c.get('principal');
      buyerOnly(principal);
      return {
        where: and(
          eq(creditCards.buyerId, principal.companyId),
          or(
            eq(creditCards.ownerUserId, principal.userId),
            assignedToMe(principal, 'creditcard', creditCards.id),
          ),
        ),
        values: {},
      };
    },
  });
}
