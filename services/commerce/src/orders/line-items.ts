import { type Db, queryRows } from '@catalogue/db';
import { costCenters, inventoryRecords, lineItems, orders } from '@catalogue/db/schema';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { assignedToMe, inMyGroups } from '../me/assigned';
import { isUniqueViolation } from '../resources/errors';
import { generateId } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import {
  assertEditable,
  findOrder,
  type OrderRow,
  orderScope,
  requireOrderRead,
  requireOrderWrite,
} from './access';
import { addressBody, givenAddress, senderAddress } from './addresses';
import { type C, directionOf, withLockedOrder } from './context';
import { insertLineItems } from './line-item-insert';
import { money, toColumn, ZERO } from './money';
import { lineSubtotal, priceProduct, senderPrincipal, unitPriceFor } from './pricing';
import { isProject } from './projects';
import { refreshPromotions } from './promotion-engine';
import { orderTotals, recalculate, recalculateTotals } from './recalculate';
import { lineItemBody, lineItemResource } from './wire';

export type LineItemRow = typeof lineItems.$inferSelect;
type LineBody = z.infer<typeof lineItemBody>;

/** Units of stock a quantity takes: the product's QuantityMultiplier units per item (our reading of it). */
const units = (quantity: number, multiplier: number) => quantity * Math.max(multiplier, 1);

/**
 * Adds or rewrites one line item of an order locked by the caller, pricing it for the order's sender,
 * checking quantities, specs, stock, cost center and addresses; then reprices the order's other lines of
 * the product when their schedule counts cumulative quantities, refreshes promotions and totals.
 * `existing` is the line being replaced (its ID may change to `body.ID`).
 */
export async function writeLineItem(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: LineBody,
  existing?: LineItemRow,
): Promise<LineItemRow> {
  assertEditable(principal, order);
  if (existing && body.ProductID !== existing.productId) {
    throw ApiError.invalidRequest('ProductID of a line item cannot change: add a new line item instead.', {
      Property: 'ProductID',
    });
  }
  const others = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, order.id), ...(existing ? [ne(lineItems.id, existing.id)] : [])));
  const { priced, values } = await lineValues(tx, principal, order, body, others, existing);
  const id = body.ID ?? existing?.id ?? generateId();
  let written: LineItemRow;
  try {
    if (existing) {
      [written] = (await tx
        .update(lineItems)
        .set({ ...values, id })
        .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, existing.id)))
        .returning()) as [LineItemRow];
    } else {
      [written] = (await insertLineItems(tx, [{ ...values, id, orderId: order.id }])) as [LineItemRow];
    }
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw ApiError.of(409, 'IdExists', `Line item ${id} already exists on order ${order.id}.`, {
        ObjectType: 'LineItem',
        ObjectID: id,
      });
    }
    throw error;
  }
  // The order's first line sets its currency.
  const current = others.length === 0 ? { ...order, currency: priced.currency } : order;
  const repriced =
    priced.schedule.useCumulativeQuantity &&
    (await repriceCumulative(tx, order, body.ProductID, written.id)) > 0;
  const promotions = await refreshPromotions(tx, current);
  const { items } = await recalculate(tx, current, {
    // Other lines repriced: read them again.
    ...(repriced ? {} : { items: [...others, written] }),
    applied: promotions.applied,
    ...(others.length === 0 ? { set: { currency: priced.currency } } : {}),
  });
  return items.find((i) => i.id === written.id) as LineItemRow;
}

/**
 * Writes every line of an order the caller created in its transaction (no lines yet, no promotions),
 * each at a price the caller locked (`UnitPrice`, an accepted quote's), in one statement. Each line
 * passes `lineValues`' rules against the lines before it, exactly as if written one by one through
 * `writeLineItem`, whose remaining steps have nothing to do here: overridden prices are never repriced,
 * and an order without promotions has line totals equal to subtotals. Answers the lines and the order
 * with its currency and totals in memory; the caller's submit writes them (`submitQuoteOrder`).
 */
