import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { rolesFor } from '../auth/roles';
import type { CommerceEnv } from '../http/env';
import { mountCrud, Resource } from '../resources/crud';
import { prepareUser, USER_UNIQUE_CONSTRAINTS, userBody, userColumns } from './buyer-users';
import { deleteUserDependents } from './user-cascade';

export const adminUserResource = new Resource({
  objectType: 'User',
  table: users,
  id: users.id,
  columns: userColumns,
  body: userBody,
  searchOn: ['ID', 'Username', 'FirstName', 'LastName', 'Email'],
  roles: rolesFor('AdminUserAdmin', 'AdminUserReader'),
  sellerOnly: true,
  prepare: prepareUser,
  uniqueConstraints: USER_UNIQUE_CONSTRAINTS,
  extend: () => ({ Password: null, AvailableRoles: null, Locale: null, LastActive: null }),
});

/** /v1/adminusers: the marketplace owner's users. */
export function mountAdminUsers(app: Hono<CommerceEnv>, db: Db): void {
  mountCrud(app, db, '/v1/adminusers', adminUserResource, {
    scope: () => ({
      where: and(eq(users.companyType, 'seller'), eq(users.companyId, '')),
      values: { companyType: 'seller', companyId: '' },
    }),
    cascade: (tx, row) => deleteUserDependents(tx, 'seller', '', String(row.id)),
  });
}
