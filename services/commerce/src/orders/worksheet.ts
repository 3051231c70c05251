import type { Db } from '@catalogue/db';
import { lineItems, orderPromotions, orders, promotions, subscriptions } from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { promotionResource } from '../catalog/promotions';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertEditable, findOrder, type OrderRow, requireOrderRead, requireOrderWrite } from './access';
import { requireActiveCart } from './active-cart';
import { type C, directionOf, withLockedOrder } from './context';
import type { LineItemRow } from './line-items';
import { type Money, money, sum, toColumn, toNumber, ZERO } from './money';
import { refreshPromotions } from './promotion-engine';
import { recalculateTotals } from './recalculate';
import { type ShipEstimateGroup, shipEstimates, taxOn, taxRate } from './ship-rates';
import { subscriptionWire } from './subscriptions';
import { lineItemResource, orderResource } from './wire';

/**
 * The order's worksheet state, kept in `orders.worksheet` (never on the wire): whether shipping
 * has been estimated, the ship method selected per ship estimate, and the last calculation. The estimates
 * themselves are not stored: they are a pure function of the line items (ship-rates.ts), recomputed on
 * every read, so they never go stale; a selection whose estimate no longer exists is ignored. Nothing in
 * this state is trusted: costs are always recomputed from the rules.
 */
interface WorksheetState {
  ShipEstimated: boolean;
  Selections: Record<string, string>;
  Calculated: { ShippingTotal: number; TaxTotal: number; FeeTotal: number } | null;
}

function stateOf(order: OrderRow): WorksheetState {
  const raw = (order.worksheet ?? undefined) as Partial<WorksheetState> | undefined;
  const selections: Record<string, string> = {};
  if (raw && typeof raw.Selections === 'object' && raw.Selections !== null) {
    for (const [k, v] of Object.entries(raw.Selections)) if (typeof v === 'string') selections[k] = v;
  }
  const calculated = raw?.Calculated;
  return {
    ShipEstimated: raw?.ShipEstimated === true,
    Selections: selections,
    Calculated:
      calculated && typeof calculated === 'object'
        ? {
            ShippingTotal: Number(calculated.ShippingTotal) || 0,
            TaxTotal: Number(calculated.TaxTotal) || 0,
            FeeTotal: Number(calculated.FeeTotal) || 0,
          }
        : null,
  };
}

async function saveState(tx: Db, order: OrderRow, state: WorksheetState, set: Record<string, unknown> = {}) {
  await tx
    .update(orders)
    .set({ ...set, worksheet: state, lastUpdated: new Date() })
    .where(eq(orders.id, order.id));
}

const linesOf = (tx: Db, orderId: string) =>
  tx
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, orderId))
    .orderBy(lineItems.dateAdded, lineItems.id);

function groupsOf(items: LineItemRow[]): ShipEstimateGroup[] {
  return shipEstimates(
    items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      supplierId: i.supplierId,
      shipFromAddressId: i.shipFromAddressId,
      shippingAddress: (i.shippingAddress ?? null) as Record<string, unknown> | null,
      product: (i.product ?? {}) as Record<string, unknown>,
      variant: (i.variant ?? null) as Record<string, unknown> | null,
    })),
  );
}

/** Σ of the selected methods' costs (estimates without a valid selection count 0). */
function selectedShipping(groups: ShipEstimateGroup[], selections: Record<string, string>): Money {
  return sum(groups.map((g) => g.methods.find((m) => m.ID === selections[g.ID])?.cost ?? ZERO));
}

/** The ShipEstimateResponse the worksheet shows. */
function shipEstimateResponse(groups: ShipEstimateGroup[], selections: Record<string, string>) {
  return {
    ShipEstimates: groups.map((g) => ({
      ID: g.ID,
      xp: {
        SupplierID: g.supplierId,
        ShipFromAddressID: g.shipFromAddressId,
        ShippingRegion: g.region,
        Country: (g.shipTo?.Country as string | undefined) ?? null,
        Weight: toNumber(g.weight),
      },
      SelectedShipMethodID: g.methods.some((m) => m.ID === selections[g.ID])
        ? (selections[g.ID] as string)
        : null,
      ShipEstimateItems: g.items,
      ShipMethods: g.methods.map((m) => ({
        ID: m.ID,
        Name: m.Name,
        Cost: toNumber(m.cost),
        EstimatedTransitDays: m.EstimatedTransitDays,
        xp: {},
      })),
    })),
    HttpStatusCode: 200,
    UnhandledErrorBody: null,
    xp: {},
    Succeeded: true,
  };
}

