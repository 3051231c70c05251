import type { Db } from '@catalogue/db';
import {
  catalogs,
  categories,
  categoryAssignments,
  categoryProductAssignments,
  products,
} from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller, buyerAndGroup } from '../identity/scopes';
import { parseListParams } from '../list/params';
import { pageOfRows, runList } from '../list/run';
import { mountAssignments } from '../resources/assignments';
import { mountCrud, Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { renameCategory } from '../resources/renames';
import type { WriteContext } from '../resources/resource';

type C = Context<CommerceEnv>;
const roles = rolesFor('CategoryAdmin', 'CategoryReader');
const MAX_DEPTH = 10;

/** `depth`: a number from 1 to 10 or `all` (OrderCloud's default is 1, the top level). */
export function parseDepth(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw === '') return 1;
  if (raw.toLowerCase() === 'all') return Number.POSITIVE_INFINITY;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_DEPTH) {
    throw ApiError.invalidRequest(`depth must be a whole number from 1 to ${MAX_DEPTH}, or all.`, {
      depth: raw,
    });
  }
  return n;
}

/** IDs of a catalog's categories down to `depth` levels below `parentId` (or below the top). */
export function categoriesWithin(catalogId: string, depth: number, parentId: string | null): SQL {
  const limit = Number.isFinite(depth) ? depth : 1000;
  const start = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
  return sql`(with recursive tree (id, depth) as (
      select id, 1 from ${categories} where catalog_id = ${catalogId} and ${start}
      union all
      select c.id, tree.depth + 1 from ${categories} c join tree on c.parent_id = tree.id
      where c.catalog_id = ${catalogId} and tree.depth < ${limit})
    select id from tree)`;
}

/** Refuses a parent that does not exist, or one that would make the tree circular. */
async function checkParent(db: Db, catalogId: string, categoryId: string, parentId: string): Promise<void> {
  if (parentId === categoryId) {
    throw ApiError.of(400, 'Category.CircularReference', `Category ${categoryId} cannot be its own parent.`);
  }
  const rows = await db.execute(sql`with recursive up (id, parent_id) as (
      select id, parent_id from ${categories} where catalog_id = ${catalogId} and id = ${parentId}
      union all
      select c.id, c.parent_id from ${categories} c join up on c.id = up.parent_id where c.catalog_id = ${catalogId})
    select id from up`);
  const ancestors = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ancestors.length === 0) throw ApiError.notFound('Category', parentId);
  if (ancestors.includes(categoryId)) {
    throw ApiError.of(
      400,
      'Category.CircularReference',
      `Category ${parentId} is below ${categoryId}: it cannot become its parent.`,
    );
  }
}

