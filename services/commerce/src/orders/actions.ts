import { type Db, placeholders, preparedStatement } from '@catalogue/db';
import {
  activeCarts,
  inventoryRecords,
  lineItems,
  orderApprovals,
  orders,
  outbox,
  payments,
  products,
  variants,
} from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { openQuoteForProject } from '../quotes/opening';
import { type OrderRow, relationTo, requireOrderWrite } from './access';
import { approvalsNeeded } from './approval-engine';
import { type C, directionOf, withLockedOrder } from './context';
import type { LineItemRow } from './line-items';
import { money, sum, ZERO } from './money';
import { moveSpendingAccountBalances } from './payments';
import { priceProduct, senderPrincipal } from './pricing';
import { isProject, isQuoteOrder } from './projects';
import { redeemPromotions, refreshPromotions, releasePromotions } from './promotion-engine';
import { recalculate } from './recalculate';
import { lockTrackedProducts } from './tracked-products';
import { orderResource } from './wire';

const statusError = (code: string, order: OrderRow, message: string) =>
  ApiError.of(400, code, message, { ObjectType: 'Order', ObjectID: order.id, Status: order.status });

/** Stock a submitted order takes, by product, variant and inventory record. */
function stockNeeds(items: LineItemRow[]) {
  const needs = new Map<
    string,
    { productId: string; variantId: string | null; recordId: string | null; units: number }
  >();
  for (const item of items) {
    const key = `${item.productId}\u0000${item.variantId ?? ''}\u0000${item.inventoryRecordId ?? ''}`;
    const multiplier = Number((item.product as { QuantityMultiplier?: number }).QuantityMultiplier ?? 1) || 1;
    const entry = needs.get(key) ?? {
      productId: item.productId,
      variantId: item.variantId,
      recordId: item.inventoryRecordId,
      units: 0,
    };
    entry.units += item.quantity * multiplier;
    needs.set(key, entry);
  }
  return [...needs.values()];
}

/**
 * Takes (sign −1) or gives back (+1) the stock of an order's line items, where stock is tracked: an
 * inventory record's, else the variant's (variant-level tracking) or the product's. Taking refuses with
 * `Inventory.Insufficient` unless the product or record may be oversold. The updated rows stay locked
 * until the transaction ends, so concurrent submits of one product queue.
 */
export async function moveStock(tx: Db, items: LineItemRow[], sign: 1 | -1): Promise<void> {
  const needs = stockNeeds(items);
  // The products whose own (or variants') stock may move, locked at once, in ID order. Only those that
  // track stock: locking the others would queue every submit of a popular untracked product behind the
  // one before it, for nothing (a product switching tracking on meanwhile is re-read once its lock is
  // free, so it is locked and counted then).
  const productIds = [...new Set(needs.filter((n) => !n.recordId).map((n) => n.productId))].sort();
  const locked = new Map((await lockTrackedProducts(tx, productIds)).map((p) => [p.id, p]));
  for (const need of needs) {
    const delta = sign * need.units;
    if (need.recordId) {
      const [row] = await tx
        .update(inventoryRecords)
        .set({
          quantityAvailable: sql`${inventoryRecords.quantityAvailable} + ${delta}`,
          lastUpdated: new Date(),
        })
        .where(
          and(
            eq(inventoryRecords.productId, need.productId),
            eq(inventoryRecords.variantId, need.variantId ?? ''),
            eq(inventoryRecords.id, need.recordId),
          ),
        )
        .returning();
      if (row && sign < 0 && row.quantityAvailable < 0 && !row.orderCanExceed)
        throw insufficient(need, row.quantityAvailable - delta);
      continue;
    }
    const product = locked.get(need.productId);
    if (!product?.inventoryEnabled) continue;
    if (product.inventoryVariantLevelTracking && need.variantId) {
      const [row] = await tx
        .update(variants)
        .set({
          inventoryQuantityAvailable: sql`coalesce(${variants.inventoryQuantityAvailable}, 0) + ${delta}`,
          inventoryLastUpdated: new Date(),
        })
        .where(and(eq(variants.productId, need.productId), eq(variants.id, need.variantId)))
        .returning();
      const left = row?.inventoryQuantityAvailable ?? 0;
      if (sign < 0 && left < 0 && !product.inventoryOrderCanExceed) throw insufficient(need, left - delta);
      continue;
    }
    const [row] = await tx
      .update(products)
      .set({
        inventoryQuantityAvailable: sql`coalesce(${products.inventoryQuantityAvailable}, 0) + ${delta}`,
        inventoryLastUpdated: new Date(),
      })
      .where(eq(products.id, need.productId))
      .returning();
    const left = row?.inventoryQuantityAvailable ?? 0;
    if (sign < 0 && left < 0 && !product.inventoryOrderCanExceed) throw insufficient(need, left - delta);
  }
}

