import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/claims';
import { parseListParams } from '../../list/params';
import { commerceForTests } from '../../testing/sdk';
import { categoriesWithin } from '../categories';
import { type ListingScope, listProducts } from '../product-listing';
import { productResource } from '../products';
import { ListingIndex } from './listing-index';

/**
 * The in-memory listing index must answer every list it takes exactly as the SQL path does (page, total,
 * facets, order), for buyers with and without products granted one by one, and must follow writes at
 * once: a list asked after a write has committed sees it.
 */
describe(`the listing index answers as SQL does, on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 300 });
  const schema = productResource().list;
  // ACME-US also sees catalog-partners without ViewAllProducts: a few products granted one by one.
  const engineer = { companyId: 'ACME-US', userId: 'engineer' } as Principal;
  const canadian = { companyId: 'MAPLE-CA', userId: 'nobody' } as Principal;
  let index: ListingIndex | undefined;
  const theIndex = () => {
    index ??= new ListingIndex(commerce().database.db);
    return index;
  };

  async function scopeOf(principal: Principal, catalogId?: string, category?: string, depth = Infinity) {
    const db = commerce().database.db;
    const below = Number.isFinite(depth)
      ? (
          await queryRows<{ id: string }>(
            db,
            sql`select id from ${categoriesWithin(catalogId ?? '', depth, category ?? null)} as below (id)`,
          )
        ).map((r) => r.id)
      : [];
    const scope: ListingScope = {
      principal,
      ...(catalogId ? { catalogId } : {}),
      ...(category ? { category: { catalogId: catalogId ?? '', id: category, depth, below } } : {}),
    };
    return scope;
  }

  /** The list both ways; returns the answer and whether the index gave it. */
  async function bothWays(query: string, scope: ListingScope) {
    const db = commerce().database.db;
    const params = parseListParams(new URLSearchParams(query));
    const fromSql = await listProducts(db, schema, params, scope, { precounted: false });
    const fromIndex = await listProducts(db, schema, params, scope, { index: theIndex() });
    expect(fromIndex, `${scope.category?.id ?? scope.catalogId ?? 'all'} ${query}`).toEqual(fromSql);
    return fromSql;
  }

  async function manyLists() {
    const db = commerce().database.db;
    const categories = await queryRows<{ id: string }>(
      db,
      sql`select id from categories where catalog_id = 'catalog-us' order by md5(id) limit 12`,
    );
    const [sample, other] = await queryRows<{ id: string; word: string }>(
      db,
      sql`select id, split_part(lower(name), ' ', 1) as word from products where active order by md5(id) limit 2`,
    );
    const prefix = (sample?.id ?? '').slice(0, 6);
    let seen = 0;
    for (const principal of [engineer, canadian]) {
      for (const catalogId of [undefined, 'catalog-us']) {
        const scope = await scopeOf(principal, catalogId);
        const first = await bothWays('pageSize=7', scope);
        seen += first.total;
        const facet = first.facets.find((f) => f.Values.length > 1);
        const [a, b] = facet?.Values ?? [];
        for (const query of [
          'pageSize=7&page=3&sortBy=!Name',
          'pageSize=7&sortBy=Name&page=2',
          'pageSize=5&sortBy=!ID&page=4',
          'pageSize=5&page=9999',
          `pageSize=5&search=${sample?.word}`,
          `pageSize=5&search=${encodeURIComponent(prefix)}&sortBy=Name`,
          `pageSize=5&search=${encodeURIComponent(`${sample?.word} zzz`)}&searchType=AllTermsAnyField`,
          `pageSize=5&search=${encodeURIComponent(`${sample?.word} zzz`)}`,
          `pageSize=5&search=${encodeURIComponent(`${sample?.word} `)}&searchType=ExactPhrase`,
          `pageSize=5&search=${encodeURIComponent(`${prefix} zz-z`)}`,
          `pageSize=5&search=${encodeURIComponent(`${prefix} ${sample?.word}`)}&searchType=AllTermsAnyField`,
          'pageSize=5&search=-',
          // Two rare terms, any of them: each one's few candidates together.
          `pageSize=5&search=${encodeURIComponent(`${sample?.id} ${other?.id}`)}`,
          'pageSize=5&search=%2F&searchType=AllTermsAnyField',
          ...(facet && a && b
            ? [
                `pageSize=5&xp.${facet.XpPath}=${encodeURIComponent(a.Value)}`,
                `pageSize=5&xp.${facet.XpPath}=${encodeURIComponent(`${a.Value.toUpperCase()}|${b.Value}`)}&sortBy=Name`,
                `pageSize=5&xp.${facet.XpPath}=${encodeURIComponent(a.Value)}&search=${sample?.word}`,
              ]
            : []),
        ]) {
          await bothWays(query, scope);
        }
      }
      for (const { id } of categories) {
        const scope = await scopeOf(principal, 'catalog-us', id);
        const first = await bothWays('pageSize=4', scope);
        seen += first.total;
        await bothWays('pageSize=4&page=2&sortBy=!Name', scope);
        await bothWays(`pageSize=4&search=${sample?.word}`, scope);
        await bothWays('pageSize=4&sortBy=Name', await scopeOf(principal, 'catalog-us', id, 1));
      }
      await bothWays('pageSize=4', await scopeOf(principal, 'catalog-us', 'no-such-category'));
    }
    expect(seen).toBeGreaterThan(0);
  }

  it('for catalogs, categories at every depth, facet values, searches, sorts and pages', async () => {
    await manyLists();
    expect(theIndex().answered).toBeGreaterThan(100);
  });

  it('follows writes at once, and a change to every product reloads it', async () => {
    const db = commerce().database.db;
    const scope = await scopeOf(engineer, 'catalog-us');
    const before = await bothWays('pageSize=5', scope);
    const [first] = before.ids;
    await db.execute(sql`update products set name = 'Zzz renamed', active = true where id = ${first ?? ''}`);
    await bothWays('pageSize=5&sortBy=!Name', scope);
    // Equal names: ties go by ID ascending, in both directions.
    await db.execute(sql`update products set name = 'Zzzz same' where id in (
      select product_id from catalog_product_assignments where catalog_id = 'catalog-us' order by md5(product_id) limit 12)`);
    await bothWays('pageSize=5&sortBy=!Name', scope);
    await bothWays('pageSize=5&sortBy=!Name&page=2', scope);
    await bothWays('pageSize=5&sortBy=Name&search=zzzz', scope);
    await db.execute(sql`update products set active = false where id in (
      select id from products order by md5(id) limit 20)`);
    await db.execute(sql`update products set xp = jsonb_set(xp, '{Material}', '"Unobtainium"')
      where id in (select id from products order by md5(id || 'x') limit 15)`);
    await db.execute(sql`delete from category_product_assignments where product_id in (
      select product_id from category_product_assignments order by md5(product_id) limit 10)`);
    const after = await bothWays('pageSize=5', scope);
    expect(after.total).toBeLessThan(before.total);
    await bothWays('pageSize=5&xp.Material=unobtainium', scope);
    await manyLists();
    // A facet write rewrites every product's listing row: the index reloads, lists meanwhile take SQL.
    await db.execute(sql`insert into product_facets (id, name, xp_path) values ('idx-test', 'Finish', 'Finish')
      on conflict do nothing`);
    await bothWays('pageSize=5', scope);
    await expect.poll(() => theIndex().serving, { timeout: 20_000 }).toBe(true);
    const answered = theIndex().answered;
    await manyLists();
    expect(theIndex().answered).toBeGreaterThan(answered + 50);
  });

  it('answers a list asked again from the remembered context, and reads it again after any catalogue write', async () => {
    const db = commerce().database.db;
    const memory = theIndex().context;
    const [category] = await queryRows<{ id: string }>(
      db,
      sql`select c.id from categories c where c.catalog_id = 'catalog-ca' and exists (
        select 1 from category_product_assignments a where a.category_id = c.id) order by md5(c.id) limit 1`,
    );
    const inCategory = await scopeOf(canadian, 'catalog-ca', category?.id);
    const wholeCatalog = await scopeOf(canadian, 'catalog-ca');
    const first = await bothWays('pageSize=3', inCategory);
    expect(first.total).toBeGreaterThan(0);
    const facet = first.facets.find((f) => f.Values.length > 0);
    const filtered = `pageSize=3&xp.${facet?.XpPath}=${encodeURIComponent((facet?.Values[0]?.Value ?? '').toUpperCase())}`;
    await bothWays(filtered, wholeCatalog);
    // A member of acme-prefab-partners also sees a few products of catalog-partners, granted one by one.
    const granted = await scopeOf({ companyId: 'ACME-US', userId: 'prefab' } as Principal);
    const withGrants = await bothWays('pageSize=3&sortBy=!ID', granted);
    const recalled = memory.recalled;
    await bothWays('pageSize=3', inCategory);
    await bothWays(filtered, wholeCatalog);
    await bothWays('pageSize=3&page=2&sortBy=!Name', inCategory);
    await bothWays('pageSize=3&sortBy=!ID', granted);
    expect(memory.recalled).toBe(recalled + 4);

    // The grants withdrawn with the user's group: no product's listing row changes, the user's list does.
    await db.execute(sql`delete from user_group_assignments where user_id = 'prefab'`);
    expect((await bothWays('pageSize=3&sortBy=!ID', granted)).total).toBeLessThan(withGrants.total);

    // Writes that change the context but no product's listing row: the company's catalog, the category.
    await db.execute(sql`update catalogs set active = false where id = 'catalog-ca'`);
    expect((await bothWays('pageSize=3', inCategory)).total).toBe(0);
    expect((await bothWays(filtered, wholeCatalog)).total).toBe(0);
    await db.execute(sql`update catalogs set active = true where id = 'catalog-ca'`);
    expect((await bothWays('pageSize=3', inCategory)).total).toBe(first.total);
    await db.execute(
      sql`delete from categories where catalog_id = 'catalog-ca' and id = ${category?.id ?? ''}`,
    );
    expect((await bothWays('pageSize=3', inCategory)).total).toBe(0);
    await db.execute(sql`update product_facets set min_count = 100000`);
    expect((await bothWays(filtered, wholeCatalog)).facets.every((f) => f.Values.length === 0)).toBe(true);
  });

  it('records each changed product under its transaction’s version, in commit order', async () => {
    const db = commerce().database.db;
    const [product] = await queryRows<{ id: string }>(
      db,
      sql`select product_id as id from product_listing limit 1`,
    );
    await db.execute(sql`update products set name = name || '.' where id = ${product?.id ?? ''}`);
    const [row] = await queryRows<{ version: string; head: string }>(
      db,
      sql`select c.version::text, (select generation::text from cache_generations where name = 'listing') as head
        from listing_changes c where c.product_id = ${product?.id ?? ''}`,
    );
    expect(row?.version).toBe(row?.head);
  });
});
