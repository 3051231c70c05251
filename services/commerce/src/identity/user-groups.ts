import type { Db } from '@catalogue/db';
import { userGroupAssignments, userGroups, users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { type ApiRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameUserGroup } from '../resources/renames';
import { assertSeller, routeBuyer } from './scopes';

type CompanyScope = { companyType: 'buyer' | 'seller' | 'supplier'; companyId: string };

/** One place user groups live: a buyer's, a supplier's, or the marketplace's admin user groups. */
export interface UserGroupVariant {
  base: string;
  roles: { read: ApiRole[]; write: ApiRole[] };
  company: (c: Context<CommerceEnv>) => Promise<CompanyScope>;
  /** Seller users only (the admin user groups). */
  sellerOnly?: boolean;
}

export function userGroupResource(roles: { read: ApiRole[]; write: ApiRole[] }, sellerOnly: boolean) {
  return new Resource({
    objectType: 'UserGroup',
    table: userGroups,
    id: userGroups.id,
    columns: {
      ID: userGroups.id,
      Name: userGroups.name,
      Description: userGroups.description,
      xp: userGroups.xp,
    },
    body: z.object({
      ID: idSchema.optional(),
      Name: z.string().trim().min(1, 'must not be empty').max(100),
      Description: z.string().max(2000).nullish(),
      xp: xpSchema.optional(),
    }),
    searchOn: ['ID', 'Name', 'Description'],
    roles,
    sellerOnly,
    // Memberships and every group-level assignment follow (renames.ts).
    renamed: (tx, before, after) =>
      renameUserGroup(
        tx,
        before.companyType as CompanyScope['companyType'],
        String(before.companyId),
        String(before.id),
        String(after.id),
      ),
  });
}

/**
 * User groups and their user assignments, for buyers (`/buyers/{buyerID}/usergroups`) and for the
 * marketplace's admin users (`/usergroups`). Deleting a group removes its assignments.
 */
export function mountUserGroups(app: Hono<CommerceEnv>, db: Db): void {
  const variants: UserGroupVariant[] = [
    {
      base: '/v1/buyers/:buyerID/usergroups',
      roles: rolesFor('UserGroupAdmin', 'UserGroupReader'),
      company: async (c) => ({ companyType: 'buyer', companyId: await routeBuyer(db, c) }),
    },
    {
      base: '/v1/usergroups',
      roles: rolesFor('AdminUserGroupAdmin', 'AdminUserGroupReader'),
      company: async (c) => {
        assertSeller(c.get('principal'), 'manage admin user groups');
        return { companyType: 'seller', companyId: '' };
      },
      sellerOnly: true,
    },
  ];
  for (const variant of variants) mountUserGroupVariant(app, db, variant);
}

/** `{base}` CRUD and `{base}/assignments` for one variant; deleting a group removes its assignments. */
export function mountUserGroupVariant(
  app: Hono<CommerceEnv>,
  db: Db,
  { base, roles, company, sellerOnly = false }: UserGroupVariant,
): void {
  const scopeOf = async (c: Context<CommerceEnv>) => {
    const { companyType, companyId } = await company(c);
    return { companyType, companyId };
  };
  const whereOf = (table: typeof userGroups | typeof userGroupAssignments, s: CompanyScope) =>
    and(eq(table.companyType, s.companyType), eq(table.companyId, s.companyId));

  mountAssignments(app, db, `${base}/assignments`, `${base}/:userGroupID/assignments/:userID`, {
    table: userGroupAssignments,
    roles,
    body: z.object({ UserGroupID: idSchema, UserID: idSchema }),
    scope: async (c) => {
      const s = await scopeOf(c);
      return { where: whereOf(userGroupAssignments, s), values: s };
    },
    sides: [
      {
        wire: 'UserGroupID',
        param: 'userGroupID',
        column: userGroupAssignments.userGroupId,
        key: 'userGroupId',
        mustExist: async (s, id) => {
          const found = await db.$count(
            userGroups,
            and(whereOf(userGroups, s as CompanyScope), eq(userGroups.id, id)),
          );
          if (!found) throw ApiError.notFound('UserGroup', id);
        },
      },
      {
        wire: 'UserID',
        param: 'userID',
        column: userGroupAssignments.userId,
        key: 'userId',
        mustExist: async (s, id) => {
          const scope = s as CompanyScope;
          const found = await db.$count(
            users,
            and(
              eq(users.companyType, scope.companyType),
              eq(users.companyId, scope.companyId),
              eq(users.id, id),
            ),
          );
          if (!found) throw ApiError.notFound('User', id);
        },
      },
    ],
  });

  mountCrud(app, db, base, userGroupResource(roles, sellerOnly), {
    scope: async (c) => {
      const s = await scopeOf(c);
      return { where: whereOf(userGroups, s), values: s };
    },
    cascade: async (tx, row, scope) => {
      const s = scope.values as CompanyScope;
      await tx
        .delete(userGroupAssignments)
        .where(and(whereOf(userGroupAssignments, s), eq(userGroupAssignments.userGroupId, String(row.id))));
    },
  });
}