/**
 * Takes a submitted order's stock unless it is a project (`isProject`); says whether it did, which the
 * order records (`stock_taken`) for `giveBackStock`.
 */
async function takeStock(tx: Db, order: OrderRow, items: LineItemRow[]): Promise<boolean> {
  if (isProject(order)) return false;
  await moveStock(tx, items, -1);
  return true;
}

/** Gives back what submitting the order took (nothing for a project), when it is cancelled or declined. */
export async function giveBackStock(tx: Db, order: OrderRow): Promise<void> {
  if (!order.stockTaken) return;
  await moveStock(tx, await tx.select().from(lineItems).where(eq(lineItems.orderId, order.id)), 1);
  await tx.update(orders).set({ stockTaken: false }).where(eq(orders.id, order.id));
}

/** `validate`'s stock check: taking the stock inside a transaction the caller rolls back. */
export async function checkStock(tx: Db, order: OrderRow, items: LineItemRow[]): Promise<void> {
  await takeStock(tx, order, items);
}

function insufficient(need: { productId: string; units: number }, available: number) {
  return ApiError.of(
    400,
    'Inventory.Insufficient',
    `Only ${available} of product ${need.productId} available; the order asks for ${need.units}.`,
    { ProductID: need.productId, QuantityAvailable: available, QuantityRequested: need.units },
  );
}

/**
 * The checks of `submit` and `validate`: the caller sends the order; it is unsubmitted (or declined with
 * resubmission allowed); it has line items; every product can still be bought by the sender; payments,
 * when there are any, are accepted and cover the total. Returns the line items.
 */
export async function checkSubmittable(
  tx: Db,
  principal: Principal,
  order: OrderRow,
): Promise<LineItemRow[]> {
  return (await submittable(tx, principal, order)).items;
}