export async function writeLockedLineItems(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  bodies: LineBody[],
): Promise<{ order: OrderRow; items: LineItemRow[] }> {
  assertEditable(principal, order);
  const addresses = new Map<string, Record<string, unknown> | null>();
  const rows: (typeof lineItems.$inferInsert & SiblingLine)[] = [];
  let current = order;
  for (const body of bodies) {
    if (body.UnitPrice === undefined || body.UnitPrice === null)
      throw new Error('writeLockedLineItems writes locked prices only');
    const { priced, values } = await lineValues(tx, principal, current, body, rows, undefined, addresses);
    // The order's first line sets its currency, as in writeLineItem.
    if (rows.length === 0) current = { ...current, currency: priced.currency };
    rows.push({ ...values, id: body.ID ?? generateId(), orderId: order.id });
  }
  const items = await insertLineItems(tx, rows);
  return { order: { ...current, ...orderTotals(current, items, []) }, items };
}

/** Lines of an order as `lineValues` needs them: the ones it is compared with (currency, stock). */
type SiblingLine = Pick<LineItemRow, 'productId' | 'variantId' | 'inventoryRecordId' | 'quantity'>;

/**
 * The rules of one line item, shared by `writeLineItem` and `writeLockedLineItems`: the override needs
 * `OverrideUnitPrice`; the product is priced for the order's sender (and must be buyable by them); the
 * currency matches the order's other lines; stock suffices for this line and the order's other lines of
 * the same stock (not for a project); a cost center, inventory record and shipping address must be the
 * sender's. Answers the columns to write. `others` are the order's other lines; `addresses` remembers
 * the shipping addresses already resolved in the caller's transaction.
 */
async function lineValues(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: LineBody,
  others: SiblingLine[],
  existing?: LineItemRow,
  addresses?: Map<string, Record<string, unknown> | null>,
) {
  if (body.UnitPrice !== undefined && body.UnitPrice !== null)
    requireAnyRole(principal.roles, ['OverrideUnitPrice']);
  const sender = senderPrincipal(order);
  const priced = await priceProduct(tx, sender, body.ProductID, body.Specs ?? []);
  if (others.length > 0 && order.currency !== priced.currency) {
    throw ApiError.of(
      400,
      'LineItem.CurrencyMismatch',
      `Product ${body.ProductID} is priced in ${priced.currency}, the order in ${order.currency}.`,
      { Property: 'ProductID', OrderCurrency: order.currency, ProductCurrency: priced.currency },
    );
  }
  const sameProduct = others.filter((o) => o.productId === body.ProductID);
  const breakQuantity = priced.schedule.useCumulativeQuantity
    ? sameProduct.reduce((n, o) => n + o.quantity, body.Quantity)
    : body.Quantity;
  const overridden = body.UnitPrice !== undefined && body.UnitPrice !== null;
  const unitPrice = overridden
    ? (money(body.UnitPrice as number) ?? 0n)
    : unitPriceFor(priced, body.Quantity, breakQuantity);

  // Stock: an inventory record the buyer may use, else the variant's or the product's own count.
  let stock = priced.inventory;
  let shipFromAddressId: string | null = body.ShipFromAddressID ?? null;
  if (body.InventoryRecordID) {
    const record = await usableInventoryRecord(
      tx,
      sender,
      body.ProductID,
      priced.variantId,
      body.InventoryRecordID,
    );
    stock = { tracked: true, available: record.quantityAvailable, canExceed: record.orderCanExceed };
    shipFromAddressId = record.addressId;
  }
  // A project's quantities are a request for quote, not stock (issue 22 item 1).
  if (stock.tracked && !stock.canExceed && !isProject(order)) {
    const sameStock = sameProduct.filter(
      (o) =>
        o.variantId === priced.variantId &&
        (o.inventoryRecordId ?? null) === (body.InventoryRecordID ?? null),
    );
    const wanted = units(
      sameStock.reduce((n, o) => n + o.quantity, body.Quantity),
      priced.quantityMultiplier,
    );
    const available = stock.available ?? 0;
    if (wanted > available) {
      throw ApiError.of(
        400,
        'Inventory.Insufficient',
        `Only ${available} of product ${body.ProductID} available; the order asks for ${wanted}.`,
        { ProductID: body.ProductID, QuantityAvailable: available, QuantityRequested: wanted },
      );
    }
  }
  if (body.CostCenter) await usableCostCenter(tx, sender, body.CostCenter);
  const shippingAddressId = body.ShippingAddressID ?? (existing ? null : order.shippingAddressId);
  const shippingAddress = shippingAddressId
    ? addresses?.has(shippingAddressId)
      ? (addresses.get(shippingAddressId) ?? null)
      : await senderAddress(tx, sender, shippingAddressId, 'ShippingAddressID')
    : null;
  if (shippingAddressId) addresses?.set(shippingAddressId, shippingAddress);

  const values = {
    productId: body.ProductID,
    variantId: priced.variantId,
    quantity: body.Quantity,
    unitPrice: toColumn(unitPrice),
    priceOverridden: overridden,
    isOnSale: priced.isOnSale && !overridden,
    priceScheduleId: priced.priceScheduleId,
    lineSubtotal: toColumn(lineSubtotal(unitPrice, body.Quantity)),
    // Before promotions, which `recalculate` then takes off.
    promotionDiscount: toColumn(ZERO),
    lineTotal: toColumn(lineSubtotal(unitPrice, body.Quantity)),
    costCenter: body.CostCenter ?? null,
    dateNeeded: body.DateNeeded ? new Date(body.DateNeeded) : null,
    shippingAccount: body.ShippingAccount ?? null,
    shippingAddressId,
    shippingAddress,
    shipFromAddressId,
    supplierId: (priced.product.DefaultSupplierID as string | null) ?? null,
    inventoryRecordId: body.InventoryRecordID ?? null,
    specs: priced.specs,
    product: priced.product,
    variant: priced.variant,
    xp: body.xp ?? {},
  };
  return { priced, values };
}

