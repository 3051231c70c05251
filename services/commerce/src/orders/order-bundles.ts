import type { Db } from '@catalogue/db';
import { bundleProductAssignments, bundles, lineItems, orders, priceSchedules } from '@catalogue/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { inMyGroups } from '../me/assigned';
import { generateId } from '../resources/ids';
import { assertEditable, type OrderRow, requireOrderWrite } from './access';
import { activeCart, cartOwner, requireActiveCart } from './active-cart';
import { directionOf, withLockedOrder } from './context';
import { type LineItemRow, repriceCumulative, writeLineItem } from './line-items';
import { senderPrincipal } from './pricing';
import { refreshPromotions } from './promotion-engine';
import { recalculateTotals } from './recalculate';
import { lineItemBody, lineItemResource } from './wire';

type LineBody = z.infer<typeof lineItemBody>;

/** `BundleItems`: optional line items naming products of the bundle (quantity, specs, addresses, xp). */
export const bundleItemsBody = z.strictObject({
  LineItems: z.array(lineItemBody).max(100).optional(),
});

/**
 * A bundle a buyer user may order: active, assigned to their company or one of their groups
 * (bundle_assignments), and held by an active catalog assigned to their company
 * (catalog_bundle_assignments). Anything else is NotFound, so other buyers' bundles are not confirmed.
 */
export async function visibleBundle(tx: Db, sender: Principal, bundleId: string): Promise<void> {
  const [row] = await tx
    .select({ id: bundles.id })
    .from(bundles)
    .where(
      and(
        eq(bundles.id, bundleId),
        eq(bundles.active, true),
        sql`exists (select 1 from bundle_assignments ba where ba.bundle_id = ${bundles.id}
          and ba.buyer_id = ${sender.companyId}
          and (ba.user_group_id = '' or ${inMyGroups(sender, sql`ba.user_group_id`)}))`,
        sql`exists (select 1 from catalog_bundle_assignments cba
          join catalogs c on c.id = cba.catalog_id and c.active
          join catalog_assignments ca on ca.catalog_id = cba.catalog_id and ca.buyer_id = ${sender.companyId}
          where cba.bundle_id = ${bundles.id})`,
      ),
    )
    .limit(1);
  if (!row || sender.companyType !== 'buyer') throw ApiError.notFound('Bundle', bundleId);
}

/**
 * The lines a bundle adds for a buyer user: every required product of the bundle, and every optional one
 * that has a DefaultQuantity or is named in `given`; a named product takes the given line (quantity,
 * specs, …), the others their DefaultQuantity (1 when none). Products outside the bundle are refused.
 */
export async function bundleLines(
  tx: Db,
  sender: Principal,
  bundleId: string,
  given: LineBody[] = [],
): Promise<LineBody[]> {
  await visibleBundle(tx, sender, bundleId);
  const products = await tx
    .select()
    .from(bundleProductAssignments)
    .where(eq(bundleProductAssignments.bundleId, bundleId))
    .orderBy(asc(bundleProductAssignments.productId));
  const named = new Map<string, LineBody>();
  given.forEach((line, index) => {
    if (!products.some((p) => p.productId === line.ProductID)) {
      throw ApiError.of(
        400,
        'Bundle.ProductNotInBundle',
        `Product ${line.ProductID} is not part of bundle ${bundleId}.`,
        { Property: `LineItems.${index}.ProductID`, BundleID: bundleId, ProductID: line.ProductID },
      );
    }
    if (named.has(line.ProductID)) {
      throw ApiError.invalidRequest(`Product ${line.ProductID} is named twice.`, {
        Property: `LineItems.${index}.ProductID`,
      });
    }
    named.set(line.ProductID, line);
  });
  const lines: LineBody[] = [];
  for (const p of products) {
    const line = named.get(p.productId);
    if (line) lines.push(line);
    else if (p.required || p.defaultQuantity !== null)
      lines.push({ ProductID: p.productId, Quantity: p.defaultQuantity ?? 1 });
  }
  if (lines.length === 0) {
    throw ApiError.of(400, 'Bundle.NoProducts', `Bundle ${bundleId} has no products to add.`, {
      ObjectType: 'Bundle',
      ObjectID: bundleId,
    });
  }
  return lines;
}

