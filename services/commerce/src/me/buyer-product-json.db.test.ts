import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import {
  type BuyerProduct,
  Catalogs,
  Categories,
  Me,
  PriceSchedules,
  type Product,
  Products,
  Specs,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * A BuyerProduct is the Product as the admin routes show it, with the price schedule the user pays (as
 * GET /v1/priceschedules shows it) before its xp. PostgreSQL renders the buyer's JSON (`buyer-product-json.ts`);
 * this holds it to the resources' own wire form, byte for byte after parsing, key order included.
 */
describe(`BuyerProduct JSON rendered by the database, on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 120 });

  beforeAll(async () => {
    await loginAs('admin');
    // The branches the demo data may not reach: a sale running, a sale price, tracked inventory with a
    // notification point, fractional dimensions, no description, a schedule without breaks.
    await PriceSchedules.Create({
      ID: 'PS-SALE',
      Name: 'On sale',
      MaxQuantity: 500,
      SaleStart: '2020-01-01T10:00:00.123Z',
      SaleEnd: '2099-01-01T00:00:00Z',
      PriceBreaks: [
        { Quantity: 1, Price: 12.34, SalePrice: 9.99 },
        { Quantity: 10, Price: 0.0001 },
      ],
      xp: { Note: 'Bêta ✓' },
    });
    await PriceSchedules.Create({ ID: 'PS-EMPTY', Name: 'No breaks', PriceBreaks: [] });
    await Products.Create({
      ID: 'JSON-RICH',
      Name: 'Ünïcode “quoted” \\ name',
      DefaultPriceScheduleID: 'PS-SALE',
      ShipWeight: 0.35,
      ShipHeight: 1234.5,
      Inventory: { Enabled: true, NotificationPoint: 5, QuantityAvailable: 62, OrderCanExceed: true },
      xp: { Nested: { List: [1, 'two', null], Flag: true }, Zahl: 1.5, Tool: 'Schlüssel 🔧 “fit”' },
    });
    await Products.Create({ ID: 'JSON-EMPTY', Name: 'Empty schedule', DefaultPriceScheduleID: 'PS-EMPTY' });
    await Products.Create({ ID: 'JSON-NOPRICE', Name: 'No schedule' });
    // Placed where a product the buyer sees already is: the same catalogs and categories.
    await loginAs('engineer');
    const [seen] = (await Me.ListProducts({ pageSize: 1 })).Items;
    await loginAs('admin');
    const inCatalogs = await Catalogs.ListProductAssignments({ productID: seen?.ID, pageSize: 100 });
    const inCategories = [];
    for (const { CatalogID } of inCatalogs.Items) {
      const found = await Categories.ListProductAssignments(CatalogID ?? '', {
        productID: seen?.ID,
        pageSize: 100,
      });
      inCategories.push(...found.Items.map((a) => ({ ...a, CatalogID })));
    }
    for (const ProductID of ['JSON-RICH', 'JSON-EMPTY', 'JSON-NOPRICE']) {
      for (const { CatalogID } of inCatalogs.Items)
        await Catalogs.SaveProductAssignment({ CatalogID, ProductID });
      for (const { CatalogID, CategoryID } of inCategories)
        await Categories.SaveProductAssignment(CatalogID ?? '', { CategoryID, ProductID });
    }
  });

  async function buyerProducts(): Promise<BuyerProduct[]> {
    const all: BuyerProduct[] = [];
    for (let page = 1; ; page++) {
      const list = await Me.ListProducts({ page, pageSize: 100, sortBy: ['ID'] });
      all.push(...list.Items);
      if (page >= (list.Meta?.TotalPages ?? 0)) return all;
    }
  }

  it('writes every visible product as the Product and PriceSchedule resources do, in lists and alone', async () => {
    await loginAs('engineer');
    const listed = await buyerProducts();
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.map((p) => p.ID)).toEqual(expect.arrayContaining(['JSON-RICH', 'JSON-EMPTY']));
    const alone = new Map<string, BuyerProduct>();
    for (const product of listed) alone.set(product.ID ?? '', await Me.GetProduct(product.ID ?? ''));

    await loginAs('admin');
    const schedules = new Map<string, unknown>();
    for (const product of listed) {
      const { xp, ...admin } = (await Products.Get(product.ID ?? '')) as Product & { xp: unknown };
      const scheduleId = product.PriceSchedule?.ID;
      if (scheduleId && !schedules.has(scheduleId))
        schedules.set(scheduleId, await PriceSchedules.Get(scheduleId));
      const expected = { ...admin, PriceSchedule: scheduleId ? schedules.get(scheduleId) : null, xp };
      expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
      expect(JSON.stringify(alone.get(product.ID ?? ''))).toBe(JSON.stringify(expected));
    }
    const rich = listed.find((p) => p.ID === 'JSON-RICH');
    expect((rich?.xp as { Tool?: string } | undefined)?.Tool).toBe('Schlüssel 🔧 “fit”');
    // Kept all ASCII (migration 0045: the service decodes and writes ASCII text much faster).
    const nonAscii = await queryRows<{ n: number }>(
      commerce().database.db,
      sql`select (select count(*)::int from product_json where head || tail ~ '[^\\x01-\\x7f]')
        + (select count(*)::int from price_schedule_json where wire ~ '[^\\x01-\\x7f]') as n`,
    );
    expect(nonAscii[0]?.n).toBe(0);
    expect(rich?.PriceSchedule?.IsOnSale).toBe(true);
    expect(rich?.PriceSchedule?.PriceBreaks?.[1]?.Price).toBe(0.0001);
    expect(rich?.ShipWeight).toBe(0.35);
    expect(listed.find((p) => p.ID === 'JSON-EMPTY')?.PriceSchedule?.PriceBreaks).toEqual([]);
  });
  /** Schedules whose kept JSON (`price_schedule_json`, migration 0044) is missing or not what they make now. */
  const staleSchedules = async () =>
    (
      await queryRows<{ id: string }>(
        commerce().database.db,
        sql`select ps.id from price_schedules ps left join price_schedule_json j on j.price_schedule_id = ps.id
          where j.wire is distinct from (select f.wire from price_schedule_json_rows(array[ps.id]) f)`,
      )
    ).map((r) => r.id);

  it('keeps each price schedule’s JSON current through every write of the schedule and its breaks', async () => {
    expect(await staleSchedules()).toEqual([]);
    await loginAs('admin');
    await PriceSchedules.Patch('PS-SALE', { Name: 'Sale over', SaleEnd: '2021-01-01T00:00:00Z' });
    await PriceSchedules.SavePriceBreak('PS-SALE', { Quantity: 50, Price: 7.5, SalePrice: 7 });
    await PriceSchedules.DeletePriceBreak('PS-SALE', { quantity: 10 });
    await PriceSchedules.Create({
      ID: 'PS-LATE',
      Name: 'Added later',
      PriceBreaks: [{ Quantity: 1, Price: 3 }],
    });
    await Products.Patch('JSON-NOPRICE', { DefaultPriceScheduleID: 'PS-LATE' });
    await PriceSchedules.Save('PS-EMPTY', { ID: 'PS-EMPTY', Name: 'Still no breaks', PriceBreaks: [] });
    expect(await staleSchedules()).toEqual([]);

    const expected = new Map<string, unknown>();
    for (const id of ['PS-SALE', 'PS-LATE', 'PS-EMPTY']) expected.set(id, await PriceSchedules.Get(id));
    await loginAs('engineer');
    for (const [productId, scheduleId] of [
      ['JSON-RICH', 'PS-SALE'],
      ['JSON-NOPRICE', 'PS-LATE'],
      ['JSON-EMPTY', 'PS-EMPTY'],
    ] as const) {
      const product = await Me.GetProduct(productId);
      expect(JSON.stringify(product.PriceSchedule)).toBe(JSON.stringify(expected.get(scheduleId)));
      const [listed] = (await Me.ListProducts({ search: productId, searchOn: ['ID'], pageSize: 1 })).Items;
      expect(JSON.stringify(listed?.PriceSchedule)).toBe(JSON.stringify(expected.get(scheduleId)));
    }
    const rich = await Me.GetProduct('JSON-RICH');
    expect(rich.PriceSchedule?.IsOnSale).toBe(false);
    expect(rich.PriceSchedule?.PriceBreaks?.map((b) => b.Quantity)).toEqual([1, 50]);

    // A deleted schedule's kept JSON goes with it.
    await loginAs('admin');
    await Products.Patch('JSON-NOPRICE', { DefaultPriceScheduleID: null as unknown as string });
    await PriceSchedules.Delete('PS-LATE');
    const left = await queryRows<{ n: number }>(
      commerce().database.db,
      sql`select count(*)::int as n from price_schedule_json where price_schedule_id = 'PS-LATE'`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await staleSchedules()).toEqual([]);
  });

  /** Products whose kept JSON (`product_json`, migration 0045) is missing or not what they make now. */
  const staleProducts = async () =>
    (
      await queryRows<{ id: string }>(
        commerce().database.db,
        sql`select p.id from products p left join product_json j on j.product_id = p.id
          left join product_json_rows(array[p.id]) f on true
          where (j.head, j.tail) is distinct from (f.head, f.tail)`,
      )
    ).map((r) => r.id);

  it('keeps each product’s own JSON current through writes of the product, its specs and its variants', async () => {
    expect(await staleProducts()).toEqual([]);
    await loginAs('admin');
    await Products.Patch('JSON-RICH', {
      Description: 'Now described',
      Inventory: { QuantityAvailable: 7 },
      xp: { Zahl: 2 },
    });
    await Specs.Create({ ID: 'JSON-SPEC', Name: 'Colour', DefinesVariant: true });
    await Specs.CreateOption('JSON-SPEC', { ID: 'red', Value: 'Red' });
    await Specs.CreateOption('JSON-SPEC', { ID: 'blue', Value: 'Blue' });
    await Specs.SaveProductAssignment({ SpecID: 'JSON-SPEC', ProductID: 'JSON-RICH' });
    expect(await staleProducts()).toEqual([]);
    await Products.GenerateVariants('JSON-RICH', {});
    await Products.Patch('JSON-EMPTY', { ID: 'JSON-RENAMED' });
    expect(await staleProducts()).toEqual([]);

    const { xp, ...admin } = (await Products.Get('JSON-RICH')) as Product & { xp: unknown };
    expect([admin.SpecCount, admin.VariantCount, admin.Inventory?.QuantityAvailable]).toEqual([1, 2, 7]);
    const expected = { ...admin, xp };
    await loginAs('engineer');
    for (const product of [
      await Me.GetProduct('JSON-RICH'),
      (await Me.ListProducts({ search: 'JSON-RICH', searchOn: ['ID'], pageSize: 1 })).Items[0],
    ]) {
      const { PriceSchedule: _, ...own } = product as BuyerProduct & { xp: unknown };
      expect(JSON.stringify(own)).toBe(JSON.stringify(expected));
    }
    expect((await Me.GetProduct('JSON-RENAMED')).ID).toBe('JSON-RENAMED');

    // Fewer specs and variants, and a deleted product's kept JSON goes with it.
    await loginAs('admin');
    await Specs.DeleteProductAssignment('JSON-SPEC', 'JSON-RICH');
    expect(await staleProducts()).toEqual([]);
    await Products.GenerateVariants('JSON-RICH', {}, { overwriteExisting: true });
    expect(await staleProducts()).toEqual([]);
    await Products.Delete('JSON-RENAMED');
    const left = await queryRows<{ n: number }>(
      commerce().database.db,
      sql`select count(*)::int as n from product_json where product_id in ('JSON-EMPTY', 'JSON-RENAMED')`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await staleProducts()).toEqual([]);
  });
});
