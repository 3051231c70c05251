import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/claims';
import { parseListParams } from '../list/params';
import { commerceForTests } from '../testing/sdk';
import { listProducts } from './product-listing';
import { productResource } from './products';

/**
 * A list without filters takes its total and facet counts from `listing_facet_counts`; the answer must be
 * the one counting the rows gives, for every category of the demo catalogue and the whole catalog, on
 * every page, and after writes that move products between categories, facet values and states.
 */
describe(`listing_facet_counts and listing_positions answer lists as counting does, on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 300 });
  const schema = productResource().list;
  const engineer = { companyId: 'ACME-US', userId: 'engineer' } as Principal;

  async function bothWays(query: string, category?: string) {
    const db = commerce().database.db;
    const params = parseListParams(new URLSearchParams(query));
    const scope = {
      principal: engineer,
      catalogId: 'catalog-us',
      ...(category
        ? { category: { catalogId: 'catalog-us', id: category, depth: Infinity, below: [] } }
        : {}),
    };
    const precounted = await listProducts(db, schema, params, scope);
    const counted = await listProducts(db, schema, params, scope, { precounted: false });
    expect(precounted, `${category ?? 'catalog'} ${query}`).toEqual(counted);
    return precounted;
  }

  async function everyCategory() {
    const categories = await queryRows<{ id: string }>(
      commerce().database.db,
      sql`select id from categories where catalog_id = 'catalog-us' order by id`,
    );
    expect(categories.length).toBeGreaterThan(20);
    let seen = 0;
    for (const { id } of [{ id: '' }, ...categories]) {
      const first = await bothWays('pageSize=5', id || undefined);
      seen += first.total;
      if (first.total > 5) {
        await bothWays('pageSize=5&page=2&sortBy=!Name', id || undefined);
        await bothWays(`pageSize=5&page=${Math.ceil(first.total / 5)}&sortBy=!ID`, id || undefined);
      }
    }
    expect(seen).toBeGreaterThan(0);
  }

  it('for every category and the whole catalog', async () => {
    await everyCategory();
    // A category the catalog does not have: nothing, as counting says.
    expect((await bothWays('pageSize=5', 'no-such-category')).total).toBe(0);
  });

  it('is what these lists read (a wrong count shows, until a rebuild)', async () => {
    const db = commerce().database.db;
    const params = parseListParams(new URLSearchParams('pageSize=5'));
    const scope = { principal: engineer, catalogId: 'catalog-us' };
    const before = await listProducts(db, schema, params, scope);
    await db.execute(sql`update listing_facet_counts set n = n + 1000
      where catalog_id = 'catalog-us' and category_key = 0 and token = ''`);
    expect((await listProducts(db, schema, params, scope)).total).toBe(before.total + 1000);
    await db.execute(sql`select refresh_product_listing(null)`);
    expect(await listProducts(db, schema, params, scope)).toEqual(before);
  });

  it('after products change category, facet values and active state', async () => {
    const db = commerce().database.db;
    await db.execute(sql`update products set active = false where id in (
      select id from products order by md5(id) limit 20)`);
    await db.execute(sql`update products set xp = jsonb_set(xp, '{Material}', '"Unobtainium"')
      where id in (select id from products order by md5(id || 'x') limit 15)`);
    await db.execute(sql`delete from category_product_assignments where product_id in (
      select product_id from category_product_assignments order by md5(product_id) limit 10)`);
    await everyCategory();
    const [stale] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
        (select * from listing_facet_counts except select * from listing_facet_count_rows())
        union all (select * from listing_facet_count_rows() except select * from listing_facet_counts)) d`,
    );
    expect(stale?.n).toBe(0);
    const [misplaced] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
        (select * from listing_positions except select * from listing_position_rows())
        union all (select * from listing_position_rows() except select * from listing_positions)) d`,
    );
    expect(misplaced?.n).toBe(0);
  });
});
