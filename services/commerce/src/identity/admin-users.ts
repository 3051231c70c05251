import type { Db } from '@catalogue/db';
import { users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { rolesFor } from '../auth/roles';
import { verifyAfterAdminWrite } from '../email-verification/service';
import type { VerificationSettings } from '../email-verification/settings';
import type { CommerceEnv } from '../http/env';
import { mountCrud } from '../resources/crud';
import { userResource } from './buyer-users';
import { deleteUserOwnedData } from './user-cascade';

export const adminUserResource = userResource(rolesFor('AdminUserAdmin', 'AdminUserReader'), true);

/** /v1/adminusers: the marketplace owner's users. */
export function mountAdminUsers(app: Hono<CommerceEnv>, db: Db, verification: VerificationSettings): void {
  mountCrud(app, db, '/v1/adminusers', adminUserResource, {
    scope: () => ({
      where: and(eq(users.companyType, 'seller'), eq(users.companyId, '')),
      values: { companyType: 'seller', companyId: '' },
    }),
    afterWrite: verifyAfterAdminWrite(verification),
    cascade: (tx, row) => deleteUserOwnedData(tx, 'seller', '', String(row.id)),
  });
}
