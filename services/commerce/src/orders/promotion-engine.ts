import { type Db, queryRows } from '@catalogue/db';
import {
  categoryProductAssignments,
  lineItems,
  orderPromotions,
  orders,
  promotionAssignments,
  promotions,
  userGroupAssignments,
} from '@catalogue/db/schema';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { memoized } from '../http/read-cache';
import type { OrderRow } from './access';
import {
  type ExpressionContext,
  evaluateAmount,
  evaluateBoolean,
  type ParseResult,
  parseExpression,
} from './expressions';
import { lookup } from './expressions/evaluate';
import { type Money, money, toColumn, ZERO } from './money';
import { isQuoteOrder } from './projects';
import { lineItemResource, orderResource } from './wire';

/**
 * The promotions engine. Promotions applied to an order live in `order_promotions` (one row per
 * promotion for order-level ones, `line_item_id` ''; one row per discounted line item for line-item-level
 * ones). After every change to an unsubmitted order, inside the order's transaction, `refreshPromotions`
 * re-checks each applied promotion (active, dates, assignment to the order's buyer or the sender's groups,
 * redemption limits, EligibleExpression), recomputes its amount from ValueExpression, removes the ones no
 * longer eligible, adds eligible AutoApply promotions (by Priority, nulls last, at most 100) and keeps
 * CanCombine (a promotion that cannot combine is alone on its order). Amounts never exceed what they
 * discount: a line item's LineSubtotal (less earlier line promotions), or the order's Subtotal less every
 * line discount (less earlier order promotions). Expressions see the order before any discount
 * (`PromotionDiscount` 0, `Total` = Subtotal + charges) so a refresh does not depend on the last one.
 *
 * Redemptions are counted at submit (`redeemPromotions`, which refuses when a concurrent submit took the
 * last one) and given back when a submitted order is canceled or declined (`releasePromotions`).
 */

export type PromotionRow = typeof promotions.$inferSelect;
export type AppliedPromotionRow = typeof orderPromotions.$inferSelect;
type LineItemRow = typeof lineItems.$inferSelect;

/** Line-item and order promotions stop at 100 auto-applied promotions per refresh, as OrderCloud's. */
const AUTO_APPLY_LIMIT = 100;
/** Promotions considered for `eligiblepromotions`. */
const ELIGIBLE_CANDIDATES = 1000;

/** A promotion as the engine weighs it for one order. */
interface Candidate {
  promotion: PromotionRow;
  /** Given to all buyers, or assigned to the order's buyer or one of the sender's groups. */
  assigned: boolean;
  /** The sender's other submitted (not canceled or declined) orders that used it. */
  usedBySender: number;
}

interface Allocation {
  lineItemId: string;
  amount: Money;
}

type Verdict = { ok: true; allocations: Allocation[] } | { ok: false; code: string; reason: string };

/** One promotion's change on an order, for RefreshPromosResponse and refusals. */
export interface PromotionChange {
  promotion: PromotionRow;
  lineItemId: string;
  amount: Money;
  errorCode?: string;
  reason?: string;
}

export interface RefreshOutcome {
  added: PromotionChange[];
  removed: PromotionChange[];
}

/** A promotion's amount on a line (or on the order, with an empty LineItemID) as applied. */
export interface AppliedAmount {
  lineItemId: string;
  amount: Money;
}

interface DesiredRow {
  promotionId: string;
  lineItemId: string;
  code: string;
  amount: Money;
  amountOverridden: boolean;
  dateApplied: Date;
}

// ─── Expressions ─────────────────────────────────────────────────────────────────────────────────────────

const parsed = new Map<string, ParseResult>();

function parse(text: string, kind: 'boolean' | 'number', lineItemLevel: boolean): ParseResult {
  const key = `${kind}\u0000${lineItemLevel ? 1 : 0}\u0000${text}`;
  let result = parsed.get(key);
  if (!result) {
    result = parseExpression(text, kind, { lineItemLevel });
    if (parsed.size > 1000) parsed.clear();
    parsed.set(key, result);
  }
  return result;
}

interface OrderContext {
  base: ExpressionContext;
  wireItems: Record<string, unknown>[];
  items: LineItemRow[];
  subtotal: Money;
}

