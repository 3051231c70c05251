import type { Db } from '@catalogue/db';
import { activeCarts, orders, users } from '@catalogue/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import { userToWire } from '../identity/user-wire';
import { generateId } from '../resources/ids';
import { lockOrder, type OrderRow } from './access';
import { recalculateTotals } from './recalculate';

/** Whose cart: a buyer user, or an anonymous shopper's token (its `orderid` claim). */
export function cartOwner(principal: Principal): { companyType: string; companyId: string; userKey: string } {
  if (principal.companyType !== 'buyer') {
    throw wrongUserType(
      principal.userType,
      ['buyer'],
      'Only buyer users and anonymous shoppers have a cart.',
    );
  }
  return {
    companyType: 'buyer',
    companyId: principal.companyId,
    userKey: principal.anonymous ? `anon:${principal.anonymousOrderId ?? ''}` : principal.userId,
  };
}

/**
 * The caller's active cart, locked for the transaction: the order `active_carts` names while it is still
 * an unsubmitted order of theirs, else their most recent unsubmitted order (which becomes the active cart).
 * Null when they have none; with `create`, a new order is made (OrderCloud's "adding a line item creates
 * it").
 */
export async function activeCart(
  tx: Db,
  principal: Principal,
  options: { create: boolean },
): Promise<OrderRow | null> {
  const owner = cartOwner(principal);
  const [pointer] = await tx
    .select({ orderId: activeCarts.orderId })
    .from(activeCarts)
    .where(
      and(
        eq(activeCarts.companyType, owner.companyType),
        eq(activeCarts.companyId, owner.companyId),
        eq(activeCarts.userKey, owner.userKey),
      ),
    )
    .limit(1);
  if (pointer) {
    const row = await lockOrder(tx, principal, 'Outgoing', pointer.orderId).catch(() => null);
    if (row && row.status === 'Unsubmitted') return row;
  }
  const mine = principal.anonymous
    ? and(
        eq(orders.fromCompanyId, principal.companyId),
        eq(orders.anonymousKey, principal.anonymousOrderId ?? '\u0000'),
      )
    : and(
        eq(orders.fromCompanyType, 'buyer'),
        eq(orders.fromCompanyId, principal.companyId),
        eq(orders.fromUserId, principal.userId),
      );
  const [latest] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(mine, eq(orders.status, 'Unsubmitted')))
    .orderBy(desc(orders.dateCreated), desc(orders.id))
    .limit(1);
  let row = latest ? await lockOrder(tx, principal, 'Outgoing', latest.id) : null;
  if (!row && options.create) row = await createCart(tx, principal);
  if (row) await setActiveCart(tx, principal, row.id);
  return row;
}

/** The active cart, or 404-free refusal for routes that need one (`Order.NoActiveCart`). */
export async function requireActiveCart(tx: Db, principal: Principal): Promise<OrderRow> {
  const row = await activeCart(tx, principal, { create: false });
  if (!row) {
    throw ApiError.of(404, 'NotFound', 'There is no active cart yet: add a line item first.', {
      ObjectType: 'Order',
      ObjectID: 'cart',
    });
  }
  return row;
}

/** Makes an order the caller's active cart (`PUT /cart/{orderID}` and every cart that gets created). */
export async function setActiveCart(tx: Db, principal: Principal, orderId: string): Promise<void> {
  const owner = cartOwner(principal);
  await tx
    .insert(activeCarts)
    .values({ ...owner, orderId })
    .onConflictDoUpdate({
      target: [activeCarts.companyType, activeCarts.companyId, activeCarts.userKey],
      set: { orderId },
    });
}

async function createCart(tx: Db, principal: Principal): Promise<OrderRow> {
  const [user] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyType, 'buyer'),
        eq(users.companyId, principal.companyId),
        eq(users.id, principal.userId),
      ),
    )
    .limit(1);
  if (!user) throw ApiError.notFound('User', principal.userId);
  const { FailedLoginAttempts: _hidden, Password: _password, ...fromUser } = userToWire(user, []);
  const [created] = await tx
    .insert(orders)
    .values({
      id: generateId(),
      fromCompanyType: 'buyer',
      fromCompanyId: principal.companyId,
      fromUserId: principal.userId,
      anonymousKey: principal.anonymous ? principal.anonymousOrderId : null,
      fromUser,
      toCompanyType: 'seller',
      toCompanyId: '',
    })
    .returning();
  return recalculateTotals(tx, (created as OrderRow).id);
}
