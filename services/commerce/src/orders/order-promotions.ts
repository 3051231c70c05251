import type { Db } from '@catalogue/db';
import { orderPromotions, promotions } from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { promotionResource } from '../catalog/promotions';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { listMeta, runList } from '../list/run';
import type { FieldDef, ListSchema } from '../list/schema';
import { assertEditable, findOrder, type OrderRow, requireOrderRead, requireOrderWrite } from './access';
import { activeCart, requireActiveCart } from './active-cart';
import { type C, directionOf, withLockedOrder } from './context';
import { type Money, money, toNumber } from './money';
import {
  addPromotion,
  eligiblePromotions,
  type PromotionChange,
  refreshPromotions,
  removePromotion,
} from './promotion-engine';
import { recalculateTotals } from './recalculate';
import { orderResource } from './wire';

/**
 * Promotions on orders: /orders/{direction}/{orderID}/promotions (list, add and remove by code),
 * applypromotions, refreshpromotions, eligiblepromotions, and the same on /cart. Changes need the order
 * unsubmitted and the caller its sender (or its receiver with OrderAdmin); each is one transaction holding
 * the order's lock, followed by the totals.
 */

const op = orderPromotions;

/** An applied promotion's properties come from the promotion; Amount, LineItemID, … from the order's row. */
const ofPromotion = (expr: SQL) =>
  sql`(select ${expr} from ${promotions} where ${promotions.id} = ${op.promotionId})`;

const orderPromotionList: ListSchema = {
  objectType: 'OrderPromotion',
  fields: {
    ...Object.fromEntries(
      Object.entries(promotionResource.list.fields).map(([name, def]): [string, FieldDef] => [
        name,
        { expr: ofPromotion(def.expr), type: def.type },
      ]),
    ),
    Amount: { expr: sql`${op.amount}`, type: 'number' },
    LineItemID: { expr: sql`nullif(${op.lineItemId}, '')`, type: 'string' },
    AmountOverridden: { expr: sql`${op.amountOverridden}`, type: 'boolean' },
    DateApplied: { expr: sql`${op.dateApplied}`, type: 'date' },
  },
  xp: ofPromotion(sql`${promotions.xp}`),
  searchOn: promotionResource.list.searchOn,
  defaultSort: ['DateApplied'],
  keys: [sql`${op.promotionId}`, sql`${op.lineItemId}`],
};

type AppliedRow = typeof orderPromotions.$inferSelect;

/** OrderPromotion wire shapes of applied rows (the promotion's properties plus the row's). */
async function wireApplied(db: Db, rows: AppliedRow[]): Promise<Record<string, unknown>[]> {
  const ids = [...new Set(rows.map((r) => r.promotionId))];
  const found = ids.length > 0 ? await db.select().from(promotions).where(inArray(promotions.id, ids)) : [];
  const wired = await promotionResource.wireAll(db, found as Record<string, unknown>[]);
  const byId = new Map(wired.map((w) => [String(w.ID), w]));
  return rows.map((row) => ({
    ...(byId.get(row.promotionId) ?? { ID: row.promotionId, Code: row.code }),
    Amount: toNumber(money(row.amount)),
    LineItemID: row.lineItemId === '' ? null : row.lineItemId,
    AmountOverridden: row.amountOverridden,
    DateApplied: row.dateApplied.toISOString(),
  }));
}

async function listApplied(db: Db, c: C, orderId: string) {
  const params = parseListParams(new URL(c.req.url).searchParams);
  const page = await runList(db, orderPromotions, orderPromotionList, params, eq(op.orderId, orderId));
  return { Items: await wireApplied(db, page.Items), Meta: page.Meta };
}

/** The OrderPromotion answered by an add: its rows' amounts summed (one row per line for line promotions). */
async function addedPromotion(tx: Db, orderId: string, promotionId: string) {
  const rows = await tx
    .select()
    .from(orderPromotions)
    .where(and(eq(op.orderId, orderId), eq(op.promotionId, promotionId)));
  const [first] = await wireApplied(tx, rows.slice(0, 1));
  const total = rows.reduce<Money>((sum, r) => sum + (money(r.amount) ?? 0n), 0n);
  return { ...first, Amount: toNumber(total), LineItemID: rows.length === 1 ? first?.LineItemID : null };
}

async function eligibleList(db: Db, c: C, order: OrderRow) {
  const params = parseListParams(new URL(c.req.url).searchParams);
  const amounts = await eligiblePromotions(db, order);
  const ids = [...amounts.keys()];
  const page = await runList(
    db,
    promotions,
    promotionResource.list,
    params,
    ids.length > 0 ? inArray(promotions.id, ids) : sql`false`,
  );
  const wired = await promotionResource.wireAll(db, page.Items as Record<string, unknown>[]);
  return {
    Items: wired.map((w) => ({ ...w, Amount: toNumber(amounts.get(String(w.ID)) ?? 0n) })),
    Meta: page.Meta,
  };
}

