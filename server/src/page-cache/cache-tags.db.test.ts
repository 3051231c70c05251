import type { LocaleCode } from '@catalogue/dataset/model';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { cacheTags } from '@catalogue/storefront/cache-tags';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTagChanges } from './tag-feed';

/**
 * The database's side of the page cache's tags (migration 0023): each committed change writes exactly the
 * tags the storefront gives the pages showing that data (`cacheTags`), so those pages — and only those —
 * are rendered again.
 */
describe(`page cache tags written by the database on ${testDriver()}`, () => {
  let database: TestDatabase;
  let seen = 0;
  const C = 'catalog-test';
  const en: LocaleCode = 'en-US';

  /** The tags committed since the last call. */
  async function changedTags(): Promise<string[]> {
    const changes = await databaseTagChanges(database)(seen);
    for (const change of changes) seen = Math.max(seen, change.version);
    return changes.map((change) => change.tag).sort();
  }

  const sorted = (tags: string[]) => [...new Set(tags)].sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into catalogs (id, name) values (${C}, 'Test')`);
      await tx.execute(sql`insert into categories (catalog_id, id, parent_id, name, xp) values
        (${C}, 'top', null, 'Top', '{"Level": 1}'),
        (${C}, 'line', 'top', 'Line', '{"Level": 2}'),
        (${C}, 'family', 'line', 'Family', '{"Level": 3}'),
        (${C}, 'series', 'family', 'Series', '{"Level": 5}')`);
      await tx.execute(sql`insert into price_schedules (id, name) values ('ps-1', 'Prices')`);
      await tx.execute(
        sql`insert into products (id, name, default_price_schedule_id) values ('P1', 'Pipe', 'ps-1')`,
      );
      await tx.execute(
        sql`insert into price_breaks (price_schedule_id, quantity, price) values ('ps-1', 1, 10)`,
      );
      await tx.execute(sql`insert into category_product_assignments (catalog_id, category_id, product_id)
        values (${C}, 'series', 'P1')`);
      await tx.execute(sql`insert into content_items (type, id, locale, data)
        values ('route', '/products/top', ${en}, '{"title": "Top"}')`);
    });
    await changedTags();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const trail = ['top', 'line', 'family', 'series'].map((id) => cacheTags.category(C, id));

  it('tags a product change with the product and every category listing it, up to the top', async () => {
    await database.db.execute(sql`update products set name = 'Pipe 2' where id = 'P1'`);
    expect(await changedTags()).toEqual(sorted([cacheTags.product('P1'), ...trail]));
  });

  it('tags a stock change with the product only (listings do not show stock)', async () => {
    await database.db.execute(sql`update products set inventory_quantity_available = 7 where id = 'P1'`);
    expect(await changedTags()).toEqual([cacheTags.product('P1')]);
  });

  it('tags a price change with the products priced by the schedule', async () => {
    await database.db.execute(sql`update price_breaks set price = 11 where price_schedule_id = 'ps-1'`);
    expect(await changedTags()).toEqual([cacheTags.product('P1')]);
  });

  it('tags a category change with its trail, its catalog’s category list and, to level 3, the menu', async () => {
    await database.db.execute(sql`update categories set xp = xp || '{"Names": {"en": "Fam"}}'
      where catalog_id = ${C} and id = 'family'`);
    expect(await changedTags()).toEqual(
      sorted([...trail.slice(0, 3), cacheTags.categories(C), cacheTags.menu(C)]),
    );
    await database.db.execute(
      sql`update categories set description = 'Deep' where catalog_id = ${C} and id = 'series'`,
    );
    expect(await changedTags()).toEqual(sorted([...trail, cacheTags.categories(C)]));
  });

  it('tags a new assignment with the product and the category trail it joins', async () => {
    await database.db.execute(sql`insert into category_product_assignments (catalog_id, category_id, product_id)
      values (${C}, 'line', 'P1')`);
    expect(await changedTags()).toEqual(sorted([cacheTags.product('P1'), ...trail.slice(0, 2)]));
  });

  it('tags a visibility change of a product (product assignment) with the listings that hold it', async () => {
    await database.db.execute(sql`insert into buyers (id, name) values ('B1', 'Buyer')`);
    await changedTags();
    await database.db.execute(
      sql`insert into product_assignments (product_id, buyer_id) values ('P1', 'B1')`,
    );
    expect(await changedTags()).toEqual(sorted([cacheTags.product('P1'), ...trail]));
  });

  it('tags a content change with its type, its type in the locale, and the item', async () => {
    await database.db.execute(sql`update content_items set data = '{"title": "New"}'
      where type = 'route' and id = '/products/top'`);
    expect(await changedTags()).toEqual(
      sorted([
        cacheTags.contentType('route'),
        cacheTags.content('route', en),
        cacheTags.contentItem('route', en, '/products/top'),
      ]),
    );
  });

  it('tags tables without a finer mapping as catalogue, and nothing for a rolled-back transaction', async () => {
    await database.db.execute(
      sql`insert into product_facets (id, name, xp_path) values ('f1', 'Colour', 'Colour')`,
    );
    expect(await changedTags()).toEqual([cacheTags.catalogue()]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update products set name = 'Never' where id = 'P1'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await changedTags()).toEqual([]);
  });

  it('gives every transaction one version, higher than those committed before', async () => {
    const before = seen;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set name = 'Pipe 3' where id = 'P1'`);
      await tx.execute(sql`update content_items set data = '{}' where type = 'route'`);
    });
    const changes = await databaseTagChanges(database)(before);
    expect(new Set(changes.map((c) => c.version)).size).toBe(1);
    expect(changes[0]?.version).toBeGreaterThan(before);
  });
});
