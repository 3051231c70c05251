import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/claims';
import { listingCatalogsSql, visibleInListing, visibleProductIds } from './visibility';

/**
 * The oracle: buyer visibility as it was computed before the read model (migration 0034), a recursive
 * walk up the category tree per product. Kept verbatim so the read model is checked against it.
 */
function myGroups(principal: Principal): SQL {
  return sql`(select uga.user_group_id from user_group_assignments uga
    where uga.company_type = 'buyer' and uga.company_id = ${principal.companyId} and uga.user_id = ${principal.userId})`;
}

function nearestCategoryFlag(principal: Principal, flag: 'visible' | 'view_all_products'): SQL {
  const column = sql.raw(`a.${flag}`);
  return sql`(with recursive up (id, parent_id, lvl) as (
        select k.id, k.parent_id, 0
        union all
        select c2.id, c2.parent_id, up.lvl + 1 from categories c2
        join up on c2.id = up.parent_id and c2.catalog_id = k.catalog_id)
      select ${column} from up
      join category_assignments a on a.catalog_id = k.catalog_id and a.category_id = up.id
        and a.buyer_id = ${principal.companyId} and (a.user_group_id = '' or a.user_group_id in ${myGroups(principal)})
        and ${column} is not null
      order by up.lvl, ${column} desc limit 1)`;
}

function oracleVisibleProductIds(principal: Principal, options: { catalogId?: string } = {}): SQL {
  const buyer = principal.companyId;
  const catalogFilter = options.catalogId ? sql`and cat.id = ${options.catalogId}` : sql``;
  return sql`(select cpa.product_id from catalog_product_assignments cpa
    join catalogs cat on cat.id = cpa.catalog_id and cat.active ${catalogFilter}
    join catalog_assignments ca on ca.catalog_id = cat.id and ca.buyer_id = ${buyer}
    where ca.view_all_products
      or exists (select 1 from product_assignments pa where pa.product_id = cpa.product_id and pa.buyer_id = ${buyer}
        and (pa.user_group_id = '' or pa.user_group_id in ${myGroups(principal)}))
      or exists (select 1 from category_product_assignments cp
        join categories k on k.catalog_id = cp.catalog_id and k.id = cp.category_id and k.active
        where cp.catalog_id = cat.id and cp.product_id = cpa.product_id
          and ${nearestCategoryFlag(principal, 'view_all_products')} is true))`;
}

/** mulberry32: the world and its changes come from one seed fast-check picks (and reports on failure). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    flag: (): boolean | null => (next() < 0.34 ? null : next() < 0.5),
  };
}

const CATALOGS = ['C1', 'C2'];
const CATEGORIES = ['K0', 'K1', 'K2', 'K3', 'K4', 'K5'];
const PRODUCTS = ['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'];
/** Subjects: [buyer, user group ('' = the company)]. */
const SUBJECTS = [
  ['B1', ''],
  ['B1', 'G1'],
  ['B1', 'G2'],
  ['B2', ''],
] as const;
/** Users: [buyer, user, groups]. */
const USERS = [
  ['B1', 'U1', []],
  ['B1', 'U2', ['G1']],
  ['B1', 'U3', ['G1', 'G2']],
  ['B1', 'U4', ['G2']],
  ['B2', 'U5', []],
] as const;

const principal = (buyer: string, user: string) => ({ companyId: buyer, userId: user }) as Principal;

