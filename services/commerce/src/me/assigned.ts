import { buyerAssignments, userGroupAssignments } from '@catalogue/db/schema';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/claims';
import type { AssignmentKind } from '../identity/buyer-assignments';

/** The current user's groups, as a subquery condition on a user-group column. */
export function inMyGroups(principal: Principal, groupColumn: PgColumn | SQL): SQL {
  return sql`${groupColumn} in (select ${userGroupAssignments.userGroupId} from ${userGroupAssignments}
    where ${userGroupAssignments.companyType} = ${principal.companyType}
      and ${userGroupAssignments.companyId} = ${principal.companyId}
      and ${userGroupAssignments.userId} = ${principal.userId})`;
}

/** Rows of `kind` assigned to the user's company, one of the user's groups, or the user. */
export function assignedToMe(principal: Principal, kind: AssignmentKind, idColumn: PgColumn): SQL {
  const a = buyerAssignments;
  const condition = and(
    eq(a.kind, kind),
    eq(a.buyerId, principal.companyId),
    sql`${a.objectId} = ${idColumn}`,
    or(
      and(eq(a.userGroupId, ''), eq(a.userId, '')),
      eq(a.userId, principal.userId),
      inMyGroups(principal, a.userGroupId),
    ),
  );
  return sql`exists (select 1 from ${a} where ${condition})`;
}
