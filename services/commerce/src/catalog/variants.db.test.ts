import { testDriver } from '@catalogue/db/testing';
import { AdminAddresses, Catalogs, InventoryRecords, Me, Products, Specs } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`product inventory and variants through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  beforeAll(async () => {
    await loginAs('admin');
    // Two variant-defining specs (2 × 3 options) and one that does not define variants.
    await Specs.Create({ ID: 'colour', Name: 'Colour', DefinesVariant: true, ListOrder: 1 });
    await Specs.CreateOption('colour', { ID: 'red', Value: 'Red', ListOrder: 1 });
    await Specs.CreateOption('colour', {
      ID: 'blue',
      Value: 'Blue',
      ListOrder: 2,
      PriceMarkupType: 'AmountPerQuantity',
      PriceMarkup: 0.25,
    });
    await Specs.Create({ ID: 'size', Name: 'Size', DefinesVariant: true, ListOrder: 2 });
    for (const [i, id] of ['s', 'm', 'l'].entries()) {
      await Specs.CreateOption('size', { ID: id, Value: id.toUpperCase(), ListOrder: i });
    }
    await Specs.Create({ ID: 'note', Name: 'Engraving', AllowOpenText: true });
    await Products.Create({ ID: 'TEE', Name: 'Site tee', DefaultPriceScheduleID: undefined });
    for (const spec of ['colour', 'size', 'note']) {
      await Specs.SaveProductAssignment({ SpecID: spec, ProductID: 'TEE' });
    }
  });

  it('stores Product.Inventory and the other product fields, merging a nested PATCH', async () => {
    await loginAs('admin');
    const created = await Products.Create({
      ID: 'INV-1',
      Name: 'Tracked',
      AutoForward: true,
      AllSuppliersCanSell: true,
      Inventory: { Enabled: true, QuantityAvailable: 40, NotificationPoint: 5 },
    });
    expect(created).toMatchObject({
      ParentID: null,
      IsParent: false,
      IsBundle: false,
      AutoForward: true,
      AllSuppliersCanSell: true,
      ShipFromAddressID: null,
      SpecCount: 0,
      VariantCount: 0,
      Inventory: {
        Enabled: true,
        QuantityAvailable: 40,
        NotificationPoint: 5,
        VariantLevelTracking: false,
        OrderCanExceed: false,
      },
    });
    expect(Date.parse(created.Inventory.LastUpdated)).not.toBeNaN();

    const patched = await Products.Patch('INV-1', { Inventory: { QuantityAvailable: 12 } });
    expect(patched.Inventory).toMatchObject({ Enabled: true, QuantityAvailable: 12, NotificationPoint: 5 });
    expect(patched.AutoForward).toBe(true);
    expect((await Products.Patch('INV-1', { Name: 'Renamed' })).Inventory.QuantityAvailable).toBe(12);

    // PUT replaces: Inventory left out goes back to its defaults.
    const replaced = await Products.Save('INV-1', { Name: 'Replaced' });
    expect(replaced.Inventory).toEqual({
      Enabled: false,
      QuantityAvailable: null,
      NotificationPoint: null,
      VariantLevelTracking: false,
      OrderCanExceed: false,
      LastUpdated: null,
    });
    expect(replaced.AutoForward).toBe(false);

    const bad = await refusal(
      Products.Patch('INV-1', { Inventory: { QuantityAvailable: 1.5, Enabled: 'yes' as never } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e) => e.Data?.Property).sort()).toEqual([
      'Inventory.Enabled',
      'Inventory.QuantityAvailable',
    ]);
    expect((await refusal(Products.Patch('INV-1', { ShipFromAddressID: 'nowhere' }))).status).toBe(404);
    expect((await Products.Get('INV-1')).Name).toBe('Replaced');

    await AdminAddresses.Create({ ID: 'warehouse', Street1: '1 Dock Rd', City: 'Newark', Country: 'US' });
    expect((await Products.Patch('INV-1', { ShipFromAddressID: 'warehouse' })).ShipFromAddressID).toBe(
      'warehouse',
    );
    const listed = await Products.List({ filters: { ID: 'INV-1|TEE' } });
    expect(listed.Items.map((p) => [p.ID, p.SpecCount, p.VariantCount])).toEqual([
      ['INV-1', 0, 0],
      ['TEE', 3, 0],
    ]);
  });

  it('generates one variant per combination of the variant-defining spec options', async () => {
    await loginAs('admin');
    const product = await Products.GenerateVariants('TEE', { Active: true });
    expect(product).toMatchObject({ ID: 'TEE', SpecCount: 3, VariantCount: 6 });
    const list = await Products.ListVariants('TEE', { pageSize: 100 });
    expect(list.Items.map((v) => v.ID)).toEqual([
      'TEE-blue-l',
      'TEE-blue-m',
      'TEE-blue-s',
      'TEE-red-l',
      'TEE-red-m',
      'TEE-red-s',
    ]);
    const blueS = await Products.GetVariant('TEE', 'TEE-blue-s');
    expect(blueS).toMatchObject({ ID: 'TEE-blue-s', Name: 'TEE-blue-s', Active: true, xp: {} });
    expect(blueS.Specs).toEqual([
      {
        SpecID: 'colour',
        Name: 'Colour',
        OptionID: 'blue',
        Value: 'Blue',
        PriceMarkupType: 'AmountPerQuantity',
        PriceMarkup: 0.25,
      },
      {
        SpecID: 'size',
        Name: 'Size',
        OptionID: 's',
        Value: 'S',
        PriceMarkupType: 'NoMarkup',
        PriceMarkup: null,
      },
    ]);
    expect((await Products.ListVariants('TEE', { filters: { ID: '*-red-*' } })).Meta.TotalCount).toBe(3);
    expect((await Products.ListVariants('TEE', { search: 'blue', sortBy: ['!ID'] })).Items[0]?.ID).toBe(
      'TEE-blue-s',
    );
  });

  it('changes a variant, its ID included, and keeps its edits when regenerating', async () => {
    await loginAs('admin');
    await AdminAddresses.Save('dock', { ID: 'dock', Street1: '2 Dock Rd', City: 'Newark', Country: 'US' });
    await InventoryRecords.CreateVariant('TEE', 'TEE-red-m', {
      ID: 'main',
      AddressID: 'dock',
      QuantityAvailable: 7,
    });
    await InventoryRecords.SaveVariantAssignment('TEE', 'TEE-red-m', {
      InventoryRecordID: 'main',
      BuyerID: 'ACME-US',
    });

    const renamed = await Products.PatchVariant('TEE', 'TEE-red-m', {
      ID: 'TEE-RM',
      Description: 'Red, medium',
      Inventory: { QuantityAvailable: 3 },
      xp: { Hex: '#f00' },
    });
    expect(renamed).toMatchObject({
      ID: 'TEE-RM',
      Name: 'TEE-red-m',
      Description: 'Red, medium',
      Active: true,
      Inventory: { QuantityAvailable: 3, NotificationPoint: null },
      xp: { Hex: '#f00' },
    });
    expect(renamed.Specs.map((s) => s.OptionID)).toEqual(['red', 'm']);
    expect((await refusal(Products.GetVariant('TEE', 'TEE-red-m'))).status).toBe(404);
    // Its inventory records and their assignments went along.
    expect((await InventoryRecords.ListVariant('TEE', 'TEE-RM')).Items.map((r) => r.ID)).toEqual(['main']);
    expect((await InventoryRecords.ListVariantAssignments('TEE', 'TEE-RM')).Items).toEqual([
      { InventoryRecordID: 'main', BuyerID: 'ACME-US', UserGroupID: null },
    ]);

    const conflict = await refusal(Products.PatchVariant('TEE', 'TEE-RM', { ID: 'TEE-red-s' }));
    expect(conflict.status).toBe(409);
    expect(conflict.errors?.[0]?.ErrorCode).toBe('IdExists');
    const invalid = await refusal(Products.SaveVariant('TEE', 'TEE-RM', { ID: 'bad id!', ShipWeight: -1 }));
    expect(invalid.errors?.map((e) => e.Data?.Property).sort()).toEqual(['ID', 'ShipWeight']);
    expect((await refusal(Products.PatchVariant('TEE', 'nope', { Active: false }))).status).toBe(404);
    expect((await refusal(Products.SaveVariant('NO-PRODUCT', 'x', {}))).status).toBe(404);

    // Regenerating keeps the edited variant; a removed option takes its variants (and records) away.
    await Specs.DeleteOption('size', 'l');
    const again = await Products.GenerateVariants('TEE', { Active: false });
    expect(again.VariantCount).toBe(4);
    const kept = await Products.GetVariant('TEE', 'TEE-RM');
    expect(kept).toMatchObject({
      Description: 'Red, medium',
      Active: true,
      Inventory: { QuantityAvailable: 3 },
    });
    expect((await refusal(Products.GetVariant('TEE', 'TEE-blue-l'))).status).toBe(404);

    // PUT replaces: what is left out goes back to its defaults, the name to the ID.
    const put = await Products.SaveVariant('TEE', 'TEE-RM', { ID: 'TEE-RM', Active: true });
    expect(put).toMatchObject({
      Name: 'TEE-RM',
      Description: null,
      xp: {},
      Inventory: { QuantityAvailable: null },
    });

    // overwriteExisting rebuilds every variant from the specs, the renamed one back to its generated ID.
    const overwritten = await Products.GenerateVariants('TEE', {}, { overwriteExisting: true });
    expect(overwritten.VariantCount).toBe(4);
    const ids = (await Products.ListVariants('TEE')).Items.map((v) => [v.ID, v.Active]);
    expect(ids).toEqual([
      ['TEE-blue-m', false],
      ['TEE-blue-s', false],
      ['TEE-red-m', false],
      ['TEE-red-s', false],
    ]);
    expect((await InventoryRecords.ListVariant('TEE', 'TEE-red-m')).Items.map((r) => r.ID)).toEqual(['main']);
  });

  it('refuses a variant-defining spec without options, and bad generate parameters, changing nothing', async () => {
    await loginAs('admin');
    await Specs.Create({ ID: 'empty', Name: 'Empty', DefinesVariant: true });
    await Specs.SaveProductAssignment({ SpecID: 'empty', ProductID: 'TEE' });
    const error = await refusal(Products.GenerateVariants('TEE', {}, { overwriteExisting: true }));
    expect(error.status).toBe(400);
    expect(error.errors?.[0]).toMatchObject({
      ErrorCode: 'Variant.SpecHasNoOptions',
      Data: { SpecID: 'empty' },
    });
    expect((await Products.ListVariants('TEE')).Meta.TotalCount).toBe(4);
    await Specs.DeleteProductAssignment('empty', 'TEE');
    const badParam = await refusal(
      Products.GenerateVariants('TEE', {}, { overwriteExisting: 'maybe' as never }),
    );
    expect(badParam.status).toBe(400);
    expect((await refusal(Products.GenerateVariants('NO-PRODUCT', {}))).status).toBe(404);
    // No variant-defining spec left: no variants.
    await Products.Create({ ID: 'PLAIN', Name: 'Plain' });
    expect((await Products.GenerateVariants('PLAIN', {})).VariantCount).toBe(0);
  });

  it('loads demo stock and one demo product with variants', async () => {
    await loginAs('admin');
    const [assignment] = (await Specs.ListProductAssignments({ filters: { SpecID: 'demo-finish' } })).Items;
    const productId = assignment?.ProductID ?? '';
    await loginAs('engineer');
    const demo = await Me.GetProduct(productId);
    expect(demo).toMatchObject({ SpecCount: 1, VariantCount: 2 });
    const shown = await Me.ListVariants(productId);
    expect(shown.Items.map((v) => [v.ID, v.Specs[0]?.Value, v.Inventory.QuantityAvailable])).toEqual([
      [`${productId}-galv`, 'Hot-dip galvanized', 120],
      [`${productId}-pvc`, 'PVC-coated', 15],
    ]);
    const stocked = await Me.ListProducts({ pageSize: 100 });
    expect(stocked.Items.some((p) => p.Inventory.Enabled && p.Inventory.QuantityAvailable !== null)).toBe(
      true,
    );
  });

  it('keeps variants to the marketplace, and shows buyers the active variants of products they see', async () => {
    await loginAs('engineer');
    const buyer = await refusal(Products.ListVariants('TEE'));
    // Shoppers lack the product roles; a buyer user is not a marketplace user anyway.
    expect([buyer.status, buyer.errors?.[0]?.ErrorCode]).toEqual([403, 'InsufficientRoles']);
    expect((await refusal(Me.ListVariants('TEE'))).status).toBe(404);

    await loginAs('admin');
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: 'TEE' });
    await Products.PatchVariant('TEE', 'TEE-red-s', { Active: true });
    await Products.PatchVariant('TEE', 'TEE-blue-m', { Active: true });

    await loginAs('engineer');
    const mine = await Me.ListVariants('TEE');
    expect(mine.Items.map((v) => v.ID)).toEqual(['TEE-blue-m', 'TEE-red-s']);
    expect((await Me.GetVariant('TEE', 'TEE-red-s')).Specs.map((s) => s.Value)).toEqual(['Red', 'S']);
    expect((await refusal(Me.GetVariant('TEE', 'TEE-red-m'))).status).toBe(404);
    const product = await Me.GetProduct('TEE');
    expect(product).toMatchObject({ SpecCount: 3, VariantCount: 4, Inventory: { Enabled: false } });
    const listed = await Me.ListProducts({ filters: { ID: 'TEE' } });
    expect(listed.Items[0]).toMatchObject({ SpecCount: 3, VariantCount: 4 });

    await loginAs('ca-buyer');
    expect((await refusal(Me.ListVariants('TEE'))).status).toBe(404);
    expect((await refusal(Me.GetVariant('TEE', 'TEE-red-s'))).status).toBe(404);
  });
});
