import { type Db, queryRows } from '@catalogue/db';
import {
  addresses,
  buyers,
  lineItems,
  orders,
  shipmentItems,
  shipments,
  suppliers,
} from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { type ApiRole, requireAnyRole, rolesFor, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { addressBody, addressColumns, addressResource } from '../identity/buyer-resources';
import { orderByClause, whereClause } from '../list/compile';
import { parseListParams } from '../list/params';
import { listMeta, runList } from '../list/run';
import type { ListSchema } from '../list/schema';
import { Resource } from '../resources/crud';
import { isUniqueViolation } from '../resources/errors';
import { generateId, idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import { findOrder, type OrderRow, orderScope, relationTo, requireOrderRead } from './access';
import { type C, directionOf, withLockedOrder } from './context';
import { money, toColumn } from './money';
import { orderResource } from './wire';

/**
 * Shipments (OrderCloud's `/shipments`): made by whoever receives orders (the marketplace owner, or a
 * supplier for the orders sent to it), holding quantities of line items of Open orders. Each item moves
 * `line_items.quantity_shipped` inside the order's locked transaction, and an order whose every line item
 * has shipped completes. Buyer users read the shipments of their orders at `/me/shipments`.
 */

const SHIPMENT_READ: ApiRole[] = ['ShipmentReader', 'ShipmentAdmin'];
const SHIPMENT_WRITE: ApiRole[] = ['ShipmentAdmin'];
/** The `ship` action creates a shipment for an order: either role of whoever receives it. */
const SHIP_ROLES: ApiRole[] = ['ShipmentAdmin', 'OrderAdmin'];

const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const iso = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(String(value)).toISOString();

const addressWire = addressResource(rolesFor('AddressAdmin', 'AddressReader'));

export type ShipmentRow = typeof shipments.$inferSelect;
type LineRow = typeof lineItems.$inferSelect;

export const shipmentResource = new Resource({
  objectType: 'Shipment',
  table: shipments,
  id: shipments.id,
  columns: {
    ID: shipments.id,
    BuyerID: shipments.buyerId,
    Shipper: shipments.shipper,
    DateShipped: shipments.dateShipped,
    DateDelivered: shipments.dateDelivered,
    TrackingNumber: shipments.trackingNumber,
    Cost: shipments.cost,
    OwnerID: shipments.ownerId,
    Account: shipments.account,
    FromAddressID: shipments.fromAddressId,
    ToAddressID: shipments.toAddressId,
    xp: shipments.xp,
  },
  // Writes are below (addresses resolved, owners checked); the body is `shipmentBody`.
  body: z.object({}),
  searchOn: ['ID', 'TrackingNumber', 'Shipper'],
  defaultSort: ['ID'],
  roles: { read: SHIPMENT_READ, write: SHIPMENT_WRITE },
  extend: (row) => ({
    Cost: amount(row.cost),
    FromAddress: row.fromAddress ?? null,
    ToAddress: row.toAddress ?? null,
  }),
});

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/** The writable Shipment fields; the read-only address snapshots are accepted and ignored (SDK round trips). */
export const shipmentBody = z.strictObject({
  ID: idSchema.optional(),
  BuyerID: idSchema.nullish(),
  Shipper: z.string().max(100).nullish(),
  DateShipped: dateTime.nullish(),
  DateDelivered: dateTime.nullish(),
  TrackingNumber: z.string().max(200).nullish(),
  Cost: z.number().finite().min(0, 'must not be negative').max(1e9).nullish(),
  OwnerID: z.string().max(100).nullish(),
  Account: z.string().max(100).nullish(),
  FromAddressID: idSchema.nullish(),
  ToAddressID: idSchema.nullish(),
  FromAddress: z.unknown().optional(),
  ToAddress: z.unknown().optional(),
  xp: xpSchema.optional(),
});
type ShipmentBody = z.infer<typeof shipmentBody>;

const shipmentItemBody = z.strictObject({
  OrderID: idSchema,
  LineItemID: idSchema,
  QuantityShipped: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be greater than 0')
    .max(1_000_000_000),
  // Read-only (taken from the line item); accepted so a fetched item can be sent back.
  UnitPrice: z.unknown().optional(),
  CostCenter: z.unknown().optional(),
  DateNeeded: z.unknown().optional(),
  Product: z.unknown().optional(),
  Variant: z.unknown().optional(),
  Specs: z.unknown().optional(),
  xp: z.unknown().optional(),
});

/** Shipments are the business of whoever ships: seller users and supplier users. */
function assertShipper(principal: Principal): void {
  if (principal.companyType === 'buyer') {
    throw wrongUserType(
      principal.userType,
      ['admin', 'supplier'],
      'Buyer users read the shipments of their orders at /me/shipments.',
    );
  }
}

/** The shipments a seller or supplier user reaches: the marketplace owner every one, a supplier its own. */
function shipmentScope(principal: Principal): SQL | undefined {
  return principal.companyType === 'seller' ? undefined : eq(shipments.ownerId, principal.companyId);
}

async function findShipment(db: Db, principal: Principal, id: string, lock = false): Promise<ShipmentRow> {
  const query = db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), shipmentScope(principal)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw ApiError.notFound('Shipment', id);
  return row;
}

/** The company that ships under an owner ID: '' is the marketplace owner, anything else a supplier. */
const ownerCompany = (ownerId: string) =>
  ownerId === '' ? { type: 'seller', id: '' } : { type: 'supplier', id: ownerId };

/** OwnerID of a new or rewritten shipment: a supplier's is always its own; the marketplace picks '' or a supplier. */
async function resolveOwner(tx: Db, principal: Principal, given: string | null | undefined): Promise<string> {
  if (principal.companyType === 'supplier') {
    if (given !== undefined && given !== null && given !== principal.companyId) {
      throw ApiError.invalidRequest('A supplier ships its own shipments: OwnerID is its supplier ID.', {
        Property: 'OwnerID',
      });
    }
    return principal.companyId;
  }
  const owner = given ?? '';
  if (owner !== '') {
    const [supplier] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, owner))
      .limit(1);
    if (!supplier) throw ApiError.notFound('Supplier', owner);
  }
  return owner;
}

