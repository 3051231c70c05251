import type { Db } from '@catalogue/db';
import { queryRows } from '@catalogue/db';
import { addresses, products } from '@catalogue/db/schema';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import type { WriteContext } from '../resources/resource';

const quantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(-1_000_000_000)
  .max(1_000_000_000);

/** Product.Inventory as a body accepts it (LastUpdated is read-only). */
export const productInventorySchema = z.object({
  Enabled: z.boolean().optional(),
  NotificationPoint: quantity.nullish(),
  VariantLevelTracking: z.boolean().optional(),
  OrderCanExceed: z.boolean().optional(),
  QuantityAvailable: quantity.nullish(),
});

/** Variant.Inventory as a body accepts it. */
export const variantInventorySchema = z.object({
  QuantityAvailable: quantity.nullish(),
  NotificationPoint: quantity.nullish(),
});

/** Wire property of Product.Inventory → the products column key and its default. */
const PRODUCT_INVENTORY: Record<string, [string, unknown]> = {
  Enabled: ['inventoryEnabled', false],
  NotificationPoint: ['inventoryNotificationPoint', null],
  VariantLevelTracking: ['inventoryVariantLevelTracking', false],
  OrderCanExceed: ['inventoryOrderCanExceed', false],
  QuantityAvailable: ['inventoryQuantityAvailable', null],
};

const VARIANT_INVENTORY: Record<string, [string, unknown]> = {
  QuantityAvailable: ['inventoryQuantityAvailable', null],
  NotificationPoint: ['inventoryNotificationPoint', null],
};

/**
 * Column values of a nested Inventory object. A PATCH sets only the properties it names (a nested merge);
 * POST and PUT set all of them, omitted ones (or a whole omitted Inventory) to their defaults. LastUpdated
 * moves whenever an Inventory is written.
 */
export function inventoryColumns(
  inventory: Record<string, unknown> | null | undefined,
  operation: WriteContext['operation'],
  level: 'product' | 'variant',
): Record<string, unknown> {
  const map = level === 'product' ? PRODUCT_INVENTORY : VARIANT_INVENTORY;
  // PATCH (or a write that does not say what it is) merges; POST and PUT replace.
  const merge = operation !== 'create' && operation !== 'replace';
  if (merge && inventory === undefined) return {};
  const out: Record<string, unknown> = {};
  for (const [wire, [key, fallback]] of Object.entries(map)) {
    const given = inventory?.[wire];
    if (!merge || !inventory || given !== undefined) out[key] = given ?? fallback;
  }
  out.inventoryLastUpdated = inventory ? new Date() : null;
  return out;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Product.Inventory on the wire, from a products row. */
export function productInventoryWire(row: Record<string, unknown>) {
  return {
    Enabled: row.inventoryEnabled ?? false,
    NotificationPoint: row.inventoryNotificationPoint ?? null,
    VariantLevelTracking: row.inventoryVariantLevelTracking ?? false,
    OrderCanExceed: row.inventoryOrderCanExceed ?? false,
    QuantityAvailable: row.inventoryQuantityAvailable ?? null,
    LastUpdated: iso(row.inventoryLastUpdated),
  };
}

/** Variant.Inventory on the wire, from a variants row. */
export function variantInventoryWire(row: Record<string, unknown>) {
  return {
    QuantityAvailable: row.inventoryQuantityAvailable ?? null,
    NotificationPoint: row.inventoryNotificationPoint ?? null,
    LastUpdated: iso(row.inventoryLastUpdated),
  };
}

/**
 * Which addresses may stand for a product's or inventory record's location: the marketplace's own
 * (seller) addresses, and those of the supplier that owns it.
 */
export function ownerAddress(addressId: string, supplierId: string | null | undefined): SQL {
  return and(
    eq(addresses.id, addressId),
    eq(addresses.ownerUserId, ''),
    or(
      and(eq(addresses.companyType, 'seller'), eq(addresses.companyId, '')),
      supplierId
        ? and(eq(addresses.companyType, 'supplier'), eq(addresses.companyId, supplierId))
        : undefined,
    ),
  ) as SQL;
}

/**
 * The columns behind Product.Inventory, AutoForward, AllSuppliersCanSell and ShipFromAddressID of a
 * product write: the nested Inventory flattened (merged on PATCH), and a ship-from address checked to be
 * the marketplace's or the product's supplier's.
 */
export async function productExtras(
  values: Record<string, unknown>,
  context: WriteContext,
): Promise<Record<string, unknown>> {
  const out = inventoryColumns(
    values.Inventory as Record<string, unknown> | null | undefined,
    context.operation,
    'product',
  );
  const addressId = values.ShipFromAddressID;
  if (typeof addressId === 'string') {
    let supplierId = values.DefaultSupplierID as string | null | undefined;
    if (supplierId === undefined && context.routeId) {
      const [existing] = await context.db
        .select({ supplier: products.defaultSupplierId })
        .from(products)
        .where(eq(products.id, context.routeId));
      supplierId = existing?.supplier;
    }
    if ((await context.db.$count(addresses, ownerAddress(addressId, supplierId))) === 0) {
      throw ApiError.notFound('Address', addressId);
    }
  }
  return out;
}

/** SpecCount and VariantCount of the product row `p`, as two scalar expressions (index lookups). */
export function productCountColumns(p: SQL): { specCount: SQL<number>; variantCount: SQL<number> } {
  return {
    specCount: sql<number>`(select count(*)::int from spec_product_assignments s where s.product_id = ${p}.id)`,
    variantCount: sql<number>`(select count(*)::int from variants v where v.product_id = ${p}.id)`,
  };
}

/** SpecCount and VariantCount of some products, as a subquery of (product_id, spec_count, variant_count). */
export function productCounts(productIds: string[]): SQL {
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const counts = productCountColumns(sql`p`);
  return sql`select p.id as product_id, ${counts.specCount} as spec_count, ${counts.variantCount} as variant_count
    from products p where p.id in (${ids})`;
}

/** Adds specCount and variantCount to product rows in one query (skipped when they are already there). */
export async function withProductCounts(
  db: Db,
  rows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const missing = rows.filter((r) => r.specCount === undefined);
  if (missing.length === 0) return rows;
  const counts = await queryRows<{ product_id: string; spec_count: number; variant_count: number }>(
    db,
    productCounts(missing.map((r) => String(r.id))),
  );
  const byId = new Map(counts.map((c) => [c.product_id, c]));
  return rows.map((r) =>
    r.specCount !== undefined
      ? r
      : {
          ...r,
          specCount: byId.get(String(r.id))?.spec_count ?? 0,
          variantCount: byId.get(String(r.id))?.variant_count ?? 0,
        },
  );
}

/** The Product properties computed from a row (with its counts) besides the columns. */
export function productExtrasWire(row: Record<string, unknown>) {
  return {
    ParentID: null,
    IsParent: false,
    IsBundle: false,
    SpecCount: Number(row.specCount ?? 0),
    VariantCount: Number(row.variantCount ?? 0),
    Inventory: productInventoryWire(row),
  };
}
