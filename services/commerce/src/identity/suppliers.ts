import type { Db } from '@catalogue/db';
import {
  addresses,
  apiClientAssignments,
  buyers,
  passwordResetCodes,
  products,
  refreshTokens,
  securityProfileAssignments,
  supplierBuyers,
  suppliers,
  userGroupAssignments,
  userGroups,
  users,
} from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor, wrongUserType } from '../auth/roles';
import { verifyAfterAdminWrite } from '../email-verification/service';
import type { VerificationSettings } from '../email-verification/settings';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameCompany } from '../resources/renames';
import { addressResource } from './buyer-resources';
import { userResource } from './buyer-users';
import { assertOwnCompany, assertSeller } from './scopes';
import { deleteUserOwnedData } from './user-cascade';
import { mountUserGroupVariant } from './user-groups';

type C = Context<CommerceEnv>;

const supplierRoles = rolesFor('SupplierAdmin', 'SupplierReader');

export const supplierResource = new Resource({
  objectType: 'Supplier',
  table: suppliers,
  id: suppliers.id,
  columns: {
    ID: suppliers.id,
    Name: suppliers.name,
    Active: suppliers.active,
    DateCreated: suppliers.dateCreated,
    AllBuyersCanOrder: suppliers.allBuyersCanOrder,
    xp: suppliers.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    Active: z.boolean().optional(),
    AllBuyersCanOrder: z.boolean().optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  roles: supplierRoles,
  // A renamed supplier takes its users, groups, addresses, assignments and owned objects along (renames.ts).
  renamed: (tx, before, after) => renameCompany(tx, 'supplier', String(before.id), String(after.id)),
});

const buyersHaveNone = (userType: string) =>
  wrongUserType(userType, ['admin', 'supplier'], 'Buyer users have no suppliers to manage.');

/** The buyers a supplier sells to, as SupplierBuyer {ID, Name}: rows of the buyers table. */
const supplierBuyerResource = new Resource({
  objectType: 'Buyer',
  table: buyers,
  id: buyers.id,
  columns: { ID: buyers.id, Name: buyers.name },
  body: z.object({}),
  searchOn: ['ID', 'Name'],
  roles: supplierRoles,
});

/**
 * The supplier named by a route (`/suppliers/{supplierID}/...`). A supplier user reaches only their own
 * supplier and a buyer user none: any other supplier is reported as not found.
 */
export async function routeSupplier(db: Db, c: C): Promise<string> {
  const supplierId = c.req.param('supplierID') ?? '';
  assertOwnCompany(c.get('principal'), 'supplier', supplierId, 'Supplier');
  if ((await db.$count(suppliers, eq(suppliers.id, supplierId))) === 0)
    throw ApiError.notFound('Supplier', supplierId);
  return supplierId;
}

/** Everything keyed by a deleted supplier's ID (product and buyer links go with it by foreign key). */
async function deleteSupplierDependents(tx: Db, supplierId: string): Promise<void> {
  const ofSupplier = <T extends { companyType: unknown; companyId: unknown }>(t: T) =>
    and(eq(t.companyType as never, 'supplier'), eq(t.companyId as never, supplierId));
  await tx.delete(users).where(ofSupplier(users));
  await tx.delete(userGroups).where(ofSupplier(userGroups));
  await tx.delete(userGroupAssignments).where(ofSupplier(userGroupAssignments));
  await tx.delete(addresses).where(ofSupplier(addresses));
  await tx.delete(refreshTokens).where(ofSupplier(refreshTokens));
  await tx.delete(passwordResetCodes).where(ofSupplier(passwordResetCodes));
  await tx.delete(securityProfileAssignments).where(eq(securityProfileAssignments.supplierId, supplierId));
  await tx.delete(apiClientAssignments).where(eq(apiClientAssignments.supplierId, supplierId));
  await tx
    .update(products)
    .set({ defaultSupplierId: null })
    .where(eq(products.defaultSupplierId, supplierId));
}

/**
 * /v1/suppliers with their buyers, users, user groups (and assignments) and addresses. The marketplace
 * owner manages every supplier; a supplier user reads and edits only their own; buyer users have none.
 */
export function mountSuppliers(app: Hono<CommerceEnv>, db: Db, verification: VerificationSettings): void {
  // Creating and deleting suppliers is the marketplace owner's; a supplier user edits only its own.
  app.post('/v1/suppliers', async (c, next) => {
    requireAnyRole(c.get('principal').roles, supplierRoles.write);
    assertSeller(c.get('principal'), 'create suppliers');
    await next();
  });
  app.delete('/v1/suppliers/:id', async (c, next) => {
    requireAnyRole(c.get('principal').roles, supplierRoles.write);
    assertSeller(c.get('principal'), 'delete suppliers');
    await next();
  });
  app.on(['PUT', 'PATCH'], '/v1/suppliers/:id', async (c, next) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, supplierRoles.write);
    if (principal.companyType === 'buyer') throw buyersHaveNone(principal.userType);
    // PUT creates a supplier that does not exist: only the marketplace owner may.
    if (principal.companyType === 'supplier')
      assertOwnCompany(principal, 'supplier', c.req.param('id'), 'Supplier');
    await next();
  });
  mountCrud(app, db, '/v1/suppliers', supplierResource, {
    scope: (c) => {
      const principal = c.get('principal');
      if (principal.companyType === 'seller') return { where: undefined, values: {} };
      if (principal.companyType === 'supplier')
        return { where: eq(suppliers.id, principal.companyId), values: {} };
      throw buyersHaveNone(principal.userType);
    },
    cascade: (tx, row) => deleteSupplierDependents(tx, String(row.id)),
  });

  mountSupplierBuyers(app, db);

  const company = async (c: C) => ({
    companyType: 'supplier' as const,
    companyId: await routeSupplier(db, c),
  });
  const companyScope = async (c: C) => {
    const { companyType, companyId } = await company(c);
    return {
      where: and(eq(users.companyType, companyType), eq(users.companyId, companyId)),
      values: { companyType, companyId },
      parent: { objectType: 'Supplier', id: companyId },
    };
  };
  mountCrud(
    app,
    db,
    '/v1/suppliers/:supplierID/users',
    userResource(rolesFor('SupplierUserAdmin', 'SupplierUserReader')),
    {
      scope: companyScope,
      afterWrite: verifyAfterAdminWrite(verification),
      cascade: (tx, row) => deleteUserOwnedData(tx, 'supplier', String(row.companyId), String(row.id)),
    },
  );
  mountUserGroupVariant(app, db, {
    base: '/v1/suppliers/:supplierID/usergroups',
    roles: rolesFor('SupplierUserGroupAdmin', 'SupplierUserGroupReader'),
    company,
  });
  mountCrud(
    app,
    db,
    '/v1/suppliers/:supplierID/addresses',
    addressResource(rolesFor('SupplierAddressAdmin', 'SupplierAddressReader')),
    {
      scope: async (c) => {
        const { companyType, companyId } = await company(c);
        return {
          where: and(
            eq(addresses.companyType, companyType),
            eq(addresses.companyId, companyId),
            eq(addresses.ownerUserId, ''),
          ),
          values: { companyType, companyId, ownerUserId: '' },
        };
      },
    },
  );

  // The SDK's ApiClients.RemoveAssignment for a supplier (POST /apiclients/assignments creates it).
  app.delete('/v1/suppliers/:supplierID/ApiClients/Assignments/:apiClientID', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['ApiClientAdmin']);
    assertSeller(principal, 'manage API clients');
    const deleted = await db
      .delete(apiClientAssignments)
      .where(
        and(
          eq(apiClientAssignments.apiClientId, c.req.param('apiClientID')),
          eq(apiClientAssignments.supplierId, c.req.param('supplierID')),
          eq(apiClientAssignments.buyerId, ''),
        ),
      )
      .returning();
    if (deleted.length === 0)
      throw ApiError.notFound('Assignment', `${c.req.param('supplierID')}/${c.req.param('apiClientID')}`);
    return c.body(null, 204);
  });
}

