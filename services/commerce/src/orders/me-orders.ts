import type { Db } from '@catalogue/db';
import { activeCarts, lineItems, orders, users } from '@catalogue/db/schema';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import type { TokenService } from '../auth/tokens';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { ORDER_READ, type OrderRow } from './access';
import { cartOwner, setActiveCart } from './active-cart';
import { type LineItemRow, writeLineItem } from './line-items';
import { dateRange, orderListExtras } from './orders';
import { recalculateTotals } from './recalculate';
import { orderResource } from './wire';

/** The orders the caller sent themselves (an anonymous shopper: those of their token), in every status. */
export function myOrders(principal: Principal): SQL {
  if (principal.anonymous) {
    return and(
      eq(orders.fromCompanyType, principal.companyType),
      eq(orders.fromCompanyId, principal.companyId),
      principal.anonymousOrderId ? eq(orders.anonymousKey, principal.anonymousOrderId) : sql`false`,
    ) as SQL;
  }
  return and(
    eq(orders.fromCompanyType, principal.companyType),
    eq(orders.fromCompanyId, principal.companyId),
    eq(orders.fromUserId, principal.userId),
    isNull(orders.anonymousKey),
  ) as SQL;
}

const invalidAnonToken = (message: string) =>
  ApiError.of(400, 'AnonUserToken.Invalid', message, { Property: 'anonUserToken' });

/** The anonymous shopper an `anonUserToken` names: a valid, current token of ours with an `orderid` claim. */
async function anonymousShopper(tokens: TokenService, token: string | undefined): Promise<Principal> {
  if (!token) {
    throw ApiError.of(400, 'Required', 'anonUserToken is required: the anonymous shopper’s access token.', {
      Property: 'anonUserToken',
    });
  }
  let anon: Principal;
  try {
    anon = await tokens.verify(token);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw invalidAnonToken(
      `anonUserToken is not a valid access token (${error.errors[0]?.Message ?? 'refused'}).`,
    );
  }
  if (!anon.anonymous || anon.companyType !== 'buyer' || !anon.anonymousOrderId) {
    throw invalidAnonToken('anonUserToken is not an anonymous shopper’s token.');
  }
  return anon;
}

/**
 * Moves the unsubmitted orders of an anonymous shopper to the logged-in buyer user, in the caller's
 * transaction: each order gets the user as sender (company, user, FromUser) and its line items are priced
 * again for them by writeLineItem (their price schedules, visibility, stock). A line the user cannot buy
 * is dropped. The shopper's active cart (else their latest order) becomes the user's active cart.
 * Returns the IDs of the orders moved.
 */
export async function transferAnonymousOrders(tx: Db, user: Principal, anon: Principal): Promise<string[]> {
  const moving = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.fromCompanyType, 'buyer'),
        eq(orders.fromCompanyId, anon.companyId),
        eq(orders.anonymousKey, anon.anonymousOrderId as string),
        eq(orders.status, 'Unsubmitted'),
      ),
    )
    .orderBy(desc(orders.dateCreated), desc(orders.id))
    .for('update');
  if (moving.length === 0) return [];
  const [userRow] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.companyType, 'buyer'), eq(users.companyId, user.companyId), eq(users.id, user.userId)),
    )
    .limit(1);
  if (!userRow) throw ApiError.notFound('User', user.userId);
  const { FailedLoginAttempts: _hidden, Password: _password, ...fromUser } = userToWire(userRow, []);

  for (const order of moving) {
    const [moved] = (await tx
      .update(orders)
      .set({
        fromCompanyId: user.companyId,
        fromUserId: user.userId,
        anonymousKey: null,
        fromUser,
        lastUpdated: new Date(),
      })
      .where(eq(orders.id, order.id))
      .returning()) as [OrderRow];
    await repriceFor(tx, user, moved);
  }

  const anonOwner = cartOwner(anon);
  const [pointer] = await tx
    .select({ orderId: activeCarts.orderId })
    .from(activeCarts)
    .where(
      and(
        eq(activeCarts.companyType, anonOwner.companyType),
        eq(activeCarts.companyId, anonOwner.companyId),
        eq(activeCarts.userKey, anonOwner.userKey),
      ),
    )
    .limit(1);
  const ids = moving.map((o) => o.id);
  const cartId = pointer && ids.includes(pointer.orderId) ? pointer.orderId : (ids[0] as string);
  await tx
    .delete(activeCarts)
    .where(
      and(
        eq(activeCarts.companyType, anonOwner.companyType),
        eq(activeCarts.companyId, anonOwner.companyId),
        eq(activeCarts.userKey, anonOwner.userKey),
      ),
    );
  await setActiveCart(tx, user, cartId);
  return ids;
}