/** Category assignments (direct and every ancestor) of the order's products, for `incategory()`. */
async function productCategories(
  tx: Db,
  productIds: string[],
): Promise<Record<string, { direct: string[]; ancestors: string[] }>> {
  const out: Record<string, { direct: string[]; ancestors: string[] }> = {};
  if (productIds.length === 0) return out;
  const rows = await queryRows<{ product_id: string; category_id: string; direct: boolean }>(
    tx,
    sql`with recursive direct as (
        select cpa.product_id, cpa.catalog_id, cpa.category_id from ${categoryProductAssignments} cpa
        where ${inArray(categoryProductAssignments.productId, productIds)}
      ), up as (
        select d.product_id, c.catalog_id, c.parent_id as category_id from direct d
          join categories c on c.catalog_id = d.catalog_id and c.id = d.category_id where c.parent_id is not null
        union
        select u.product_id, c.catalog_id, c.parent_id from up u
          join categories c on c.catalog_id = u.catalog_id and c.id = u.category_id where c.parent_id is not null
      )
      select product_id, category_id, true as direct from direct
      union all select product_id, category_id, false as direct from up`,
  );
  for (const row of rows) {
    const entry = out[row.product_id] ?? { direct: [], ancestors: [] };
    (row.direct ? entry.direct : entry.ancestors).push(row.category_id);
    out[row.product_id] = entry;
  }
  return out;
}

/** The order and its line items as expressions see them: on the wire, before any promotion. */
async function orderContext(tx: Db, order: OrderRow, candidates: Candidate[]): Promise<OrderContext> {
  const items = await tx
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, order.id))
    .orderBy(asc(lineItems.dateAdded), asc(lineItems.id));
  const subtotal = items.reduce((total, item) => total + (money(item.lineSubtotal) ?? ZERO), ZERO);
  const charges =
    (money(order.shippingCost) ?? ZERO) +
    (money(order.taxCost) ?? ZERO) +
    (money(order.gratuity) ?? ZERO) +
    (money(order.fees) ?? ZERO);
  const wireOrder = await orderResource.wireOne(tx, {
    ...order,
    lineItemCount: items.length,
    subtotal: toColumn(subtotal),
    promotionDiscount: '0',
    total: toColumn(subtotal + charges),
  } as Record<string, unknown>);
  const wireItems = await lineItemResource.wireAll(
    tx,
    items.map((item) => ({ ...item, promotionDiscount: '0', lineTotal: item.lineSubtotal })) as Record<
      string,
      unknown
    >[],
  );
  const usesCategories = candidates.some((c) =>
    /categor/i.test(`${c.promotion.eligibleExpression} ${c.promotion.valueExpression}`),
  );
  return {
    base: {
      order: wireOrder,
      items: wireItems,
      user: order.fromUser ?? null,
      productCategories: usesCategories
        ? await productCategories(tx, [...new Set(items.map((i) => i.productId))])
        : {},
    },
    wireItems,
    items,
    subtotal,
  };
}

// ─── Eligibility and value ───────────────────────────────────────────────────────────────────────────────

const refuse = (code: string, reason: string): Verdict => ({ ok: false, code, reason });

