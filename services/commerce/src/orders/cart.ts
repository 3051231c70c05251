import type { Db } from '@catalogue/db';
import { activeCarts, lineItems, orders, users } from '@catalogue/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { patchBody } from '../resources/patch-body';
import { assertEditable, lockOrder, type OrderRow } from './access';
import { checkStock, checkSubmittable, submitOrder } from './actions';
import { activeCart, cartOwner, requireActiveCart, setActiveCart } from './active-cart';
import { addressBody } from './addresses';
import type { C } from './context';
import {
  deleteLineItem,
  type LineItemRow,
  lineOf,
  setLineItemShipTo,
  updateLineItem,
  writeLineItem,
} from './line-items';
import { conflict, fromUserBody, patchFromUser, writeOrderAddress, writeOrderFields } from './orders';
import { lineItemBody, lineItemResource, orderBody, orderResource } from './wire';

/** The roles of OrderCloud's cart routes; only buyer users and anonymous shoppers have a cart. */
export function requireCartUser(principal: Principal): void {
  requireAnyRole(principal.roles, ['Shopper']);
  cartOwner(principal);
}

/**
 * Runs `fn` in one transaction on the caller's active cart, locked: with `create`, the cart is made when
 * there is none (OrderCloud: adding a line item or saving the cart starts it); without, NotFound.
 */
export function withCart<T>(
  db: Db,
  principal: Principal,
  create: boolean,
  fn: (tx: Db, cart: OrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const cart = create
      ? ((await activeCart(tx, principal, { create: true })) as OrderRow)
      : await requireActiveCart(tx, principal);
    return fn(tx, cart);
  });
}

/** The caller's active cart without creating one (null when there is none), in its own transaction. */
export function currentCart(db: Db, principal: Principal): Promise<OrderRow | null> {
  return db.transaction((raw) => activeCart(raw as unknown as Db, principal, { create: false }));
}

/**
 * What `GET /cart` answers before the first line item: an order with a null ID, the caller as sender and
 * zero totals. Nothing is stored.
 */
async function emptyCart(db: Db, principal: Principal): Promise<Record<string, unknown>> {
  const [user] = await db
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
  let fromUser: Record<string, unknown> | null = null;
  if (user) {
    const { FailedLoginAttempts: _hidden, Password: _password, ...wire } = userToWire(user, []);
    fromUser = wire;
  }
  const zero = '0.0000';
  const row: Partial<OrderRow> = {
    id: null as unknown as string,
    fromCompanyType: 'buyer',
    fromCompanyId: principal.companyId,
    fromUserId: principal.userId,
    toCompanyType: 'seller',
    toCompanyId: '',
    fromUser,
    billingAddressId: null,
    billingAddress: null,
    shippingAddressId: null,
    comments: null,
    lineItemCount: 0,
    status: 'Unsubmitted',
    dateCreated: null as unknown as Date,
    dateSubmitted: null,
    dateApproved: null,
    dateDeclined: null,
    dateCanceled: null,
    dateCompleted: null,
    lastUpdated: null as unknown as Date,
    subtotal: zero,
    shippingCost: zero,
    taxCost: zero,
    gratuity: zero,
    fees: zero,
    promotionDiscount: zero,
    currency: null as unknown as string,
    total: zero,
    isSubmitted: false,
    subscriptionId: null,
    xp: {},
  };
  return orderResource.wireOne(db, row as Record<string, unknown>);
}

/** Thrown to roll back `validate`'s trial stock movement once every check passed. */
class CartValidationPassed extends Error {}

/**
 * `/v1/cart…`: the caller's active cart (orders/active-cart.ts), the same as the
 * `/orders/Outgoing/{cartID}/…` routes. Promotions, bundles, calculate, estimateshipping, shipmethods and
 * worksheet are mounted by their own modules; payments by payments.ts.
 */
