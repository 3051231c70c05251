import { type Db, queryRows } from '@catalogue/db';
import { priceBreaks, priceSchedules, type products, variants } from '@catalogue/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { effectivePriceScheduleIds } from '../catalog/visibility';
import { ApiError } from '../http/api-error';
import { memoized } from '../http/read-cache';
import { visibleProduct } from '../me/me-products';
import { divide, type Money, money, percentOf, roundCents, ZERO } from './money';

/** A spec choice as a line item carries it (`LineItemSpec`). */
export interface SpecChoice {
  SpecID: string;
  OptionID?: string | null;
  Value?: string | null;
}

export interface ResolvedSpec {
  SpecID: string;
  Name: string;
  OptionID: string | null;
  Value: string | null;
  PriceMarkupType: string;
  PriceMarkup: number | null;
}

/** What pricing a line item decides: the price, the variant, the product snapshot. */
export interface PricedLine {
  productId: string;
  variantId: string | null;
  priceScheduleId: string;
  currency: string;
  /** Per unit, four decimals, markups included. */
  unitPrice: Money;
  isOnSale: boolean;
  specs: ResolvedSpec[];
  product: Record<string, unknown>;
  variant: Record<string, unknown> | null;
  quantityMultiplier: number;
  inventory: { tracked: boolean; available: number | null; canExceed: boolean };
}

/**
 * The principal an order is priced for: its sender (a buyer user, or an anonymous shopper's template user),
 * whoever makes the change (a shopper, or a seller administrator editing the order).
 */
