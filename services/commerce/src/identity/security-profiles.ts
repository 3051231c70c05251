import type { Db } from '@catalogue/db';
import {
  buyers,
  securityProfileAssignments,
  securityProfiles,
  suppliers,
  userGroups,
  users,
} from '@catalogue/db/schema';
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { API_ROLES, requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { pageOfRows } from '../list/run';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema } from '../resources/ids';
import { renameSecurityProfile } from '../resources/renames';
import { assertSeller } from './scopes';

const roles = rolesFor('SecurityProfileAdmin', 'SecurityProfileReader');

export const securityProfileResource = new Resource({
  objectType: 'SecurityProfile',
  table: securityProfiles,
  id: securityProfiles.id,
  columns: {
    ID: securityProfiles.id,
    Name: securityProfiles.name,
    Roles: securityProfiles.roles,
    CustomRoles: securityProfiles.customRoles,
    PasswordConfig: securityProfiles.passwordConfig,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    Roles: z.array(z.enum(API_ROLES, { error: 'must be OrderCloud roles' })).default([]),
    CustomRoles: z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be simple names')).default([]),
    PasswordConfig: z.record(z.string(), z.unknown()).nullish(),
  }),
  searchOn: ['ID', 'Name'],
  roles,
  sellerOnly: true,
  extend: () => ({ IsExternalRoleGroup: false }),
  // Assignments and impersonation configs follow (renames.ts).
  renamed: (tx, before, after) => renameSecurityProfile(tx, String(before.id), String(after.id)),
});

const assignmentBody = z.object({
  SecurityProfileID: idSchema,
  BuyerID: idSchema.nullish(),
  SupplierID: idSchema.nullish(),
  UserGroupID: idSchema.nullish(),
  UserID: idSchema.nullish(),
});

const a = securityProfileAssignments;

/** /v1/securityprofiles and their assignments to the marketplace, a company, a group or a user. */
export function mountSecurityProfiles(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/securityprofiles/assignments', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'read security profile assignments');
    requireAnyRole(principal.roles, roles.read);
    const q = new URL(c.req.url).searchParams;
    const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const conditions: (SQL | undefined)[] = [];
    for (const [name, column] of [
      ['securityProfileID', a.securityProfileId],
      ['buyerID', a.buyerId],
      ['supplierID', a.supplierId],
      ['userGroupID', a.userGroupId],
      ['userID', a.userId],
    ] as const) {
      const value = param(name);
      if (value) conditions.push(eq(column, value));
    }
    const role = param('commerceRole');
    if (role === 'Buyer') conditions.push(isNotNull(a.buyerId));
    else if (role === 'Supplier') conditions.push(isNotNull(a.supplierId));
    else if (role === 'Seller') conditions.push(and(isNull(a.buyerId), isNull(a.supplierId)));
    else if (role) throw ApiError.invalidRequest('commerceRole must be Buyer, Seller or Supplier.');
    const level = param('level');
    if (level === 'User') conditions.push(isNotNull(a.userId));
    else if (level === 'Group') conditions.push(and(isNotNull(a.userGroupId), isNull(a.userId)));
    else if (level === 'Company') conditions.push(and(isNull(a.userGroupId), isNull(a.userId)));
    else if (level) throw ApiError.invalidRequest('level must be User, Group or Company.');
    const where = and(...conditions);
    return c.json(
      await pageOfRows(db, a, where, [a.key], q, (r) => ({
        SecurityProfileID: r.securityProfileId,
        BuyerID: r.buyerId,
        SupplierID: r.supplierId,
        UserGroupID: r.userGroupId,
        UserID: r.userId,
      })),
    );
  });

  app.post('/v1/securityprofiles/assignments', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'assign security profiles');
    requireAnyRole(principal.roles, roles.write);
    const body = await readBody(c.req.raw, assignmentBody);
    const target = {
      securityProfileId: body.SecurityProfileID,
      buyerId: body.BuyerID ?? null,
      supplierId: body.SupplierID ?? null,
      userGroupId: body.UserGroupID ?? null,
      userId: body.UserID ?? null,
    };
    if (target.buyerId && target.supplierId)
      throw ApiError.invalidRequest('Give BuyerID or SupplierID, not both.');
    await mustExist(db, target);
    const same = and(
      eq(a.securityProfileId, target.securityProfileId),
      ...(['buyerId', 'supplierId', 'userGroupId', 'userId'] as const).map((k) =>
        target[k] === null ? isNull(a[k]) : eq(a[k], target[k] as string),
      ),
    );
    await db.transaction(async (tx) => {
      if ((await tx.$count(a, same)) === 0) await tx.insert(a).values(target);
    });
    return c.body(null, 204);
  });

  app.delete('/v1/securityprofiles/:id/assignments', async (c) => {
    const principal = c.get('principal');
    assertSeller(principal, 'remove security profile assignments');
    requireAnyRole(principal.roles, roles.write);
    const q = new URL(c.req.url).searchParams;
    const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? null;
    const values = {
      buyerId: param('buyerID'),
      supplierId: param('supplierID'),
      userGroupId: param('userGroupID'),
      userId: param('userID'),
    };
    const where = and(
      eq(a.securityProfileId, c.req.param('id')),
      ...(Object.keys(values) as (keyof typeof values)[]).map((k) =>
        values[k] === null ? isNull(a[k]) : eq(a[k], values[k] as string),
      ),
    );
    const deleted = await db.delete(a).where(where).returning();
    if (deleted.length === 0) throw ApiError.notFound('SecurityProfileAssignment', c.req.param('id'));
    return c.body(null, 204);
  });

  mountCrud(app, db, '/v1/securityprofiles', securityProfileResource, {
    cascade: async (tx, row) => {
      await tx.delete(a).where(eq(a.securityProfileId, String(row.id)));
    },
  });
}

async function mustExist(
  db: Db,
  t: {
    securityProfileId: string;
    buyerId: string | null;
    supplierId: string | null;
    userGroupId: string | null;
    userId: string | null;
  },
): Promise<void> {
  if ((await db.$count(securityProfiles, eq(securityProfiles.id, t.securityProfileId))) === 0) {
    throw ApiError.notFound('SecurityProfile', t.securityProfileId);
  }
  if (t.supplierId && (await db.$count(suppliers, eq(suppliers.id, t.supplierId))) === 0)
    throw ApiError.notFound('Supplier', t.supplierId);
  if (t.buyerId && (await db.$count(buyers, eq(buyers.id, t.buyerId))) === 0)
    throw ApiError.notFound('Buyer', t.buyerId);
  const companyType = t.buyerId ? 'buyer' : t.supplierId ? 'supplier' : 'seller';
  const companyId = t.buyerId ?? t.supplierId ?? '';
  if (
    t.userGroupId &&
    (await db.$count(
      userGroups,
      and(
        eq(userGroups.companyType, companyType),
        eq(userGroups.companyId, companyId),
        eq(userGroups.id, t.userGroupId),
      ),
    )) === 0
  ) {
    throw ApiError.notFound('UserGroup', t.userGroupId);
  }
  if (
    t.userId &&
    (await db.$count(
      users,
      and(eq(users.companyType, companyType), eq(users.companyId, companyId), eq(users.id, t.userId)),
    )) === 0
  ) {
    throw ApiError.notFound('User', t.userId);
  }
}