/** A saved address of a company as the shipment keeps it (a snapshot). */
async function savedAddress(
  tx: Db,
  company: { type: string; id: string },
  addressId: string,
  property: string,
): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.companyType, company.type),
        eq(addresses.companyId, company.id),
        eq(addresses.id, addressId),
      ),
    )
    .limit(1);
  if (!row) {
    throw ApiError.of(404, 'NotFound', `Address ${addressId} not found`, {
      ObjectType: 'Address',
      ObjectID: addressId,
      Property: property,
    });
  }
  return addressWire.wireOne(tx, row as Record<string, unknown>);
}

/** Where a shipment comes from (its owner's addresses) and goes to (its buyer's, else the marketplace's). */
const fromCompany = (row: { ownerId: string }) => ownerCompany(row.ownerId);
const toCompany = (row: { buyerId: string | null }) =>
  row.buyerId ? { type: 'buyer', id: row.buyerId } : { type: 'seller', id: '' };

/** Column values from the writable fields of a shipment body (after `ownerId`/`buyerId` are known). */
async function shipmentColumns(
  tx: Db,
  body: Partial<ShipmentBody>,
  target: { ownerId: string; buyerId: string | null },
): Promise<Record<string, unknown>> {
  const set: Record<string, unknown> = {};
  const copy = [
    ['Shipper', 'shipper'],
    ['TrackingNumber', 'trackingNumber'],
    ['Account', 'account'],
  ] as const;
  for (const [property, column] of copy) if (body[property] !== undefined) set[column] = body[property];
  if (body.DateShipped !== undefined)
    set.dateShipped = body.DateShipped === null ? null : new Date(body.DateShipped);
  if (body.DateDelivered !== undefined)
    set.dateDelivered = body.DateDelivered === null ? null : new Date(body.DateDelivered);
  if (body.Cost !== undefined) set.cost = body.Cost === null ? null : toColumn(money(body.Cost) ?? 0n);
  if (body.xp !== undefined) set.xp = body.xp;
  if (body.FromAddressID !== undefined) {
    set.fromAddressId = body.FromAddressID;
    set.fromAddress = body.FromAddressID
      ? await savedAddress(tx, fromCompany(target), body.FromAddressID, 'FromAddressID')
      : null;
  }
  if (body.ToAddressID !== undefined) {
    set.toAddressId = body.ToAddressID;
    set.toAddress = body.ToAddressID
      ? await savedAddress(tx, toCompany(target), body.ToAddressID, 'ToAddressID')
      : null;
  }
  return set;
}

async function assertBuyer(tx: Db, buyerId: string | null | undefined): Promise<void> {
  if (!buyerId) return;
  const [row] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
  if (!row) throw ApiError.notFound('Buyer', buyerId);
}

const conflict = (id: string | undefined) => (error: unknown) => {
  if (isUniqueViolation(error)) {
    throw ApiError.of(409, 'IdExists', `Shipment ${id} already exists.`, {
      ObjectType: 'Shipment',
      ObjectID: id,
    });
  }
  throw error;
};