export function senderPrincipal(order: {
  fromCompanyType: string;
  fromCompanyId: string;
  fromUserId: string;
  anonymousKey: string | null;
}): Principal {
  return {
    userId: order.fromUserId,
    username: order.fromUserId,
    userType: order.fromCompanyType === 'seller' ? 'admin' : (order.fromCompanyType as 'buyer' | 'supplier'),
    companyType: order.fromCompanyType as Principal['companyType'],
    companyId: order.fromCompanyId,
    clientId: '',
    roles: [],
    anonymous: order.anonymousKey !== null,
    anonymousOrderId: order.anonymousKey,
    impersonatedBy: null,
    expiresAt: 0,
    tokenVersion: 0,
    sessionId: null,
  };
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

type Priced = Omit<PricedLine, 'unitPrice'> & {
  basePrices: PriceBreakRow[];
  schedule: ScheduleRow;
  markups: Markups;
};

/**
 * Prices one product for an order's sender: the product must be active and visible to them; the price
 * schedule is theirs (assignment before default, OrderCloud's precedence); spec choices are checked against
 * the product's specs (required ones filled from defaults) and add their markups; a complete choice of
 * variant-defining options selects the variant.
 *
 * What the catalogue decides is remembered per committed catalogue and identity generation (the read
 * cache, during a request), so a line item costs its order's transaction no catalogue queries once the
 * product has been priced for the sender; only the sale window is judged at each call. Stock figures are
 * therefore those of the last commit: what counts is the stock taken at submit, under row locks.
 * Callers price before their transaction changes any catalogue table (see `memoized`).
 */
export async function priceProduct(
  tx: Db,
  sender: Principal,
  productId: string,
  choices: SpecChoice[],
): Promise<Priced> {
  const key = [
    'price',
    sender.companyType,
    sender.companyId,
    sender.userId,
    productId,
    JSON.stringify(choices.map((c) => [c.SpecID, c.OptionID ?? null, c.Value ?? null])),
  ].join('\u0000');
  const loaded = await memoized(
    ['catalogue', 'identity'],
    key,
    () => loadPricing(tx, sender, productId, choices),
    tx,
  );
  const now = Date.now();
  const { schedule } = loaded;
  const onSale =
    schedule.saleStart !== null &&
    schedule.saleStart.getTime() <= now &&
    (schedule.saleEnd === null || now < schedule.saleEnd.getTime());
  return { ...loaded, isOnSale: onSale && loaded.basePrices.some((b) => b.salePrice !== null) };
}

async function loadPricing(
  tx: Db,
  sender: Principal,
  productId: string,
  choices: SpecChoice[],
): Promise<Omit<Priced, 'isOnSale'>> {
  const row = (await visibleProduct(tx, sender, productId)) as typeof products.$inferSelect;
  const [effective] = await queryRows<{ price_schedule_id: string | null }>(
    tx,
    effectivePriceScheduleIds(sender, [productId]),
  );
  const scheduleId = effective?.price_schedule_id ?? null;
  if (!scheduleId) {
    throw ApiError.of(
      400,
      'Product.NotPurchasable',
      `Product ${productId} has no price schedule for this buyer: it can be seen but not bought.`,
      { ObjectType: 'Product', ObjectID: productId },
    );
  }
  const [schedule] = await tx.select().from(priceSchedules).where(eq(priceSchedules.id, scheduleId)).limit(1);
  if (!schedule) throw ApiError.notFound('PriceSchedule', scheduleId);
  const breaks = await tx
    .select()
    .from(priceBreaks)
    .where(eq(priceBreaks.priceScheduleId, scheduleId))
    .orderBy(asc(priceBreaks.quantity));

  const specs = await resolveSpecs(tx, productId, choices);
  const variant = await variantOf(tx, productId, specs.resolved);
  const variantTracked = row.inventoryVariantLevelTracking && variant !== null;
  return {
    productId,
    variantId: variant ? (variant.id as string) : null,
    priceScheduleId: scheduleId,
    currency: schedule.currency,
    specs: specs.resolved,
    product: {
      ID: row.id,
      Name: row.name,
      Description: row.description,
      Returnable: row.returnable,
      QuantityMultiplier: row.quantityMultiplier,
      ShipWeight: num(row.shipWeight),
      ShipHeight: num(row.shipHeight),
      ShipWidth: num(row.shipWidth),
      ShipLength: num(row.shipLength),
      DefaultSupplierID: row.defaultSupplierId,
      ParentID: null,
      xp: row.xp,
    },
    variant: variant
      ? {
          ID: variant.id,
          Name: variant.name,
          Description: variant.description,
          ShipWeight: num(variant.shipWeight),
          ShipHeight: num(variant.shipHeight),
          ShipWidth: num(variant.shipWidth),
          ShipLength: num(variant.shipLength),
          xp: variant.xp,
        }
      : null,
    quantityMultiplier: row.quantityMultiplier,
    inventory: {
      tracked: row.inventoryEnabled,
      available: variantTracked
        ? (variant?.inventoryQuantityAvailable ?? 0)
        : row.inventoryEnabled
          ? (row.inventoryQuantityAvailable ?? 0)
          : null,
      canExceed: row.inventoryOrderCanExceed,
    },
    basePrices: breaks,
    schedule,
    markups: specs.markups,
  };
}

type PriceBreakRow = typeof priceBreaks.$inferSelect;
type ScheduleRow = typeof priceSchedules.$inferSelect;
interface Markups {
  perQuantity: Money;
  percent: Money;
  total: Money;
}

/**
 * The unit price for `quantity` (the quantity that selects the price break: the line's own, or the order's
 * total of the product when the schedule uses cumulative quantities): the largest break at or under it,
 * its sale price during the sale, plus spec markups (per unit, percentage of the base price, and a total
 * markup spread over the units). Quantity limits of the schedule are enforced here.
 */
export function unitPriceFor(
  priced: { basePrices: PriceBreakRow[]; schedule: ScheduleRow; markups: Markups; isOnSale: boolean },
  lineQuantity: number,
  breakQuantity: number,
): Money {
  const { schedule, basePrices, markups } = priced;
  if (lineQuantity < schedule.minQuantity) {
    throw ApiError.of(
      400,
      'PriceSchedule.BelowMinQuantity',
      `Quantity ${lineQuantity} is below the minimum of ${schedule.minQuantity}.`,
      { Property: 'Quantity', MinQuantity: schedule.minQuantity },
    );
  }
  if (schedule.maxQuantity !== null && lineQuantity > schedule.maxQuantity) {
    throw ApiError.of(
      400,
      'PriceSchedule.CannotExceedMax',
      `Quantity ${lineQuantity} exceeds the maximum of ${schedule.maxQuantity}.`,
      { Property: 'Quantity', MaxQuantity: schedule.maxQuantity },
    );
  }
  if (schedule.restrictedQuantity && !basePrices.some((b) => b.quantity === lineQuantity)) {
    throw ApiError.of(
      400,
      'PriceSchedule.RestrictedQuantity',
      `Quantity must be one of ${basePrices.map((b) => b.quantity).join(', ')}.`,
      { Property: 'Quantity', AllowedQuantities: basePrices.map((b) => b.quantity) },
    );
  }
  const applicable = [...basePrices].reverse().find((b) => b.quantity <= breakQuantity);
  if (!applicable) {
    throw ApiError.of(
      400,
      'PriceSchedule.BelowMinQuantity',
      `Quantity ${breakQuantity} is below the first price break (${basePrices[0]?.quantity ?? 1}).`,
      { Property: 'Quantity', MinQuantity: basePrices[0]?.quantity ?? 1 },
    );
  }
  const base =
    priced.isOnSale && applicable.salePrice !== null
      ? (money(applicable.salePrice) ?? ZERO)
      : (money(applicable.price) ?? ZERO);
  return (
    base +
    markups.perQuantity +
    percentOf(base, markups.percent) +
    divide(markups.total, BigInt(lineQuantity))
  );
}

/** LineSubtotal: unit price × quantity, in cents. */
export function lineSubtotal(unitPrice: Money, quantity: number): Money {
  return roundCents(unitPrice * BigInt(quantity));
}

type SpecRow = {
  spec_id: string;
  name: string;
  required: boolean;
  allow_open_text: boolean;
  defines_variant: boolean;
  default_value: string | null;
  default_option_id: string | null;
  option_id: string | null;
  option_value: string | null;
  is_open_text: boolean | null;
  price_markup_type: string | null;
  price_markup: string | null;
};

async function resolveSpecs(
  tx: Db,
  productId: string,
  choices: SpecChoice[],
): Promise<{ resolved: ResolvedSpec[]; markups: Markups }> {
  const rows = await queryRows<SpecRow>(
    tx,
    sql`select s.id as spec_id, s.name, s.required, s.allow_open_text, s.defines_variant,
        coalesce(a.default_value, s.default_value) as default_value,
        coalesce(a.default_option_id, s.default_option_id) as default_option_id,
        o.id as option_id, o.value as option_value, o.is_open_text, o.price_markup_type,
        o.price_markup::text as price_markup
      from spec_product_assignments a
      join specs s on s.id = a.spec_id
      left join spec_options o on o.spec_id = s.id
      where a.product_id = ${productId}
      order by s.list_order, s.id, o.list_order, o.id`,
  );
  const specs = new Map<string, { spec: SpecRow; options: SpecRow[] }>();
  for (const r of rows) {
    const entry = specs.get(r.spec_id) ?? { spec: r, options: [] };
    if (r.option_id !== null) entry.options.push(r);
    specs.set(r.spec_id, entry);
  }
  const seen = new Set<string>();
  const resolved: ResolvedSpec[] = [];
  const markups: Markups = { perQuantity: ZERO, percent: ZERO, total: ZERO };
  const bad = (property: string, message: string) =>
    ApiError.of(400, 'LineItem.InvalidSpec', message, { Property: property, ProductID: productId });
  const add = (spec: SpecRow, option: SpecRow | undefined, value: string | null) => {
    const markup = option?.price_markup ? (money(option.price_markup) ?? ZERO) : ZERO;
    const type = option?.price_markup_type ?? 'NoMarkup';
    if (type === 'AmountPerQuantity') markups.perQuantity += markup;
    else if (type === 'Percentage') markups.percent += markup;
    else if (type === 'AmountTotal') markups.total += markup;
    resolved.push({
      SpecID: spec.spec_id,
      Name: spec.name,
      OptionID: option?.option_id ?? null,
      Value: value ?? option?.option_value ?? null,
      PriceMarkupType: type,
      PriceMarkup: option?.price_markup ? Number(option.price_markup) : null,
    });
  };
  choices.forEach((choice, index) => {
    const entry = specs.get(choice.SpecID);
    if (!entry)
      throw bad(`Specs.${index}.SpecID`, `Spec ${choice.SpecID} is not a spec of product ${productId}.`);
    if (seen.has(choice.SpecID)) throw bad(`Specs.${index}.SpecID`, `Spec ${choice.SpecID} is given twice.`);
    seen.add(choice.SpecID);
    const option = choice.OptionID ? entry.options.find((o) => o.option_id === choice.OptionID) : undefined;
    if (choice.OptionID && !option) {
      throw bad(
        `Specs.${index}.OptionID`,
        `Option ${choice.OptionID} is not an option of spec ${choice.SpecID}.`,
      );
    }
    const text = choice.Value?.trim() ? choice.Value : null;
    if (!option && text === null) {
      throw bad(`Specs.${index}`, `Spec ${choice.SpecID} needs an OptionID or a Value.`);
    }
    if (!option && !entry.spec.allow_open_text) {
      throw bad(`Specs.${index}.Value`, `Spec ${choice.SpecID} does not take open text: choose an option.`);
    }
    if (option && text !== null && text !== option.option_value && !option.is_open_text) {
      throw bad(
        `Specs.${index}.Value`,
        `Option ${option.option_id} of spec ${choice.SpecID} does not take open text.`,
      );
    }
    add(entry.spec, option, text);
  });
  for (const { spec, options } of specs.values()) {
    if (seen.has(spec.spec_id)) continue;
    const option = spec.default_option_id
      ? options.find((o) => o.option_id === spec.default_option_id)
      : undefined;
    if (option || spec.default_value) {
      add(spec, option, option ? null : spec.default_value);
    } else if (spec.required || spec.defines_variant) {
      throw ApiError.of(400, 'LineItem.SpecRequired', `Spec ${spec.spec_id} (${spec.name}) is required.`, {
        Property: 'Specs',
        SpecID: spec.spec_id,
      });
    }
  }
  return { resolved, markups };
}

/** The variant the chosen variant-defining options select, when the product has variants. */
async function variantOf(tx: Db, productId: string, specs: ResolvedSpec[]) {
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from variants where product_id = ${productId}`,
  );
  if (!count || count.n === 0) return null;
  const defining = await queryRows<{ id: string }>(
    tx,
    sql`select s.id from spec_product_assignments a join specs s on s.id = a.spec_id and s.defines_variant
        where a.product_id = ${productId} order by s.list_order, s.id`,
  );
  const key = defining
    .map((d) => `${d.id}:${specs.find((s) => s.SpecID === d.id)?.OptionID ?? ''}`)
    .join('|');
  const [variant] = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.productId, productId), eq(variants.combination, key)))
    .limit(1);
  if (!variant) {
    throw ApiError.of(
      400,
      'LineItem.VariantNotFound',
      `No variant of product ${productId} has these options.`,
      {
        Property: 'Specs',
        ProductID: productId,
      },
    );
  }
  if (!variant.active) {
    throw ApiError.of(
      400,
      'LineItem.VariantInactive',
      `Variant ${variant.id} of product ${productId} is not active.`,
      {
        Property: 'Specs',
        VariantID: variant.id,
      },
    );
  }
  return variant;
}
