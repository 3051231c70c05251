import type { Db } from '@catalogue/db';
import { priceSchedules, productSuppliers, products, suppliers } from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { supplierResource } from '../identity/suppliers';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';

type C = Context<CommerceEnv>;

const roles = rolesFor('ProductAdmin', 'ProductReader');

/** A query parameter whatever its case (the SDK sends `defaultPriceScheduleID`). */
function queryParam(c: C, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of new URL(c.req.url).searchParams) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * /v1/products/{productID}/suppliers: the suppliers that sell a product (ProductSupplier: the supplier
 * plus the product's DefaultPriceScheduleID for it). Marketplace users only, like products.
 */
export function mountProductSuppliers(app: Hono<CommerceEnv>, db: Db): void {
  const routeProduct = async (c: C, access: 'read' | 'write'): Promise<string> => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, roles[access]);
    assertSeller(principal, 'manage products');
    const productId = c.req.param('productID') ?? '';
    if ((await db.$count(products, eq(products.id, productId))) === 0)
      throw ApiError.notFound('Product', productId);
    return productId;
  };

  app.get('/v1/products/:productID/suppliers', async (c) => {
    const productId = await routeProduct(c, 'read');
    const params = parseListParams(new URL(c.req.url).searchParams);
    const links = db
      .select({ id: productSuppliers.supplierId })
      .from(productSuppliers)
      .where(eq(productSuppliers.productId, productId));
    const page = await runList(db, suppliers, supplierResource.list, params, inArray(suppliers.id, links));
    const ids = page.Items.map((s) => s.id);
    const schedules =
      ids.length > 0
        ? await db
            .select({ id: productSuppliers.supplierId, schedule: productSuppliers.defaultPriceScheduleId })
            .from(productSuppliers)
            .where(and(eq(productSuppliers.productId, productId), inArray(productSuppliers.supplierId, ids)))
        : [];
    const scheduleOf = new Map(schedules.map((s) => [s.id, s.schedule]));
    const wire = await supplierResource.wireAll(db, page.Items);
    return c.json({
      Items: wire.map((s) => ({ ...s, DefaultPriceScheduleID: scheduleOf.get(String(s.ID)) ?? null })),
      Meta: page.Meta,
    });
  });

  app.put('/v1/products/:productID/suppliers/:supplierID', async (c) => {
    const productId = await routeProduct(c, 'write');
    const supplierId = c.req.param('supplierID');
    if ((await db.$count(suppliers, eq(suppliers.id, supplierId))) === 0)
      throw ApiError.notFound('Supplier', supplierId);
    const scheduleId = queryParam(c, 'defaultPriceScheduleID') || null;
    if (scheduleId && (await db.$count(priceSchedules, eq(priceSchedules.id, scheduleId))) === 0)
      throw ApiError.notFound('PriceSchedule', scheduleId);
    await db
      .insert(productSuppliers)
      .values({ productId, supplierId, defaultPriceScheduleId: scheduleId })
      .onConflictDoUpdate({
        target: [productSuppliers.productId, productSuppliers.supplierId],
        set: { defaultPriceScheduleId: scheduleId },
      });
    return c.body(null, 204);
  });

  app.delete('/v1/products/:productID/suppliers/:supplierID', async (c) => {
    const productId = await routeProduct(c, 'write');
    const supplierId = c.req.param('supplierID');
    const deleted = await db
      .delete(productSuppliers)
      .where(and(eq(productSuppliers.productId, productId), eq(productSuppliers.supplierId, supplierId)))
      .returning();
    if (deleted.length === 0) throw ApiError.notFound('ProductSupplier', supplierId);
    return c.body(null, 204);
  });
}