/** OrderPromotion: the promotion with what it gave on this order. */
async function orderPromotionsWire(db: Db, orderId: string) {
  const applied = await db.select().from(orderPromotions).where(eq(orderPromotions.orderId, orderId));
  if (applied.length === 0) return [];
  const promoRows = await db
    .select()
    .from(promotions)
    .where(
      inArray(
        promotions.id,
        applied.map((a) => a.promotionId),
      ),
    );
  const wired = new Map(
    (await promotionResource.wireAll(db, promoRows as Record<string, unknown>[])).map((p) => [p.ID, p]),
  );
  return applied.map((a) => ({
    ...(wired.get(a.promotionId) ?? { ID: a.promotionId, Code: a.code }),
    Amount: Number(a.amount),
    LineItemID: a.lineItemId === '' ? null : a.lineItemId,
    AmountOverridden: a.amountOverridden,
    DateApplied: a.dateApplied.toISOString(),
  }));
}

/** OrderWorksheet: the order with everything an integration would see. */
export async function buildWorksheet(db: Db, order: OrderRow) {
  const items = await linesOf(db, order.id);
  const state = stateOf(order);
  const [subscription] = order.subscriptionId
    ? await db.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).limit(1)
    : [];
  return {
    Order: await orderResource.wireOne(db, order as Record<string, unknown>),
    LineItems: await lineItemResource.wireAll(db, items as Record<string, unknown>[]),
    OrderPromotions: await orderPromotionsWire(db, order.id),
    Subscription: subscription ? await subscriptionWire(db, subscription) : null,
    ShipEstimateResponse: state.ShipEstimated
      ? shipEstimateResponse(groupsOf(items), state.Selections)
      : null,
    OrderCalculateResponse: state.Calculated
      ? {
          LineItemOverrides: [],
          ...state.Calculated,
          HttpStatusCode: 200,
          UnhandledErrorBody: null,
          xp: {},
          Succeeded: true,
        }
      : null,
    OrderSubmitResponse: null,
    OrderSubmitForApprovalResponse: null,
    OrderApprovedResponse: null,
    SubscriptionIntegrationResponse: null,
  };
}

/** `estimateshipping`: ship estimates from the rules; selections of estimates that no longer exist drop. */
export async function estimateShipping(tx: Db, principal: Principal, order: OrderRow): Promise<OrderRow> {
  assertEditable(principal, order);
  const groups = groupsOf(await linesOf(tx, order.id));
  const state = stateOf(order);
  const kept: Record<string, string> = {};
  for (const g of groups) {
    const chosen = state.Selections[g.ID];
    if (chosen && g.methods.some((m) => m.ID === chosen)) kept[g.ID] = chosen;
  }
  await saveState(tx, order, { ...state, ShipEstimated: true, Selections: kept });
  return reread(tx, order.id);
}

export const shipMethodSelectionBody = z.strictObject({
  ShipMethodSelections: z
    .array(
      z.strictObject({
        ShipEstimateID: z.string().min(1, 'must not be empty').max(100),
        ShipMethodID: z.string().min(1, 'must not be empty').max(100),
      }),
    )
    .max(1000),
});

/** `shipmethods`: selects methods of estimated shipments and sets ShippingCost from them. */
export async function selectShipMethods(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: z.infer<typeof shipMethodSelectionBody>,
): Promise<OrderRow> {
  assertEditable(principal, order);
  const state = stateOf(order);
  if (!state.ShipEstimated) {
    throw ApiError.of(
      400,
      'Order.ShippingNotEstimated',
      `Estimate shipping of order ${order.id} (…/estimateshipping) before selecting ship methods.`,
      { ObjectType: 'Order', ObjectID: order.id },
    );
  }
  const groups = groupsOf(await linesOf(tx, order.id));
  const selections = { ...state.Selections };
  body.ShipMethodSelections.forEach((selection, index) => {
    const group = groups.find((g) => g.ID === selection.ShipEstimateID);
    if (!group) {
      throw ApiError.of(
        404,
        'NotFound',
        `ShipEstimate ${selection.ShipEstimateID} not found on order ${order.id}.`,
        {
          ObjectType: 'ShipEstimate',
          ObjectID: selection.ShipEstimateID,
          Property: `ShipMethodSelections.${index}.ShipEstimateID`,
        },
      );
    }
    if (!group.methods.some((m) => m.ID === selection.ShipMethodID)) {
      throw ApiError.of(
        400,
        'ShipEstimate.InvalidShipMethod',
        `Ship method ${selection.ShipMethodID} is not offered by ship estimate ${group.ID} (${group.methods
          .map((m) => m.ID)
          .join(', ')}).`,
        {
          Property: `ShipMethodSelections.${index}.ShipMethodID`,
          ShipEstimateID: group.ID,
          ShipMethodID: selection.ShipMethodID,
        },
      );
    }
    selections[group.ID] = selection.ShipMethodID;
  });
  const shipping = selectedShipping(groups, selections);
  await saveState(tx, order, { ...state, Selections: selections }, { shippingCost: toColumn(shipping) });
  return recalculateTotals(tx, order.id);
}

