import type { Db } from '@catalogue/db';
import { refreshTokens, securityProfileAssignments, userGroupAssignments } from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';

/** What goes with a deleted user: group memberships, user-level profile assignments, refresh tokens. */
export async function deleteUserDependents(tx: Db, companyType: string, companyId: string, userId: string) {
  await tx
    .delete(userGroupAssignments)
    .where(
      and(
        eq(userGroupAssignments.companyType, companyType),
        eq(userGroupAssignments.companyId, companyId),
        eq(userGroupAssignments.userId, userId),
      ),
    );
  await tx
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.companyType, companyType),
        eq(refreshTokens.companyId, companyId),
        eq(refreshTokens.userId, userId),
      ),
    );
  const a = securityProfileAssignments;
  const company =
    companyType === 'buyer'
      ? eq(a.buyerId, companyId)
      : companyType === 'supplier'
        ? eq(a.supplierId, companyId)
        : undefined;
  await tx.delete(a).where(and(company, eq(a.userId, userId)));
}

/**
 * What only a deleted user takes along (not one moved to another company): what they own — personal
 * addresses and credit cards, product collections (entries and invitations follow), user-level buyer
 * assignments, impersonation configs naming them, reset codes — and their carts and subscriptions.
 * Submitted orders stay: they are the company's history (their FromUser is a snapshot).
 */
export async function deleteUserOwnedData(tx: Db, companyType: string, companyId: string, userId: string) {
  await deleteUserDependents(tx, companyType, companyId, userId);
  await tx.execute(sql`delete from password_reset_codes
    where company_type = ${companyType} and company_id = ${companyId} and user_id = ${userId}`);
  await tx.execute(sql`delete from orders where from_company_type = ${companyType} and from_company_id = ${companyId}
    and from_user_id = ${userId} and status = 'Unsubmitted'`);
  await tx.execute(sql`delete from active_carts
    where company_type = ${companyType} and company_id = ${companyId} and user_key = ${userId}`);
  if (companyType === 'seller') {
    await tx.execute(sql`delete from impersonation_configs where buyer_id is null and user_id = ${userId}`);
    return;
  }
  await tx.execute(sql`delete from addresses
    where company_type = ${companyType} and company_id = ${companyId} and owner_user_id = ${userId}`);
  if (companyType !== 'buyer') return;
  await tx.execute(sql`delete from credit_cards where buyer_id = ${companyId} and owner_user_id = ${userId}`);
  await tx.execute(sql`delete from buyer_assignments where buyer_id = ${companyId} and user_id = ${userId}`);
  await tx.execute(
    sql`delete from product_collections where buyer_id = ${companyId} and owner_user_id = ${userId}`,
  );
  await tx.execute(sql`update product_collection_invitations set accepted_by_user_id = null
    where buyer_id = ${companyId} and accepted_by_user_id = ${userId}`);
  await tx.execute(sql`delete from impersonation_configs
    where (buyer_id = ${companyId} and user_id = ${userId})
      or (impersonation_buyer_id = ${companyId} and impersonation_user_id = ${userId})`);
  await tx.execute(
    sql`delete from subscriptions where from_company_id = ${companyId} and from_user_id = ${userId}`,
  );
}

/**
 * Everything of a deleted buyer company besides its users (deleted one by one with `deleteUserOwnedData`
 * by the caller): groups, addresses, cost centers, cards, spending accounts, approval rules, every
 * assignment naming it, its collections, carts and subscriptions. Submitted orders and shipments stay.
 */
export async function deleteBuyerOwnedData(tx: Db, buyerId: string) {
  for (const table of [
    'user_groups',
    'user_group_assignments',
    'addresses',
    'refresh_tokens',
    'password_reset_codes',
  ]) {
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where company_type = 'buyer' and company_id = ${buyerId}`,
    );
  }
  for (const [table, column] of [
    ['cost_centers', 'buyer_id'],
    ['credit_cards', 'buyer_id'],
    ['spending_accounts', 'buyer_id'],
    ['buyer_assignments', 'buyer_id'],
    ['approval_rules', 'owner_id'],
    ['catalog_assignments', 'buyer_id'],
    ['category_assignments', 'buyer_id'],
    ['product_assignments', 'buyer_id'],
    ['bundle_assignments', 'buyer_id'],
    ['promotion_assignments', 'buyer_id'],
    ['inventory_record_assignments', 'buyer_id'],
    ['locale_assignments', 'buyer_id'],
    ['supplier_buyers', 'buyer_id'],
    ['product_collections', 'buyer_id'],
    ['security_profile_assignments', 'buyer_id'],
    ['api_client_assignments', 'buyer_id'],
    ['impersonation_configs', 'buyer_id'],
    ['impersonation_configs', 'impersonation_buyer_id'],
    ['subscriptions', 'from_company_id'],
  ] as const) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${buyerId}`);
  }
  await tx.execute(sql`delete from orders
    where from_company_type = 'buyer' and from_company_id = ${buyerId} and status = 'Unsubmitted'`);
  await tx.execute(sql`delete from active_carts where company_type = 'buyer' and company_id = ${buyerId}`);
}
