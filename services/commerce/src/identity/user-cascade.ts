import type { Db } from '@catalogue/db';
import { refreshTokens, securityProfileAssignments, userGroupAssignments } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';

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
