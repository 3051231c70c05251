import { type Db, preparedStatement } from '@catalogue/db';
import { activeCarts, orders, supplierBuyers, suppliers, users } from '@catalogue/db/schema';
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { memoized } from '../http/read-cache';
import { readBody } from '../http/validation';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { isUniqueViolation } from '../resources/errors';
import { generateId } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import {
  assertEditable,
  type Direction,
  findOrder,
  type OrderRow,
  orderScope,
  relationTo,
  requireOrderRead,
  requireOrderWrite,
} from './access';
import { addressBody, givenAddress, senderAddress } from './addresses';
import { type C, directionOf, hasRole, withLockedOrder } from './context';
import { setShippingAddress } from './line-items';
import { money, toColumn } from './money';
import { senderPrincipal } from './pricing';
import { recalculateTotals } from './recalculate';
import { orderBody, orderResource } from './wire';

const has = hasRole;

/** One user by their key (every order a user creates reads its sender so). */
const userByKey = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyType, sql.placeholder('companyType')),
        eq(users.companyId, sql.placeholder('companyId')),
        eq(users.id, sql.placeholder('userId')),
      ),
    )
    .limit(1),
);

/**
 * `FromUser` as the order keeps it (also for the order an accepted quote creates, quotes/conversion.ts).
 * Kept by the read cache under the committed generation of `identity`, which every change of a user
 * moves on: a buyer's orders read their user once per change of it, not once each (a round trip of an
 * accept). Neither caller's transaction changes users before, as `memoized` requires.
 */
export async function fromUserSnapshot(tx: Db, companyType: string, companyId: string, userId: string) {
  return memoized(
    ['identity'],
    `from-user\u0000${companyType}\u0000${companyId}\u0000${userId}`,
    async () => {
      const [user] = await userByKey(tx, { companyType, companyId, userId });
      if (!user) throw ApiError.notFound('User', userId);
      const { FailedLoginAttempts: _hidden, Password: _password, ...wire } = userToWire(user, []);
      // What callers read of the row: the kept value holds no password hash.
      return { user: { id: user.id, active: user.active }, snapshot: wire };
    },
    tx,
  );
}

/**
 * A supplier that may take orders from a buyer: active, and selling to all buyers or to this one
 * (NotFound naming `ToCompanyID` otherwise).
 */
export async function supplierSellingTo(tx: Db, supplierId: string, buyerId: string): Promise<void> {
  const [row] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .leftJoin(
      supplierBuyers,
      and(eq(supplierBuyers.supplierId, suppliers.id), eq(supplierBuyers.buyerId, buyerId)),
    )
    .where(
      and(
        eq(suppliers.id, supplierId),
        eq(suppliers.active, true),
        or(eq(suppliers.allBuyersCanOrder, true), eq(supplierBuyers.buyerId, buyerId)),
      ),
    )
    .limit(1);
  if (!row) {
    throw ApiError.of(404, 'NotFound', `Supplier ${supplierId} not found`, {
      ObjectType: 'Supplier',
      ObjectID: supplierId,
      Property: 'ToCompanyID',
    });
  }
}

/**
 * Who an order is from and to, by who creates it: a buyer user (or anonymous shopper) sends Outgoing
 * orders from themselves to the marketplace or to a supplier that sells to them; the marketplace owner
 * creates Incoming orders for one of a buyer's users, or Outgoing orders to a supplier.
 */
