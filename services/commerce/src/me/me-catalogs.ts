import type { Db } from '@catalogue/db';
import { buyers, catalogs, categories, categoryProductAssignments } from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { catalogResource } from '../catalog/catalogs';
import { categoriesWithin, categoryResource, parseDepth } from '../catalog/categories';
import { visibleCatalogIds, visibleCategoryKeys } from '../catalog/visibility';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';

type C = Context<CommerceEnv>;

export function buyerPrincipal(c: C): Principal {
  const principal = c.get('principal');
  requireAnyRole(principal.roles, ['Shopper', 'MeAdmin', 'CatalogReader', 'CategoryReader', 'ProductReader']);
  if (principal.companyType !== 'buyer') {
    throw wrongUserType(principal.userType, ['buyer'], 'Only buyer users have a catalogue of their own.');
  }
  return principal;
}

/** The catalog a /me request is about: `catalogID`, else the company's default catalog. */
export async function requestCatalog(db: Db, principal: Principal, query: URLSearchParams): Promise<string> {
  const given = query.get('catalogID');
  if (given) return given;
  const [buyer] = await db
    .select({ catalog: buyers.defaultCatalogId })
    .from(buyers)
    .where(eq(buyers.id, principal.companyId));
  if (!buyer?.catalog)
    throw ApiError.invalidRequest('catalogID is required: your company has no default catalog.');
  return buyer.catalog;
}

/** /v1/me/catalogs and /v1/me/categories: what the buyer user may browse. */
export function mountMeCatalogs(app: Hono<CommerceEnv>, db: Db): void {
  const categoriesResource = categoryResource();

  app.get('/v1/me/catalogs', async (c) => {
    const principal = buyerPrincipal(c);
    const params = parseListParams(new URL(c.req.url).searchParams, ['sellerID']);
    const page = await runList(
      db,
      catalogs,
      catalogResource.list,
      params,
      inArray(catalogs.id, visibleCatalogIds(principal)),
    );
    return c.json({ Items: await catalogResource.wireAll(db, page.Items), Meta: page.Meta });
  });
  app.get('/v1/me/catalogs/:id', async (c) => {
    const principal = buyerPrincipal(c);
    const rows = await db
      .select()
      .from(catalogs)
      .where(and(eq(catalogs.id, c.req.param('id')), inArray(catalogs.id, visibleCatalogIds(principal))));
    if (rows.length === 0) throw ApiError.notFound('Catalog', c.req.param('id'));
    return c.json(await catalogResource.wireOne(db, rows[0] as Record<string, unknown>));
  });

  app.get('/v1/me/categories', async (c) => {
    const principal = buyerPrincipal(c);
    const query = new URL(c.req.url).searchParams;
    const catalogId = await requestCatalog(db, principal, query);
    const depth = parseDepth(query.get('depth'));
    const params = parseListParams(query, ['depth', 'catalogID', 'productID']);
    const productId = query.get('productID');
    const scope = and(
      eq(categories.catalogId, catalogId),
      inArray(categories.id, visibleCategoryKeys(principal, catalogId)),
      productId
        ? inArray(
            categories.id,
            db
              .select({ id: categoryProductAssignments.categoryId })
              .from(categoryProductAssignments)
              .where(
                and(
                  eq(categoryProductAssignments.catalogId, catalogId),
                  eq(categoryProductAssignments.productId, productId),
                ),
              ),
          )
        : inArray(categories.id, categoriesWithin(catalogId, depth, null)),
    );
    const page = await runList(db, categories, categoriesResource.list, params, scope);
    return c.json({ Items: await categoriesResource.wireAll(db, page.Items), Meta: page.Meta });
  });
  app.get('/v1/me/categories/:id', async (c) => {
    const principal = buyerPrincipal(c);
    const catalogId = await requestCatalog(db, principal, new URL(c.req.url).searchParams);
    const rows = await db
      .select()
      .from(categories)
      .where(
        and(
          eq(categories.catalogId, catalogId),
          eq(categories.id, c.req.param('id')),
          inArray(categories.id, visibleCategoryKeys(principal, catalogId)),
        ),
      );
    if (rows.length === 0) throw ApiError.notFound('Category', c.req.param('id'));
    return c.json(await categoriesResource.wireOne(db, rows[0] as Record<string, unknown>));
  });
}
