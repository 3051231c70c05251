import type { Db } from '@catalogue/db';
import { orders } from '@catalogue/db/schema';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { type ApiRole, requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';

/** An order's direction from the caller's side: what they send, what they receive, or both. */
export type Direction = 'Incoming' | 'Outgoing' | 'All';

export function parseDirection(value: string | undefined): Direction {
  switch ((value ?? '').toLowerCase()) {
    case 'incoming':
      return 'Incoming';
    case 'outgoing':
      return 'Outgoing';
    case 'all':
      return 'All';
    default:
      throw ApiError.of(
        400,
        'InvalidRequest',
        `Direction must be Incoming, Outgoing or All, not "${value}".`,
        {
          Property: 'direction',
        },
      );
  }
}

const has = (principal: Principal, roles: readonly string[]) =>
  principal.roles.includes('FullAccess') || roles.some((r) => principal.roles.includes(r));

/** Roles that read orders, and roles that change them. `Shopper` reaches the user's own orders only. */
export const ORDER_READ: ApiRole[] = ['Shopper', 'OrderReader', 'OrderAdmin'];
export const ORDER_WRITE: ApiRole[] = ['Shopper', 'OrderAdmin'];

export function requireOrderRead(principal: Principal): void {
  requireAnyRole(principal.roles, ORDER_READ);
}
export function requireOrderWrite(principal: Principal): void {
  requireAnyRole(principal.roles, ORDER_WRITE);
}

/** The current user's groups, as a subquery of IDs. */
function myGroups(principal: Principal): SQL {
  return sql`(select uga.user_group_id from user_group_assignments uga
    where uga.company_type = ${principal.companyType} and uga.company_id = ${principal.companyId}
      and uga.user_id = ${principal.userId})`;
}

/** Orders the caller sends: their own (or, with OrderReader/OrderAdmin, their company's). */
function outgoing(principal: Principal): SQL {
  const company = and(
    eq(orders.fromCompanyType, principal.companyType),
    eq(orders.fromCompanyId, principal.companyId),
  ) as SQL;
  if (principal.anonymous) {
    // An anonymous shopper reaches only the order of their token.
    return and(company, eq(orders.anonymousKey, principal.anonymousOrderId ?? '\u0000')) as SQL;
  }
  if (has(principal, ['OrderReader', 'OrderAdmin'])) return company;
  return and(company, eq(orders.fromUserId, principal.userId)) as SQL;
}

/**
 * Orders the caller receives: the marketplace owner gets every order sent to it (unsubmitted ones only
 * with UnsubmittedOrderReader, as in OrderCloud), a supplier those sent to it, and a buyer user the
 * company's orders that wait (or waited) for a group of theirs to approve.
 */
function incoming(principal: Principal): SQL {
  if (principal.companyType === 'buyer') {
    if (principal.anonymous) return sql`false`;
    return and(
      eq(orders.fromCompanyType, 'buyer'),
      eq(orders.fromCompanyId, principal.companyId),
      // The approving group is one of the user's, in their own company (a marketplace group may share an ID).
      sql`exists (select 1 from order_approvals oa where oa.order_id = ${orders.id}
        and oa.approving_group_id in ${myGroups(principal)}
        and coalesce(oa.approver_company_type, 'buyer') = 'buyer'
        and coalesce(oa.approver_company_id, ${principal.companyId}) = ${principal.companyId})`,
    ) as SQL;
  }
  const received = and(
    eq(orders.toCompanyType, principal.companyType),
    eq(orders.toCompanyId, principal.companyId),
  ) as SQL;
  if (has(principal, ['UnsubmittedOrderReader'])) return received;
  return and(received, eq(orders.isSubmitted, true)) as SQL;
}

/** Which orders a caller reaches in a direction. */
export function orderScope(principal: Principal, direction: Direction): SQL {
  if (direction === 'Outgoing') return outgoing(principal);
  if (direction === 'Incoming') return incoming(principal);
  return or(outgoing(principal), incoming(principal)) as SQL;
}

/** The caller's relation to one order row, for the rules of each action. */
export interface OrderRelation {
  /** The caller (or their company, with OrderAdmin) sent it. */
  sender: boolean;
  /** The caller's company receives it (marketplace owner or supplier). */
  receiver: boolean;
}

export function relationTo(principal: Principal, row: typeof orders.$inferSelect): OrderRelation {
  const sameSender =
    row.fromCompanyType === principal.companyType && row.fromCompanyId === principal.companyId;
  const sender =
    sameSender &&
    (principal.anonymous
      ? row.anonymousKey === principal.anonymousOrderId
      : has(principal, ['OrderAdmin', 'OrderReader']) || row.fromUserId === principal.userId);
  const receiver = row.toCompanyType === principal.companyType && row.toCompanyId === principal.companyId;
  return { sender, receiver };
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * The order a route names, locked for the rest of the caller's transaction (`for update`), or NotFound
 * when it does not exist or the caller cannot reach it in that direction.
 */
export async function lockOrder(
  tx: Db,
  principal: Principal,
  direction: Direction,
  id: string,
): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(principal, direction)))
    .for('update')
    .limit(1);
  if (!row) throw ApiError.notFound('Order', id);
  return row;
}

/** The same, without a lock, for reads. */
export async function findOrder(
  db: Db,
  principal: Principal,
  direction: Direction,
  id: string,
): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(principal, direction)))
    .limit(1);
  if (!row) throw ApiError.notFound('Order', id);
  return row;
}

/** Changes to an order's content (line items, addresses, fields) need it unsubmitted, by its sender. */
export function assertEditable(principal: Principal, row: OrderRow): void {
  const relation = relationTo(principal, row);
  if (!relation.sender && !(relation.receiver && has(principal, ['OrderAdmin']))) {
    throw ApiError.of(403, 'Order.NotEditable', `Order ${row.id} can only be changed by whoever sends it.`, {
      ObjectType: 'Order',
      ObjectID: row.id,
    });
  }
  if (row.status !== 'Unsubmitted') {
    throw ApiError.of(
      400,
      'Order.CannotModifySubmittedOrder',
      `Order ${row.id} is ${row.status}: only unsubmitted orders can be changed.`,
      { ObjectType: 'Order', ObjectID: row.id, Status: row.status },
    );
  }
}