export function categoryResource(): Resource {
  return new Resource({
    objectType: 'Category',
    table: categories,
    id: categories.id,
    columns: {
      ID: categories.id,
      Name: categories.name,
      Description: categories.description,
      ListOrder: categories.listOrder,
      Active: categories.active,
      ParentID: categories.parentId,
      xp: categories.xp,
    },
    body: z.object({
      ID: idSchema.optional(),
      Name: z.string().trim().min(1, 'must not be empty').max(100),
      Description: z.string().max(2000).nullish(),
      ListOrder: z.number().int('must be a whole number').optional(),
      Active: z.boolean().optional(),
      ParentID: idSchema.nullish(),
      xp: xpSchema.optional(),
    }),
    searchOn: ['ID', 'Name', 'Description'],
    defaultSort: ['ListOrder'],
    roles,
    prepare: async (values: Record<string, unknown>, { scope, routeId, db: reader }: WriteContext) => {
      if (typeof values.ParentID === 'string') {
        // The category as it is now (PUT/PATCH) or as it will be called (POST).
        await checkParent(
          reader,
          String(scope.values.catalogId),
          String(routeId ?? values.ID ?? ''),
          values.ParentID,
        );
      }
      return values;
    },
    enrich: async (database, rows) => {
      if (rows.length === 0) return rows;
      const catalogId = String(rows[0]?.catalogId);
      const counts = await database
        .select({ parent: categories.parentId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(categories)
        .where(
          and(
            eq(categories.catalogId, catalogId),
            inArray(
              categories.parentId,
              rows.map((r) => String(r.id)),
            ),
          ),
        )
        .groupBy(categories.parentId);
      const byParent = new Map(counts.map((c) => [c.parent, c.n]));
      return rows.map((r) => ({ ...r, childCount: byParent.get(String(r.id)) ?? 0 }));
    },
    extend: (row) => ({ ChildCount: Number(row.childCount ?? 0) }),
    // Assignments follow by foreign key; sub-categories' ParentID here (renames.ts).
    renamed: (tx, before, after) =>
      renameCategory(tx, String(before.catalogId), String(before.id), String(after.id)),
  });
}

/** /v1/catalogs/{catalogID}/categories: nested categories, their buyer assignments and product assignments. */
export function mountCategories(app: Hono<CommerceEnv>, db: Db): void {
  const resource = categoryResource();
  const base = '/v1/catalogs/:catalogID/categories';
  const routeCatalog = async (c: C) => {
    assertSeller(c.get('principal'), 'manage categories');
    const catalogId = c.req.param('catalogID') ?? '';
    if ((await db.$count(catalogs, eq(catalogs.id, catalogId))) === 0)
      throw ApiError.notFound('Catalog', catalogId);
    return catalogId;
  };

  // Category assignments: to a buyer or one of its user groups, with Visible and ViewAllProducts.
  app.get(`${base}/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, roles.read);
    const catalogId = await routeCatalog(c);
    const q = new URL(c.req.url).searchParams;
    const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const t = categoryAssignments;
    const where = and(
      eq(t.catalogId, catalogId),
      param('categoryID') ? eq(t.categoryId, param('categoryID') as string) : undefined,
      param('buyerID') ? eq(t.buyerId, param('buyerID') as string) : undefined,
      param('userGroupID') ? eq(t.userGroupId, param('userGroupID') as string) : undefined,
    );
    return c.json(
      await pageOfRows(db, t, where, [t.categoryId, t.buyerId, t.userGroupId], q, (r) => ({
        CategoryID: r.categoryId,
        BuyerID: r.buyerId,
        UserGroupID: r.userGroupId || null,
        Visible: r.visible,
        ViewAllProducts: r.viewAllProducts,
      })),
    );
  });
  app.post(`${base}/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    const catalogId = await routeCatalog(c);
    const input = await readBody(
      c.req.raw,
      z.object({
        CategoryID: idSchema,
        BuyerID: idSchema,
        UserGroupID: idSchema.nullish(),
        Visible: z.boolean().nullish(),
        ViewAllProducts: z.boolean().nullish(),
      }),
    );
    if (
      (await db.$count(
        categories,
        and(eq(categories.catalogId, catalogId), eq(categories.id, input.CategoryID)),
      )) === 0
    ) {
      throw ApiError.notFound('Category', input.CategoryID);
    }
    const groupId = await buyerAndGroup(db, input.BuyerID, input.UserGroupID);
    const flags = { visible: input.Visible ?? null, viewAllProducts: input.ViewAllProducts ?? null };
    await db
      .insert(categoryAssignments)
      .values({
        catalogId,
        categoryId: input.CategoryID,
        buyerId: input.BuyerID,
        userGroupId: groupId,
        ...flags,
      })
      .onConflictDoUpdate({
        target: [
          categoryAssignments.catalogId,
          categoryAssignments.categoryId,
          categoryAssignments.buyerId,
          categoryAssignments.userGroupId,
        ],
        set: flags,
      });
    return c.body(null, 204);
  });
  app.delete(`${base}/:categoryID/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, roles.write);
    const catalogId = await routeCatalog(c);
    const q = new URL(c.req.url).searchParams;
    const buyerId = q.get('buyerID');
    if (!buyerId) throw ApiError.invalidRequest('buyerID is required.');
    const t = categoryAssignments;
    const deleted = await db
      .delete(t)
      .where(
        and(
          eq(t.catalogId, catalogId),
          eq(t.categoryId, c.req.param('categoryID')),
          eq(t.buyerId, buyerId),
          eq(t.userGroupId, q.get('userGroupID') ?? ''),
        ),
      )
      .returning();
    if (deleted.length === 0) throw ApiError.notFound('CategoryAssignment', c.req.param('categoryID'));
    return c.body(null, 204);
  });

  mountAssignments(
    app,
    db,
    `${base}/productassignments`,
    `${base}/:categoryID/productassignments/:productID`,
    {
      table: categoryProductAssignments,
      roles,
      body: z.object({
        CategoryID: idSchema,
        ProductID: idSchema,
        ListOrder: z.number().int('must be a whole number').min(-2_147_483_648).max(2_147_483_647).optional(),
      }),
      // Saving an existing assignment again sets its ListOrder (0 when left out).
      values: [
        { wire: 'ListOrder', column: categoryProductAssignments.listOrder, key: 'listOrder', default: 0 },
      ],
      scopeKey: [categoryProductAssignments.catalogId],
      scope: async (c) => {
        const catalogId = await routeCatalog(c);
        return { where: eq(categoryProductAssignments.catalogId, catalogId), values: { catalogId } };
      },
      sides: [
        {
          wire: 'CategoryID',
          param: 'categoryID',
          column: categoryProductAssignments.categoryId,
          key: 'categoryId',
          mustExist: async (s, id) => {
            const catalogId = String(s.catalogId);
            if (
              (await db.$count(
                categories,
                and(eq(categories.catalogId, catalogId), eq(categories.id, id)),
              )) === 0
            ) {
              throw ApiError.notFound('Category', id);
            }
          },
        },
        {
          wire: 'ProductID',
          param: 'productID',
          column: categoryProductAssignments.productId,
          key: 'productId',
          mustExist: async (_s, id) => {
            if ((await db.$count(products, eq(products.id, id))) === 0)
              throw ApiError.notFound('Product', id);
          },
        },
      ],
    },
  );

  // The list honours `depth` (from the top, or below the ParentID filter).
  app.get(base, async (c) => {
    requireAnyRole(c.get('principal').roles, roles.read);
    const catalogId = await routeCatalog(c);
    const query = new URL(c.req.url).searchParams;
    const depth = parseDepth(query.get('depth'));
    const params = parseListParams(query, ['depth']);
    // `ParentID=X` with a depth means X's descendants down to that depth, not only X's children.
    const isParentFilter = (f: (typeof params.filters)[number]) =>
      f.path.length === 1 && f.path[0]?.toLowerCase() === 'parentid' && f.values.length === 1;
    const parentFilter = params.filters.find(isParentFilter);
    const parentValue = parentFilter?.values[0];
    const parent = parentValue && parentValue.op === 'eq' && !parentValue.negate ? parentValue.value : null;
    const filters = parent ? params.filters.filter((f) => f !== parentFilter) : params.filters;
    const scope = and(
      eq(categories.catalogId, catalogId),
      inArray(categories.id, categoriesWithin(catalogId, depth, parent)),
    );
    const page = await runList(db, categories, resource.list, { ...params, filters }, scope);
    return c.json({ Items: await resource.wireAll(db, page.Items), Meta: page.Meta });
  });

  mountCrud(app, db, base, resource, {
    only: ['get', 'create', 'put', 'patch', 'delete'],
    scope: async (c) => {
      const catalogId = await routeCatalog(c);
      return { where: eq(categories.catalogId, catalogId), values: { catalogId } };
    },
    cascade: async (tx, row) => {
      const children = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.catalogId, String(row.catalogId)), eq(categories.parentId, String(row.id))));
      if (children.length > 0) {
        throw ApiError.of(
          400,
          'Category.HasChildren',
          `Category ${String(row.id)} has ${children.length} sub-categories: move or delete them first.`,
        );
      }
    },
  });
}
