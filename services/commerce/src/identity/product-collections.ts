import type { Db } from '@catalogue/db';
import { productCollectionEntries, productCollections, products } from '@catalogue/db/schema';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole } from '../auth/roles';
import { productResource } from '../catalog/products';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import type { ListParams } from '../list/params';
import { parseListParams } from '../list/params';
import { type ListPage, runList } from '../list/run';
import type { ListSchema } from '../list/schema';
import { Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { routeBuyer } from './scopes';

export const ACCESS_LEVELS = ['Private', 'Public', 'Shareable'] as const;

/** A product collection as the wire shows it (ID, Name, AccessLevel, xp); the owner is kept, not shown. */
export const productCollectionResource = new Resource({
  objectType: 'ProductCollection',
  table: productCollections,
  id: productCollections.id,
  columns: {
    ID: productCollections.id,
    Name: productCollections.name,
    AccessLevel: productCollections.accessLevel,
    xp: productCollections.xp,
  },
  body: z.object({
    ID: idSchema.optional(),
    Name: z.string().trim().min(1, 'must not be empty').max(100),
    AccessLevel: z.enum(ACCESS_LEVELS, { error: 'must be Private, Public or Shareable' }).optional(),
    xp: xpSchema.optional(),
  }),
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
  roles: { read: ['Shopper'], write: ['Shopper'] },
});

const productList = productResource();

/**
 * The list kernel's view of a collection's products: the product's properties plus the entry's
 * `ListOrder` and `DateAdded` (sorted by ListOrder unless asked otherwise).
 */
function entriesSchema(buyerId: string, collectionId: string): ListSchema {
  const e = productCollectionEntries;
  const entry = (column: SQL) =>
    sql`(select ${column} from ${e} where ${e.buyerId} = ${buyerId} and ${e.collectionId} = ${collectionId}
      and ${e.productId} = ${products.id})`;
  return {
    ...productList.list,
    fields: {
      ...productList.list.fields,
      ListOrder: { expr: entry(sql`${e.listOrder}`), type: 'number' },
      DateAdded: { expr: entry(sql`${e.dateAdded}`), type: 'date' },
    },
    defaultSort: ['ListOrder'],
  };
}

/**
 * One page of the products in a collection (filtered, searched and sorted in SQL), each with its entry's
 * ListOrder and DateAdded. `visible` narrows the products (e.g. to those a buyer user may see).
 */
export async function collectionProductsPage(
  db: Db,
  buyerId: string,
  collectionId: string,
  params: ListParams,
  visible?: SQL,
): Promise<{
  page: ListPage<Record<string, unknown>>;
  schema: ListSchema;
  scope: SQL;
  entryOf: EntryLookup;
}> {
  const e = productCollectionEntries;
  const schema = entriesSchema(buyerId, collectionId);
  const scope = and(
    inArray(
      products.id,
      db
        .select({ id: e.productId })
        .from(e)
        .where(and(eq(e.buyerId, buyerId), eq(e.collectionId, collectionId))),
    ),
    visible,
  ) as SQL;
  const page = (await runList(db, products, schema, params, scope)) as ListPage<Record<string, unknown>>;
  const ids = page.Items.map((r) => String(r.id));
  const entries =
    ids.length > 0
      ? await db
          .select()
          .from(e)
          .where(and(eq(e.buyerId, buyerId), eq(e.collectionId, collectionId), inArray(e.productId, ids)))
      : [];
  const byProduct = new Map(entries.map((x) => [x.productId, x]));
  const entryOf: EntryLookup = (productId) => {
    const found = byProduct.get(productId);
    return {
      ListOrder: found?.listOrder ?? 0,
      DateAdded: found ? found.dateAdded.toISOString() : null,
    };
  };
  return { page, schema, scope, entryOf };
}

export type EntryLookup = (productId: string) => { ListOrder: number; DateAdded: string | null };

/**
 * /v1/buyers/{buyerID}/productcollections[/{productCollectionID}[/products]]: every collection of a buyer,
 * whoever owns it, for users with ProductCollectionReader (a buyer user only for their own company).
 */
export function mountBuyerProductCollections(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/buyers/:buyerID/productcollections';
  const reader = async (c: Parameters<typeof routeBuyer>[1]) => {
    requireAnyRole(c.get('principal').roles, ['ProductCollectionReader']);
    return routeBuyer(db, c);
  };
  const collection = async (buyerId: string, id: string) => {
    const [row] = await db
      .select()
      .from(productCollections)
      .where(and(eq(productCollections.buyerId, buyerId), eq(productCollections.id, id)))
      .limit(1);
    if (!row) throw ApiError.notFound('ProductCollection', id);
    return row as Record<string, unknown>;
  };

  app.get(base, async (c) => {
    const buyerId = await reader(c);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      productCollections,
      productCollectionResource.list,
      params,
      eq(productCollections.buyerId, buyerId),
    );
    return c.json({ Items: await productCollectionResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  app.get(`${base}/:productCollectionID`, async (c) => {
    const buyerId = await reader(c);
    const row = await collection(buyerId, c.req.param('productCollectionID'));
    return c.json(await productCollectionResource.wireOne(db, row));
  });

  app.get(`${base}/:productCollectionID/products`, async (c) => {
    const buyerId = await reader(c);
    const id = c.req.param('productCollectionID');
    await collection(buyerId, id);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const { page, entryOf } = await collectionProductsPage(db, buyerId, id, params);
    const wire = await productList.wireAll(db, page.Items);
    return c.json({
      Items: wire.map((p) => ({ ...entryOf(String(p.ID)), ...p })),
      Meta: page.Meta,
    });
  });
}
