import { type Db, queryRows } from '@catalogue/db';
import { priceSchedules, products, specProductAssignments, specs } from '@catalogue/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { categoriesWithin, parseDepth } from '../catalog/categories';
import { priceScheduleResource } from '../catalog/price-schedules';
import { productCounts } from '../catalog/product-inventory';
import { listProducts } from '../catalog/product-listing';
import { productResource } from '../catalog/products';
import { specResource } from '../catalog/specs';
import { effectivePriceScheduleIds, visibleProductIds } from '../catalog/visibility';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { listMeta, runList } from '../list/run';
import { buyerPrincipal, requestCatalog } from './me-catalogs';

/**
 * The product row, if it is active and this buyer user may see it; NotFound otherwise. Every /me route
 * about one product (specs, variants, inventory records, sellers, collection entries) starts here.
 */
export async function visibleProduct(
  db: Db,
  principal: Principal,
  id: string,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(eq(products.id, id), eq(products.active, true), inArray(products.id, visibleProductIds(principal))),
    )
    .limit(1);
  if (!row) throw ApiError.notFound('Product', id);
  return row as Record<string, unknown>;
}

/** /v1/me/products: what the buyer user may see, each with the price schedule they pay. */
export function mountMeProducts(app: Hono<CommerceEnv>, db: Db): void {
  const resource = productResource();

  /** Product rows → BuyerProducts with their PriceSchedule. */
  const toBuyerProducts = async (principal: Principal, rows: Record<string, unknown>[]) => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => String(r.id));
    // The price schedule and SpecCount/VariantCount of every product on the page, in one query.
    const effective = await queryRows<{
      product_id: string;
      price_schedule_id: string | null;
      spec_count: number;
      variant_count: number;
    }>(
      db,
      sql`select e.product_id, e.price_schedule_id, n.spec_count, n.variant_count
        from (${effectivePriceScheduleIds(principal, ids)}) e
        join (${productCounts(ids)}) n on n.product_id = e.product_id`,
    );
    const counts = new Map(effective.map((e) => [e.product_id, e]));
    const wire = await resource.wireAll(
      db,
      rows.map((r) => ({
        ...r,
        specCount: counts.get(String(r.id))?.spec_count ?? 0,
        variantCount: counts.get(String(r.id))?.variant_count ?? 0,
      })),
    );
    const scheduleIds = [
      ...new Set(effective.map((e) => e.price_schedule_id).filter((id): id is string => !!id)),
    ];
    const schedules =
      scheduleIds.length > 0
        ? await priceScheduleResource.wireAll(
            db,
            (await db.select().from(priceSchedules).where(inArray(priceSchedules.id, scheduleIds))) as Record<
              string,
              unknown
            >[],
          )
        : [];
    const byProduct = new Map(effective.map((e) => [e.product_id, e.price_schedule_id]));
    const byId = new Map(schedules.map((s) => [s.ID, s]));
    return wire.map((p) => ({ ...p, PriceSchedule: byId.get(byProduct.get(String(p.ID)) ?? '') ?? null }));
  };

  app.get('/v1/me/products', async (c) => {
    const principal = buyerPrincipal(c);
    const query = new URL(c.req.url).searchParams;
    const params = parseListParams(query, ['catalogID', 'categoryID', 'depth', 'sellerID']);
    const categoryId = query.get('categoryID');
    // A category belongs to one catalog: with categoryID, the catalog is given or the company's default.
    const catalogId = categoryId
      ? await requestCatalog(db, principal, query)
      : (query.get('catalogID') ?? undefined);
    const depth = parseDepth(query.get('depth') ?? 'all');
    // With a finite depth, the categories down to it, resolved once (all depths: one key on the listing).
    const below =
      categoryId && Number.isFinite(depth)
        ? (
            await queryRows<{ id: string }>(
              db,
              sql`select id from ${categoriesWithin(catalogId ?? '', depth, categoryId)} as below (id)`,
            )
          ).map((r) => r.id)
        : [];
    const answer = await listProducts(
      db,
      resource.list,
      params,
      {
        principal,
        ...(catalogId ? { catalogId } : {}),
        ...(categoryId ? { category: { catalogId: catalogId ?? '', id: categoryId, depth } } : {}),
      },
      below,
    );
    const rows =
      answer.ids.length > 0
        ? ((await db.select().from(products).where(inArray(products.id, answer.ids))) as Record<
            string,
            unknown
          >[])
        : [];
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    const page = answer.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
    return c.json({
      Items: await toBuyerProducts(principal, page),
      Meta: { ...listMeta(params.page, params.pageSize, answer.total, page.length), Facets: answer.facets },
    });
  });

  app.get('/v1/me/products/:id', async (c) => {
    const principal = buyerPrincipal(c);
    const [product] = await toBuyerProducts(principal, [
      await visibleProduct(db, principal, c.req.param('id')),
    ]);
    return c.json(product);
  });

  /** A visible product's specs, with their options. */
  app.get('/v1/me/products/:id/specs', async (c) => {
    const principal = buyerPrincipal(c);
    const id = c.req.param('id');
    await visibleProduct(db, principal, id);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const scope = inArray(
      specs.id,
      db
        .select({ id: specProductAssignments.specId })
        .from(specProductAssignments)
        .where(eq(specProductAssignments.productId, id)),
    );
    const page = await runList(db, specs, specResource.list, params, scope);
    return c.json({ Items: await specResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  /** One spec of a visible product (NotFound when the spec is not the product's). */
  app.get('/v1/me/products/:id/specs/:specID', async (c) => {
    const principal = buyerPrincipal(c);
    const id = c.req.param('id');
    const specId = c.req.param('specID');
    await visibleProduct(db, principal, id);
    const [row] = await db
      .select({ spec: specs })
      .from(specs)
      .innerJoin(
        specProductAssignments,
        and(eq(specProductAssignments.specId, specs.id), eq(specProductAssignments.productId, id)),
      )
      .where(eq(specs.id, specId))
      .limit(1);
    if (!row) throw ApiError.notFound('Spec', specId);
    return c.json(await specResource.wireOne(db, row.spec as Record<string, unknown>));
  });
}