/**
 * Prices a moved order's lines again for its new sender: every line is taken out and written back through
 * writeLineItem (same ID, product, quantity, specs and details), each in a savepoint so a line the user
 * cannot buy is dropped without undoing the rest. A one-off shipping address stays with its line.
 */
async function repriceFor(tx: Db, user: Principal, order: OrderRow): Promise<void> {
  const lines = await tx
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, order.id))
    .orderBy(asc(lineItems.dateAdded), asc(lineItems.id));
  if (lines.length === 0) {
    await recalculateTotals(tx, order.id);
    return;
  }
  await tx.delete(lineItems).where(
    and(
      eq(lineItems.orderId, order.id),
      inArray(
        lineItems.id,
        lines.map((l) => l.id),
      ),
    ),
  );
  for (const line of lines) {
    await tx
      .transaction(async (raw) => {
        const sp = raw as unknown as Db;
        // The order as it is now: the lines written back so far set its currency.
        const [current] = (await sp.select().from(orders).where(eq(orders.id, order.id))) as [OrderRow];
        const written = await writeLineItem(sp, user, current, bodyOf(line));
        if (line.shippingAddress && !written.shippingAddressId) {
          await sp
            .update(lineItems)
            .set({ shippingAddress: line.shippingAddress })
            .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, written.id)));
        }
        if (line.dateAdded) {
          await sp
            .update(lineItems)
            .set({ dateAdded: line.dateAdded })
            .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, written.id)));
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
        // The user cannot buy this line (visibility, price schedule, stock, currency): it is dropped.
      });
  }
  await recalculateTotals(tx, order.id);
}

/** A line item's writable fields, to write it again (the price is the new sender's, never carried over). */
function bodyOf(line: LineItemRow) {
  return {
    ID: line.id,
    ProductID: line.productId,
    Quantity: line.quantity,
    CostCenter: null,
    DateNeeded: line.dateNeeded?.toISOString() ?? null,
    ShippingAccount: line.shippingAccount,
    ShippingAddressID: null,
    ShipFromAddressID: line.shipFromAddressId,
    InventoryRecordID: line.inventoryRecordId,
    Specs: (line.specs as { SpecID: string; OptionID: string | null; Value: string | null }[]).map((s) => ({
      SpecID: s.SpecID,
      OptionID: s.OptionID,
      Value: s.OptionID ? null : s.Value,
    })),
    xp: (line.xp ?? {}) as Record<string, unknown>,
  };
}

/** `GET /me/orders` (the caller's own orders in every status) and `PUT /me/orders?anonUserToken=`. */
export function mountMeOrders(app: Hono<CommerceEnv>, db: Db, tokens: TokenService): void {
  app.get('/v1/me/orders', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ORDER_READ);
    const query = new URL(c.req.url).searchParams;
    const params = parseListParams(query, ['from', 'to']);
    const range = new URLSearchParams();
    for (const key of ['from', 'to']) {
      const value = query.get(key);
      if (value !== null) range.set(key, value);
    }
    const { from, to } = orderListExtras(range);
    const where = and(myOrders(principal), ...dateRange(from, to));
    const page = await runList(db, orders, orderResource.list, params, where);
    return c.json({
      Items: await orderResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.put('/v1/me/orders', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['Shopper']);
    if (principal.companyType !== 'buyer' || principal.anonymous) {
      throw wrongUserType(
        principal.userType,
        ['buyer'],
        'Anonymous orders are transferred to a buyer user who has logged in.',
      );
    }
    const anon = await anonymousShopper(tokens, c.req.query('anonUserToken'));
    await db.transaction((raw) => transferAnonymousOrders(raw as unknown as Db, principal, anon));
    return c.body(null, 204);
  });
}
