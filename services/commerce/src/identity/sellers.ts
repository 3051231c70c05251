import { type Db, queryRows } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { requireAnyRole, rolesFor } from '../auth/roles';
import type { CommerceEnv } from '../http/env';
import { orderByClause, whereClause } from '../list/compile';
import { parseListParams } from '../list/params';
import { type ListPage, listMeta } from '../list/run';
import type { ListSchema } from '../list/schema';
import { routeBuyer } from './scopes';

/**
 * The marketplace owner as a seller. Its company ID is '' everywhere (products' OwnerID, the token's
 * `cmp`, /me's Seller.ID), so it is '' here too; the name is fixed (there is no marketplace record).
 */
export const MARKETPLACE_SELLER = { ID: '', Name: 'Marketplace' } as const;

/** The list kernel's view of a sellers source aliased `s` with columns id, name. */
const sellerSchema: ListSchema = {
  objectType: 'Seller',
  fields: {
    ID: { expr: sql`s.id`, type: 'string' },
    Name: { expr: sql`s.name`, type: 'string' },
  },
  xp: null,
  searchOn: ['ID', 'Name'],
  defaultSort: ['ID'],
  keys: [sql`s.id`],
};

/** Active suppliers that may sell to the buyer: AllBuyersCanOrder, or a supplier_buyers row. */
export function sellsTo(supplier: SQL, buyerId: string): SQL {
  return sql`${supplier}.active and (${supplier}.all_buyers_can_order or exists (
    select 1 from supplier_buyers sb where sb.supplier_id = ${supplier}.id and sb.buyer_id = ${buyerId}))`;
}

/** The sellers a buyer may order from: the marketplace owner, then its suppliers (id, name). */
export function sellersOf(buyerId: string): SQL {
  return sql`(select ${MARKETPLACE_SELLER.ID}::text as id, ${MARKETPLACE_SELLER.Name}::text as name
    union all
    select sup.id, sup.name from suppliers sup where ${sellsTo(sql`sup`, buyerId)})`;
}

/**
 * One page of a sellers source (a subquery with at least `id` and `name`), filtered, searched, sorted
 * and paged in SQL by the list kernel.
 */
export async function listSellers<R extends { id: string; name: string }>(
  db: Db,
  source: SQL,
  query: URLSearchParams,
): Promise<ListPage<R>> {
  const params = parseListParams(query);
  const where = whereClause(sellerSchema, params);
  const filter = where ? sql`where ${where}` : sql``;
  const [rows, totals] = await Promise.all([
    queryRows<R>(
      db,
      sql`select s.* from ${source} s ${filter}
        order by ${sql.join(orderByClause(sellerSchema, params), sql`, `)}
        limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${source} s ${filter}`),
  ]);
  return {
    Items: rows,
    Meta: listMeta(params.page, params.pageSize, totals[0]?.n ?? 0, rows.length),
  };
}

/** GET /v1/buyers/{buyerID}/sellers: BuyerSupplier {ID, Name} for the marketplace owner and suppliers. */
export function mountBuyerSellers(app: Hono<CommerceEnv>, db: Db): void {
  const roles = rolesFor('BuyerAdmin', 'BuyerReader');
  app.get('/v1/buyers/:buyerID/sellers', async (c) => {
    requireAnyRole(c.get('principal').roles, roles.read);
    const buyerId = await routeBuyer(db, c);
    const page = await listSellers(db, sellersOf(buyerId), new URL(c.req.url).searchParams);
    return c.json({ Items: page.Items.map((r) => ({ ID: r.id, Name: r.name })), Meta: page.Meta });
  });
}