/** GET /suppliers/{id}/buyers (list), PUT and DELETE /suppliers/{id}/buyers/{buyerID}. */
function mountSupplierBuyers(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/suppliers/:supplierID/buyers';
  mountCrud(app, db, base, supplierBuyerResource, {
    only: ['list'],
    scope: async (c) => {
      const supplierId = await routeSupplier(db, c);
      return {
        where: inArray(
          buyers.id,
          db
            .select({ id: supplierBuyers.buyerId })
            .from(supplierBuyers)
            .where(eq(supplierBuyers.supplierId, supplierId)),
        ),
        values: {},
      };
    },
  });
  const write = async (c: C) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, supplierRoles.write);
    assertSeller(principal, "choose a supplier's buyers");
    return { supplierId: await routeSupplier(db, c), buyerId: c.req.param('buyerID') ?? '' };
  };
  app.put(`${base}/:buyerID`, async (c) => {
    const { supplierId, buyerId } = await write(c);
    if ((await db.$count(buyers, eq(buyers.id, buyerId))) === 0) throw ApiError.notFound('Buyer', buyerId);
    await db.insert(supplierBuyers).values({ supplierId, buyerId }).onConflictDoNothing();
    return c.body(null, 204);
  });
  app.delete(`${base}/:buyerID`, async (c) => {
    const { supplierId, buyerId } = await write(c);
    const deleted = await db
      .delete(supplierBuyers)
      .where(and(eq(supplierBuyers.supplierId, supplierId), eq(supplierBuyers.buyerId, buyerId)))
      .returning();
    if (deleted.length === 0) throw ApiError.notFound('SupplierBuyer', buyerId);
    return c.body(null, 204);
  });
}