async function parties(tx: Db, principal: Principal, direction: Direction, body: z.infer<typeof orderBody>) {
  const toCompany = body.ToCompanyID ?? '';
  if (principal.companyType === 'buyer') {
    if (direction !== 'Outgoing') {
      throw ApiError.invalidRequest('Buyer users create Outgoing orders.', { Property: 'direction' });
    }
    if (
      (body.FromCompanyID !== undefined && body.FromCompanyID !== principal.companyId) ||
      (body.FromUserID !== undefined && body.FromUserID !== principal.userId)
    ) {
      throw ApiError.invalidRequest('An order is always from the buyer user who creates it.', {
        Property: body.FromUserID !== undefined ? 'FromUserID' : 'FromCompanyID',
      });
    }
    if (toCompany !== '') await supplierSellingTo(tx, toCompany, principal.companyId);
    return {
      fromCompanyType: 'buyer',
      fromCompanyId: principal.companyId,
      fromUserId: principal.userId,
      toCompanyType: toCompany === '' ? 'seller' : 'supplier',
      toCompanyId: toCompany,
    };
  }
  if (principal.companyType === 'seller') {
    requireAnyRole(principal.roles, ['OrderAdmin']);
    if (direction === 'Incoming') {
      if (!body.FromCompanyID || !body.FromUserID) {
        throw ApiError.invalidRequest(
          'An Incoming order needs the FromCompanyID and FromUserID of a buyer user.',
          {
            Property: body.FromCompanyID ? 'FromUserID' : 'FromCompanyID',
          },
        );
      }
      return {
        fromCompanyType: 'buyer',
        fromCompanyId: body.FromCompanyID,
        fromUserId: body.FromUserID,
        toCompanyType: 'seller',
        toCompanyId: '',
      };
    }
    if (direction === 'Outgoing' && toCompany !== '') {
      const [supplier] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.id, toCompany));
      if (!supplier) throw ApiError.notFound('Supplier', toCompany);
      return {
        fromCompanyType: 'seller',
        fromCompanyId: '',
        fromUserId: principal.userId,
        toCompanyType: 'supplier',
        toCompanyId: toCompany,
      };
    }
    throw ApiError.invalidRequest(
      'The marketplace creates Incoming orders for buyer users or Outgoing orders to a supplier.',
      {
        Property: direction === 'Outgoing' ? 'ToCompanyID' : 'direction',
      },
    );
  }
  throw wrongUserType(principal.userType, ['buyer', 'admin'], 'Supplier users do not create orders.');
}

/** ShippingCost and TaxCost are the seller's (or the calculation's), never the buyer's. */
function assertCostsAllowed(principal: Principal, order: OrderRow | null, body: Record<string, unknown>) {
  for (const property of ['ShippingCost', 'TaxCost'] as const) {
    if (body[property] === undefined) continue;
    const receiver = order ? relationTo(principal, order).receiver : principal.companyType !== 'buyer';
    if (!receiver || !has(principal, 'OrderAdmin')) {
      throw ApiError.of(
        403,
        'Order.CostSetBySeller',
        `${property} is set by the seller (or by estimateshipping and calculate), not by the buyer.`,
        { Property: property },
      );
    }
  }
}

/** Column values from the writable order fields (addresses resolved for the sender). */
async function orderColumns(tx: Db, sender: Principal, body: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  if (body.Comments !== undefined) set.comments = body.Comments;
  if (body.xp !== undefined) set.xp = body.xp;
  if (body.BillingAddressID !== undefined) {
    set.billingAddressId = body.BillingAddressID;
    set.billingAddress = body.BillingAddressID
      ? await senderAddress(tx, sender, String(body.BillingAddressID), 'BillingAddressID')
      : null;
  }
  if (body.ShippingAddressID !== undefined) {
    if (body.ShippingAddressID)
      await senderAddress(tx, sender, String(body.ShippingAddressID), 'ShippingAddressID');
    set.shippingAddressId = body.ShippingAddressID;
  }
  for (const [property, column] of [
    ['ShippingCost', 'shippingCost'],
    ['TaxCost', 'taxCost'],
    ['Gratuity', 'gratuity'],
  ] as const) {
    if (typeof body[property] === 'number') set[column] = toColumn(money(body[property] as number) ?? 0n);
  }
  return set;
}

export const conflict = (id: string | undefined) => (error: unknown) => {
  if (isUniqueViolation(error)) {
    throw ApiError.of(409, 'IdExists', `Order ${id} already exists.`, { ObjectType: 'Order', ObjectID: id });
  }
  throw error;
};