export function mountCart(app: Hono<CommerceEnv>, db: Db): void {
  const wireOrder = (c: C, row: OrderRow) =>
    orderResource.wireOne(db, row as Record<string, unknown>).then((w) => c.json(w));
  const wireLine = (c: C, row: LineItemRow, status: 200 | 201 = 200) =>
    lineItemResource.wireOne(db, row as Record<string, unknown>).then((w) => c.json(w, status));

  app.get('/v1/cart', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const cart = await currentCart(db, principal);
    return c.json(
      cart
        ? await orderResource.wireOne(db, cart as Record<string, unknown>)
        : await emptyCart(db, principal),
    );
  });

  const write = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const body = (await readBody(c.req.raw, replace ? orderBody : patchBody(orderBody))) as Record<
      string,
      unknown
    >;
    const row = await withCart(db, principal, true, (tx, cart) =>
      writeOrderFields(tx, principal, cart, body, replace),
    ).catch(conflict(typeof body.ID === 'string' ? body.ID : undefined));
    return wireOrder(c, row);
  };
  app.put('/v1/cart', write(true));
  app.patch('/v1/cart', write(false));

  app.delete('/v1/cart', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const cart = await activeCart(tx, principal, { create: false });
      if (!cart) return;
      assertEditable(principal, cart);
      await tx.delete(activeCarts).where(eq(activeCarts.orderId, cart.id));
      await tx.delete(orders).where(eq(orders.id, cart.id));
    });
    return c.body(null, 204);
  });

  // Addresses and the sender's details (registered before PUT /cart/{orderID}, which would match them).
  const setAddress = (kind: 'billto' | 'shipto', replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const body = (await readBody(c.req.raw, replace ? addressBody : patchBody(addressBody))) as z.infer<
      typeof addressBody
    >;
    const row = await withCart(db, principal, false, (tx, cart) =>
      writeOrderAddress(tx, principal, cart, kind, body, replace),
    );
    return wireOrder(c, row);
  };
  app.put('/v1/cart/billto', setAddress('billto', true));
  app.patch('/v1/cart/billto', setAddress('billto', false));
  app.put('/v1/cart/shipto', setAddress('shipto', true));
  app.patch('/v1/cart/shipto', setAddress('shipto', false));

  app.patch('/v1/cart/fromuser', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const body = await readBody(c.req.raw, fromUserBody);
    const row = await withCart(db, principal, false, (tx, cart) => patchFromUser(tx, principal, cart, body));
    return wireOrder(c, row);
  });

  /** Makes one of the caller's own unsubmitted orders the active cart; any other order is NotFound. */
  app.put('/v1/cart/:orderID', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const id = c.req.param('orderID');
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const order = await lockOrder(tx, principal, 'Outgoing', id);
      const own = principal.anonymous
        ? order.anonymousKey === principal.anonymousOrderId
        : order.fromUserId === principal.userId && order.anonymousKey === null;
      if (!own || order.status !== 'Unsubmitted') throw ApiError.notFound('Order', id);
      await setActiveCart(tx, principal, order.id);
    });
    return c.body(null, 204);
  });

  app.post('/v1/cart/submit', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const row = await withCart(db, principal, false, (tx, cart) => submitOrder(tx, principal, cart));
    return wireOrder(c, row);
  });

  app.post('/v1/cart/validate', async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    await withCart(db, principal, false, async (tx, cart) => {
      const items = await checkSubmittable(tx, principal, cart);
      // Stock is checked by taking it inside this transaction, which is then rolled back.
      await checkStock(tx, cart, items);
      throw new CartValidationPassed();
    }).catch((error: unknown) => {
      if (!(error instanceof CartValidationPassed)) throw error;
    });
    return c.body(null, 204);
  });

  // Line items of the cart.
  const lines = '/v1/cart/lineitems';
  app.get(lines, async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const cart = await currentCart(db, principal);
    // No cart yet: an empty page (the same list an empty cart gives).
    const page = await runList(
      db,
      lineItems,
      lineItemResource.list,
      params,
      cart ? eq(lineItems.orderId, cart.id) : sql`false`,
    );
    return c.json({
      Items: await lineItemResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.post(lines, async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const body = await readBody(c.req.raw, lineItemBody);
    const line = await withCart(db, principal, true, (tx, cart) => writeLineItem(tx, principal, cart, body));
    return wireLine(c, line, 201);
  });

  app.get(`${lines}/:lineItemID`, async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const id = c.req.param('lineItemID');
    const cart = await currentCart(db, principal);
    if (!cart) throw ApiError.notFound('LineItem', id);
    return wireLine(c, await lineOf(db, cart.id, id));
  });

  const writeLine = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const id = c.req.param('lineItemID') as string;
    const raw = (await readBody(c.req.raw, replace ? lineItemBody : patchBody(lineItemBody))) as Partial<
      z.infer<typeof lineItemBody>
    >;
    const line = await withCart(db, principal, false, (tx, cart) =>
      updateLineItem(tx, principal, cart, id, raw, replace),
    );
    return wireLine(c, line);
  };
  app.put(`${lines}/:lineItemID`, writeLine(true));
  app.patch(`${lines}/:lineItemID`, writeLine(false));

  app.delete(`${lines}/:lineItemID`, async (c) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const id = c.req.param('lineItemID');
    await withCart(db, principal, false, (tx, cart) => deleteLineItem(tx, principal, cart, id));
    return c.body(null, 204);
  });

  const lineShipTo = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    requireCartUser(principal);
    const body = (await readBody(c.req.raw, replace ? addressBody : patchBody(addressBody))) as z.infer<
      typeof addressBody
    >;
    const line = await withCart(db, principal, false, (tx, cart) =>
      setLineItemShipTo(tx, principal, cart, c.req.param('lineItemID') as string, body, replace),
    );
    return wireLine(c, line);
  };
  app.put(`${lines}/:lineItemID/shipto`, lineShipTo(true));
  app.patch(`${lines}/:lineItemID/shipto`, lineShipTo(false));
}
