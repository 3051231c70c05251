import type { Db } from '@catalogue/db';
import {
  bundleAssignments,
  bundleProductAssignments,
  bundles,
  catalogBundleAssignments,
  catalogs,
  categories,
  categoryBundleAssignments,
  products,
} from '@catalogue/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { assertSeller } from '../identity/scopes';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { mountAssignments } from '../resources/assignments';
import { mountBuyerGroupAssignments } from '../resources/buyer-group-assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { ordersFollowBundle } from '../resources/order-renames';

type C = Context<CommerceEnv>;
const roles = rolesFor('BundleAdmin', 'BundleReader');

export const bundleResource = new Resource({
  objectType: 'Bundle',
  table: bundles,
  id: bundles.id,
  renamed: (tx, before, after) => ordersFollowBundle(tx, String(before.id), String(after.id)),
  columns: {
    ID: bundles.id,
    OwnerID: bundles.ownerId,
    Name: bundles.name,
    Description: bundles.description,
    Active: bundles.active,
    xp: bundles.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    Description: z.string().max(2000).nullish(),
    Active: z.boolean().optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name', 'Description'],
  roles,
  // A renamed bundle keeps its buyer, product, catalog and category assignments (ON UPDATE CASCADE).
});

const exists = (db: Db) => ({
  bundle: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(bundles, eq(bundles.id, id))) === 0) throw ApiError.notFound('Bundle', id);
  },
  product: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(products, eq(products.id, id))) === 0) throw ApiError.notFound('Product', id);
  },
  catalog: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(catalogs, eq(catalogs.id, id))) === 0) throw ApiError.notFound('Catalog', id);
  },
});

/**
 * /v1/bundles (products sold together) with their buyer/user-group assignments and product assignments,
 * and the catalog and category bundle assignments under /v1/catalogs. Marketplace users only. Mounted
 * before the catalogs and categories so `/catalogs/bundleassignments` is not taken for a catalog ID.
 */