const listExtras = z.object({
  buyerID: z.string().optional(),
  supplierID: z.string().optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

/**
 * PUT (`replace`) or PATCH of an order's writable fields, on an order locked by the caller. Unsubmitted
 * orders: the sender changes anything; submitted ones: the receiver (OrderAdmin) may still change
 * Comments, xp, ShippingCost and TaxCost. Used by `/orders/{direction}/{id}` and `/cart`.
 */
export async function writeOrderFields(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: Record<string, unknown>,
  replace: boolean,
): Promise<OrderRow> {
  const id = order.id;
  assertCostsAllowed(principal, order, body);
  const relation = relationTo(principal, order);
  if (order.status === 'Unsubmitted') assertEditable(principal, order);
  else {
    const allowed = new Set(['Comments', 'xp', 'ShippingCost', 'TaxCost', 'ID']);
    const other = Object.keys(body).find((k) => !allowed.has(k));
    if (!relation.receiver || !has(principal, 'OrderAdmin') || other || (body.ID && body.ID !== id)) {
      throw ApiError.of(
        400,
        'Order.CannotModifySubmittedOrder',
        `Order ${id} is ${order.status}: only its receiver may change Comments, xp, ShippingCost and TaxCost.`,
        { ObjectType: 'Order', ObjectID: id, Property: other ?? 'ID' },
      );
    }
  }
  for (const [property, column] of [
    ['FromCompanyID', order.fromCompanyId],
    ['FromUserID', order.fromUserId],
    ['ToCompanyID', order.toCompanyId],
  ] as const) {
    if (body[property] !== undefined && body[property] !== column) {
      throw ApiError.invalidRequest(
        `${property} cannot change (use PATCH …/fromuser for the sender's details).`,
        {
          Property: property,
        },
      );
    }
  }
  const values = replace
    ? { Comments: null, xp: {}, BillingAddressID: null, ShippingAddressID: null, ...body }
    : { ...body, ...(body.xp !== undefined ? { xp: mergePatch(order.xp ?? {}, body.xp) } : {}) };
  const set = await orderColumns(tx, senderPrincipal(order), values);
  const newId = typeof body.ID === 'string' ? body.ID : id;
  await tx
    .update(orders)
    .set({ ...set, id: newId, lastUpdated: new Date() })
    .where(eq(orders.id, id));
  return recalculateTotals(tx, newId);
}

/** `PUT/PATCH …/billto` and `…/shipto` on an order locked by the caller (a saved address by ID or a one-off). */
export async function writeOrderAddress(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  kind: 'billto' | 'shipto',
  body: z.infer<typeof addressBody>,
  replace: boolean,
): Promise<OrderRow> {
  const id = order.id;
  assertEditable(principal, order);
  const sender = senderPrincipal(order);
  if (kind === 'billto') {
    const current = (order.billingAddress ?? {}) as Record<string, unknown>;
    const merged = replace ? body : ({ ...current, ...body } as z.infer<typeof addressBody>);
    if (!replace && !order.billingAddress) {
      throw ApiError.invalidRequest(`Order ${id} has no billing address to patch: PUT one first.`, {
        Property: 'BillingAddress',
      });
    }
    const address = await givenAddress(tx, sender, merged, 'BillingAddress');
    await tx
      .update(orders)
      .set({ billingAddress: address, billingAddressId: (address.ID as string | null) ?? null })
      .where(eq(orders.id, id));
  } else {
    await setShippingAddress(tx, order, body, replace);
  }
  return recalculateTotals(tx, id);
}

/** The sender's details as the order keeps them (e.g. an anonymous shopper's name and email). */
export const fromUserBody = z.strictObject({
  FirstName: z.string().max(100).optional(),
  LastName: z.string().max(100).optional(),
  Email: z.union([z.email('must be an email address'), z.literal('')]).optional(),
  Phone: z.string().max(100).nullish(),
  xp: z.record(z.string(), z.unknown()).optional(),
});

/** `PATCH …/fromuser` on an order locked by the caller: the sender's details as the order keeps them. */
export async function patchFromUser(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: z.infer<typeof fromUserBody>,
): Promise<OrderRow> {
  const id = order.id;
  assertEditable(principal, order);
  const current = (order.fromUser ?? {}) as Record<string, unknown>;
  const next = {
    ...current,
    ...body,
    ...(body.xp !== undefined ? { xp: mergePatch((current.xp as object) ?? {}, body.xp) } : {}),
  };
  const [updated] = await tx
    .update(orders)
    .set({ fromUser: next, lastUpdated: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return updated as OrderRow;
}

/**
 * The `buyerID`, `supplierID`, `from` and `to` parameters of order lists (`/orders/{direction}`,
 * `/me/orders`); 400 naming the parameter when a date is not ISO 8601.
 */
export function orderListExtras(query: URLSearchParams): z.infer<typeof listExtras> {
  const extras = listExtras.safeParse(
    Object.fromEntries(
      ['buyerID', 'supplierID', 'from', 'to'].flatMap((k) => (query.has(k) ? [[k, query.get(k)]] : [])),
    ),
  );
  if (!extras.success) {
    const issue = extras.error.issues[0];
    throw ApiError.invalidRequest(`${String(issue?.path[0])} must be a date (ISO 8601).`, {
      Property: String(issue?.path[0]),
    });
  }
  return extras.data;
}

/** Conditions for a `from`/`to` date range on DateCreated (a bare `to` date includes that whole day). */
export function dateRange(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(orders.dateCreated, new Date(from)));
  if (to) conditions.push(lte(orders.dateCreated, new Date(to.length === 10 ? `${to}T23:59:59.999Z` : to)));
  return conditions;
}

/** /v1/orders/{direction}: orders, their addresses and their sender. Line items and actions are mounted beside. */
export function mountOrders(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/orders/:direction', async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const direction = directionOf(c);
    const query = new URL(c.req.url).searchParams;
    const params = parseListParams(query, ['buyerID', 'supplierID', 'from', 'to']);
    const { buyerID, supplierID, from, to } = orderListExtras(query);
    const conditions: (SQL | undefined)[] = [orderScope(principal, direction), ...dateRange(from, to)];
    if (buyerID) conditions.push(and(eq(orders.fromCompanyType, 'buyer'), eq(orders.fromCompanyId, buyerID)));
    if (supplierID)
      conditions.push(and(eq(orders.toCompanyType, 'supplier'), eq(orders.toCompanyId, supplierID)));
    const page = await runList(db, orders, orderResource.list, params, and(...conditions));
    return c.json({
      Items: await orderResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.post('/v1/orders/:direction', async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const direction = directionOf(c);
    const body = await readBody(c.req.raw, orderBody);
    assertCostsAllowed(principal, null, body);
    const id = body.ID ?? generateId();
    const row = await db
      .transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const who = await parties(tx, principal, direction, body);
        const { user, snapshot } = await fromUserSnapshot(
          tx,
          who.fromCompanyType,
          who.fromCompanyId,
          who.fromUserId,
        );
        if (!user.active)
          throw ApiError.invalidRequest(`User ${user.id} is not active.`, { Property: 'FromUserID' });
        const anonymousKey = principal.anonymous ? principal.anonymousOrderId : null;
        const sender = senderPrincipal({ ...who, anonymousKey });
        const set = await orderColumns(tx, sender, body);
        const [created] = await tx
          .insert(orders)
          .values({ id, ...who, anonymousKey, fromUser: snapshot, ...set })
          .returning();
        return recalculateTotals(tx, (created as OrderRow).id);
      })
      .catch(conflict(id));
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>), 201);
  });

  app.get('/v1/orders/:direction/:orderID', async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const row = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>));
  });

  /**
   * PUT replaces and PATCH changes the writable fields. Unsubmitted orders: the sender changes anything;
   * submitted ones: the receiver (OrderAdmin) may still change Comments, xp, ShippingCost and TaxCost.
   */
  const write = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const direction = directionOf(c);
    const id = c.req.param('orderID') as string;
    const body = (await readBody(c.req.raw, replace ? orderBody : patchBody(orderBody))) as Record<
      string,
      unknown
    >;
    const row = await withLockedOrder(db, principal, direction, id, (tx, order) =>
      writeOrderFields(tx, principal, order, body, replace),
    ).catch(conflict(typeof body.ID === 'string' ? body.ID : id));
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>));
  };
  app.put('/v1/orders/:direction/:orderID', write(true));
  app.patch('/v1/orders/:direction/:orderID', write(false));

  app.delete('/v1/orders/:direction/:orderID', async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const id = c.req.param('orderID');
    await withLockedOrder(db, principal, directionOf(c), id, async (tx, order) => {
      if (order.status !== 'Unsubmitted') {
        throw ApiError.of(
          400,
          'Order.CannotDeleteSubmittedOrder',
          `Order ${id} is ${order.status}: only unsubmitted orders can be deleted.`,
          {
            ObjectType: 'Order',
            ObjectID: id,
          },
        );
      }
      assertEditable(principal, order);
      await tx.delete(activeCarts).where(eq(activeCarts.orderId, id));
      await tx.delete(orders).where(eq(orders.id, id));
    });
    return c.body(null, 204);
  });

  /** Billing and shipping addresses given whole (a saved address by ID, or a one-off address). */
  const setAddress = (kind: 'billto' | 'shipto', replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const id = c.req.param('orderID') as string;
    const body = (await readBody(c.req.raw, replace ? addressBody : patchBody(addressBody))) as z.infer<
      typeof addressBody
    >;
    const row = await withLockedOrder(db, principal, directionOf(c), id, (tx, order) =>
      writeOrderAddress(tx, principal, order, kind, body, replace),
    );
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>));
  };
  app.put('/v1/orders/:direction/:orderID/billto', setAddress('billto', true));
  app.patch('/v1/orders/:direction/:orderID/billto', setAddress('billto', false));
  app.put('/v1/orders/:direction/:orderID/shipto', setAddress('shipto', true));
  app.patch('/v1/orders/:direction/:orderID/shipto', setAddress('shipto', false));

  app.patch('/v1/orders/:direction/:orderID/fromuser', async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const id = c.req.param('orderID');
    const body = await readBody(c.req.raw, fromUserBody);
    const row = await withLockedOrder(db, principal, directionOf(c), id, (tx, order) =>
      patchFromUser(tx, principal, order, body),
    );
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>));
  });
}
