import type { Db } from '@catalogue/db';
import { inventoryRecords, variants } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { listInventoryRecords, recordsForBuyer } from '../catalog/inventory-records';
import { variantKey, variantResource } from '../catalog/variants';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { buyerPrincipal } from './me-catalogs';
import { visibleProduct } from './me-products';

/**
 * /v1/me/products/{productID}/variants[/{variantID}] (the active variants of a product the user sees) and
 * the inventory records of such a product or variant that are open to all buyers or assigned to the user's
 * company or one of their groups.
 */
export function mountMeVariants(app: Hono<CommerceEnv>, db: Db): void {
  const activeVariant = async (productId: string, variantId: string) => {
    const [row] = await db
      .select()
      .from(variants)
      .where(and(variantKey(productId, variantId), eq(variants.active, true)))
      .limit(1);
    if (!row) throw ApiError.notFound('Variant', variantId);
    return row as Record<string, unknown>;
  };

  app.get('/v1/me/products/:productID/variants', async (c) => {
    const principal = buyerPrincipal(c);
    const productId = c.req.param('productID');
    await visibleProduct(db, principal, productId);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      variants,
      variantResource.list,
      params,
      and(eq(variants.productId, productId), eq(variants.active, true)),
    );
    return c.json({ Items: await variantResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  app.get('/v1/me/products/:productID/variants/:variantID', async (c) => {
    const principal = buyerPrincipal(c);
    const productId = c.req.param('productID');
    await visibleProduct(db, principal, productId);
    return c.json(
      await variantResource.wireOne(db, await activeVariant(productId, c.req.param('variantID'))),
    );
  });

  app.get('/v1/me/products/:productID/inventoryrecords', async (c) => {
    const principal = buyerPrincipal(c);
    const productId = c.req.param('productID');
    await visibleProduct(db, principal, productId);
    const scope = and(
      eq(inventoryRecords.productId, productId),
      eq(inventoryRecords.variantId, ''),
      recordsForBuyer(principal),
    );
    return c.json(await listInventoryRecords(db, c, scope));
  });

  app.get('/v1/me/products/:productID/variants/:variantID/inventoryrecords', async (c) => {
    const principal = buyerPrincipal(c);
    const productId = c.req.param('productID');
    const variantId = c.req.param('variantID');
    await visibleProduct(db, principal, productId);
    await activeVariant(productId, variantId);
    const scope = and(
      eq(inventoryRecords.productId, productId),
      eq(inventoryRecords.variantId, variantId),
      recordsForBuyer(principal),
    );
    return c.json(await listInventoryRecords(db, c, scope));
  });
}