/** Line items in ItemSortBy order ("LineSubtotal", "!UnitPrice", "Product.Name"), then DateAdded and ID. */
function sortedItems(items: Record<string, unknown>[], sortBy: string | null): Record<string, unknown>[] {
  const terms = (sortBy ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .map((t) => ({ desc: t.startsWith('!'), path: t.replace(/^!/, '').split('.') }));
  terms.push({ desc: false, path: ['DateAdded'] }, { desc: false, path: ['ID'] });
  const pathValue = (item: unknown, path: string[]) => path.reduce<unknown>((v, p) => lookup(v, p), item);
  return [...items].sort((a, b) => {
    for (const term of terms) {
      const x = pathValue(a, term.path);
      const y = pathValue(b, term.path);
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
      if (c !== 0) return term.desc ? -c : c;
    }
    return 0;
  });
}

function amountOf(value: number): Money {
  const amount = money(value) ?? ZERO;
  return amount > ZERO ? amount : ZERO;
}

/** Whether a promotion may be used on the order now, and what it gives (before capping). */
function judge(candidate: Candidate, ctx: OrderContext, now: Date): Verdict {
  const p = candidate.promotion;
  if (!p.active) return refuse('Promotion.NotEligible', `Promotion ${p.code} is not active.`);
  if (p.startDate && p.startDate.getTime() > now.getTime())
    return refuse('Promotion.NotYetValid', `Promotion ${p.code} starts ${p.startDate.toISOString()}.`);
  if (p.expirationDate && p.expirationDate.getTime() <= now.getTime())
    return refuse('Promotion.Expired', `Promotion ${p.code} expired ${p.expirationDate.toISOString()}.`);
  if (!candidate.assigned)
    return refuse('Promotion.NotEligible', `Promotion ${p.code} is not available to this buyer.`);
  if (p.redemptionLimit !== null && p.redemptionCount >= p.redemptionLimit)
    return refuse(
      'Promotion.ExceedsUsageLimit',
      `Promotion ${p.code} has been redeemed ${p.redemptionCount} of ${p.redemptionLimit} times.`,
    );
  if (p.redemptionLimitPerUser !== null && candidate.usedBySender >= p.redemptionLimitPerUser)
    return refuse(
      'Promotion.ExceedsUsageLimit',
      `Promotion ${p.code} has been used on ${candidate.usedBySender} of this user's orders (limit ${p.redemptionLimitPerUser}).`,
    );
  const eligible = parse(p.eligibleExpression, 'boolean', p.lineItemLevel);
  const value = parse(p.valueExpression, 'number', p.lineItemLevel);
  if (!eligible.ok || !value.ok) {
    const error = eligible.ok ? (value.ok ? null : value.error) : eligible.error;
    return refuse(
      'Promotion.NotEligible',
      `Promotion ${p.code} has an invalid expression: ${error?.message}`,
    );
  }
  if (!p.lineItemLevel) {
    const holds = evaluateBoolean(eligible.ast, ctx.base);
    if (!holds.ok)
      return refuse(
        'Promotion.NotEligible',
        `Promotion ${p.code}: EligibleExpression failed: ${holds.error}`,
      );
    if (!holds.value)
      return refuse('Promotion.NotEligible', `Promotion ${p.code} cannot be used on this order.`);
    const amount = evaluateAmount(value.ast, ctx.base);
    if (!amount.ok)
      return refuse('Promotion.NotEligible', `Promotion ${p.code}: ValueExpression failed: ${amount.error}`);
    return { ok: true, allocations: [{ lineItemId: '', amount: amountOf(amount.value) }] };
  }
  const qualifying = ctx.wireItems.filter((item) => {
    const holds = evaluateBoolean(eligible.ast, { ...ctx.base, item });
    return holds.ok && holds.value;
  });
  if (qualifying.length === 0)
    return refuse('Promotion.NotEligible', `No line item of this order qualifies for promotion ${p.code}.`);
  let chosen = sortedItems(qualifying, p.itemSortBy);
  if (p.itemLimitPerOrder !== null) chosen = chosen.slice(0, p.itemLimitPerOrder);
  let quantityLeft = p.quantityLimitPerOrder;
  const allocations: Allocation[] = [];
  for (const item of chosen) {
    const amount = evaluateAmount(value.ast, { ...ctx.base, item });
    if (!amount.ok)
      return refuse('Promotion.NotEligible', `Promotion ${p.code}: ValueExpression failed: ${amount.error}`);
    const lineItemId = String(item.ID);
    if (quantityLeft === null) {
      allocations.push({ lineItemId, amount: amountOf(amount.value) });
      continue;
    }
    // QuantityLimitPerOrder: the value is the discount per unit, for at most that many units.
    const units = Math.min(Number(item.Quantity) || 0, quantityLeft);
    if (units <= 0) break;
    quantityLeft -= units;
    allocations.push({ lineItemId, amount: amountOf(amount.value) * BigInt(units) });
  }
  return { ok: true, allocations };
}

const conflicts = (promotion: PromotionRow, kept: PromotionRow[]) =>
  kept.length > 0 && (!promotion.canCombine || kept.some((k) => !k.canCombine));

// ─── Loading ─────────────────────────────────────────────────────────────────────────────────────────────

/** Given to all buyers or assigned to the order's buyer (or a group of its sender). Buyer orders only. */
function assignedTo(order: OrderRow): SQL {
  if (order.fromCompanyType !== 'buyer') return sql`false`;
  const a = promotionAssignments;
  const u = userGroupAssignments;
  return sql`(${promotions.allowAllBuyers} or exists (select 1 from ${a}
    where ${a.promotionId} = ${promotions.id} and ${a.buyerId} = ${order.fromCompanyId}
      and (${a.userGroupId} = '' or ${a.userGroupId} in (select ${u.userGroupId} from ${u}
        where ${u.companyType} = 'buyer' and ${u.companyId} = ${order.fromCompanyId}
          and ${u.userId} = ${order.fromUserId}))))`;
}

/** The sender's submitted orders (other than this one, not canceled or declined) that used a promotion. */
function usedBySender(order: OrderRow, promotionId: SQL): SQL {
  const who =
    order.anonymousKey !== null
      ? sql`o.anonymous_key = ${order.anonymousKey}`
      : sql`o.from_user_id = ${order.fromUserId}`;
  return sql`(select count(distinct o.id)::int from ${orderPromotions} op join ${orders} o on o.id = op.order_id
    where op.promotion_id = ${promotionId} and o.id <> ${order.id}
      and o.from_company_type = ${order.fromCompanyType} and o.from_company_id = ${order.fromCompanyId}
      and ${who} and o.is_submitted and o.status not in ('Canceled', 'Declined'))`;
}

/** Active, started, unexpired and assigned, at `now`. */
function usable(order: OrderRow, now: Date): SQL {
  const at = now.toISOString();
  return and(
    eq(promotions.active, true),
    sql`(${promotions.startDate} is null or ${promotions.startDate} <= ${at}::timestamptz)`,
    sql`(${promotions.expirationDate} is null or ${promotions.expirationDate} > ${at}::timestamptz)`,
    assignedTo(order),
  ) as SQL;
}

/** Promotions matching `where`, those `first` names before the rest, then by Priority (nulls last). */
async function loadCandidates(
  tx: Db,
  order: OrderRow,
  where: SQL,
  limit: number,
  first?: SQL,
): Promise<Candidate[]> {
  const rows = await tx
    .select({
      promotion: promotions,
      assigned: sql<boolean>`${assignedTo(order)}`,
      used: sql<number>`(case when ${promotions.redemptionLimitPerUser} is null then 0
        else ${usedBySender(order, sql`${promotions.id}`)} end)`,
    })
    .from(promotions)
    .where(where)
    .orderBy(
      ...(first ? [sql`(${first}) desc`] : []),
      sql`${promotions.priority} asc nulls last`,
      asc(promotions.id),
    )
    .limit(limit);
  return rows.map((r) => ({
    promotion: r.promotion,
    assigned: r.assigned === true || (r.assigned as unknown) === 't',
    usedBySender: Number(r.used ?? 0),
  }));
}

/** A promotion by its code, ignoring case; NotFound when there is none. */
export async function promotionByCode(tx: Db, code: string): Promise<PromotionRow> {
  const [row] = await tx
    .select()
    .from(promotions)
    .where(sql`lower(${promotions.code}) = lower(${code})`)
    .limit(1);
  if (!row) throw ApiError.notFound('Promotion', code);
  return row;
}

// ─── Planning and writing ────────────────────────────────────────────────────────────────────────────────

interface PlanOptions {
  /** Add eligible AutoApply promotions. */
  autoApply: boolean;
  /** A promotion the caller asks to add (by code): refused with its error code when it cannot be. */
  requested?: PromotionRow;
  /** Promotions to drop (removed by code), not re-added by AutoApply in this plan. */
  without?: string[];
}

interface Plan {
  existing: AppliedPromotionRow[];
  desired: DesiredRow[];
  outcome: RefreshOutcome;
}

async function plan(tx: Db, order: OrderRow, options: PlanOptions): Promise<Plan> {
  const existing = await tx
    .select()
    .from(orderPromotions)
    .where(eq(orderPromotions.orderId, order.id))
    .orderBy(
      asc(orderPromotions.dateApplied),
      asc(orderPromotions.promotionId),
      asc(orderPromotions.lineItemId),
    );
  // Most orders have no promotion and most marketplaces no AutoApply one: then nothing is asked.
  if (existing.length === 0 && !options.requested && !(options.autoApply && (await autoApplyActive(tx)))) {
    return { existing, desired: [], outcome: { added: [], removed: [] } };
  }
  const now = new Date();
  const without = new Set(options.without ?? []);
  const appliedIds = sql`(select ${orderPromotions.promotionId} from ${orderPromotions} where ${orderPromotions.orderId} = ${order.id})`;
  const conditions: SQL[] = [sql`${promotions.id} in ${appliedIds}`];
  if (options.autoApply) conditions.push(and(eq(promotions.autoApply, true), usable(order, now)) as SQL);
  if (options.requested) conditions.push(eq(promotions.id, options.requested.id));
  // Applied (and requested) promotions first, so the limit only ever cuts AutoApply candidates.
  const mine = or(
    conditions[0],
    options.requested ? eq(promotions.id, options.requested.id) : undefined,
  ) as SQL;
  const candidates = await loadCandidates(
    tx,
    order,
    or(...conditions) as SQL,
    AUTO_APPLY_LIMIT * 2 + 10,
    mine,
  );
  if (candidates.length === 0) {
    // Nothing applies and nothing was applied (a promotion deleted meanwhile leaves rows behind).
    return { existing, desired: [], outcome: { added: [], removed: [] } };
  }
  const ctx = await orderContext(tx, order, candidates);
  const byId = new Map(candidates.map((c) => [c.promotion.id, c]));
  const appliedOrder = [...new Set(existing.map((r) => r.promotionId))];
  const kept: { candidate: Candidate; allocations: Allocation[] }[] = [];
  const outcome: RefreshOutcome = { added: [], removed: [] };
  const removeRows = (promotionId: string, code: string, reason: string) => {
    const promotion = byId.get(promotionId)?.promotion;
    for (const row of existing.filter((r) => r.promotionId === promotionId)) {
      outcome.removed.push({
        promotion: promotion ?? ({ id: promotionId, code: row.code } as PromotionRow),
        lineItemId: row.lineItemId,
        amount: money(row.amount) ?? ZERO,
        errorCode: code,
        reason,
      });
    }
  };

  for (const id of appliedOrder) {
    const candidate = byId.get(id);
    if (without.has(id)) continue;
    if (!candidate) {
      removeRows(id, 'NotFound', `Promotion ${id} no longer exists.`);
      continue;
    }
    const verdict = judge(candidate, ctx, now);
    if (!verdict.ok) {
      removeRows(id, verdict.code, verdict.reason);
      continue;
    }
    if (
      conflicts(
        candidate.promotion,
        kept.map((k) => k.candidate.promotion),
      )
    ) {
      removeRows(id, 'Promotion.CannotCombine', `Promotion ${candidate.promotion.code} cannot be combined.`);
      continue;
    }
    kept.push({ candidate, allocations: verdict.allocations });
  }

  const added: { candidate: Candidate; allocations: Allocation[] }[] = [];
  if (options.requested) {
    const candidate = byId.get(options.requested.id);
    if (!candidate) throw ApiError.notFound('Promotion', options.requested.code);
    const verdict = judge(candidate, ctx, now);
    if (!verdict.ok) {
      throw ApiError.of(400, verdict.code, verdict.reason, {
        ObjectType: 'Promotion',
        ObjectID: candidate.promotion.id,
        Code: candidate.promotion.code,
      });
    }
    if (
      conflicts(
        candidate.promotion,
        kept.map((k) => k.candidate.promotion),
      )
    ) {
      const others = kept.map((k) => k.candidate.promotion.code).join(', ');
      throw ApiError.of(
        400,
        'Promotion.CannotCombine',
        candidate.promotion.canCombine
          ? `Promotion ${candidate.promotion.code} cannot be added: ${others} cannot be combined with other promotions.`
          : `Promotion ${candidate.promotion.code} cannot be combined with the promotions already applied (${others}).`,
        { ObjectType: 'Promotion', ObjectID: candidate.promotion.id, Code: candidate.promotion.code },
      );
    }
    const entry = { candidate, allocations: verdict.allocations };
    kept.push(entry);
    added.push(entry);
  }

  if (options.autoApply) {
    let count = 0;
    for (const candidate of candidates) {
      const p = candidate.promotion;
      if (count >= AUTO_APPLY_LIMIT) break;
      if (!p.autoApply || appliedOrder.includes(p.id) || without.has(p.id)) continue;
      if (options.requested && p.id === options.requested.id) continue;
      const verdict = judge(candidate, ctx, now);
      if (
        !verdict.ok ||
        conflicts(
          p,
          kept.map((k) => k.candidate.promotion),
        )
      )
        continue;
      const entry = { candidate, allocations: verdict.allocations };
      kept.push(entry);
      added.push(entry);
      count++;
    }
  }

  // Cap: line promotions at what is left of their line, order promotions at what is left of the subtotal.
  const lineLeft = new Map(ctx.items.map((i) => [i.id, money(i.lineSubtotal) ?? ZERO]));
  const existingByKey = new Map(existing.map((r) => [`${r.promotionId}\u0000${r.lineItemId}`, r]));
  const firstApplied = new Map<string, Date>();
  for (const row of existing)
    if (!firstApplied.has(row.promotionId)) firstApplied.set(row.promotionId, row.dateApplied);
  const desired: DesiredRow[] = [];
  const rowFor = (p: PromotionRow, lineItemId: string, computed: Money, left: Money): DesiredRow => {
    const before = existingByKey.get(`${p.id}\u0000${lineItemId}`);
    const wanted = before?.amountOverridden ? (money(before.amount) ?? ZERO) : computed;
    const amount = wanted > left ? left : wanted;
    return {
      promotionId: p.id,
      lineItemId,
      code: p.code,
      amount,
      amountOverridden: before?.amountOverridden ?? false,
      dateApplied: before?.dateApplied ?? firstApplied.get(p.id) ?? now,
    };
  };
  for (const { candidate, allocations } of kept) {
    for (const a of allocations) {
      if (a.lineItemId === '') continue;
      const left = lineLeft.get(a.lineItemId) ?? ZERO;
      const row = rowFor(candidate.promotion, a.lineItemId, a.amount, left);
      lineLeft.set(a.lineItemId, left - row.amount);
      desired.push(row);
    }
  }
  let orderLeft = ctx.subtotal - desired.reduce((total, r) => total + r.amount, ZERO);
  for (const { candidate, allocations } of kept) {
    for (const a of allocations) {
      if (a.lineItemId !== '') continue;
      const row = rowFor(candidate.promotion, '', a.amount, orderLeft > ZERO ? orderLeft : ZERO);
      orderLeft -= row.amount;
      desired.push(row);
    }
  }
  for (const { candidate } of added) {
    for (const row of desired.filter((r) => r.promotionId === candidate.promotion.id)) {
      outcome.added.push({ promotion: candidate.promotion, lineItemId: row.lineItemId, amount: row.amount });
    }
  }
  // A kept line promotion that lost a line item reports that row as removed.
  const keptIds = new Set(kept.map((k) => k.candidate.promotion.id));
  const desiredKeys = new Set(desired.map((r) => `${r.promotionId}\u0000${r.lineItemId}`));
  for (const row of existing) {
    if (!keptIds.has(row.promotionId) || desiredKeys.has(`${row.promotionId}\u0000${row.lineItemId}`))
      continue;
    outcome.removed.push({
      promotion: byId.get(row.promotionId)?.promotion as PromotionRow,
      lineItemId: row.lineItemId,
      amount: money(row.amount) ?? ZERO,
      errorCode: 'Promotion.NotEligible',
      reason: `Line item ${row.lineItemId} no longer qualifies for promotion ${row.code}.`,
    });
  }
  return { existing, desired, outcome };
}

/** Writes a plan's rows when they differ from what is stored. */
async function write(tx: Db, orderId: string, { existing, desired }: Plan): Promise<void> {
  const same =
    existing.length === desired.length &&
    desired.every((d) =>
      existing.some(
        (e) =>
          e.promotionId === d.promotionId &&
          e.lineItemId === d.lineItemId &&
          e.code === d.code &&
          money(e.amount) === d.amount &&
          e.amountOverridden === d.amountOverridden,
      ),
    );
  if (same) return;
  await tx.delete(orderPromotions).where(eq(orderPromotions.orderId, orderId));
  if (desired.length === 0) return;
  await tx.insert(orderPromotions).values(
    desired.map((d) => ({
      orderId,
      promotionId: d.promotionId,
      lineItemId: d.lineItemId,
      code: d.code,
      amount: toColumn(d.amount),
      amountOverridden: d.amountOverridden,
      dateApplied: d.dateApplied,
    })),
  );
}

async function orderRow(tx: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

/** Whether any active AutoApply promotion exists, remembered per committed generation of the promotions. */
function autoApplyActive(tx: Db): Promise<boolean> {
  return memoized(
    ['promotions'],
    'autoapply-active',
    async () => {
      const [row] = await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(and(eq(promotions.autoApply, true), eq(promotions.active, true)))
        .limit(1);
      return row !== undefined;
    },
    tx,
  );
}

/**
 * Re-evaluates the promotions applied to an order after any change to it (in the caller's transaction,
 * which holds the order's lock, before the totals are recalculated): amounts recomputed, promotions that
 * are no longer eligible removed, eligible AutoApply promotions added. Orders that are not unsubmitted (or
 * declined, on their way to a resubmission) are left alone. Given the order's row (current in the caller's
 * transaction) it is not read again. Answers the promotions now applied (null when the order was left
 * alone), for `recalculate`.
 */
export async function refreshPromotions(
  tx: Db,
  orderOrId: string | OrderRow,
): Promise<RefreshOutcome & { applied: AppliedAmount[] | null }> {
  const order = typeof orderOrId === 'string' ? await orderRow(tx, orderOrId) : orderOrId;
  if (!order || (order.status !== 'Unsubmitted' && order.status !== 'Declined')) {
    return { added: [], removed: [], applied: null };
  }
  // An accepted quote's order keeps the quoted prices: no promotion applies itself to it.
  const result = await plan(tx, order, { autoApply: !isQuoteOrder(order) });
  await write(tx, order.id, result);
  return { ...result.outcome, applied: result.desired };
}

/**
 * Adds a promotion by code to a locked, editable order: refused with OrderCloud's codes
 * (`Promotion.AlreadyAdded`, `Promotion.NotYetValid`, `Promotion.Expired`, `Promotion.NotEligible`,
 * `Promotion.ExceedsUsageLimit`, `Promotion.CannotCombine`; NotFound for an unknown code). The caller
 * recalculates the totals.
 */
export async function addPromotion(tx: Db, order: OrderRow, code: string): Promise<PromotionRow> {
  const promotion = await promotionByCode(tx, code);
  const [already] = await tx
    .select({ id: orderPromotions.promotionId })
    .from(orderPromotions)
    .where(and(eq(orderPromotions.orderId, order.id), eq(orderPromotions.promotionId, promotion.id)))
    .limit(1);
  if (already) {
    throw ApiError.of(
      400,
      'Promotion.AlreadyAdded',
      `Promotion ${promotion.code} has already been added to order ${order.id}.`,
      { ObjectType: 'Promotion', ObjectID: promotion.id, Code: promotion.code },
    );
  }
  const result = await plan(tx, order, { autoApply: true, requested: promotion });
  await write(tx, order.id, result);
  return promotion;
}

/**
 * Removes a promotion (by code, ignoring case) from a locked, editable order; NotFound when it is not
 * applied. AutoApply promotions are not re-added by this call (the next change to the order may).
 */
export async function removePromotion(tx: Db, order: OrderRow, code: string): Promise<void> {
  const rows = await tx
    .select({ promotionId: orderPromotions.promotionId })
    .from(orderPromotions)
    .leftJoin(promotions, eq(promotions.id, orderPromotions.promotionId))
    .where(
      and(
        eq(orderPromotions.orderId, order.id),
        sql`(lower(${orderPromotions.code}) = lower(${code}) or lower(${promotions.code}) = lower(${code}))`,
      ),
    );
  if (rows.length === 0) throw ApiError.notFound('Promotion', code);
  const ids = [...new Set(rows.map((r) => r.promotionId))];
  await tx
    .delete(orderPromotions)
    .where(and(eq(orderPromotions.orderId, order.id), inArray(orderPromotions.promotionId, ids)));
  const result = await plan(tx, order, { autoApply: false, without: ids });
  await write(tx, order.id, result);
}

/**
 * The promotions an order could use now, each with the Amount it would give on its own (CanCombine is not
 * considered): active, started, unexpired, assigned, within its redemption limits, EligibleExpression true.
 */
export async function eligiblePromotions(tx: Db, order: OrderRow): Promise<Map<string, Money>> {
  const now = new Date();
  const candidates = await loadCandidates(tx, order, usable(order, now), ELIGIBLE_CANDIDATES);
  const eligible = new Map<string, Money>();
  if (candidates.length === 0) return eligible;
  const ctx = await orderContext(tx, order, candidates);
  for (const candidate of candidates) {
    const verdict = judge(candidate, ctx, now);
    if (!verdict.ok) continue;
    const lineLeft = new Map(ctx.items.map((i) => [i.id, money(i.lineSubtotal) ?? ZERO]));
    let total = ZERO;
    for (const a of verdict.allocations) {
      const cap = a.lineItemId === '' ? ctx.subtotal : (lineLeft.get(a.lineItemId) ?? ZERO);
      total += a.amount > cap ? cap : a.amount;
    }
    eligible.set(candidate.promotion.id, total > ctx.subtotal ? ctx.subtotal : total);
  }
  return eligible;
}

/**
 * Counts a submitted order's promotions as redeemed (in the submit's transaction): one redemption per
 * promotion. Refuses with `Promotion.ExceedsUsageLimit` when a concurrent submit took the last redemption
 * (the update waits on the promotion's row, so limits hold under concurrency) or the sender's limit.
 */
export async function redeemPromotions(tx: Db, orderId: string): Promise<void> {
  const applied = await tx
    .selectDistinct({ id: orderPromotions.promotionId })
    .from(orderPromotions)
    .where(eq(orderPromotions.orderId, orderId))
    .orderBy(asc(orderPromotions.promotionId));
  if (applied.length === 0) return;
  const order = await orderRow(tx, orderId);
  if (!order) return;
  for (const { id } of applied) {
    const [row] = await tx
      .update(promotions)
      .set({ redemptionCount: sql`${promotions.redemptionCount} + 1` })
      .where(
        and(
          eq(promotions.id, id),
          sql`(${promotions.redemptionLimit} is null or ${promotions.redemptionCount} < ${promotions.redemptionLimit})`,
        ),
      )
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ code: promotions.code })
        .from(promotions)
        .where(eq(promotions.id, id));
      if (!exists) continue;
      throw ApiError.of(
        400,
        'Promotion.ExceedsUsageLimit',
        `Promotion ${exists.code} has reached its redemption limit; remove it to submit order ${orderId}.`,
        { ObjectType: 'Promotion', ObjectID: id, Code: exists.code },
      );
    }
    if (row.redemptionLimitPerUser !== null) {
      const [used] = await queryRows<{ n: number }>(tx, sql`select ${usedBySender(order, sql`${id}`)} as n`);
      if (Number(used?.n ?? 0) >= row.redemptionLimitPerUser) {
        throw ApiError.of(
          400,
          'Promotion.ExceedsUsageLimit',
          `Promotion ${row.code} may be used on ${row.redemptionLimitPerUser} orders per user; remove it to submit order ${orderId}.`,
          { ObjectType: 'Promotion', ObjectID: id, Code: row.code },
        );
      }
    }
  }
}

/** Gives back the redemptions of a submitted order that is canceled or declined. */
export async function releasePromotions(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(promotions)
    .set({ redemptionCount: sql`greatest(${promotions.redemptionCount} - 1, 0)` })
    .where(
      inArray(
        promotions.id,
        tx
          .selectDistinct({ id: orderPromotions.promotionId })
          .from(orderPromotions)
          .where(eq(orderPromotions.orderId, orderId)),
      ),
    );
}
