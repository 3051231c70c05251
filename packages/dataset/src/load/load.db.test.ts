import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from '@catalogue/commerce/passwords';
import { migrationsFolder, queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../generate';
import type { Dataset } from '../model';
import { datasetContent } from '../testing';
import { PARTNER_CATALOG_ID } from './catalogs';
import { loadDataset, loadedDataset, minorToDecimal } from './index';

describe(`loading the dataset on ${testDriver()}`, () => {
  let database: TestDatabase;
  let dataset: Dataset;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataset = generateDataset({ skus: 400 });
    await loadDataset(database.db, dataset);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database.db, query))[0]?.n ?? -1;

  it('records what it loaded, so a later start does not load again', async () => {
    const meta = await loadedDataset(database.db);
    expect(meta).toMatchObject({ seed: dataset.seed, skuCount: 400 });
    expect(meta?.rows.products).toBe(400);
    expect(await count(sql`select count(*)::int as n from products`)).toBe(400);
  });

  it('builds the read models once at the end, exactly as their definitions and triggers would', async () => {
    // The load switches the per-statement refreshes off (migration 0035) and rebuilds both at the end.
    const listing = sql`select * from product_listing order by product_id`;
    const visibility = sql`select * from buyer_product_visibility order by 1, 2, 3, 4, 5`;
    const loaded = {
      listing: await queryRows(database.db, listing),
      visibility: await queryRows(database.db, visibility),
    };
    expect(loaded.listing).toHaveLength(400);
    expect(loaded.visibility.length).toBeGreaterThan(400);
    expect(loaded.listing).toEqual(
      await queryRows(database.db, sql`select * from product_listing_rows(null) order by product_id`),
    );
    await database.db.execute(sql`select refresh_buyer_product_visibility(null, null, null)`);
    expect(await queryRows(database.db, visibility)).toEqual(loaded.visibility);
  });

  it('puts each region’s assortment in its own catalog, so US and CA differ', async () => {
    const us = await queryRows<{ product_id: string }>(
      database.db,
      sql`select product_id from catalog_product_assignments where catalog_id = 'catalog-us'`,
    );
    const ca = await queryRows<{ product_id: string }>(
      database.db,
      sql`select product_id from catalog_product_assignments where catalog_id = 'catalog-ca'`,
    );
    const usIds = new Set(us.map((r) => r.product_id));
    const caIds = new Set(ca.map((r) => r.product_id));
    expect(usIds.size).toBeGreaterThan(0);
    expect(caIds.size).toBeGreaterThan(0);
    expect([...usIds].some((id) => !caIds.has(id))).toBe(true);
    expect([...caIds].some((id) => !usIds.has(id))).toBe(true);
    for (const product of dataset.products.filter((p) => p.visibleToUserGroup === null)) {
      expect(usIds.has(product.id)).toBe(product.regions.includes('US'));
    }
  });

  it('keeps every category of a catalog connected to its parent', async () => {
    const orphans = await count(sql`
      select count(*)::int as n from categories c
      where c.parent_id is not null and not exists (
        select 1 from categories p where p.catalog_id = c.catalog_id and p.id = c.parent_id)`);
    expect(orphans).toBe(0);
    const levels = await queryRows<{ level: number }>(
      database.db,
      sql`select distinct (xp->>'Level')::int as level from categories where catalog_id = 'catalog-us' order by 1`,
    );
    expect(levels.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows group-only products through the partner catalog and a group assignment only', async () => {
    const restricted = dataset.products.filter((p) => p.visibleToUserGroup !== null);
    expect(restricted.length).toBeGreaterThan(0);
    const assignments = await queryRows<{ product_id: string; buyer_id: string; user_group_id: string }>(
      database.db,
      sql`select product_id, buyer_id, user_group_id from product_assignments order by product_id`,
    );
    expect(assignments.map((a) => a.product_id).sort()).toEqual(restricted.map((p) => p.id).sort());
    expect(new Set(assignments.map((a) => `${a.buyer_id}/${a.user_group_id}`))).toEqual(
      new Set(['ACME-US/acme-prefab-partners']),
    );
    const partner = await queryRows<{ buyer_id: string; view_all_products: boolean }>(
      database.db,
      sql`select buyer_id, view_all_products from catalog_assignments where catalog_id = ${PARTNER_CATALOG_ID}`,
    );
    expect(partner).toEqual([{ buyer_id: 'ACME-US', view_all_products: false }]);
    const inRegional = await count(sql`
      select count(*)::int as n from catalog_product_assignments
      where catalog_id <> ${PARTNER_CATALOG_ID} and product_id in (select product_id from product_assignments)`);
    expect(inRegional).toBe(0);
  });

  it('loads the supplier with its buyers, its user and role profile, and the partner products it sells', async () => {
    const restricted = dataset.products.filter((p) => p.visibleToUserGroup !== null);
    expect(restricted.length).toBeGreaterThan(0);
    const byProduct = (a: { product_id: string }, b: { product_id: string }) =>
      a.product_id < b.product_id ? -1 : 1;
    const links = await queryRows<{
      product_id: string;
      supplier_id: string;
      default_price_schedule_id: string;
    }>(database.db, sql`select product_id, supplier_id, default_price_schedule_id from product_suppliers`);
    expect(links.sort(byProduct)).toEqual(
      restricted
        .map((p) => ({
          product_id: p.id,
          supplier_id: 'KEYSTONE-PREFAB',
          default_price_schedule_id: p.priceScheduleId,
        }))
        .sort(byProduct),
    );
    expect(await queryRows(database.db, sql`select supplier_id, buyer_id from supplier_buyers`)).toEqual([
      { supplier_id: 'KEYSTONE-PREFAB', buyer_id: 'ACME-US' },
    ]);
    expect(
      await queryRows(
        database.db,
        sql`select company_id, username from users where company_type = 'supplier'`,
      ),
    ).toEqual([{ company_id: 'KEYSTONE-PREFAB', username: 'supplier' }]);
    expect(
      await queryRows(
        database.db,
        sql`select security_profile_id, user_id from security_profile_assignments where supplier_id = 'KEYSTONE-PREFAB'`,
      ),
    ).toEqual([{ security_profile_id: 'supplier-admin', user_id: null }]);
  });

  it('stores prices exactly, as numeric, from minor units', async () => {
    const schedule = dataset.priceSchedules[0];
    if (!schedule) throw new Error('dataset has no price schedules');
    const rows = await queryRows<{ quantity: number; price: string }>(
      database.db,
      sql`select quantity, price::text as price from price_breaks where price_schedule_id = ${schedule.id} order by quantity`,
    );
    expect(rows.map((r) => [r.quantity, Number(r.price).toFixed(2)])).toEqual(
      schedule.priceBreaks.map((b) => [b.quantity, minorToDecimal(b.priceMinor)]),
    );
  });

  it('stores demo passwords only as hashes that verify', async () => {
    const [admin] = await queryRows<{ password_hash: string; company_type: string }>(
      database.db,
      sql`select password_hash, company_type from users where username = 'admin'`,
    );
    expect(admin?.company_type).toBe('seller');
    expect(admin?.password_hash).not.toContain('Admin#2026');
    expect(await verifyPassword('Admin#2026', admin?.password_hash ?? '')).toBe(true);
    const [employee] = await queryRows<{ password_hash: string; company_id: string }>(
      database.db,
      sql`select password_hash, company_id from users where username = 'employee'`,
    );
    expect(employee?.company_id).toBe('ACME-US');
    expect(await verifyPassword('Buyer#2026', employee?.password_hash ?? '')).toBe(true);
    const roles = await queryRows<{ custom_roles: string[] }>(
      database.db,
      sql`select p.custom_roles from security_profile_assignments a
          join security_profiles p on p.id = a.security_profile_id where a.user_id = 'employee'`,
    );
    expect(roles.flatMap((r) => r.custom_roles)).toContain('CompanyEmployee');
  });

  it('tracks stock of stocked products and gives one product generated-style variants', async () => {
    const stock = await queryRows<{ id: string; enabled: boolean; quantity: number | null }>(
      database.db,
      sql`select id, inventory_enabled as enabled, inventory_quantity_available as quantity from products`,
    );
    const byId = new Map(stock.map((r) => [r.id, r]));
    for (const product of dataset.products) {
      const row = byId.get(product.id);
      expect(row?.enabled).toBe(!product.attributes.madeToOrder);
      if (row?.enabled) expect(row.quantity).toBeGreaterThanOrEqual(0);
    }
    const variantRows = await queryRows<{ product_id: string; id: string; specs: { OptionID: string }[] }>(
      database.db,
      sql`select product_id, id, specs from variants order by id`,
    );
    expect(variantRows).toHaveLength(2);
    const productId = variantRows[0]?.product_id;
    expect(variantRows.map((v) => v.id)).toEqual([`${productId}-galv`, `${productId}-pvc`]);
    expect(variantRows.map((v) => v.specs[0]?.OptionID)).toEqual(['galv', 'pvc']);
    expect(
      await count(sql`select count(*)::int as n from spec_product_assignments a
        join specs s on s.id = a.spec_id and s.defines_variant where a.product_id = ${productId ?? ''}`),
    ).toBe(1);
  });

  it('writes content for every locale', async () => {
    const rows = await queryRows<{ type: string; n: number }>(
      database.db,
      sql`select type, count(distinct locale)::int as n from content_items where locale <> '*' group by type order by type`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toMatchObject({
      dictionary: 10,
      locale: 10,
      site: 10,
      'category-marketing': 10,
      route: 10,
      header: 10,
      footer: 10,
      newsletter: 10,
      'made-to-order': 10,
      table: 10,
      tab: 10,
      calculator: 10,
      'bim-filter': 10,
      pcm: 10,
      faq: 10,
    });
    const shared = await queryRows<{ type: string; n: number }>(
      database.db,
      sql`select type, count(*)::int as n from content_items where locale = '*' group by type order by type`,
    );
    expect(Object.fromEntries(shared.map((r) => [r.type, r.n]))).toMatchObject({
      mapping: 4,
      region: 6,
      'search-widget': dataset.searchWidgets.length,
      'search-rule': dataset.searchRules.filter((r) => r.locale === '*').length,
    });
  });
});

describe(`a failed load on ${testDriver()}`, () => {
  it('leaves nothing behind', async () => {
    const database = await createTestDatabase();
    try {
      const dataset = generateDataset({ skus: 50 });
      const first = dataset.products[0];
      if (!first) throw new Error('no products');
      const broken: Dataset = { ...dataset, products: [...dataset.products, { ...first }] };
      await expect(loadDataset(database.db, broken)).rejects.toThrow();
      expect(await loadedDataset(database.db)).toBeNull();
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from catalogs`);
      expect(row?.n).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});

describe(`migration 0025 on ${testDriver()}: demo rows for installations loaded before them`, () => {
  const statements = readFileSync(path.join(migrationsFolder, '0025_demo_data_upgrades.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
  const upgrade = async (database: TestDatabase) => {
    for (const statement of statements) await database.db.execute(sql.raw(statement));
  };
  const salesInbox = (database: TestDatabase) =>
    queryRows<{ app_name: string; allow_seller: boolean; allow_any_buyer: boolean }>(
      database.db,
      sql`select app_name, allow_seller, allow_any_buyer from api_clients where id = 'sales-inbox'`,
    );
  const finishDefault = async (database: TestDatabase) =>
    (
      await queryRows<{ default_option_id: string | null }>(
        database.db,
        sql`select default_option_id from specs where id = 'demo-finish'`,
      )
    )[0]?.default_option_id;

  it('adds the sales inbox client and the Finish default where the dataset was loaded without them', async () => {
    const database = await createTestDatabase(testDriver(), datasetContent(60));
    try {
      await database.db.execute(sql`delete from api_clients where id = 'sales-inbox'`);
      await database.db.execute(sql`update specs set default_option_id = null where id = 'demo-finish'`);
      await upgrade(database);
      expect(await salesInbox(database)).toEqual([
        { app_name: 'Storefront sales inbox', allow_seller: true, allow_any_buyer: false },
      ]);
      expect(await finishDefault(database)).toBe('galv');
      // What an administrator changed since stays as it is, and a second run changes nothing.
      await database.db.execute(sql`update api_clients set app_name = 'Sales desk' where id = 'sales-inbox'`);
      await upgrade(database);
      expect((await salesInbox(database))[0]?.app_name).toBe('Sales desk');
    } finally {
      await database.dispose();
    }
  });

  it('leaves a database without the dataset alone: the dataset load writes those rows', async () => {
    const database = await createTestDatabase();
    try {
      await upgrade(database);
      expect(await salesInbox(database)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});

describe(`migration token_revocation on ${testDriver()}: 30-minute access tokens for existing installations`, () => {
  const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_token_revocation.sql')) ?? '';
  const dataUpdates = readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(--[^\n]*\n)*UPDATE /.test(statement));
  const durations = async (database: TestDatabase) =>
    Object.fromEntries(
      (
        await queryRows<{ id: string; minutes: number }>(
          database.db,
          sql`select id, access_token_duration as minutes from api_clients order by id`,
        )
      ).map((row) => [row.id, row.minutes]),
    );

  it("shortens the demo clients' 600-minute tokens to 30 and keeps durations someone chose", async () => {
    const database = await createTestDatabase(testDriver(), datasetContent(60));
    try {
      expect(dataUpdates).toHaveLength(1);
      await database.db.execute(sql`update api_clients set access_token_duration = 600`);
      await database.db.execute(
        sql`update api_clients set access_token_duration = 45 where id = 'sales-inbox'`,
      );
      await database.db.execute(
        sql`insert into api_clients (id, app_name, access_token_duration) values ('partner-app', 'Partner', 600)`,
      );
      for (const statement of dataUpdates) await database.db.execute(sql.raw(statement));
      expect(await durations(database)).toEqual({
        'admin-console': 30,
        'partner-app': 600,
        'sales-inbox': 45,
        storefront: 30,
        'storefront-catalog-aunz': 30,
        'storefront-catalog-ca': 30,
        'storefront-catalog-eu': 30,
        'storefront-catalog-gb': 30,
        'storefront-catalog-us': 30,
      });
    } finally {
      await database.dispose();
    }
  });
});