const txOf = (raw: unknown) => raw as Db;

/** Quantity of a line item in submitted, not canceled or declined returns (which shipping may not undercut). */
async function returnedQuantity(tx: Db, orderId: string, lineItemId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(ri.quantity), 0)::int as n from order_return_items ri
      join order_returns r on r.id = ri.return_id
      where r.order_id = ${orderId} and ri.line_item_id = ${lineItemId}
        and r.status not in ('Canceled', 'Declined')`,
  );
  return row?.n ?? 0;
}

/** Completes an Open order once every one of its line items has shipped ("Completed when all shipped"). */
export async function completeIfAllShipped(tx: Db, orderId: string): Promise<void> {
  const now = new Date();
  await tx
    .update(orders)
    .set({ status: 'Completed', dateCompleted: now, lastUpdated: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'Open'),
        sql`exists (select 1 from line_items li where li.order_id = ${orderId})`,
        sql`not exists (select 1 from line_items li where li.order_id = ${orderId}
          and li.quantity_shipped < li.quantity)`,
      ),
    );
}

function badStatus(code: string, order: OrderRow, message: string): ApiError {
  return ApiError.of(400, code, message, { ObjectType: 'Order', ObjectID: order.id, Status: order.status });
}

/** Shipping needs an Open order. */
function assertShippable(order: OrderRow): void {
  if (order.status !== 'Open') {
    throw badStatus(
      'Order.CannotShipBadStatus',
      order,
      `Order ${order.id} is ${order.status}: only open orders can be shipped.`,
    );
  }
}

/** A ShipmentItem as the wire shows it: the shipment's quantity with the line item's details. */
function itemWire(item: { orderId: string; lineItemId: string; quantityShipped: number }, line: LineRow) {
  return {
    OrderID: item.orderId,
    LineItemID: item.lineItemId,
    QuantityShipped: item.quantityShipped,
    UnitPrice: amount(line.unitPrice),
    CostCenter: line.costCenter ?? null,
    DateNeeded: iso(line.dateNeeded),
    Product: line.product ?? null,
    Variant: line.variant ?? null,
    Specs: line.specs ?? [],
    xp: line.xp ?? {},
  };
}

/** Shipment items joined with their line items (`si`, `li`) for the list kernel. */
const itemSchema: ListSchema = {
  objectType: 'ShipmentItem',
  fields: {
    OrderID: { expr: sql`si.order_id`, type: 'string' },
    LineItemID: { expr: sql`si.line_item_id`, type: 'string' },
    QuantityShipped: { expr: sql`si.quantity_shipped`, type: 'number' },
    UnitPrice: { expr: sql`li.unit_price`, type: 'number' },
    CostCenter: { expr: sql`li.cost_center`, type: 'string' },
    DateNeeded: { expr: sql`li.date_needed`, type: 'date' },
  },
  xp: sql`li.xp`,
  searchOn: ['OrderID', 'LineItemID'],
  defaultSort: ['OrderID', 'LineItemID'],
  keys: [sql`si.order_id`, sql`si.line_item_id`],
};

interface JoinedItem extends Record<string, unknown> {
  order_id: string;
  line_item_id: string;
  quantity_shipped: number;
  unit_price: string | null;
  cost_center: string | null;
  date_needed: Date | string | null;
  product: unknown;
  variant: unknown;
  specs: unknown;
  xp: unknown;
}

/** One page of a shipment's items (optionally only those `extra` allows), filtered and sorted in SQL. */
async function listItems(db: Db, shipmentId: string, query: URLSearchParams, extra?: SQL) {
  const params = parseListParams(query, ['orderID']);
  const orderId = query.get('orderID');
  const where = sql.join(
    [
      sql`si.shipment_id = ${shipmentId}`,
      ...(orderId ? [sql`si.order_id = ${orderId}`] : []),
      ...(extra ? [extra] : []),
      ...[whereClause(itemSchema, params)].filter((w): w is SQL => w !== undefined),
    ],
    sql` and `,
  );
  const from = sql`from shipment_items si join line_items li
    on li.order_id = si.order_id and li.id = si.line_item_id`;
  const [rows, totals] = await Promise.all([
    queryRows<JoinedItem>(
      db,
      sql`select si.order_id, si.line_item_id, si.quantity_shipped, li.unit_price, li.cost_center,
          li.date_needed, li.product, li.variant, li.specs, li.xp ${from} where ${where}
        order by ${sql.join(orderByClause(itemSchema, params), sql`, `)}
        limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${where}`),
  ]);
  return {
    Items: rows.map((r) =>
      itemWire({ orderId: r.order_id, lineItemId: r.line_item_id, quantityShipped: r.quantity_shipped }, {
        unitPrice: r.unit_price,
        costCenter: r.cost_center,
        dateNeeded: r.date_needed,
        product: r.product,
        variant: r.variant,
        specs: r.specs,
        xp: r.xp,
      } as LineRow),
    ),
    Meta: listMeta(params.page, params.pageSize, totals[0]?.n ?? 0, rows.length),
  };
}

/** A list of shipments in a scope, with OrderCloud's `orderID` parameter (shipments holding that order's items). */
async function listShipments(db: Db, c: C, scope: SQL | undefined) {
  const query = new URL(c.req.url).searchParams;
  const params = parseListParams(query, ['orderID']);
  const orderId = query.get('orderID');
  const byOrder = orderId
    ? sql`exists (select 1 from shipment_items si where si.shipment_id = ${shipments.id} and si.order_id = ${orderId})`
    : undefined;
  const page = await runList(db, shipments, shipmentResource.list, params, and(scope, byOrder));
  return c.json({
    Items: await shipmentResource.wireAll(db, page.Items as Record<string, unknown>[]),
    Meta: page.Meta,
  });
}

/** Orders the caller sends (Outgoing scope), as a condition on an order ID expression. */
function myOrder(principal: Principal, orderId: SQL): SQL {
  return sql`exists (select 1 from orders where orders.id = ${orderId} and ${orderScope(principal, 'Outgoing')})`;
}

/**
 * Puts a quantity of a line item into a shipment locked by the caller (replacing what the shipment held of
 * it): the order must be Open, received by the caller's company, which owns the shipment; the quantity may
 * not exceed what is left to ship. Moves `quantity_shipped` and completes the order when all has shipped.
 */
async function shipItem(
  tx: Db,
  principal: Principal,
  shipment: ShipmentRow,
  body: { OrderID: string; LineItemID: string; QuantityShipped: number },
) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, body.OrderID), orderScope(principal, 'Incoming')))
    .for('update')
    .limit(1);
  if (!order || !relationTo(principal, order).receiver) throw ApiError.notFound('Order', body.OrderID);
  assertShippable(order);
  const owner = ownerCompany(shipment.ownerId);
  if (order.toCompanyType !== owner.type || order.toCompanyId !== owner.id) {
    throw ApiError.of(
      400,
      'Shipment.OwnerMismatch',
      `Shipment ${shipment.id} is shipped by ${shipment.ownerId || 'the marketplace'}, order ${order.id} goes to ${order.toCompanyId || 'the marketplace'}.`,
      { Property: 'OrderID', ShipmentID: shipment.id, OrderID: order.id },
    );
  }
  const orderBuyer = order.fromCompanyType === 'buyer' ? order.fromCompanyId : null;
  if (orderBuyer !== null && shipment.buyerId !== null && shipment.buyerId !== orderBuyer) {
    throw ApiError.of(
      400,
      'Shipment.BuyerMismatch',
      `Shipment ${shipment.id} goes to buyer ${shipment.buyerId}; order ${order.id} is from ${orderBuyer}.`,
      { Property: 'OrderID', BuyerID: shipment.buyerId, OrderBuyerID: orderBuyer },
    );
  }
  const [line] = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, body.LineItemID)))
    .for('update')
    .limit(1);
  if (!line) throw ApiError.notFound('LineItem', body.LineItemID);
  const [existing] = await tx
    .select()
    .from(shipmentItems)
    .where(
      and(
        eq(shipmentItems.shipmentId, shipment.id),
        eq(shipmentItems.orderId, order.id),
        eq(shipmentItems.lineItemId, line.id),
      ),
    )
    .limit(1);
  const before = existing?.quantityShipped ?? 0;
  const remaining = line.quantity - line.quantityShipped + before;
  if (body.QuantityShipped > remaining) {
    throw ApiError.of(
      400,
      'ShipmentItem.QuantityExceedsRemaining',
      `Line item ${line.id} of order ${order.id} has ${remaining} left to ship, not ${body.QuantityShipped}.`,
      {
        Property: 'QuantityShipped',
        OrderID: order.id,
        LineItemID: line.id,
        Quantity: line.quantity,
        QuantityShipped: line.quantityShipped - before,
        QuantityRemaining: remaining,
      },
    );
  }
  const shippedAfter = line.quantityShipped - before + body.QuantityShipped;
  await assertNotUnderReturned(tx, order.id, line.id, shippedAfter);
  if (existing) {
    await tx
      .update(shipmentItems)
      .set({ quantityShipped: body.QuantityShipped })
      .where(
        and(
          eq(shipmentItems.shipmentId, shipment.id),
          eq(shipmentItems.orderId, order.id),
          eq(shipmentItems.lineItemId, line.id),
        ),
      );
  } else {
    await tx.insert(shipmentItems).values({
      shipmentId: shipment.id,
      orderId: order.id,
      lineItemId: line.id,
      quantityShipped: body.QuantityShipped,
    });
  }
  await tx
    .update(lineItems)
    .set({ quantityShipped: shippedAfter })
    .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, line.id)));
  if (orderBuyer !== null && shipment.buyerId === null) {
    await tx.update(shipments).set({ buyerId: orderBuyer }).where(eq(shipments.id, shipment.id));
  }
  await tx.update(orders).set({ lastUpdated: new Date() }).where(eq(orders.id, order.id));
  await completeIfAllShipped(tx, order.id);
  return itemWire(
    { orderId: order.id, lineItemId: line.id, quantityShipped: body.QuantityShipped },
    { ...line, quantityShipped: shippedAfter },
  );
}

/** Shipped quantity may not fall below what returns (not canceled or declined) already take back. */
async function assertNotUnderReturned(tx: Db, orderId: string, lineItemId: string, shipped: number) {
  const returned = await returnedQuantity(tx, orderId, lineItemId);
  if (shipped < returned) {
    throw ApiError.of(
      400,
      'ShipmentItem.QuantityReturned',
      `${returned} of line item ${lineItemId} are being returned: its shipped quantity cannot fall to ${shipped}.`,
      { OrderID: orderId, LineItemID: lineItemId, QuantityReturned: returned },
    );
  }
}

/**
 * Takes a shipment item back out of a shipment locked by the caller: its order must still be Open (a
 * completed order stays completed, as OrderCloud never reopens one); the quantity is given back to the line.
 */
async function unshipItem(tx: Db, shipmentId: string, orderId: string, lineItemId: string): Promise<void> {
  const [item] = await tx
    .select()
    .from(shipmentItems)
    .where(
      and(
        eq(shipmentItems.shipmentId, shipmentId),
        eq(shipmentItems.orderId, orderId),
        eq(shipmentItems.lineItemId, lineItemId),
      ),
    )
    .limit(1);
  if (!item) throw ApiError.notFound('ShipmentItem', `${orderId}/${lineItemId}`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  if (!order) throw ApiError.notFound('Order', orderId);
  if (order.status !== 'Open') {
    throw badStatus(
      'ShipmentItem.OrderNotOpen',
      order,
      `Order ${order.id} is ${order.status}: items of its shipments can no longer be removed.`,
    );
  }
  const [line] = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, lineItemId)))
    .for('update')
    .limit(1);
  const shippedAfter = Math.max((line?.quantityShipped ?? 0) - item.quantityShipped, 0);
  await assertNotUnderReturned(tx, orderId, lineItemId, shippedAfter);
  await tx
    .delete(shipmentItems)
    .where(
      and(
        eq(shipmentItems.shipmentId, shipmentId),
        eq(shipmentItems.orderId, orderId),
        eq(shipmentItems.lineItemId, lineItemId),
      ),
    );
  await tx
    .update(lineItems)
    .set({ quantityShipped: shippedAfter })
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, lineItemId)));
  await tx.update(orders).set({ lastUpdated: new Date() }).where(eq(orders.id, orderId));
}

/** An address given whole for `shipfrom`/`shipto`: a saved one of the right company by ID, or a one-off. */
async function givenShipmentAddress(
  tx: Db,
  company: { type: string; id: string },
  body: Record<string, unknown>,
  property: string,
): Promise<{ id: string | null; snapshot: Record<string, unknown> }> {
  if (typeof body.ID === 'string') {
    const saved = await savedAddress(tx, company, body.ID, property).catch(() => null);
    if (saved) return { id: body.ID, snapshot: saved };
  }
  const snapshot: Record<string, unknown> = { ID: body.ID ?? null, DateCreated: null };
  for (const key of Object.keys(addressColumns)) {
    if (key === 'ID' || key === 'DateCreated') continue;
    snapshot[key] = body[key] ?? (key === 'xp' ? {} : null);
  }
  return { id: null, snapshot };
}

export function mountShipments(app: Hono<CommerceEnv>, db: Db): void {
  const answer = async (c: C, row: ShipmentRow, status: 200 | 201 = 200) =>
    c.json(await shipmentResource.wireOne(db, row as Record<string, unknown>), status);

  const reader = (c: C) => {
    const principal = c.get('principal');
    assertShipper(principal);
    requireAnyRole(principal.roles, SHIPMENT_READ);
    return principal;
  };
  const writer = (c: C) => {
    const principal = c.get('principal');
    assertShipper(principal);
    requireAnyRole(principal.roles, SHIPMENT_WRITE);
    return principal;
  };

  app.get('/v1/shipments', async (c) => listShipments(db, c, shipmentScope(reader(c))));

  app.get('/v1/shipments/:shipmentID', async (c) =>
    answer(c, await findShipment(db, reader(c), c.req.param('shipmentID'))),
  );

  app.post('/v1/shipments', async (c) => {
    const principal = writer(c);
    const body = await readBody(c.req.raw, shipmentBody);
    const id = body.ID ?? generateId();
    const row = await db
      .transaction(async (raw) => {
        const tx = txOf(raw);
        const ownerId = await resolveOwner(tx, principal, body.OwnerID);
        await assertBuyer(tx, body.BuyerID);
        const target = { ownerId, buyerId: body.BuyerID ?? null };
        const set = await shipmentColumns(tx, body, target);
        const [created] = await tx
          .insert(shipments)
          .values({ id, ...target, ...set })
          .returning();
        return created as ShipmentRow;
      })
      .catch(conflict(id));
    return answer(c, row, 201);
  });

  /** PUT creates or replaces (omitted fields reset); PATCH changes the named fields, merging xp. */
  const write = (replace: boolean) => async (c: C) => {
    const principal = writer(c);
    const routeId = c.req.param('shipmentID') as string;
    const body = (await readBody(
      c.req.raw,
      replace ? shipmentBody : patchBody(shipmentBody),
    )) as Partial<ShipmentBody>;
    const newId = body.ID ?? routeId;
    const result = await db
      .transaction(async (raw) => {
        const tx = txOf(raw);
        const [current] = await tx
          .select()
          .from(shipments)
          .where(eq(shipments.id, routeId))
          .for('update')
          .limit(1);
        if (current && principal.companyType !== 'seller' && current.ownerId !== principal.companyId) {
          throw ApiError.notFound('Shipment', routeId);
        }
        if (!current) {
          if (!replace) throw ApiError.notFound('Shipment', routeId);
          const ownerId = await resolveOwner(tx, principal, body.OwnerID);
          await assertBuyer(tx, body.BuyerID);
          const target = { ownerId, buyerId: body.BuyerID ?? null };
          const set = await shipmentColumns(tx, body, target);
          const [created] = await tx
            .insert(shipments)
            .values({ id: newId, ...target, ...set })
            .returning();
          return { row: created as ShipmentRow, created: true };
        }
        const hasItems = (await tx.$count(shipmentItems, eq(shipmentItems.shipmentId, current.id))) > 0;
        // OwnerID and BuyerID say whose shipment it is: omitted, they stay as they are (PUT included).
        const ownerId =
          body.OwnerID !== undefined ? await resolveOwner(tx, principal, body.OwnerID) : current.ownerId;
        const buyerId = body.BuyerID !== undefined ? body.BuyerID : current.buyerId;
        if (hasItems && (ownerId !== current.ownerId || buyerId !== current.buyerId)) {
          throw ApiError.invalidRequest(
            `Shipment ${current.id} holds items: its OwnerID and BuyerID cannot change.`,
            { Property: ownerId !== current.ownerId ? 'OwnerID' : 'BuyerID' },
          );
        }
        await assertBuyer(tx, buyerId);
        const values: Partial<ShipmentBody> = replace
          ? {
              Shipper: null,
              DateShipped: null,
              DateDelivered: null,
              TrackingNumber: null,
              Cost: null,
              Account: null,
              FromAddressID: null,
              ToAddressID: null,
              xp: {},
              ...body,
            }
          : {
              ...body,
              ...(body.xp !== undefined
                ? { xp: mergePatch(current.xp ?? {}, body.xp) as Record<string, unknown> }
                : {}),
            };
        const target = { ownerId, buyerId };
        const set = await shipmentColumns(tx, values, target);
        // An address set by shipfrom/shipto (no ID) survives a PATCH that does not name it.
        const [updated] = await tx
          .update(shipments)
          .set({ ...set, ...target, id: newId })
          .where(eq(shipments.id, current.id))
          .returning();
        return { row: updated as ShipmentRow, created: false };
      })
      .catch(conflict(newId));
    return answer(c, result.row, result.created ? 201 : 200);
  };
  app.put('/v1/shipments/:shipmentID', write(true));
  app.patch('/v1/shipments/:shipmentID', write(false));

  app.delete('/v1/shipments/:shipmentID', async (c) => {
    const principal = writer(c);
    const id = c.req.param('shipmentID');
    await db.transaction(async (raw) => {
      const tx = txOf(raw);
      await findShipment(tx, principal, id, true);
      const items = await tx
        .select()
        .from(shipmentItems)
        .where(eq(shipmentItems.shipmentId, id))
        .orderBy(shipmentItems.orderId, shipmentItems.lineItemId);
      for (const item of items) await unshipItem(tx, id, item.orderId, item.lineItemId);
      await tx.delete(shipments).where(eq(shipments.id, id));
    });
    return c.body(null, 204);
  });

  app.get('/v1/shipments/:shipmentID/items', async (c) => {
    const principal = reader(c);
    const shipment = await findShipment(db, principal, c.req.param('shipmentID'));
    return c.json(await listItems(db, shipment.id, new URL(c.req.url).searchParams));
  });

  app.post('/v1/shipments/:shipmentID/items', async (c) => {
    const principal = writer(c);
    const body = await readBody(c.req.raw, shipmentItemBody);
    const item = await db.transaction(async (raw) => {
      const tx = txOf(raw);
      const shipment = await findShipment(tx, principal, c.req.param('shipmentID'), true);
      return shipItem(tx, principal, shipment, body);
    });
    return c.json(item, 201);
  });

  app.get('/v1/shipments/:shipmentID/items/:orderID/:lineItemID', async (c) => {
    const principal = reader(c);
    const shipment = await findShipment(db, principal, c.req.param('shipmentID'));
    const orderId = c.req.param('orderID');
    const lineItemId = c.req.param('lineItemID');
    const [found] = await db
      .select()
      .from(shipmentItems)
      .innerJoin(
        lineItems,
        and(eq(lineItems.orderId, shipmentItems.orderId), eq(lineItems.id, shipmentItems.lineItemId)),
      )
      .where(
        and(
          eq(shipmentItems.shipmentId, shipment.id),
          eq(shipmentItems.orderId, orderId),
          eq(shipmentItems.lineItemId, lineItemId),
        ),
      )
      .limit(1);
    if (!found) throw ApiError.notFound('ShipmentItem', `${orderId}/${lineItemId}`);
    return c.json(itemWire(found.shipment_items, found.line_items));
  });

  app.delete('/v1/shipments/:shipmentID/items/:orderID/:lineItemID', async (c) => {
    const principal = writer(c);
    await db.transaction(async (raw) => {
      const tx = txOf(raw);
      const shipment = await findShipment(tx, principal, c.req.param('shipmentID'), true);
      await unshipItem(tx, shipment.id, c.req.param('orderID'), c.req.param('lineItemID'));
    });
    return c.body(null, 204);
  });

  /** `shipfrom` / `shipto`: an address given whole (a saved one of the right company by ID, or a one-off). */
  const setAddress = (which: 'from' | 'to', replace: boolean) => async (c: C) => {
    const principal = writer(c);
    const body = (await readBody(c.req.raw, replace ? addressBody : patchBody(addressBody))) as Record<
      string,
      unknown
    >;
    const row = await db.transaction(async (raw) => {
      const tx = txOf(raw);
      const shipment = await findShipment(tx, principal, c.req.param('shipmentID') as string, true);
      const current = (which === 'from' ? shipment.fromAddress : shipment.toAddress) as Record<
        string,
        unknown
      > | null;
      const property = which === 'from' ? 'FromAddress' : 'ToAddress';
      if (!replace && !current) {
        throw ApiError.invalidRequest(`Shipment ${shipment.id} has no ${property} to patch: PUT one first.`, {
          Property: property,
        });
      }
      const merged = replace ? body : { ...current, ...body };
      const company = which === 'from' ? fromCompany(shipment) : toCompany(shipment);
      const address = await givenShipmentAddress(tx, company, merged, property);
      const set =
        which === 'from'
          ? { fromAddress: address.snapshot, fromAddressId: address.id }
          : { toAddress: address.snapshot, toAddressId: address.id };
      const [updated] = await tx.update(shipments).set(set).where(eq(shipments.id, shipment.id)).returning();
      return updated as ShipmentRow;
    });
    return answer(c, row);
  };
  app.put('/v1/shipments/:shipmentID/shipfrom', setAddress('from', true));
  app.patch('/v1/shipments/:shipmentID/shipfrom', setAddress('from', false));
  app.put('/v1/shipments/:shipmentID/shipto', setAddress('to', true));
  app.patch('/v1/shipments/:shipmentID/shipto', setAddress('to', false));

  /** OrderCloud's `ship`: one new shipment holding every quantity of the order still to ship. */
  app.post('/v1/orders/:direction/:orderID/ship', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, SHIP_ROLES);
    assertShipper(principal);
    const direction = directionOf(c);
    const body = await readBody(c.req.raw, shipmentBody);
    const id = body.ID ?? generateId();
    const row = await withLockedOrder(db, principal, direction, c.req.param('orderID'), async (tx, order) => {
      if (!relationTo(principal, order).receiver) {
        throw ApiError.notFound('Order', order.id);
      }
      assertShippable(order);
      const lines = await tx
        .select()
        .from(lineItems)
        .where(
          and(eq(lineItems.orderId, order.id), sql`${lineItems.quantityShipped} < ${lineItems.quantity}`),
        )
        .orderBy(lineItems.dateAdded, lineItems.id)
        .for('update');
      if (lines.length === 0) {
        throw badStatus('Order.NothingToShip', order, `Every line item of order ${order.id} has shipped.`);
      }
      const ownerId = order.toCompanyType === 'supplier' ? order.toCompanyId : '';
      if (body.OwnerID !== undefined && body.OwnerID !== null && body.OwnerID !== ownerId) {
        throw ApiError.invalidRequest('The shipment of an order is owned by whoever receives the order.', {
          Property: 'OwnerID',
        });
      }
      const buyerId = order.fromCompanyType === 'buyer' ? order.fromCompanyId : null;
      if (body.BuyerID !== undefined && body.BuyerID !== null && body.BuyerID !== buyerId) {
        throw ApiError.invalidRequest(`Order ${order.id} is not from buyer ${body.BuyerID}.`, {
          Property: 'BuyerID',
        });
      }
      const target = { ownerId, buyerId };
      const set = await shipmentColumns(tx, body, target);
      const first = lines[0] as LineRow;
      if (body.ToAddressID === undefined && first.shippingAddress) {
        set.toAddress = first.shippingAddress;
        set.toAddressId = first.shippingAddressId;
      }
      await tx
        .insert(shipments)
        .values({ id, ...target, ...set })
        .catch(conflict(id));
      await tx.insert(shipmentItems).values(
        lines.map((line) => ({
          shipmentId: id,
          orderId: order.id,
          lineItemId: line.id,
          quantityShipped: line.quantity - line.quantityShipped,
        })),
      );
      await tx
        .update(lineItems)
        .set({ quantityShipped: sql`${lineItems.quantity}` })
        .where(
          and(
            eq(lineItems.orderId, order.id),
            inArray(
              lineItems.id,
              lines.map((l) => l.id),
            ),
          ),
        );
      await tx.update(orders).set({ lastUpdated: new Date() }).where(eq(orders.id, order.id));
      await completeIfAllShipped(tx, order.id);
      const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id)).limit(1);
      return updated as OrderRow;
    });
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>), 201);
  });

  /** The shipments holding items of an order the caller reaches. */
  app.get('/v1/orders/:direction/:orderID/shipments', async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    return listShipments(
      db,
      c,
      sql`exists (select 1 from shipment_items si where si.shipment_id = ${shipments.id} and si.order_id = ${order.id})`,
    );
  });

  /** /me/shipments: the shipments of the buyer user's orders (their own, or their company's with OrderReader). */
  const meReader = (c: C) => {
    const principal = c.get('principal');
    if (principal.companyType !== 'buyer') {
      throw wrongUserType(principal.userType, ['buyer'], 'Only buyer users have /me/shipments.');
    }
    requireOrderRead(principal);
    return principal;
  };
  const mine = (principal: Principal) =>
    sql`exists (select 1 from shipment_items si where si.shipment_id = ${shipments.id}
      and ${myOrder(principal, sql`si.order_id`)})`;
  async function myShipment(principal: Principal, id: string): Promise<ShipmentRow> {
    const [row] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, id), mine(principal)))
      .limit(1);
    if (!row) throw ApiError.notFound('Shipment', id);
    return row;
  }

  app.get('/v1/me/shipments', async (c) => listShipments(db, c, mine(meReader(c))));
  app.get('/v1/me/shipments/:shipmentID', async (c) =>
    answer(c, await myShipment(meReader(c), c.req.param('shipmentID'))),
  );
  app.get('/v1/me/shipments/:shipmentID/items', async (c) => {
    const principal = meReader(c);
    const shipment = await myShipment(principal, c.req.param('shipmentID'));
    return c.json(
      await listItems(db, shipment.id, new URL(c.req.url).searchParams, myOrder(principal, sql`si.order_id`)),
    );
  });
}