export function mountBundles(app: Hono<CommerceEnv>, db: Db): void {
  const check = exists(db);
  const seller = (c: C, action: string) => {
    assertSeller(c.get('principal'), action);
    return { where: undefined, values: {} };
  };

  mountBuyerGroupAssignments(app, db, {
    objectType: 'Bundle',
    wire: 'BundleID',
    param: 'bundleID',
    table: bundleAssignments,
    objectColumn: bundleAssignments.bundleId,
    objectKey: 'bundleId',
    buyerColumn: bundleAssignments.buyerId,
    groupColumn: bundleAssignments.userGroupId,
    objectExists: async (d, id) => (await d.$count(bundles, eq(bundles.id, id))) > 0,
    roles: {
      read: ['BundleAssignmentAdmin', 'BundleAdmin', 'BundleReader'],
      write: ['BundleAssignmentAdmin'],
    },
    list: '/v1/bundles/assignments',
    remove: '/v1/bundles/:bundleID/assignments/:buyerID',
    sellerId: true,
  });

  mountAssignments(
    app,
    db,
    '/v1/bundles/productassignments',
    '/v1/bundles/:bundleID/productassignments/:productID',
    {
      table: bundleProductAssignments,
      roles,
      body: z.object({
        BundleID: idSchema,
        ProductID: idSchema,
        Required: z.boolean(),
        DefaultQuantity: z.number().int('must be a whole number').min(1, 'must be at least 1').nullish(),
      }),
      scope: async (c) => seller(c, 'manage bundles'),
      sides: [
        {
          wire: 'ProductID',
          param: 'productID',
          column: bundleProductAssignments.productId,
          key: 'productId',
          mustExist: check.product,
        },
        {
          wire: 'BundleID',
          param: 'bundleID',
          column: bundleProductAssignments.bundleId,
          key: 'bundleId',
          mustExist: check.bundle,
        },
      ],
      values: [
        { wire: 'Required', column: bundleProductAssignments.required, key: 'required' },
        { wire: 'DefaultQuantity', column: bundleProductAssignments.defaultQuantity, key: 'defaultQuantity' },
      ],
    },
  );

  mountAssignments(
    app,
    db,
    '/v1/catalogs/bundleassignments',
    '/v1/catalogs/:catalogID/bundleassignments/:bundleID',
    {
      table: catalogBundleAssignments,
      roles: rolesFor('CatalogAdmin', 'CatalogReader'),
      body: z.object({ CatalogID: idSchema, BundleID: idSchema }),
      scope: async (c) => seller(c, 'manage catalogs'),
      sides: [
        {
          wire: 'CatalogID',
          param: 'catalogID',
          column: catalogBundleAssignments.catalogId,
          key: 'catalogId',
          mustExist: check.catalog,
        },
        {
          wire: 'BundleID',
          param: 'bundleID',
          column: catalogBundleAssignments.bundleId,
          key: 'bundleId',
          mustExist: check.bundle,
        },
      ],
    },
  );

  const categoryBase = '/v1/catalogs/:catalogID/categories';
  mountAssignments(
    app,
    db,
    `${categoryBase}/bundleassignments`,
    `${categoryBase}/:categoryID/bundleassignments/:bundleID`,
    {
      table: categoryBundleAssignments,
      roles: rolesFor('CategoryAdmin', 'CategoryReader'),
      body: z.object({
        CategoryID: idSchema,
        BundleID: idSchema,
        ListOrder: z.number().int('must be a whole number').default(0),
      }),
      scopeKey: [categoryBundleAssignments.catalogId],
      scope: async (c) => {
        seller(c, 'manage categories');
        const catalogId = c.req.param('catalogID') ?? '';
        if ((await db.$count(catalogs, eq(catalogs.id, catalogId))) === 0)
          throw ApiError.notFound('Catalog', catalogId);
        return { where: eq(categoryBundleAssignments.catalogId, catalogId), values: { catalogId } };
      },
      sides: [
        {
          wire: 'CategoryID',
          param: 'categoryID',
          column: categoryBundleAssignments.categoryId,
          key: 'categoryId',
          mustExist: async (s, id) => {
            const found = await db.$count(
              categories,
              and(eq(categories.catalogId, String(s.catalogId)), eq(categories.id, id)),
            );
            if (found === 0) throw ApiError.notFound('Category', id);
          },
        },
        {
          wire: 'BundleID',
          param: 'bundleID',
          column: categoryBundleAssignments.bundleId,
          key: 'bundleId',
          mustExist: check.bundle,
        },
      ],
      values: [{ wire: 'ListOrder', column: categoryBundleAssignments.listOrder, key: 'listOrder' }],
    },
  );

  // The list narrows to a catalog's (or one of its categories') bundles, or a supplier's.
  app.get('/v1/bundles', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.read);
    seller(c, 'read bundles');
    const query = new URL(c.req.url).searchParams;
    const param = (name: string) => [...query].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const params = parseListParams(query, ['catalogID', 'categoryID', 'supplierID']);
    const catalogId = param('catalogID');
    const categoryId = param('categoryID');
    if (categoryId && !catalogId) {
      throw ApiError.invalidRequest('catalogID is required with categoryID.', { Property: 'catalogID' });
    }
    const supplierId = param('supplierID');
    const scope = and(
      catalogId && !categoryId
        ? inArray(
            bundles.id,
            db
              .select({ id: catalogBundleAssignments.bundleId })
              .from(catalogBundleAssignments)
              .where(eq(catalogBundleAssignments.catalogId, catalogId)),
          )
        : undefined,
      catalogId && categoryId
        ? inArray(
            bundles.id,
            db
              .select({ id: categoryBundleAssignments.bundleId })
              .from(categoryBundleAssignments)
              .where(
                and(
                  eq(categoryBundleAssignments.catalogId, catalogId),
                  eq(categoryBundleAssignments.categoryId, categoryId),
                ),
              ),
          )
        : undefined,
      supplierId ? eq(bundles.ownerId, supplierId) : undefined,
    );
    const page = await runList(db, bundles, bundleResource.list, params, scope);
    return c.json({ Items: await bundleResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  mountCrud(app, db, '/v1/bundles', bundleResource, {
    only: ['get', 'create', 'put', 'patch', 'delete'],
    scope: (c) => seller(c, 'manage bundles'),
    // Assignments to buyers, products, catalogs and categories go with the bundle (foreign keys cascade).
  });
}
