import type { Db } from '@catalogue/db';
import {
  catalogProductAssignments,
  categoryProductAssignments,
  priceSchedules,
  products,
  suppliers,
} from '@catalogue/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { ordersFollowProduct } from '../resources/order-renames';
import { mountProductAssignments } from './product-assignments';
import {
  productExtras,
  productExtrasWire,
  productInventorySchema,
  withProductCounts,
} from './product-inventory';

const dimension = z
  .number({ error: 'must be a number' })
  .finite()
  .min(0, 'must not be negative')
  .max(1e8)
  .nullish();
const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * /v1/products: the catalogue's products (SKUs); their attributes live in xp. Deleting a product removes
 * its catalog, category and buyer assignments (foreign keys cascade).
 */
export function productResource(): Resource {
  return new Resource({
    objectType: 'Product',
    renamed: (tx, before, after) => ordersFollowProduct(tx, String(before.id), String(after.id)),
    table: products,
    id: products.id,
    columns: {
      OwnerID: products.ownerId,
      DefaultPriceScheduleID: products.defaultPriceScheduleId,
      ID: products.id,
      Name: products.name,
      Description: products.description,
      QuantityMultiplier: products.quantityMultiplier,
      ShipWeight: products.shipWeight,
      ShipHeight: products.shipHeight,
      ShipWidth: products.shipWidth,
      ShipLength: products.shipLength,
      Active: products.active,
      DefaultSupplierID: products.defaultSupplierId,
      Returnable: products.returnable,
      AutoForward: products.autoForward,
      AllSuppliersCanSell: products.allSuppliersCanSell,
      ShipFromAddressID: products.shipFromAddressId,
      DateCreated: products.dateCreated,
      xp: products.xp,
    },
    body: z.object({
      ID: idSchema.optional(),
      DefaultPriceScheduleID: idSchema.nullish(),
      Name: z.string().trim().min(1, 'must not be empty').max(200),
      Description: z.string().max(4000).nullish(),
      QuantityMultiplier: z.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
      ShipWeight: dimension,
      ShipHeight: dimension,
      ShipWidth: dimension,
      ShipLength: dimension,
      Active: z.boolean().optional(),
      DefaultSupplierID: idSchema.nullish(),
      Returnable: z.boolean().optional(),
      AutoForward: z.boolean().optional(),
      AllSuppliersCanSell: z.boolean().optional(),
      ShipFromAddressID: idSchema.nullish(),
      Inventory: productInventorySchema.nullish(),
      xp: xpSchema.optional(),
    }),
    searchOn: ['ID', 'Name', 'Description'],
    xpLowerIndexed: true,
    roles: rolesFor('ProductAdmin', 'ProductReader'),
    prepare: async (v, context) => {
      const reader = context.db;
      const scheduleId = v.DefaultPriceScheduleID;
      if (
        typeof scheduleId === 'string' &&
        (await reader.$count(priceSchedules, eq(priceSchedules.id, scheduleId))) === 0
      ) {
        throw ApiError.notFound('PriceSchedule', scheduleId);
      }
      const supplierId = v.DefaultSupplierID;
      if (
        typeof supplierId === 'string' &&
        (await reader.$count(suppliers, eq(suppliers.id, supplierId))) === 0
      ) {
        throw ApiError.notFound('Supplier', supplierId);
      }
      const out: Record<string, unknown> = { ...v, lastUpdated: new Date() };
      // Inventory is stored flat (inventory_* columns); ShipFromAddressID must be a known address.
      Object.assign(out, await productExtras(v, context));
      delete out.Inventory;
      for (const key of ['ShipWeight', 'ShipHeight', 'ShipWidth', 'ShipLength']) {
        if (typeof v[key] === 'number') out[key] = String(v[key]);
      }
      return out;
    },
    enrich: withProductCounts,
    extend: (row) => ({
      ...productExtrasWire(row),
      ShipWeight: asNumber(row.shipWeight),
      ShipHeight: asNumber(row.shipHeight),
      ShipWidth: asNumber(row.shipWidth),
      ShipLength: asNumber(row.shipLength),
    }),
  });
}

export function mountProducts(app: Hono<CommerceEnv>, db: Db): void {
  mountProductAssignments(app, db);
  mountCrud(app, db, '/v1/products', productResource(), {
    scope: (c) => {
      assertSeller(c.get('principal'), 'manage products');
      return { where: undefined, values: {} };
    },
    listParams: { names: ['catalogID', 'categoryID'], where: assignedTo },
  });
}

/**
 * OrderCloud's `catalogID` and `categoryID` on the seller's product list: the products assigned to the
 * catalog, or to the category (of that catalog, when both are given).
 */
function assignedTo(values: ReadonlyMap<string, string>): SQL | undefined {
  const catalogId = values.get('catalogID');
  const categoryId = values.get('categoryID');
  for (const [name, value] of values) {
    if (!idSchema.safeParse(value).success) {
      throw ApiError.invalidRequest(`${name} must be an ID (letters, digits, - _ and .).`, { [name]: value });
    }
  }
  if (categoryId) {
    return sql`exists (select 1 from ${categoryProductAssignments} cpa
      where cpa.product_id = ${products.id} and cpa.category_id = ${categoryId}
      ${catalogId ? sql`and cpa.catalog_id = ${catalogId}` : sql``})`;
  }
  if (catalogId) {
    return sql`exists (select 1 from ${catalogProductAssignments} cpa
      where cpa.product_id = ${products.id} and cpa.catalog_id = ${catalogId})`;
  }
  return undefined;
}
