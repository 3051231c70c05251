import type { Db } from '@catalogue/db';
import {
  buyers,
  catalogAssignments,
  catalogProductAssignments,
  catalogs,
  categories,
  products,
} from '@catalogue/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller } from '../identity/scopes';
import { pageOfRows } from '../list/run';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameCatalog } from '../resources/renames';

const roles = rolesFor('CatalogAdmin', 'CatalogReader');

export const catalogResource = new Resource({
  objectType: 'Catalog',
  table: catalogs,
  id: catalogs.id,
  columns: {
    ID: catalogs.id,
    OwnerID: catalogs.ownerId,
    Name: catalogs.name,
    Description: catalogs.description,
    Active: catalogs.active,
    xp: catalogs.xp,
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
  enrich: async (db, rows) => {
    if (rows.length === 0) return rows;
    const counts = await db
      .select({ id: categories.catalogId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(categories)
      .where(
        inArray(
          categories.catalogId,
          rows.map((r) => String(r.id)),
        ),
      )
      .groupBy(categories.catalogId);
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    return rows.map((r) => ({ ...r, categoryCount: byId.get(String(r.id)) ?? 0 }));
  },
  extend: (row) => ({ CategoryCount: Number(row.categoryCount ?? 0) }),
  // Categories and assignments follow by foreign key; buyers' DefaultCatalogID here (renames.ts).
  renamed: (tx, before, after) => renameCatalog(tx, String(before.id), String(after.id)),
});

const mustExist = (db: Db) => ({
  catalog: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(catalogs, eq(catalogs.id, id))) === 0) throw ApiError.notFound('Catalog', id);
  },
  buyer: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(buyers, eq(buyers.id, id))) === 0) throw ApiError.notFound('Buyer', id);
  },
  product: async (_s: Record<string, unknown>, id: string) => {
    if ((await db.$count(products, eq(products.id, id))) === 0) throw ApiError.notFound('Product', id);
  },
});

/** /v1/catalogs, which buyers see them (with ViewAllCategories/ViewAllProducts) and which products they hold. */
export function mountCatalogs(app: Hono<CommerceEnv>, db: Db): void {
  const exists = mustExist(db);
  const sellerScope = (c: Parameters<Parameters<typeof mountAssignments>[4]['scope']>[0]) => {
    assertSeller(c.get('principal'), 'manage catalogs');
    return { where: undefined, values: {} };
  };

  // Buyer assignments carry two flags, so they get their own routes.
  app.get('/v1/catalogs/assignments', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.read);
    sellerScope(c);
    const q = new URL(c.req.url).searchParams;
    const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const where = and(
      param('catalogID') ? eq(catalogAssignments.catalogId, param('catalogID') as string) : undefined,
      param('buyerID') ? eq(catalogAssignments.buyerId, param('buyerID') as string) : undefined,
    );
    return c.json(
      await pageOfRows(
        db,
        catalogAssignments,
        where,
        [catalogAssignments.catalogId, catalogAssignments.buyerId],
        q,
        (r) => ({
          CatalogID: r.catalogId,
          BuyerID: r.buyerId,
          ViewAllCategories: r.viewAllCategories,
          ViewAllProducts: r.viewAllProducts,
        }),
      ),
    );
  });
  app.post('/v1/catalogs/assignments', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    sellerScope(c);
    const input = await readBody(
      c.req.raw,
      z.object({
        CatalogID: idSchema,
        BuyerID: idSchema,
        ViewAllCategories: z.boolean().optional(),
        ViewAllProducts: z.boolean().optional(),
      }),
    );
    await exists.catalog({}, input.CatalogID);
    await exists.buyer({}, input.BuyerID);
    const flags = {
      viewAllCategories: input.ViewAllCategories ?? false,
      viewAllProducts: input.ViewAllProducts ?? false,
    };
    await db
      .insert(catalogAssignments)
      .values({ catalogId: input.CatalogID, buyerId: input.BuyerID, ...flags })
      .onConflictDoUpdate({ target: [catalogAssignments.catalogId, catalogAssignments.buyerId], set: flags });
    return c.body(null, 204);
  });
  app.delete('/v1/catalogs/:catalogID/assignments', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    sellerScope(c);
    const buyerId = new URL(c.req.url).searchParams.get('buyerID');
    if (!buyerId) throw ApiError.invalidRequest('buyerID is required.');
    const deleted = await db
      .delete(catalogAssignments)
      .where(
        and(
          eq(catalogAssignments.catalogId, c.req.param('catalogID')),
          eq(catalogAssignments.buyerId, buyerId),
        ),
      )
      .returning();
    if (deleted.length === 0)
      throw ApiError.notFound('CatalogAssignment', `${c.req.param('catalogID')}/${buyerId}`);
    return c.body(null, 204);
  });

  mountAssignments(
    app,
    db,
    '/v1/catalogs/productassignments',
    '/v1/catalogs/:catalogID/productassignments/:productID',
    {
      table: catalogProductAssignments,
      roles: rolesFor('CatalogAdmin'),
      body: z.object({ CatalogID: idSchema, ProductID: idSchema }),
      scope: async (c) => sellerScope(c),
      sides: [
        {
          wire: 'CatalogID',
          param: 'catalogID',
          column: catalogProductAssignments.catalogId,
          key: 'catalogId',
          mustExist: exists.catalog,
        },
        {
          wire: 'ProductID',
          param: 'productID',
          column: catalogProductAssignments.productId,
          key: 'productId',
          mustExist: exists.product,
        },
      ],
    },
  );

  mountCrud(app, db, '/v1/catalogs', catalogResource, {
    scope: (c) => sellerScope(c),
    cascade: async (tx, row) => {
      // Categories, their product assignments and the catalog's assignments cascade by foreign key.
      await tx.delete(catalogAssignments).where(eq(catalogAssignments.catalogId, String(row.id)));
    },
  });
}
