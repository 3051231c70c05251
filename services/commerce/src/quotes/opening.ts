import type { Db } from '@catalogue/db';
import { buyers, type lineItems, type orders } from '@catalogue/db/schema';
import { eq } from 'drizzle-orm';
import { money, toColumn, ZERO } from '../orders/money';
import { lineSubtotal } from '../orders/pricing';
import { recordEvent } from './audit';
import { insertQuote, type Tx } from './repository';

/**
 * How a quote comes into existence (docs/quotes-wire.md "Where quotes come from"): in the transaction
 * that submits a project (`submitOrder`), with the project's ID, status Submitted, one line per line item
 * at the price the order engine gave it (the price schedule's break for its quantity), no revision sent.
 * Projects submitted before quotes existed got theirs from migration 0040. A resubmitted project (a
 * declined approval allowing it) keeps the quote it has.
 */
export async function openQuoteForProject(
  db: Db,
  order: typeof orders.$inferSelect,
  items: (typeof lineItems.$inferSelect)[],
  now: Date,
): Promise<void> {
  // A savepoint gives the quote's writes the transaction type of this module (the order engine hands a Db).
  await db.transaction((tx) => open(tx, order, items, now));
}

async function open(
  tx: Tx,
  order: typeof orders.$inferSelect,
  items: (typeof lineItems.$inferSelect)[],
  now: Date,
): Promise<void> {
  const [company] = await tx
    .select({ name: buyers.name })
    .from(buyers)
    .where(eq(buyers.id, order.fromCompanyId));
  const name = String((order.xp as { projectName?: unknown }).projectName ?? order.id);
  const sorted = [...items].sort(
    (a, b) => a.dateAdded.getTime() - b.dateAdded.getTime() || a.id.localeCompare(b.id),
  );
  const lines = sorted.map((item, position) => {
    const list = money(item.unitPrice) ?? ZERO;
    const product = item.product as { Name?: unknown };
    return {
      quoteId: order.id,
      id: item.id,
      productId: item.productId,
      product: { ID: item.productId, Name: typeof product.Name === 'string' ? product.Name : null },
      specs: item.specs,
      quantity: item.quantity,
      listUnitPrice: toColumn(list),
      priceScheduleId: item.priceScheduleId,
      priceType: 'List',
      unitPrice: toColumn(list),
      lineTotal: toColumn(lineSubtotal(list, item.quantity)),
      position,
    };
  });
  const subtotal = lines.reduce((n, l) => n + (money(l.lineTotal) ?? ZERO), ZERO);
  const created = await insertQuote(
    tx,
    {
      id: order.id,
      name,
      status: 'Submitted',
      fromCompanyName: company?.name ?? order.fromCompanyId,
      currency: order.currency,
      listSubtotal: toColumn(subtotal),
      subtotal: toColumn(subtotal),
      total: toColumn(subtotal),
      lineItemCount: lines.length,
      catalogueNumbers: [...new Set(lines.map((l) => l.productId))].join(' '),
      dateSubmitted: now,
      lastUpdated: now,
    },
    lines,
  );
  if (!created) return;
  await recordEvent(tx, {
    quote: { id: order.id, status: 'Submitted', revision: 0 },
    action: 'submit',
    from: '',
    to: 'Submitted',
    actor: { type: 'buyer', companyId: order.fromCompanyId, userId: order.fromUserId },
    at: now,
  });
}