/** Adds a bundle's lines to a locked order, all sharing one new BundleItemID; returns them. */
export async function addBundle(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  bundleId: string,
  given: LineBody[] = [],
): Promise<LineItemRow[]> {
  assertEditable(principal, order);
  const lines = await bundleLines(tx, senderPrincipal(order), bundleId, given);
  const bundleItemId = generateId();
  const written: LineItemRow[] = [];
  let current = order;
  for (const line of lines) {
    const row = await writeLineItem(tx, principal, current, line);
    const [tagged] = await tx
      .update(lineItems)
      .set({ bundleId, bundleItemId })
      .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, row.id)))
      .returning();
    written.push(tagged as LineItemRow);
    // The first line may set the order's currency.
    [current] = (await tx.select().from(orders).where(eq(orders.id, order.id)).limit(1)) as [OrderRow];
  }
  return written;
}

/** Removes every line of one bundle item from a locked order. */
export async function removeBundle(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  bundleId: string,
  bundleItemId: string,
): Promise<void> {
  assertEditable(principal, order);
  const removed = await tx
    .delete(lineItems)
    .where(
      and(
        eq(lineItems.orderId, order.id),
        eq(lineItems.bundleId, bundleId),
        eq(lineItems.bundleItemId, bundleItemId),
      ),
    )
    .returning();
  if (removed.length === 0) throw ApiError.notFound('BundleItem', bundleItemId);
  // Remaining lines of a product whose schedule counts cumulative quantities get their breaks again.
  const productIds = [...new Set(removed.map((r) => r.productId))];
  const remaining = await tx
    .select({ productId: lineItems.productId, cumulative: priceSchedules.useCumulativeQuantity })
    .from(lineItems)
    .innerJoin(priceSchedules, eq(priceSchedules.id, lineItems.priceScheduleId))
    .where(and(eq(lineItems.orderId, order.id), inArray(lineItems.productId, productIds)));
  for (const productId of new Set(remaining.filter((r) => r.cumulative).map((r) => r.productId))) {
    await repriceCumulative(tx, order, productId);
  }
  await refreshPromotions(tx, order.id);
  await recalculateTotals(tx, order.id);
}

/** `POST/DELETE /orders/{direction}/{orderID}/bundles/{bundleID}[/{bundleItemID}]` and /cart/bundles. */
export function mountOrderBundles(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID/bundles/:bundleID';
  const answer = (rows: LineItemRow[]) => lineItemResource.wireOne(db, rows[0] as Record<string, unknown>);

  app.post(base, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const direction = directionOf(c);
    const body = await readBody(c.req.raw, bundleItemsBody);
    const rows = await withLockedOrder(db, principal, direction, c.req.param('orderID'), (tx, order) =>
      addBundle(tx, principal, order, c.req.param('bundleID'), body.LineItems),
    );
    return c.json(await answer(rows), 201);
  });

  app.delete(`${base}/:bundleItemID`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    await withLockedOrder(db, principal, directionOf(c), c.req.param('orderID'), (tx, order) =>
      removeBundle(tx, principal, order, c.req.param('bundleID'), c.req.param('bundleItemID')),
    );
    return c.body(null, 204);
  });

  app.post('/v1/cart/bundles/:bundleID', async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const body = await readBody(c.req.raw, bundleItemsBody);
    const bundleId = c.req.param('bundleID');
    const rows = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      cartOwner(principal);
      // The bundle is checked before a cart is created for it; any later refusal rolls the cart back.
      await bundleLines(tx, principal, bundleId, body.LineItems);
      const cart = await activeCart(tx, principal, { create: true });
      if (!cart) throw ApiError.notFound('Order', 'cart');
      return addBundle(tx, principal, cart, bundleId, body.LineItems);
    });
    return c.json(await answer(rows), 201);
  });

  app.delete('/v1/cart/bundles/:bundleID/:bundleItemID', async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const cart = await requireActiveCart(tx, principal);
      await removeBundle(tx, principal, cart, c.req.param('bundleID'), c.req.param('bundleItemID'));
    });
    return c.body(null, 204);
  });
}