/**
 * The order's lines of a product whose price schedule counts cumulative quantities, priced again at the
 * order's new total of that product (lines with other schedules, overridden prices and `exceptId` keep
 * theirs).
 */
export async function repriceCumulative(
  tx: Db,
  order: OrderRow,
  productId: string,
  exceptId = '',
): Promise<number> {
  const lines = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, order.id), eq(lineItems.productId, productId)));
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const sender = senderPrincipal(order);
  let changed = 0;
  for (const line of lines) {
    if (line.id === exceptId || line.priceOverridden) continue;
    const choices = (line.specs as { SpecID: string; OptionID: string | null; Value: string | null }[]).map(
      (s) => ({ SpecID: s.SpecID, OptionID: s.OptionID, Value: s.OptionID ? null : s.Value }),
    );
    const priced = await priceProduct(tx, sender, productId, choices);
    if (!priced.schedule.useCumulativeQuantity) continue;
    const unitPrice = unitPriceFor(priced, line.quantity, total);
    const subtotal = lineSubtotal(unitPrice, line.quantity);
    if (money(line.unitPrice) === unitPrice && money(line.lineSubtotal) === subtotal) continue;
    await tx
      .update(lineItems)
      .set({ unitPrice: toColumn(unitPrice), lineSubtotal: toColumn(subtotal) })
      .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, line.id)));
    changed++;
  }
  return changed;
}

async function usableInventoryRecord(
  tx: Db,
  sender: Principal,
  productId: string,
  variantId: string | null,
  recordId: string,
) {
  const [record] = await tx
    .select()
    .from(inventoryRecords)
    .where(
      and(
        eq(inventoryRecords.productId, productId),
        eq(inventoryRecords.variantId, variantId ?? ''),
        eq(inventoryRecords.id, recordId),
        sql`(${inventoryRecords.allowAllBuyers} or exists (select 1 from inventory_record_assignments ira
          where ira.product_id = ${inventoryRecords.productId} and ira.variant_id = ${inventoryRecords.variantId}
            and ira.inventory_record_id = ${inventoryRecords.id} and ira.buyer_id = ${sender.companyId}
            and (ira.user_group_id = '' or ${inMyGroups(sender, sql`ira.user_group_id`)})))`,
      ),
    )
    .limit(1);
  if (!record) {
    throw ApiError.of(404, 'NotFound', `Inventory record ${recordId} not found for this product.`, {
      ObjectType: 'InventoryRecord',
      ObjectID: recordId,
      Property: 'InventoryRecordID',
    });
  }
  return record;
}

async function usableCostCenter(tx: Db, sender: Principal, costCenterId: string) {
  const [row] = await tx
    .select({ id: costCenters.id })
    .from(costCenters)
    .where(
      and(
        eq(costCenters.buyerId, sender.companyId),
        eq(costCenters.id, costCenterId),
        assignedToMe(sender, 'costcenter', costCenters.id),
      ),
    )
    .limit(1);
  if (!row) {
    throw ApiError.of(
      404,
      'NotFound',
      `Cost center ${costCenterId} not found among this buyer's cost centers.`,
      {
        ObjectType: 'CostCenter',
        ObjectID: costCenterId,
        Property: 'CostCenter',
      },
    );
  }
}

