import type { Db } from '@catalogue/db';
import { lineItems, orderPromotions, orders } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import { type Money, money, sum, toColumn, ZERO } from './money';

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
  const items = await tx.select().from(lineItems).where(eq(lineItems.orderId, orderId));
  const applied = await tx.select().from(orderPromotions).where(eq(orderPromotions.orderId, orderId));
  const lineDiscount = new Map<string, Money>();
  for (const p of applied) {
    if (p.lineItemId === '') continue;
    lineDiscount.set(p.lineItemId, (lineDiscount.get(p.lineItemId) ?? ZERO) + (money(p.amount) ?? ZERO));
  }
  for (const item of items) {
    const subtotal = money(item.lineSubtotal) ?? ZERO;
    const discount = lineDiscount.get(item.id) ?? ZERO;
    const capped = discount > subtotal ? subtotal : discount;
    const total = subtotal - capped;
    if (money(item.promotionDiscount) !== capped || money(item.lineTotal) !== total) {
      await tx
        .update(lineItems)
        .set({ promotionDiscount: toColumn(capped), lineTotal: toColumn(total) })
        .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, item.id)));
    }
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new Error(`order ${orderId} vanished inside its own transaction`);
  const subtotal = sum(items.map((i) => money(i.lineSubtotal) ?? ZERO));
  const promotions = sum(applied.map((p) => money(p.amount) ?? ZERO));
  const promotionDiscount = promotions > subtotal ? subtotal : promotions;
  const charges =
    (money(order.shippingCost) ?? ZERO) +
    (money(order.taxCost) ?? ZERO) +
    (money(order.gratuity) ?? ZERO) +
    (money(order.fees) ?? ZERO);
  const [updated] = await tx
    .update(orders)
    .set({
      lineItemCount: items.length,
      subtotal: toColumn(subtotal),
      promotionDiscount: toColumn(promotionDiscount),
      total: toColumn(subtotal + charges - promotionDiscount),
      lastUpdated: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning();
  return updated as OrderRow;
}