/**
 * `calculate`: ShippingTotal from the selected ship methods, TaxTotal from the tax rules; both are set on
 * the order (ShippingCost, TaxCost) and the totals recalculated.
 */
export async function calculateOrder(tx: Db, principal: Principal, order: OrderRow): Promise<OrderRow> {
  assertEditable(principal, order);
  await refreshPromotions(tx, order.id);
  const state = stateOf(order);
  const items = await linesOf(tx, order.id);
  const groups = groupsOf(items);
  const shipping = selectedShipping(groups, state.Selections);
  await tx
    .update(orders)
    .set({ shippingCost: toColumn(shipping) })
    .where(eq(orders.id, order.id));
  const totals = await recalculateTotals(tx, order.id);
  const fresh = await linesOf(tx, order.id);

  // Taxable amounts by rate: each line at its ship-to, each selected shipment at its destination.
  let tax = ZERO;
  for (const line of fresh) {
    tax += taxOn(
      money(line.lineTotal) ?? ZERO,
      taxRate(line.shippingAddress as Record<string, unknown> | null),
    );
  }
  for (const g of groups) {
    const cost = g.methods.find((m) => m.ID === state.Selections[g.ID])?.cost ?? ZERO;
    tax += taxOn(cost, taxRate(g.shipTo));
  }
  // Order-level promotions reduce the tax at the order's primary address.
  const orderLevel = await tx
    .select()
    .from(orderPromotions)
    .where(and(eq(orderPromotions.orderId, order.id), eq(orderPromotions.lineItemId, '')));
  const lineDiscounts = sum(fresh.map((l) => money(l.promotionDiscount) ?? ZERO));
  const orderDiscount = (money(totals.promotionDiscount) ?? ZERO) - lineDiscounts;
  if (orderLevel.length > 0 && orderDiscount > ZERO) {
    const primary =
      (totals.billingAddress as Record<string, unknown> | null) ??
      (fresh[0]?.shippingAddress as Record<string, unknown> | null) ??
      null;
    tax -= taxOn(orderDiscount, taxRate(primary));
  }
  if (tax < ZERO) tax = ZERO;

  const calculated = { ShippingTotal: toNumber(shipping) ?? 0, TaxTotal: toNumber(tax) ?? 0, FeeTotal: 0 };
  await saveState(tx, totals, { ...state, Calculated: calculated }, { taxCost: toColumn(tax) });
  return recalculateTotals(tx, order.id);
}

async function reread(tx: Db, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!row) throw ApiError.notFound('Order', id);
  return row;
}

/** Runs `fn` on the caller's active cart, locked, in one transaction. */
function onCart<T>(db: Db, principal: Principal, fn: (tx: Db, order: OrderRow) => Promise<T>): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    return fn(tx, await requireActiveCart(tx, principal));
  });
}

/**
 * `GET …/worksheet`, `POST …/estimateshipping`, `…/shipmethods`, `…/calculate` on
 * /orders/{direction}/{orderID} (the SDK's IntegrationEvents) and on /cart.
 */
export function mountWorksheet(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID';

  app.get(`${base}/worksheet`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    return c.json(await buildWorksheet(db, order));
  });
  app.get('/v1/cart/worksheet', async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    return c.json(await onCart(db, principal, (tx, order) => buildWorksheet(tx, order)));
  });

  const action = <B>(
    name: string,
    parse: (c: C) => Promise<B>,
    run: (tx: Db, principal: Principal, order: OrderRow, body: B) => Promise<OrderRow>,
  ) => {
    app.post(`${base}/${name}`, async (c) => {
      const principal = c.get('principal');
      requireOrderWrite(principal);
      const direction = directionOf(c);
      const body = await parse(c);
      const worksheet = await withLockedOrder(
        db,
        principal,
        direction,
        c.req.param('orderID'),
        async (tx, order) => buildWorksheet(tx, await run(tx, principal, order, body)),
      );
      return c.json(worksheet);
    });
    app.post(`/v1/cart/${name}`, async (c) => {
      const principal = c.get('principal');
      requireOrderWrite(principal);
      const body = await parse(c);
      const worksheet = await onCart(db, principal, async (tx, order) =>
        buildWorksheet(tx, await run(tx, principal, order, body)),
      );
      return c.json(worksheet);
    });
  };
  const noBody = async () => undefined;
  action('estimateshipping', noBody, (tx, principal, order) => estimateShipping(tx, principal, order));
  action('shipmethods', (c) => readBody(c.req.raw, shipMethodSelectionBody), selectShipMethods);
  action('calculate', noBody, (tx, principal, order) => calculateOrder(tx, principal, order));
}
