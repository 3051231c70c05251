import { type Db, queryRows } from '@catalogue/db';
import { products, specProductAssignments, specs } from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { categoriesWithin, parseDepth } from '../catalog/categories';
import type { ListingIndex } from '../catalog/listing-index/listing-index';
import { listProducts } from '../catalog/product-listing';
import { productResource } from '../catalog/products';
import { specResource } from '../catalog/specs';
import { visibleProductIds } from '../catalog/visibility';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { listMeta, runList } from '../list/run';
import { buyerProductJson, buyerProductPage } from './buyer-products';
import { buyerPrincipal, requestCatalog } from './me-catalogs';

const JSON_TYPE = { 'content-type': 'application/json' };

/** Product `id`, if it is active and this buyer user may see it. */
function visibleProductWhere(principal: Principal, id: string): SQL {
  return sql`${and(eq(products.id, id), eq(products.active, true), inArray(products.id, visibleProductIds(principal)))}`;
}

/**
 * The product row, if it is active and this buyer user may see it; NotFound otherwise. Every /me route
 * about one product (specs, variants, inventory records, sellers, collection entries) starts here.
 */
export async function visibleProduct(
  db: Db,
  principal: Principal,
  id: string,
): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(products).where(visibleProductWhere(principal, id)).limit(1);
  if (!row) throw ApiError.notFound('Product', id);
  return row as Record<string, unknown>;
}

/**
 * The buyer's product list, which reads whether the token still counts with its context (one round trip
 * less when that is not cached: `auth/middleware.ts`).
 */
export const ME_PRODUCTS = '/v1/me/products';

/** Whether a request is the buyer's product list, for `authenticate` (any base path). */
export const foldsTokenCheck = (method: string, path: string): boolean =>
  method === 'GET' && path.endsWith(ME_PRODUCTS);

/** /v1/me/products: what the buyer user may see, each with the price schedule they pay. */
export function mountMeProducts(app: Hono<CommerceEnv>, db: Db, index?: ListingIndex): void {
  const resource = productResource();
  index?.warm();

  app.get(ME_PRODUCTS, async (c) => {
    const principal = buyerPrincipal(c);
    const tokenCheck = c.get('tokenCheck');
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
        ...(categoryId ? { category: { catalogId: catalogId ?? '', id: categoryId, depth, below } } : {}),
      },
      {
        renderPage: buyerProductPage(principal),
        ...(index ? { index } : {}),
        ...(tokenCheck ? { tokenCheck } : {}),
      },
    );
    const meta = {
      ...listMeta(params.page, params.pageSize, answer.total, answer.ids.length),
      Facets: answer.facets,
    };
    // The page's products come as JSON text from the list's statement: joined, not re-serialised.
    return c.body(`{"Items":${answer.page ?? '[]'},"Meta":${JSON.stringify(meta)}}`, 200, JSON_TYPE);
  });

  app.get('/v1/me/products/:id', async (c) => {
    const principal = buyerPrincipal(c);
    const id = c.req.param('id');
    const product = await buyerProductJson(db, principal, id);
    if (product === null) throw ApiError.notFound('Product', id);
    return c.body(product, 200, JSON_TYPE);
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
