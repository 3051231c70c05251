import { testDriver } from '@catalogue/db/testing';
import { Catalogs, Categories, Me, PriceSchedules, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

/** What each buyer user sees in /me/products (OrderCloud's visibility rules). */
describe(`/me/products visibility on ${testDriver()}`, () => {
  commerceForTests({ skus: 120 });

  const visible = async (username: string, ids: string[]) => {
    await loginAs(username);
    const seen = await Me.ListProducts({ filters: { ID: ids.join('|') }, pageSize: 100 });
    return seen.Items.map((p) => p.ID).sort();
  };

  beforeAll(async () => {
    await loginAs('admin');
    await PriceSchedules.Create({
      ID: 'PS-DEFAULT',
      Name: 'Default',
      PriceBreaks: [{ Quantity: 1, Price: 10 }],
    });
    await PriceSchedules.Create({
      ID: 'PS-ACME',
      Name: 'ACME price',
      PriceBreaks: [{ Quantity: 1, Price: 8 }],
    });
    await Catalogs.Create({ ID: 'vis', Name: 'Visibility catalog' });
    await Catalogs.SaveAssignment({
      CatalogID: 'vis',
      BuyerID: 'ACME-US',
      ViewAllProducts: false,
      ViewAllCategories: true,
    });
    await Categories.Create('vis', { ID: 'top', Name: 'Top' });
    await Categories.Create('vis', { ID: 'mid', Name: 'Mid', ParentID: 'top' });
    await Categories.Create('vis', { ID: 'leaf', Name: 'Leaf', ParentID: 'mid' });
    for (const [id, extra] of [
      ['V-INHERIT', {}],
      ['V-OVERRIDE', {}],
      ['V-ASSIGNED', {}],
      ['V-NONE', {}],
      ['V-INACTIVE', { Active: false }],
      ['V-NOPRICE', {}],
    ] as const) {
      await Products.Create({
        ID: id,
        Name: id,
        ...(id === 'V-NOPRICE' ? {} : { DefaultPriceScheduleID: 'PS-DEFAULT' }),
        ...extra,
      });
      await Catalogs.SaveProductAssignment({ CatalogID: 'vis', ProductID: id });
    }
    // Inherited: the top category shows all its products to ACME-US...
    await Categories.SaveAssignment('vis', { CategoryID: 'top', BuyerID: 'ACME-US', ViewAllProducts: true });
    await Categories.SaveProductAssignment('vis', { CategoryID: 'leaf', ProductID: 'V-INHERIT' });
    await Categories.SaveProductAssignment('vis', { CategoryID: 'leaf', ProductID: 'V-INACTIVE' });
    await Categories.SaveProductAssignment('vis', { CategoryID: 'leaf', ProductID: 'V-NOPRICE' });
    // ...but a nearer assignment overrides it for another branch.
    await Categories.Create('vis', { ID: 'closed', Name: 'Closed', ParentID: 'top' });
    await Categories.SaveAssignment('vis', {
      CategoryID: 'closed',
      BuyerID: 'ACME-US',
      ViewAllProducts: false,
    });
    await Categories.SaveProductAssignment('vis', { CategoryID: 'closed', ProductID: 'V-OVERRIDE' });
    // Assigned to one group only, at its own price.
    await Products.SaveAssignment({
      ProductID: 'V-ASSIGNED',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
      PriceScheduleID: 'PS-ACME',
    });
  });

  const ALL = ['V-INHERIT', 'V-OVERRIDE', 'V-ASSIGNED', 'V-NONE', 'V-INACTIVE', 'V-NOPRICE'];

  it('applies inheritance, nearest override, group assignments and activity', async () => {
    expect(await visible('engineer', ALL)).toEqual(['V-INHERIT', 'V-NOPRICE']);
    expect(await visible('prefab', ALL)).toEqual(['V-ASSIGNED', 'V-INHERIT', 'V-NOPRICE']);
    expect(await visible('ca-buyer', ALL)).toEqual([]);
  });

  it('prices by the assignment before the default, and shows unpriced products without a schedule', async () => {
    await loginAs('prefab');
    expect((await Me.GetProduct('V-ASSIGNED')).PriceSchedule?.ID).toBe('PS-ACME');
    expect((await Me.GetProduct('V-INHERIT')).PriceSchedule).toMatchObject({
      ID: 'PS-DEFAULT',
      PriceBreaks: [{ Quantity: 1, Price: 10 }],
    });
    expect((await Me.GetProduct('V-NOPRICE')).PriceSchedule).toBeNull();
    await loginAs('engineer');
    expect((await refusal(Me.GetProduct('V-ASSIGNED'))).status).toBe(404);
    expect((await refusal(Me.GetProduct('V-INACTIVE'))).status).toBe(404);
  });

  it('shows each region its own assortment and the partner products to the partner group only', async () => {
    await loginAs('engineer');
    const us = await Me.ListProducts({ pageSize: 100 });
    await loginAs('ca-buyer');
    const ca = await Me.ListProducts({ pageSize: 100 });
    expect(us.Meta.TotalCount).toBeGreaterThan(20);
    expect(ca.Meta.TotalCount).toBeGreaterThan(20);
    const usIds = new Set(us.Items.map((p) => p.ID));
    expect(ca.Items.some((p) => !usIds.has(p.ID))).toBe(true);
    await loginAs('prefab');
    const partner = await Me.ListProducts({ catalogID: 'catalog-partners', pageSize: 100 });
    expect(partner.Meta.TotalCount).toBeGreaterThan(0);
    await loginAs('engineer');
    expect((await Me.ListProducts({ catalogID: 'catalog-partners' })).Meta.TotalCount).toBe(0);
    await loginAs('admin');
    expect((await refusal(Me.ListProducts())).errorCode).toBe('InvalidUserType');
  });

  it('lists the catalogs and categories the user may browse, and products below a category', async () => {
    await loginAs('engineer');
    const catalogIds = (await Me.ListCatalogs({ pageSize: 100 })).Items.map((c) => c.ID);
    expect(catalogIds).toEqual(expect.arrayContaining(['catalog-us', 'vis']));
    expect(catalogIds).not.toContain('catalog-ca');
    expect((await Me.ListCategories({ catalogID: 'vis' })).Items.map((c) => c.ID)).toEqual(['top']);
    const all = await Me.ListCategories({ catalogID: 'vis', depth: 'all', pageSize: 100 });
    expect(all.Items.map((c) => c.ID).sort()).toEqual(['closed', 'leaf', 'mid', 'top']);
    expect(
      (await Me.ListCategories({ catalogID: 'vis', productID: 'V-INHERIT' })).Items.map((c) => c.ID),
    ).toEqual(['leaf']);
    const below = await Me.ListProducts({ catalogID: 'vis', categoryID: 'top', pageSize: 100 });
    expect(below.Items.map((p) => p.ID).sort()).toEqual(['V-INHERIT', 'V-NOPRICE']);
    // A finite depth: the category and that many levels below it (the products sit two levels down).
    const down = async (depth: string) =>
      (await Me.ListProducts({ catalogID: 'vis', categoryID: 'top', depth, pageSize: 100 })).Items.map(
        (p) => p.ID,
      ).sort();
    expect(await down('1')).toEqual([]);
    expect(await down('2')).toEqual(['V-INHERIT', 'V-NOPRICE']);
    expect((await refusal(Me.GetCategory('top', { catalogID: 'catalog-ca' }))).status).toBe(404);
    const regional = await Me.ListCategories({ pageSize: 100 });
    expect(regional.Items.length).toBe(6);

    // Without ViewAllCategories, only categories made visible (and what is below them) are shown.
    await loginAs('admin');
    await Catalogs.SaveAssignment({
      CatalogID: 'vis',
      BuyerID: 'ACME-US',
      ViewAllCategories: false,
      ViewAllProducts: false,
    });
    await Categories.SaveAssignment('vis', { CategoryID: 'mid', BuyerID: 'ACME-US', Visible: true });
    await loginAs('engineer');
    const shown = await Me.ListCategories({ catalogID: 'vis', depth: 'all', pageSize: 100 });
    expect(shown.Items.map((c) => c.ID).sort()).toEqual(['leaf', 'mid']);
  });
});
