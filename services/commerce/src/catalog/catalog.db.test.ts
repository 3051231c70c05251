import { testDriver } from '@catalogue/db/testing';
import { Catalogs, Categories, PriceSchedules, Products } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`catalogs, price schedules and products through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  it('keeps price breaks exact and replaces them with the schedule', async () => {
    await loginAs('admin');
    const schedule = await PriceSchedules.Create({
      ID: 'PS-TEST',
      Name: 'Test schedule',
      Currency: 'USD',
      PriceBreaks: [
        { Quantity: 1, Price: 12.34 },
        { Quantity: 100, Price: 10.1 },
      ],
    });
    expect(schedule.PriceBreaks).toEqual([
      { Quantity: 1, Price: 12.34, SalePrice: null },
      { Quantity: 100, Price: 10.1, SalePrice: null },
    ]);
    expect(schedule.IsOnSale).toBe(false);
    const withBreak = await PriceSchedules.SavePriceBreak('PS-TEST', { Quantity: 500, Price: 9.99 });
    expect(withBreak.PriceBreaks.map((b) => b.Quantity)).toEqual([1, 100, 500]);
    await PriceSchedules.DeletePriceBreak('PS-TEST', { quantity: 100 });
    expect((await PriceSchedules.Get('PS-TEST')).PriceBreaks.map((b) => b.Price)).toEqual([12.34, 9.99]);
    const patched = await PriceSchedules.Patch('PS-TEST', { Name: 'Renamed' });
    expect(patched.PriceBreaks).toHaveLength(2);
    const replaced = await PriceSchedules.Save('PS-TEST', {
      Name: 'Replaced',
      PriceBreaks: [{ Quantity: 1, Price: 1 }],
    });
    expect(replaced.PriceBreaks).toEqual([{ Quantity: 1, Price: 1, SalePrice: null }]);
    const bad = await refusal(
      PriceSchedules.Create({
        Name: 'Bad',
        PriceBreaks: [{ Quantity: 0, Price: -1 }],
        Currency: 'usd',
      } as never),
    );
    expect(bad.errors?.map((e) => (e.Data as { Property: string }).Property).sort()).toEqual([
      'Currency',
      'PriceBreaks.0.Price',
      'PriceBreaks.0.Quantity',
    ]);
    // The demo catalogue's schedules are there too, with their breaks.
    const demo = await PriceSchedules.List({ filters: { ID: 'PS-*' }, pageSize: 5 });
    expect(demo.Meta.TotalCount).toBeGreaterThan(50);
    expect(demo.Items[0]?.PriceBreaks.length).toBeGreaterThanOrEqual(3);
  });

  it('manages products and refuses a price schedule that does not exist', async () => {
    await loginAs('admin');
    const product = await Products.Create({
      ID: 'TEST-001',
      Name: 'Test conduit',
      DefaultPriceScheduleID: 'PS-TEST',
      ShipWeight: 1.25,
      xp: { Material: 'steel-galvanized' },
    });
    expect(product).toMatchObject({ ID: 'TEST-001', ShipWeight: 1.25, Active: true, QuantityMultiplier: 1 });
    const missing = await refusal(Products.Create({ Name: 'Orphan', DefaultPriceScheduleID: 'NOPE' }));
    expect(missing.errors?.[0]?.Data).toEqual({ ObjectType: 'PriceSchedule', ObjectID: 'NOPE' });
    const filtered = await Products.List({ filters: { 'xp.Material': 'steel-galvanized', ID: 'TEST-*' } });
    expect(filtered.Items.map((p) => p.ID)).toEqual(['TEST-001']);
    const demo = await Products.List({ search: 'EMT', searchOn: ['ID'], pageSize: 3 });
    expect(demo.Items.every((p) => p.ID.includes('EMT'))).toBe(true);
  });

  it('manages catalogs, their buyer assignments and product assignments', async () => {
    await loginAs('admin');
    const us = await Catalogs.Get('catalog-us');
    expect(us.CategoryCount).toBeGreaterThan(20);
    await Catalogs.Create({ ID: 'catalog-test', Name: 'Test catalog' });
    await Catalogs.SaveAssignment({ CatalogID: 'catalog-test', BuyerID: 'MAPLE-CA', ViewAllProducts: true });
    expect((await Catalogs.ListAssignments({ catalogID: 'catalog-test' })).Items).toEqual([
      { CatalogID: 'catalog-test', BuyerID: 'MAPLE-CA', ViewAllCategories: false, ViewAllProducts: true },
    ]);
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-test', ProductID: 'TEST-001' });
    expect((await Catalogs.ListProductAssignments({ catalogID: 'catalog-test' })).Items).toEqual([
      { CatalogID: 'catalog-test', ProductID: 'TEST-001' },
    ]);
    // The seller's product list by catalog (OrderCloud's catalogID), and by category (categoryID).
    const inCatalog = await Products.List({ catalogID: 'catalog-test' });
    expect(inCatalog.Items.map((p) => p.ID)).toEqual(['TEST-001']);
    const [assigned] = (await Categories.ListProductAssignments('catalog-us', { pageSize: 1 })).Items;
    const inCategory = await Products.List({
      catalogID: 'catalog-us',
      categoryID: assigned?.CategoryID,
      pageSize: 100,
    });
    expect(inCategory.Items.map((p) => p.ID)).toContain(assigned?.ProductID);
    expect(inCategory.Meta.TotalCount).toBeLessThan(
      (await Products.List({ catalogID: 'catalog-us' })).Meta.TotalCount,
    );
    expect((await Products.List({ catalogID: 'no-such-catalog' })).Items).toEqual([]);
    expect((await refusal(Products.List({ catalogID: "x' or 1=1" }))).status).toBe(400);
    await Catalogs.DeleteProductAssignment('catalog-test', 'TEST-001');
    await Catalogs.DeleteAssignment('catalog-test', { buyerID: 'MAPLE-CA' });
    await Catalogs.Delete('catalog-test');
    expect((await refusal(Catalogs.Get('catalog-test'))).status).toBe(404);
    await Products.SaveAssignment({
      ProductID: 'TEST-001',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
      PriceScheduleID: 'PS-TEST',
    });
    const given = await Products.ListAssignments({ productID: 'TEST-001', level: 'Group' });
    expect(given.Items).toEqual([
      {
        SellerID: null,
        ProductID: 'TEST-001',
        BuyerID: 'ACME-US',
        UserGroupID: 'acme-prefab-partners',
        PriceScheduleID: 'PS-TEST',
      },
    ]);
    const wrongGroup = await refusal(
      Products.SaveAssignment({
        ProductID: 'TEST-001',
        BuyerID: 'MAPLE-CA',
        UserGroupID: 'acme-prefab-partners',
      }),
    );
    expect(wrongGroup.status).toBe(404);
    await Products.DeleteAssignment('TEST-001', 'ACME-US', { userGroupID: 'acme-prefab-partners' });
    expect((await Products.ListAssignments({ productID: 'TEST-001' })).Items).toEqual([]);
    await loginAs('engineer');
    expect((await refusal(Products.List())).status).toBe(403);
  });
});
