import type { Db } from '@catalogue/db';
import {
  apiClientAssignments,
  apiClients,
  buyers,
  securityProfileAssignments,
  securityProfiles,
  suppliers,
  userGroupAssignments,
  users,
} from '@catalogue/db/schema';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Reads the identity facts the token endpoint needs. */
export async function findClient(db: Db, clientId: string): Promise<ApiClientRow | null> {
  const rows = await db.select().from(apiClients).where(eq(apiClients.id, clientId)).limit(1);
  return rows[0] ?? null;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The user a login names: by username (OrderCloud's rule), else — for a name with an `@` that is nobody's
 * username — the one active user with that email address, verified. An address several users share logs
 * nobody in, so it can never pick an account by chance; an address nobody confirmed counts for nothing, so
 * an account claiming someone else's address can neither log in by it nor stop its owner from doing so.
 */
export async function findUserForLogin(db: Db, name: string): Promise<UserRow | null> {
  const byUsername = await findUserByUsername(db, name);
  if (byUsername || !name.includes('@')) return byUsername;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${name})`,
        eq(users.active, true),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(2);
  return rows.length === 1 ? (rows[0] ?? null) : null;
}

export async function findUser(
  db: Db,
  companyType: string,
  companyId: string,
  userId: string,
): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.companyType, companyType), eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Whether the user's company is active (the marketplace owner always is). */
export async function companyActive(db: Db, user: UserRow): Promise<boolean> {
  if (user.companyType === 'supplier') {
    const rows = await db
      .select({ active: suppliers.active })
      .from(suppliers)
      .where(eq(suppliers.id, user.companyId));
    return rows[0]?.active === true;
  }
  if (user.companyType !== 'buyer') return true;
  const rows = await db.select({ active: buyers.active }).from(buyers).where(eq(buyers.id, user.companyId));
  return rows[0]?.active === true;
}

/** Whether the API client may log in users of this user's company. */
export async function clientServes(db: Db, client: ApiClientRow, user: UserRow): Promise<boolean> {
  if (user.companyType === 'seller') return client.allowSeller;
  if (user.companyType === 'buyer' && client.allowAnyBuyer) return true;
  if (user.companyType === 'supplier' && client.allowAnySupplier) return true;
  const column =
    user.companyType === 'buyer' ? apiClientAssignments.buyerId : apiClientAssignments.supplierId;
  const rows = await db
    .select({ id: apiClientAssignments.apiClientId })
    .from(apiClientAssignments)
    .where(and(eq(apiClientAssignments.apiClientId, client.id), eq(column, user.companyId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Every role and custom role the user holds through security profiles assigned to the marketplace (seller
 * users), the user's company, one of the user's groups, or the user.
 */
export async function assignedRoles(db: Db, user: UserRow): Promise<string[]> {
  const groups = await db
    .select({ id: userGroupAssignments.userGroupId })
    .from(userGroupAssignments)
    .where(
      and(
        eq(userGroupAssignments.companyType, user.companyType),
        eq(userGroupAssignments.companyId, user.companyId),
        eq(userGroupAssignments.userId, user.id),
      ),
    );
  const a = securityProfileAssignments;
  const company =
    user.companyType === 'buyer'
      ? and(eq(a.buyerId, user.companyId), isNull(a.supplierId))
      : user.companyType === 'supplier'
        ? and(eq(a.supplierId, user.companyId), isNull(a.buyerId))
        : and(isNull(a.buyerId), isNull(a.supplierId));
  const groupIds = groups.map((g) => g.id);
  const rows = await db
    .select({ roles: securityProfiles.roles, customRoles: securityProfiles.customRoles })
    .from(a)
    .innerJoin(securityProfiles, eq(securityProfiles.id, a.securityProfileId))
    .where(
      and(
        company,
        or(
          and(isNull(a.userGroupId), isNull(a.userId)),
          eq(a.userId, user.id),
          groupIds.length > 0 ? and(inArray(a.userGroupId, groupIds), isNull(a.userId)) : sql`false`,
        ),
      ),
    );
  return [...new Set(rows.flatMap((r) => [...r.roles, ...r.customRoles]))].sort();
}
