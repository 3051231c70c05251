import type { Db } from '@catalogue/db';
import { buyers, users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameCompany } from '../resources/renames';
import { assertSeller } from './scopes';
import { deleteBuyerOwnedData, deleteUserOwnedData } from './user-cascade';

export const buyerResource = new Resource({
  objectType: 'Buyer',
  table: buyers,
  id: buyers.id,
  columns: {
    ID: buyers.id,
    Name: buyers.name,
    DefaultCatalogID: buyers.defaultCatalogId,
    Active: buyers.active,
    DateCreated: buyers.dateCreated,
    xp: buyers.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    DefaultCatalogID: idSchema.nullish(),
    Active: z.boolean().optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  roles: rolesFor('BuyerAdmin', 'BuyerReader'),
  // A renamed buyer takes its users, groups, addresses, assignments, … along (renames.ts).
  renamed: (tx, before, after) => renameCompany(tx, 'buyer', String(before.id), String(after.id)),
});

/** /v1/buyers: the marketplace's buyer companies. A buyer user sees and edits only their own. */
export function mountBuyers(app: Hono<CommerceEnv>, db: Db): void {
  app.post('/v1/buyers', async (c, next) => {
    assertSeller(c.get('principal'), 'create buyers');
    await next();
  });
  app.delete('/v1/buyers/:id', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'delete buyers');
    const id = c.req.param('id');
    await db.transaction(async (tx) => {
      const deleted = await tx.delete(buyers).where(eq(buyers.id, id)).returning({ id: buyers.id });
      if (deleted.length === 0) throw ApiError.notFound('Buyer', id);
      const ofBuyer = <T extends { companyType: unknown; companyId: unknown }>(t: T) =>
        and(eq(t.companyType as never, 'buyer'), eq(t.companyId as never, id));
      const members = await tx.delete(users).where(ofBuyer(users)).returning({ id: users.id });
      for (const member of members) await deleteUserOwnedData(tx as unknown as Db, 'buyer', id, member.id);
      await deleteBuyerOwnedData(tx as unknown as Db, id);
    });
    return c.body(null, 204);
  });
  mountCrud(app, db, '/v1/buyers', buyerResource, {
    only: ['list', 'get', 'create', 'put', 'patch'],
    scope: (c) => {
      const principal = c.get('principal');
      return principal.companyType === 'seller'
        ? { where: undefined, values: {} }
        : { where: eq(buyers.id, principal.companyType === 'buyer' ? principal.companyId : ''), values: {} };
    },
  });
}