describe(`buyer visibility read model against the recursive definition on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const run = (statement: SQL) => database.db.execute(statement);

  async function buildWorld(r: ReturnType<typeof random>) {
    for (const table of [
      'product_assignments',
      'category_assignments',
      'category_product_assignments',
      'catalog_product_assignments',
      'catalog_assignments',
      'categories',
      'catalogs',
      'products',
      'user_group_assignments',
    ])
      await run(sql.raw(`delete from ${table}`));
    for (const [buyer, user, groups] of USERS)
      for (const group of groups)
        await run(sql`insert into user_group_assignments (company_type, company_id, user_group_id, user_id)
          values ('buyer', ${buyer}, ${group}, ${user})`);
    for (const id of PRODUCTS) await run(sql`insert into products (id, name) values (${id}, ${id})`);
    for (const catalog of CATALOGS) {
      await run(
        sql`insert into catalogs (id, name, active) values (${catalog}, ${catalog}, ${r.chance(0.85)})`,
      );
      // Parents are earlier categories, so the tree never has a cycle.
      for (const [i, id] of CATEGORIES.entries()) {
        const parent = i > 0 && r.chance(0.8) ? r.pick(CATEGORIES.slice(0, i)) : null;
        await run(sql`insert into categories (catalog_id, id, parent_id, name, active)
          values (${catalog}, ${id}, ${parent}, ${id}, ${r.chance(0.85)})`);
      }
      for (const product of PRODUCTS) {
        if (r.chance(0.8))
          await run(
            sql`insert into catalog_product_assignments (catalog_id, product_id) values (${catalog}, ${product})`,
          );
        for (const category of CATEGORIES)
          if (r.chance(0.2)) await insertCategoryProduct(catalog, category, product);
      }
      for (const buyer of ['B1', 'B2'])
        if (r.chance(0.8))
          await run(sql`insert into catalog_assignments (catalog_id, buyer_id, view_all_categories, view_all_products)
            values (${catalog}, ${buyer}, ${r.chance(0.5)}, ${r.chance(0.25)})`);
      for (const category of CATEGORIES)
        for (const subject of SUBJECTS)
          if (r.chance(0.3)) await insertCategoryAssignment(r, catalog, category, subject);
    }
    for (const product of PRODUCTS)
      for (const [buyer, group] of SUBJECTS)
        if (r.chance(0.1))
          await run(sql`insert into product_assignments (product_id, buyer_id, user_group_id)
            values (${product}, ${buyer}, ${group}) on conflict do nothing`);
  }

  const insertCategoryProduct = (catalog: string, category: string, product: string) =>
    run(sql`insert into category_product_assignments (catalog_id, category_id, product_id)
      values (${catalog}, ${category}, ${product}) on conflict do nothing`);

  const insertCategoryAssignment = (
    r: ReturnType<typeof random>,
    catalog: string,
    category: string,
    [buyer, group]: readonly [string, string],
  ) =>
    run(sql`insert into category_assignments (catalog_id, category_id, buyer_id, user_group_id, visible, view_all_products)
      values (${catalog}, ${category}, ${buyer}, ${group}, ${r.flag()}, ${r.flag()})
      on conflict (catalog_id, category_id, buyer_id, user_group_id) do update set view_all_products = excluded.view_all_products`);

  /** One random catalogue write, of the kinds the admin API makes. */
  async function change(r: ReturnType<typeof random>) {
    const catalog = r.pick(CATALOGS);
    const category = r.pick(CATEGORIES);
    const product = r.pick(PRODUCTS);
    const [buyer, group] = r.pick(SUBJECTS);
    const i = CATEGORIES.indexOf(category);
    const changes: (() => Promise<unknown>)[] = [
      () => run(sql`update catalogs set active = not active where id = ${catalog}`),
      () =>
        run(
          sql`update categories set active = not active where catalog_id = ${catalog} and id = ${category}`,
        ),
      () =>
        run(sql`update categories set parent_id = ${i > 0 && r.chance(0.8) ? r.pick(CATEGORIES.slice(0, i)) : null}
          where catalog_id = ${catalog} and id = ${category}`),
      () => insertCategoryAssignment(r, catalog, category, [buyer, group]),
      () =>
        run(sql`delete from category_assignments where catalog_id = ${catalog} and buyer_id = ${buyer}
          and user_group_id = ${group} and category_id = ${category}`),
      () => insertCategoryProduct(catalog, category, product),
      () =>
        run(
          sql`delete from category_product_assignments where catalog_id = ${catalog} and product_id = ${product}`,
        ),
      () =>
        run(sql`insert into catalog_product_assignments (catalog_id, product_id) values (${catalog}, ${product})
          on conflict do nothing`),
      () =>
        run(
          sql`delete from catalog_product_assignments where catalog_id = ${catalog} and product_id = ${product}`,
        ),
      () =>
        run(sql`insert into product_assignments (product_id, buyer_id, user_group_id) values (${product}, ${buyer}, ${group})
          on conflict do nothing`),
      () => run(sql`delete from product_assignments where product_id = ${product} and buyer_id = ${buyer}`),
      () =>
        run(sql`insert into catalog_assignments (catalog_id, buyer_id, view_all_products) values (${catalog}, ${buyer}, ${r.chance(0.3)})
          on conflict (catalog_id, buyer_id) do update set view_all_products = not catalog_assignments.view_all_products`),
      () => run(sql`delete from catalog_assignments where catalog_id = ${catalog} and buyer_id = ${buyer}`),
      // Deleted (their assignments cascade) and made again bare, so later changes may name them. The last
      // category is a leaf: parents are earlier categories.
      async () => {
        const leaf = CATEGORIES.at(-1) ?? '';
        await run(sql`delete from categories where catalog_id = ${catalog} and id = ${leaf}`);
        await run(sql`insert into categories (catalog_id, id, name) values (${catalog}, ${leaf}, ${leaf})`);
      },
      async () => {
        await run(sql`delete from products where id = ${product}`);
        await run(sql`insert into products (id, name) values (${product}, ${product})`);
      },
      // What the listing read model holds beside visibility: the active flag, the facet values, the facets.
      () => run(sql`update products set active = not active where id = ${product}`),
      () =>
        run(sql`update products set xp = ${JSON.stringify({ Material: r.pick(['Steel', 'PVC', 'steel']), Tags: [r.pick(['a', 'B']), 7, true] })}::jsonb
          where id = ${product}`),
      () => run(sql`update products set inventory_quantity_available = 5 where id = ${product}`),
      () =>
        run(sql`update categories set name = 'renamed' where catalog_id = ${catalog} and id = ${category}`),
      () =>
        run(sql`insert into product_facets (id, name, xp_path) values ('Tags', 'Tags', 'Tags')
          on conflict (id) do update set xp_path = case when product_facets.xp_path = 'Tags' then 'Material' else 'Tags' end`),
    ];
    await r.pick(changes)();
  }

  async function expectSameAsOracle(step: string) {
    for (const [buyer, user] of USERS)
      for (const catalogId of [undefined, ...CATALOGS]) {
        const who = principal(buyer, user);
        const options = catalogId ? { catalogId } : {};
        const ids = async (subquery: SQL) =>
          (
            await queryRows<{ id: string }>(
              database.db,
              sql`select distinct product_id as id from ${subquery} s`,
            )
          )
            .map((row) => row.id)
            .sort();
        const oracle = await ids(oracleVisibleProductIds(who, options));
        const where = `${step}: ${user} in ${catalogId ?? 'all catalogs'}`;
        expect(await ids(visibleProductIds(who, options)), where).toEqual(oracle);
        const [catalogs] = await queryRows<{ view_all: string[]; other: string[] }>(
          database.db,
          listingCatalogsSql(who, catalogId),
        );
        const split = { viewAll: catalogs?.view_all ?? [], other: catalogs?.other ?? [] };
        expect(
          await ids(sql`(select l.product_id from product_listing l where ${visibleInListing(who, split)})`),
          `${where}, on the listing`,
        ).toEqual(oracle);
      }
    // The listing itself: what its definition gives for every product now (nothing stale, nothing missing).
    expect(
      await queryRows(database.db, sql`select * from product_listing order by product_id`),
      `${step}: product_listing`,
    ).toEqual(
      await queryRows(database.db, sql`select * from product_listing_rows(null) order by product_id`),
    );
    // Its counts per catalog, category and facet value: what counting the listing now gives.
    expect(
      await queryRows(database.db, sql`select * from listing_facet_counts order by 1, 2, 3`),
      `${step}: listing_facet_counts`,
    ).toEqual(await queryRows(database.db, sql`select * from listing_facet_count_rows() order by 1, 2, 3`));
    expect(
      await queryRows(database.db, sql`select * from listing_positions order by 1, 2, 3`),
      `${step}: listing_positions`,
    ).toEqual(await queryRows(database.db, sql`select * from listing_position_rows() order by 1, 2, 3`));
  }

  it('agrees after random worlds and random assignment changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const r = random(seed);
        await buildWorld(r);
        await expectSameAsOracle('built');
        for (let step = 1; step <= 8; step++) {
          await change(r);
          await expectSameAsOracle(`change ${step}`);
        }
      }),
      { numRuns: 30 },
    );
  }, 600_000);

  it('leaves both read models untouched by writes that change nothing they hold', async () => {
    // xmin is the transaction that last wrote a row: a rewrite of the same content would change it.
    const versions = async () =>
      queryRows(
        database.db,
        sql`select 'v' as t, xmin::text as x from buyer_product_visibility
          union all select 'l', xmin::text from product_listing order by 1, 2`,
      );
    const before = await versions();
    expect(before.length).toBeGreaterThan(0);
    await run(sql`update categories set name = name || ' (renamed)', list_order = list_order + 1`);
    await run(sql`update product_facets set name = name || ' (renamed)', min_count = min_count + 1`);
    await run(sql`update products set inventory_quantity_available = 3`);
    expect(await versions()).toEqual(before);
  });

  it('matches a full rebuild after the changes (the triggers leave nothing stale)', async () => {
    const before = await queryRows(
      database.db,
      sql`select * from buyer_product_visibility order by 1, 2, 3, 4, 5`,
    );
    await run(sql`select refresh_buyer_product_visibility(null, null, null)`);
    const after = await queryRows(
      database.db,
      sql`select * from buyer_product_visibility order by 1, 2, 3, 4, 5`,
    );
    expect(after).toEqual(before);
  });
});