async function changeWire(db: Db, changes: PromotionChange[], removed: boolean) {
  const wired = await promotionResource.wireAll(
    db,
    changes.map((ch) => ch.promotion as unknown as Record<string, unknown>),
  );
  return changes.map((ch, i) => ({
    ...(removed ? { ErrorCode: ch.errorCode ?? null, Reason: ch.reason ?? null } : {}),
    LineItemID: ch.lineItemId === '' ? null : ch.lineItemId,
    Amount: toNumber(ch.amount),
    ...(wired[i] ?? { ID: ch.promotion?.id, Code: ch.promotion?.code }),
  }));
}

// ─── Actions on a locked order (shared by /orders and /cart) ────────────────────────────────────────────

async function add(tx: Db, principal: Principal, order: OrderRow, code: string) {
  assertEditable(principal, order);
  const promotion = await addPromotion(tx, order, code);
  await recalculateTotals(tx, order.id);
  return addedPromotion(tx, order.id, promotion.id);
}

async function remove(tx: Db, principal: Principal, order: OrderRow, code: string) {
  assertEditable(principal, order);
  await removePromotion(tx, order, code);
  return recalculateTotals(tx, order.id);
}

async function refresh(tx: Db, principal: Principal, order: OrderRow) {
  assertEditable(principal, order);
  const outcome = await refreshPromotions(tx, order.id);
  const row = await recalculateTotals(tx, order.id);
  return { outcome, row };
}

const code = (c: C) => c.req.param('promoCode') ?? '';

/** /cart: the caller's active cart, locked in the route's transaction. */
function withCart<T>(db: Db, principal: Principal, fn: (tx: Db, order: OrderRow) => Promise<T>) {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    return fn(tx, await requireActiveCart(tx, principal));
  });
}

export function mountOrderPromotions(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID';
  const orderOf = (c: C) => c.req.param('orderID') as string;

  app.get(`${base}/promotions`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), orderOf(c));
    return c.json(await listApplied(db, c, order.id));
  });

  app.post(`${base}/promotions/:promoCode`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const added = await withLockedOrder(db, principal, directionOf(c), orderOf(c), (tx, order) =>
      add(tx, principal, order, code(c)),
    );
    return c.json(added, 201);
  });

  app.delete(`${base}/promotions/:promoCode`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const row = await withLockedOrder(db, principal, directionOf(c), orderOf(c), (tx, order) =>
      remove(tx, principal, order, code(c)),
    );
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>));
  });

  app.post(`${base}/applypromotions`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const { row } = await withLockedOrder(db, principal, directionOf(c), orderOf(c), (tx, order) =>
      refresh(tx, principal, order),
    );
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>), 201);
  });

  app.post(`${base}/refreshpromotions`, async (c) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const { outcome } = await withLockedOrder(db, principal, directionOf(c), orderOf(c), (tx, order) =>
      refresh(tx, principal, order),
    );
    return c.json({
      PromosAdded: await changeWire(db, outcome.added, false),
      PromosRemoved: await changeWire(db, outcome.removed, true),
    });
  });

  app.get(`${base}/eligiblepromotions`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), orderOf(c));
    return c.json(await eligibleList(db, c, order));
  });

  // ─── /cart ──────────────────────────────────────────────────────────────────────────────────────────
  const shopper = (c: C) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['Shopper']);
    return principal;
  };
  /** The active cart for reads, or null (an empty list, as GET /cart answers a cart with no ID yet). */
  const cartForRead = (principal: Principal) =>
    db.transaction(async (raw) => activeCart(raw as unknown as Db, principal, { create: false }));
  const emptyPage = (c: C) => {
    const { page, pageSize } = parseListParams(new URL(c.req.url).searchParams);
    return { Items: [], Meta: listMeta(page, pageSize, 0, 0) };
  };

  app.get('/v1/cart/promotions', async (c) => {
    const principal = shopper(c);
    const cart = await cartForRead(principal);
    return c.json(cart ? await listApplied(db, c, cart.id) : emptyPage(c));
  });

  app.post('/v1/cart/promotions/:promoCode', async (c) => {
    const principal = shopper(c);
    const added = await withCart(db, principal, (tx, order) => add(tx, principal, order, code(c)));
    return c.json(added, 201);
  });

  app.delete('/v1/cart/promotions/:promoCode', async (c) => {
    const principal = shopper(c);
    await withCart(db, principal, (tx, order) => remove(tx, principal, order, code(c)));
    return c.body(null, 204);
  });

  app.post('/v1/cart/applypromotions', async (c) => {
    const principal = shopper(c);
    const { row } = await withCart(db, principal, (tx, order) => refresh(tx, principal, order));
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>), 201);
  });

  app.post('/v1/cart/refreshpromotions', async (c) => {
    const principal = shopper(c);
    const { outcome } = await withCart(db, principal, (tx, order) => refresh(tx, principal, order));
    return c.json({
      PromosAdded: await changeWire(db, outcome.added, false),
      PromosRemoved: await changeWire(db, outcome.removed, true),
    });
  });

  app.get('/v1/cart/eligiblepromotions', async (c) => {
    const principal = shopper(c);
    const cart = await cartForRead(principal);
    return c.json(cart ? await eligibleList(db, c, cart) : emptyPage(c));
  });
}