/** `PUT/PATCH …/shipto`: one shipping address for every line item (and the order's default). */
export async function setShippingAddress(
  tx: Db,
  order: OrderRow,
  body: z.infer<typeof addressBody>,
  replace: boolean,
): Promise<void> {
  const sender = senderPrincipal(order);
  const [first] = await tx.select().from(lineItems).where(eq(lineItems.orderId, order.id)).limit(1);
  const current = (first?.shippingAddress ?? null) as Record<string, unknown> | null;
  if (!replace && !current) {
    throw ApiError.invalidRequest(`Order ${order.id} has no shipping address to patch: PUT one first.`, {
      Property: 'ShippingAddress',
    });
  }
  const address = await givenAddress(
    tx,
    sender,
    (replace ? body : { ...current, ...body }) as z.infer<typeof addressBody>,
    'ShippingAddress',
  );
  const addressId = (address.ID as string | null) ?? null;
  await tx
    .update(lineItems)
    .set({ shippingAddress: address, shippingAddressId: addressId })
    .where(eq(lineItems.orderId, order.id));
  await tx.update(orders).set({ shippingAddressId: addressId }).where(eq(orders.id, order.id));
}

/** One line item of an order, or NotFound. */
export async function lineOf(tx: Db, orderId: string, id: string): Promise<LineItemRow> {
  const [row] = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, id)))
    .limit(1);
  if (!row) throw ApiError.notFound('LineItem', id);
  return row;
}

/** PUT (`replace`) or PATCH of one line item of an order locked by the caller (repriced by writeLineItem). */
export async function updateLineItem(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  id: string,
  raw: Partial<LineBody>,
  replace: boolean,
): Promise<LineItemRow> {
  const existing = await lineOf(tx, order.id, id);
  const body: LineBody = replace
    ? (raw as LineBody)
    : {
        ProductID: existing.productId,
        Quantity: existing.quantity,
        ...(existing.priceOverridden ? { UnitPrice: Number(existing.unitPrice) } : {}),
        CostCenter: existing.costCenter,
        DateNeeded: existing.dateNeeded?.toISOString() ?? null,
        ShippingAccount: existing.shippingAccount,
        ShippingAddressID: existing.shippingAddressId,
        ShipFromAddressID: existing.shipFromAddressId,
        InventoryRecordID: existing.inventoryRecordId,
        Specs: (existing.specs as { SpecID: string; OptionID: string | null; Value: string | null }[]).map(
          (s) => ({
            SpecID: s.SpecID,
            OptionID: s.OptionID,
            Value: s.OptionID ? null : s.Value,
          }),
        ),
        ...raw,
        xp: (raw.xp !== undefined ? mergePatch(existing.xp ?? {}, raw.xp) : existing.xp) as Record<
          string,
          unknown
        >,
      };
  const written = await writeLineItem(tx, principal, order, body, existing);
  if (existing.shippingAddress && !body.ShippingAddressID && written.shippingAddress === null && !replace) {
    // A one-off address set by …/shipto stays when a PATCH does not name another.
    await tx
      .update(lineItems)
      .set({ shippingAddress: existing.shippingAddress })
      .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, written.id)));
    return lineOf(tx, order.id, written.id);
  }
  return written;
}

/** Removes one line item of an order locked by the caller; cumulative prices, promotions and totals follow. */
export async function deleteLineItem(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  id: string,
): Promise<void> {
  assertEditable(principal, order);
  const line = await lineOf(tx, order.id, id);
  await tx.delete(lineItems).where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, line.id)));
  const remaining = await queryRows<{ product_id: string }>(
    tx,
    sql`select product_id from line_items where order_id = ${order.id} and product_id = ${line.productId} limit 1`,
  );
  if (remaining.length > 0) {
    const [first] = await tx
      .select()
      .from(lineItems)
      .where(and(eq(lineItems.orderId, order.id), eq(lineItems.productId, line.productId)))
      .limit(1);
    if (first && !first.priceOverridden) await repriceCumulative(tx, order, line.productId, '');
  }
  await refreshPromotions(tx, order.id);
  await recalculateTotals(tx, order.id);
}

