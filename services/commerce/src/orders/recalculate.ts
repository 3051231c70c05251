import type { Db } from '@catalogue/db';
import { lineItems, orderPromotions, orders } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import { type Money, money, sum, toColumn, ZERO } from './money';
import type { AppliedAmount } from './promotion-engine';

export type OrderRow = typeof orders.$inferSelect;
export type LineItemRow = typeof lineItems.$inferSelect;

/**
 * Sets the totals of an order from its line items and applied promotions, inside the caller's
 * transaction (which holds the order's row lock): LineTotal = LineSubtotal − the line's promotion
 * discounts; Subtotal = Σ LineSubtotal; PromotionDiscount = Σ every applied promotion (line and order
 * level), never more than the subtotal; Total = Subtotal + ShippingCost + TaxCost + Gratuity + Fees −
 * PromotionDiscount. Nothing here is ever taken from a client.
 */
export async function recalculateTotals(tx: Db, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
  return (await recalculate(tx, order)).order;
}

/**
 * `recalculateTotals` for a caller that already holds some of what it needs in its transaction: the
 * order's row, its line items and the promotions applied (`refreshPromotions` answers them) are read only
 * when not given; `set` adds columns to the order's update. Answers the order and its line items as written.
 */
export async function recalculate(
  tx: Db,
  order: OrderRow,
  known: {
    items?: LineItemRow[];
    applied?: AppliedAmount[] | null;
    set?: Partial<Pick<OrderRow, 'currency'>>;
  } = {},
): Promise<{ order: OrderRow; items: LineItemRow[] }> {
  const items = known.items ?? (await tx.select().from(lineItems).where(eq(lineItems.orderId, order.id)));
  const applied: AppliedAmount[] =
    known.applied ??
    (await tx.select().from(orderPromotions).where(eq(orderPromotions.orderId, order.id))).map((p) => ({
      lineItemId: p.lineItemId,
      amount: money(p.amount) ?? ZERO,
    }));
  const lineDiscount = new Map<string, Money>();
  for (const p of applied) {
    if (p.lineItemId === '') continue;
    lineDiscount.set(p.lineItemId, (lineDiscount.get(p.lineItemId) ?? ZERO) + p.amount);
  }
  const written: LineItemRow[] = [];
  for (const item of items) {
    const subtotal = money(item.lineSubtotal) ?? ZERO;
    const discount = lineDiscount.get(item.id) ?? ZERO;
    const capped = discount > subtotal ? subtotal : discount;
    const total = subtotal - capped;
    if (money(item.promotionDiscount) !== capped || money(item.lineTotal) !== total) {
      const [row] = await tx
        .update(lineItems)
        .set({ promotionDiscount: toColumn(capped), lineTotal: toColumn(total) })
        .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, item.id)))
        .returning();
      written.push(row as LineItemRow);
    } else {
      written.push(item);
    }
  }
  const [updated] = await tx
    .update(orders)
    .set({ ...known.set, ...orderTotals(order, items, applied), lastUpdated: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: updated as OrderRow, items: written };
}

/** The order's totals columns from its line items and applied promotions (the rules of `recalculateTotals`). */
export function orderTotals(
  order: Pick<OrderRow, 'shippingCost' | 'taxCost' | 'gratuity' | 'fees'>,
  items: Pick<LineItemRow, 'lineSubtotal'>[],
  applied: AppliedAmount[],
): Pick<OrderRow, 'lineItemCount' | 'subtotal' | 'promotionDiscount' | 'total'> {
  const subtotal = sum(items.map((i) => money(i.lineSubtotal) ?? ZERO));
  const promotions = sum(applied.map((p) => p.amount));
  const promotionDiscount = promotions > subtotal ? subtotal : promotions;
  const charges =
    (money(order.shippingCost) ?? ZERO) +
    (money(order.taxCost) ?? ZERO) +
    (money(order.gratuity) ?? ZERO) +
    (money(order.fees) ?? ZERO);
  return {
    lineItemCount: items.length,
    subtotal: toColumn(subtotal),
    promotionDiscount: toColumn(promotionDiscount),
    total: toColumn(subtotal + charges - promotionDiscount),
  };
}