/** `checkSubmittable`, given the line items and payments when the caller holds them; answers the payments too. */
async function submittable(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  known?: LineItemRow[],
  knownPaid?: (typeof payments.$inferSelect)[],
): Promise<{ items: LineItemRow[]; paid: (typeof payments.$inferSelect)[] }> {
  if (!relationTo(principal, order).sender) {
    throw ApiError.of(
      403,
      'Order.NotEditable',
      `Order ${order.id} can only be submitted by whoever sends it.`,
      {
        ObjectType: 'Order',
        ObjectID: order.id,
      },
    );
  }
  const resubmit = order.status === 'Declined' && order.allowResubmit;
  if (order.status !== 'Unsubmitted' && !resubmit) {
    throw statusError(
      'Order.CannotSubmitBadStatus',
      order,
      `Order ${order.id} is ${order.status} and cannot be submitted.`,
    );
  }
  const items = known ?? (await tx.select().from(lineItems).where(eq(lineItems.orderId, order.id)));
  if (items.length === 0) {
    throw statusError('Order.CannotSubmitWithNoLineItems', order, `Order ${order.id} has no line items.`);
  }
  const sender = senderPrincipal(order);
  for (const item of items) {
    try {
      await priceProduct(
        tx,
        sender,
        item.productId,
        (item.specs as { SpecID: string; OptionID: string | null; Value: string | null }[]).map((s) => ({
          SpecID: s.SpecID,
          OptionID: s.OptionID,
          Value: s.OptionID ? null : s.Value,
        })),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      throw ApiError.of(
        400,
        'Order.LineItemNotAvailable',
        `Line item ${item.id}: product ${item.productId} can no longer be bought (${error.errors[0]?.Message ?? 'refused'}).`,
        { LineItemID: item.id, ProductID: item.productId, Reason: error.errors[0]?.ErrorCode },
      );
    }
  }
  const paid = knownPaid ?? (await tx.select().from(payments).where(eq(payments.orderId, order.id)));
  if (paid.length > 0) {
    const notAccepted = paid.find((p) => !p.accepted);
    if (notAccepted) {
      throw ApiError.of(
        400,
        'Order.PaymentNotAccepted',
        `Payment ${notAccepted.id} of order ${order.id} is not accepted.`,
        {
          PaymentID: notAccepted.id,
        },
      );
    }
    const covered = sum(paid.map((p) => money(p.amount) ?? ZERO));
    const total = money(order.total) ?? ZERO;
    if (covered !== total) {
      throw ApiError.of(
        400,
        'Order.PaymentsDoNotCoverTotal',
        `The payments of order ${order.id} add up to ${Number(covered) / 10_000}, its total is ${Number(total) / 10_000}.`,
        { PaymentTotal: Number(covered) / 10_000, OrderTotal: Number(total) / 10_000 },
      );
    }
  }
  return { items, paid };
}

/** Submits a locked order: AwaitingApproval when approval rules fire, else Open; stock is taken (not a project's). */
export async function submitOrder(tx: Db, principal: Principal, order: OrderRow): Promise<OrderRow> {
  const promotions = await refreshPromotions(tx, order);
  const recalculated = await recalculate(tx, order, { applied: promotions.applied });
  const current = recalculated.order;
  const { items, paid } = await submittable(tx, principal, current, recalculated.items);
  if (promotions.applied === null || promotions.applied.length > 0) await redeemPromotions(tx, order.id);
  const updated = await completeSubmit(tx, current, items, paid, null);
  // A submitted order is no longer anybody's cart.
  await tx.delete(activeCarts).where(eq(activeCarts.orderId, order.id));
  return updated;
}

/**
 * Submits the order an accepted quote created in the caller's transaction with its lines
 * (`writeLockedLineItems`), which answered the order's currency and totals in memory: written here with
 * the status. What `submitOrder` does first has nothing to do on such an order: no promotion can apply
 * (none added by code, and AutoApply skips quote orders), there is no payment yet, no line to reprice,
 * and no cart can point at it. The checks, stock, approval rules and everything after are the same.
 */
export async function submitQuoteOrder(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  items: LineItemRow[],
): Promise<OrderRow> {
  if (!isQuoteOrder(order)) throw new Error(`order ${order.id} is no quote's order`);
  const checked = await submittable(tx, principal, order, items, []);
  const { currency, lineItemCount, subtotal, promotionDiscount, total } = order;
  return completeSubmit(tx, order, checked.items, checked.paid, {
    currency,
    lineItemCount,
    subtotal,
    promotionDiscount,
    total,
  });
}

const SUBMIT_COLUMNS = [
  'status',
  'isSubmitted',
  'stockTaken',
  'dateSubmitted',
  'dateApproved',
  'allowResubmit',
  'lastUpdated',
] as const;
const TOTALS_COLUMNS = ['currency', 'lineItemCount', 'subtotal', 'promotionDiscount', 'total'] as const;
type Totals = Pick<OrderRow, (typeof TOTALS_COLUMNS)[number]>;

/** The submit's update of the order, with the totals when the caller computed them in memory. */
const submitUpdate = (withTotals: boolean) =>
  preparedStatement((db) =>
    db
      .update(orders)
      // Drizzle binds a placeholder in `set` as the column's value; its types leave placeholders out.
      .set(
        placeholders([
          ...SUBMIT_COLUMNS,
          ...(withTotals ? TOTALS_COLUMNS : []),
        ]) as unknown as Partial<OrderRow>,
      )
      .where(eq(orders.id, sql.placeholder('id')))
      .returning(),
  );
const submitWithTotals = submitUpdate(true);
const submitAsIs = submitUpdate(false);

/** The end of a submit, once the order passed its checks: stock, spending accounts, approvals, status. */
async function completeSubmit(
  tx: Db,
  current: OrderRow,
  items: LineItemRow[],
  paid: (typeof payments.$inferSelect)[],
  totals: Totals | null,
): Promise<OrderRow> {
  const stockTaken = await takeStock(tx, current, items);
  await moveSpendingAccountBalances(tx, current, -1, paid);
  const needed = await approvalsNeeded(tx, current, items);
  const now = new Date();
  if (needed.length > 0) {
    await tx.insert(orderApprovals).values(needed.map((n) => ({ orderId: current.id, ...n })));
  }
  const [updated] = await (totals ? submitWithTotals : submitAsIs)(tx, {
    ...totals,
    id: current.id,
    status: needed.length > 0 ? 'AwaitingApproval' : 'Open',
    isSubmitted: true,
    stockTaken,
    dateSubmitted: now,
    dateApproved: needed.length > 0 ? null : now,
    allowResubmit: false,
    lastUpdated: now,
  });
  // A submitted project is a request for quote: its quote opens in this transaction (quotes/opening.ts).
  if (isProject(current)) await openQuoteForProject(tx, updated as OrderRow, items, now);
  // The sales team's quote request (email and marketing push) is queued with the submit itself, so a
  // crash can neither lose it nor send it for an order that was not submitted (@catalogue/outbox). The
  // order an accepted quote created is the answer to one, not a request.
  if (!isQuoteOrder(current)) {
    await tx
      .insert(outbox)
      .values({
        kind: 'quote-request',
        payload: { orderId: current.id, submittedAt: now.toISOString() },
        dedupeKey: `quote-request:${current.id}:${now.getTime()}`,
      })
      .onConflictDoNothing();
  }
  return updated as OrderRow;
}

/** `submit`, `validate`, `cancel` and `complete` on /orders/{direction}/{orderID}. */
export function mountOrderActions(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID';
  const answer = async (c: C, row: OrderRow) =>
    c.json(await orderResource.wireOne(db, row as Record<string, unknown>));

  app.post(`${base}/submit`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const row = await withLockedOrder(db, principal, directionOf(c), c.req.param('orderID'), (tx, order) =>
      submitOrder(tx, principal, order),
    );
    return answer(c, row);
  });

  app.post(`${base}/validate`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    await withLockedOrder(db, principal, directionOf(c), c.req.param('orderID'), async (tx, order) => {
      const items = await checkSubmittable(tx, principal, order);
      // Stock is checked by taking it inside this transaction, which is then rolled back.
      await checkStock(tx, order, items);
      throw new ValidationPassed();
    }).catch((error: unknown) => {
      if (!(error instanceof ValidationPassed)) throw error;
    });
    return c.body(null, 204);
  });

  app.post(`${base}/cancel`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const row = await withLockedOrder(
      db,
      principal,
      directionOf(c),
      c.req.param('orderID'),
      async (tx, order) => {
        const relation = relationTo(principal, order);
        const admin = principal.roles.includes('OrderAdmin') || principal.roles.includes('FullAccess');
        if (!relation.sender && !(relation.receiver && admin)) {
          throw ApiError.of(
            403,
            'Order.NotEditable',
            `Order ${order.id} can only be canceled by its sender or receiver.`,
            {
              ObjectType: 'Order',
              ObjectID: order.id,
            },
          );
        }
        if (!['Unsubmitted', 'AwaitingApproval', 'Declined'].includes(order.status)) {
          throw statusError(
            'Order.CannotCancelInCurrentStatus',
            order,
            `Order ${order.id} is ${order.status}: only unsubmitted, declined or awaiting orders can be canceled.`,
          );
        }
        if (order.status === 'AwaitingApproval') {
          await releasePromotions(tx, order.id);
          await giveBackStock(tx, order);
          await moveSpendingAccountBalances(tx, order, 1);
          await tx
            .update(orderApprovals)
            .set({ status: 'Declined', dateCompleted: new Date(), comments: 'Order canceled.' })
            .where(and(eq(orderApprovals.orderId, order.id), eq(orderApprovals.status, 'Pending')));
        }
        const now = new Date();
        const [updated] = await tx
          .update(orders)
          .set({ status: 'Canceled', dateCanceled: now, lastUpdated: now })
          .where(eq(orders.id, order.id))
          .returning();
        await tx.delete(activeCarts).where(eq(activeCarts.orderId, order.id));
        return updated as OrderRow;
      },
    );
    return answer(c, row);
  });

  app.post(`${base}/complete`, async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['OrderAdmin']);
    const row = await withLockedOrder(
      db,
      principal,
      directionOf(c),
      c.req.param('orderID'),
      async (tx, order) => {
        if (!relationTo(principal, order).receiver) {
          throw ApiError.of(
            403,
            'Order.NotEditable',
            `Order ${order.id} can only be completed by whoever receives it.`,
            {
              ObjectType: 'Order',
              ObjectID: order.id,
            },
          );
        }
        if (order.status !== 'Open') {
          throw statusError(
            'Order.CannotCompleteBadStatus',
            order,
            `Order ${order.id} is ${order.status}: only open orders can be completed.`,
          );
        }
        const now = new Date();
        const [updated] = await tx
          .update(orders)
          .set({ status: 'Completed', dateCompleted: now, lastUpdated: now })
          .where(eq(orders.id, order.id))
          .returning();
        return updated as OrderRow;
      },
    );
    return answer(c, row);
  });
}

/** Thrown to roll back `validate`'s trial stock movement once every check passed. */
class ValidationPassed extends Error {}
