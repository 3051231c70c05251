import type { Db } from '@catalogue/db';
import { lineItems, orders, suppliers, users } from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { userToWire } from '../identity/user-wire';
import { type OrderRow, relationTo } from './access';
import { directionOf, withLockedOrder } from './context';
import type { LineItemRow } from './line-items';
import { recalculateTotals } from './recalculate';
import { orderResource } from './wire';

export interface SplitResult {
  outgoing: OrderRow[];
  remaining: string[];
}

/**
 * `split` and `forward` of an Incoming order the marketplace received: its line items are grouped by
 * supplier (`Product.DefaultSupplierID`, kept on each line as `supplier_id`) and one Outgoing order from
 * the marketplace to each supplier is created, ID `{orderID}-{supplierID}`, `parent_order_id` naming the
 * original, holding copies of the lines (same IDs, prices, specs, addresses; `IncomingOrderID` = the
 * original) while the original lines get `OutgoingOrderID`. `forward` also submits them (status Open:
 * the stock was taken when the buyer submitted, and marketplace orders to suppliers need no approval).
 * Lines without a supplier stay with the marketplace (`RemainingLineItemIDs`); lines already forwarded are
 * not forwarded again.
 */
export async function splitOrder(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  submit: boolean,
): Promise<SplitResult> {
  const action = submit ? 'forward' : 'split';
  if (!relationTo(principal, order).receiver || order.toCompanyType !== 'seller') {
    throw ApiError.of(
      400,
      'Order.CannotSplit',
      `Order ${order.id} was not received by the marketplace: only such orders can be ${action}ed.`,
      { ObjectType: 'Order', ObjectID: order.id },
    );
  }
  if (order.status !== 'Open') {
    throw ApiError.of(
      400,
      submit ? 'Order.CannotForwardBadStatus' : 'Order.CannotSplitBadStatus',
      `Order ${order.id} is ${order.status}: only open (submitted and approved) orders can be ${action === 'split' ? 'split' : 'forwarded'}.`,
      { ObjectType: 'Order', ObjectID: order.id, Status: order.status },
    );
  }
  const items = await tx
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, order.id))
    .orderBy(lineItems.dateAdded, lineItems.id);
  const toForward = items.filter((i) => i.supplierId && !i.outgoingOrderId);
  const alreadyForwarded = items.some((i) => i.outgoingOrderId);
  if (toForward.length === 0 && alreadyForwarded) {
    throw ApiError.of(
      400,
      'Order.AlreadyForwarded',
      `The supplier line items of order ${order.id} have already been split or forwarded.`,
      { ObjectType: 'Order', ObjectID: order.id },
    );
  }
  const remaining = items.filter((i) => !i.supplierId).map((i) => i.id);
  const bySupplier = new Map<string, LineItemRow[]>();
  for (const item of toForward) {
    const list = bySupplier.get(item.supplierId as string) ?? [];
    list.push(item);
    bySupplier.set(item.supplierId as string, list);
  }
  if (bySupplier.size === 0) return { outgoing: [], remaining };

  const known = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(inArray(suppliers.id, [...bySupplier.keys()]));
  const missing = [...bySupplier.keys()].find((s) => !known.some((k) => k.id === s));
  if (missing) throw ApiError.notFound('Supplier', missing);

  const [admin] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyType, 'seller'), eq(users.companyId, ''), eq(users.id, principal.userId)))
    .limit(1);
  const fromUser = admin
    ? (({ FailedLoginAttempts: _f, Password: _p, ...wire }) => wire)(userToWire(admin, []))
    : { ID: principal.userId, Username: principal.username };

  const now = new Date();
  const outgoing: OrderRow[] = [];
  for (const [supplierId, lines] of [...bySupplier.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const id = `${order.id}-${supplierId}`;
    if ((await tx.$count(orders, eq(orders.id, id))) > 0) {
      throw ApiError.of(409, 'IdExists', `Order ${id} already exists.`, {
        ObjectType: 'Order',
        ObjectID: id,
      });
    }
    await tx.insert(orders).values({
      id,
      fromCompanyType: 'seller',
      fromCompanyId: '',
      fromUserId: principal.userId,
      fromUser,
      toCompanyType: 'supplier',
      toCompanyId: supplierId,
      billingAddressId: order.billingAddressId,
      billingAddress: order.billingAddress,
      shippingAddressId: order.shippingAddressId,
      comments: order.comments,
      currency: order.currency,
      parentOrderId: order.id,
      ...(submit
        ? { status: 'Open', isSubmitted: true, dateSubmitted: now, dateApproved: now }
        : { status: 'Unsubmitted' }),
    });
    await tx.insert(lineItems).values(
      lines.map(({ orderId: _o, promotionDiscount: _d, lineTotal: _t, quantityShipped: _q, ...line }) => ({
        ...line,
        orderId: id,
        lineTotal: line.lineSubtotal,
        incomingOrderId: order.id,
        outgoingOrderId: null,
        dateAdded: now,
      })),
    );
    await tx
      .update(lineItems)
      .set({ outgoingOrderId: id })
      .where(
        and(
          eq(lineItems.orderId, order.id),
          inArray(
            lineItems.id,
            lines.map((l) => l.id),
          ),
        ),
      );
    outgoing.push(await recalculateTotals(tx, id));
  }
  return { outgoing, remaining };
}

/** `POST /orders/{direction}/{orderID}/split` and `…/forward`: marketplace users with OrderAdmin. */
export function mountForwarding(app: Hono<CommerceEnv>, db: Db): void {
  for (const [name, submit] of [
    ['split', false],
    ['forward', true],
  ] as const) {
    app.post(`/v1/orders/:direction/:orderID/${name}`, async (c) => {
      const principal = c.get('principal');
      requireAnyRole(principal.roles, ['OrderAdmin']);
      assertSeller(principal, `${name} orders`);
      const direction = directionOf(c);
      if (direction !== 'Incoming') {
        throw ApiError.invalidRequest(
          `Only Incoming orders can be ${name === 'split' ? 'split' : 'forwarded'}.`,
          {
            Property: 'direction',
          },
        );
      }
      const result = await withLockedOrder(db, principal, direction, c.req.param('orderID'), (tx, order) =>
        splitOrder(tx, principal, order, submit),
      );
      return c.json({
        OutgoingOrders: await orderResource.wireAll(db, result.outgoing as Record<string, unknown>[]),
        RemainingLineItemIDs: result.remaining,
      });
    });
  }
}