/** `PUT/PATCH …/lineitems/{id}/shipto`: one line item's shipping address, on an order locked by the caller. */
export async function setLineItemShipTo(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  id: string,
  body: z.infer<typeof addressBody>,
  replace: boolean,
): Promise<LineItemRow> {
  assertEditable(principal, order);
  const existing = await lineOf(tx, order.id, id);
  const current = (existing.shippingAddress ?? null) as Record<string, unknown> | null;
  if (!replace && !current) {
    throw ApiError.invalidRequest(
      `Line item ${existing.id} has no shipping address to patch: PUT one first.`,
      {
        Property: 'ShippingAddress',
      },
    );
  }
  const address = await givenAddress(
    tx,
    senderPrincipal(order),
    (replace ? body : { ...current, ...body }) as z.infer<typeof addressBody>,
    'ShippingAddress',
  );
  await tx
    .update(lineItems)
    .set({ shippingAddress: address, shippingAddressId: (address.ID as string | null) ?? null })
    .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, existing.id)));
  return lineOf(tx, order.id, existing.id);
}

/** Line items of orders: `/orders/{direction}/{orderID}/lineitems` and `/lineitems/{direction}`. */
export function mountLineItems(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID/lineitems';

  app.get(base, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(db, lineItems, lineItemResource.list, params, eq(lineItems.orderId, order.id));
    return c.json({
      Items: await lineItemResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.get('/v1/lineitems/:direction', async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const direction = directionOf(c);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const reachable = db.select({ id: orders.id }).from(orders).where(orderScope(principal, direction));
    const page = await runList(
      db,
      lineItems,
      lineItemResource.list,
      params,
      inArray(lineItems.orderId, reachable),
    );
    const items = await lineItemResource.wireAll(db, page.Items as Record<string, unknown>[]);
    // Which order each line belongs to, as OrderCloud's /lineitems lists show it.
    const orderOf = new Map(page.Items.map((row) => [(row as LineItemRow).id, (row as LineItemRow).orderId]));
    return c.json({
      Items: items.map((i) => ({ ...i, OrderID: orderOf.get(String(i.ID)) })),
      Meta: page.Meta,
    });
  });

  app.post(base, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const body = await readBody(c.req.raw, lineItemBody);
    const line = await withLockedOrder(db, principal, directionOf(c), c.req.param('orderID'), (tx, order) =>
      writeLineItem(tx, principal, order, body),
    );
    return c.json(await lineItemResource.wireOne(db, line as Record<string, unknown>), 201);
  });

  app.get(`${base}/:lineItemID`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    return c.json(
      await lineItemResource.wireOne(
        db,
        (await lineOf(db, order.id, c.req.param('lineItemID'))) as Record<string, unknown>,
      ),
    );
  });

  const write = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const id = c.req.param('lineItemID') as string;
    const raw = (await readBody(
      c.req.raw,
      replace ? lineItemBody : patchBody(lineItemBody),
    )) as Partial<LineBody>;
    const line = await withLockedOrder(
      db,
      principal,
      directionOf(c),
      c.req.param('orderID') as string,
      (tx, order) => updateLineItem(tx, principal, order, id, raw, replace),
    );
    return c.json(await lineItemResource.wireOne(db, line as Record<string, unknown>));
  };
  app.put(`${base}/:lineItemID`, write(true));
  app.patch(`${base}/:lineItemID`, write(false));

  app.delete(`${base}/:lineItemID`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    await withLockedOrder(db, principal, directionOf(c), c.req.param('orderID'), (tx, order) =>
      deleteLineItem(tx, principal, order, c.req.param('lineItemID')),
    );
    return c.body(null, 204);
  });

  const shipTo = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const body = (await readBody(c.req.raw, replace ? addressBody : patchBody(addressBody))) as z.infer<
      typeof addressBody
    >;
    const line = await withLockedOrder(
      db,
      principal,
      directionOf(c),
      c.req.param('orderID') as string,
      (tx, order) =>
        setLineItemShipTo(tx, principal, order, c.req.param('lineItemID') as string, body, replace),
    );
    return c.json(await lineItemResource.wireOne(db, line as Record<string, unknown>));
  };
  app.put(`${base}/:lineItemID/shipto`, shipTo(true));
  app.patch(`${base}/:lineItemID/shipto`, shipTo(false));
}
