import type { Db } from '@catalogue/db';
import { buyers, userGroups } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Principal } from '../auth/claims';
import { wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';

/**
 * The buyer named by a route (`/buyers/{buyerID}/...`). A buyer user reaches only their own company: any
 * other buyer is reported as not found, so IDs of other companies are never confirmed.
 */
export async function routeBuyer(db: Db, c: Context<CommerceEnv>): Promise<string> {
  const buyerId = c.req.param('buyerID') ?? '';
  assertOwnCompany(c.get('principal'), 'buyer', buyerId, 'Buyer');
  const rows = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
  if (rows.length === 0) throw ApiError.notFound('Buyer', buyerId);
  return buyerId;
}

export function assertOwnCompany(
  principal: Principal,
  companyType: 'buyer' | 'supplier',
  companyId: string,
  objectType: string,
): void {
  if (principal.companyType === 'seller') return;
  if (principal.companyType !== companyType || principal.companyId !== companyId) {
    throw ApiError.notFound(objectType, companyId);
  }
}

/** Writes that only the marketplace owner may make (creating or deleting companies, …). */
export function assertSeller(principal: Principal, action: string): void {
  if (principal.companyType !== 'seller') {
    throw wrongUserType(principal.userType, ['admin'], `Only marketplace users may ${action}.`);
  }
}

/**
 * Checks that a buyer exists and, when given, that the user group is one of its groups; returns the
 * group ID as stored ('' for the whole company).
 */
export async function buyerAndGroup(
  db: Db,
  buyerId: string,
  groupId: string | null | undefined,
): Promise<string> {
  if ((await db.$count(buyers, eq(buyers.id, buyerId))) === 0) throw ApiError.notFound('Buyer', buyerId);
  if (!groupId) return '';
  const found = await db.$count(
    userGroups,
    and(eq(userGroups.companyType, 'buyer'), eq(userGroups.companyId, buyerId), eq(userGroups.id, groupId)),
  );
  if (found === 0) throw ApiError.notFound('UserGroup', groupId);
  return groupId;
}
