import { testDriver } from '@catalogue/db/testing';
import {
  Addresses,
  AdminAddresses,
  Catalogs,
  InventoryRecords,
  Me,
  Products,
  Specs,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`inventory records through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  beforeAll(async () => {
    await loginAs('admin');
    await AdminAddresses.Create({
      ID: 'dc-east',
      AddressName: 'East DC',
      Street1: '1 Main St',
      City: 'Newark',
      Country: 'US',
    });
    await AdminAddresses.Create({ ID: 'dc-eu', Street1: 'Hafenstr. 2', City: 'Hamburg', Country: 'DE' });
    await Products.Create({ ID: 'STOCKED', Name: 'Stocked box', Inventory: { Enabled: true } });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: 'STOCKED' });
    await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-eu', ProductID: 'STOCKED' });
    await Specs.Create({ ID: 'finish', Name: 'Finish', DefinesVariant: true });
    await Specs.CreateOption('finish', { ID: 'zinc', Value: 'Zinc' });
    await Specs.CreateOption('finish', { ID: 'steel', Value: 'Steel' });
    await Specs.SaveProductAssignment({ SpecID: 'finish', ProductID: 'STOCKED' });
    await Products.GenerateVariants('STOCKED', { Active: true });
  });

  it('manages a product’s records with their address, refusing unknown addresses', async () => {
    await loginAs('admin');
    const created = await InventoryRecords.Create('STOCKED', {
      ID: 'east',
      AddressID: 'dc-east',
      QuantityAvailable: 120,
      NotificationPoint: 10,
      xp: { Bin: 'A-1' },
    });
    expect(created).toMatchObject({
      ID: 'east',
      OwnerID: '',
      AllowAllBuyers: true,
      AddressID: 'dc-east',
      OrderCanExceed: false,
      QuantityAvailable: 120,
      NotificationPoint: 10,
      xp: { Bin: 'A-1' },
      Address: { ID: 'dc-east', AddressName: 'East DC', City: 'Newark', Country: 'US' },
    });
    expect(Date.parse(created.LastUpdated)).not.toBeNaN();

    const unknown = await refusal(InventoryRecords.Create('STOCKED', { AddressID: 'nowhere' }));
    expect(unknown.status).toBe(404);
    expect(unknown.errors?.[0]?.Data).toEqual({ ObjectType: 'Address', ObjectID: 'nowhere' });
    // A buyer company's address is no stock location.
    await Addresses.Create('ACME-US', { ID: 'acme-hq', Street1: '9 Elm St', City: 'Boston', Country: 'US' });
    expect((await refusal(InventoryRecords.Create('STOCKED', { AddressID: 'acme-hq' }))).status).toBe(404);
    const missing = await refusal(InventoryRecords.Create('STOCKED', { QuantityAvailable: 1 } as never));
    expect(missing.errors?.[0]).toMatchObject({ ErrorCode: 'Required', Data: { Property: 'AddressID' } });
    expect((await refusal(InventoryRecords.Create('NO-PRODUCT', { AddressID: 'dc-east' }))).status).toBe(404);
    const duplicate = await refusal(InventoryRecords.Create('STOCKED', { ID: 'east', AddressID: 'dc-east' }));
    expect(duplicate.status).toBe(409);

    const patched = await InventoryRecords.Patch('STOCKED', 'east', {
      QuantityAvailable: 90,
      xp: { Aisle: 3 },
    });
    expect(patched).toMatchObject({
      QuantityAvailable: 90,
      NotificationPoint: 10,
      xp: { Bin: 'A-1', Aisle: 3 },
    });
    const saved = await InventoryRecords.Save('STOCKED', 'eu', { AddressID: 'dc-eu', QuantityAvailable: 5 });
    expect(saved).toMatchObject({ ID: 'eu', AllowAllBuyers: true, Address: { City: 'Hamburg' } });

    const plain = await InventoryRecords.List('STOCKED');
    expect(plain.Items.map((r) => [r.ID, r.Address])).toEqual([
      ['east', null],
      ['eu', null],
    ]);
    const expanded = await InventoryRecords.List('STOCKED', {
      includeAddress: true,
      sortBy: ['!AddressID'],
    });
    expect(expanded.Items.map((r) => [r.ID, r.Address?.ID])).toEqual([
      ['eu', 'dc-eu'],
      ['east', 'dc-east'],
    ]);
    expect(
      (await InventoryRecords.List('STOCKED', { filters: { QuantityAvailable: '<10' } })).Items,
    ).toHaveLength(1);
    expect((await InventoryRecords.Get('STOCKED', 'eu')).Address?.Country).toBe('DE');
    // Product records and variant records are kept apart.
    expect((await InventoryRecords.ListVariant('STOCKED', 'STOCKED-zinc')).Items).toEqual([]);
    expect((await refusal(InventoryRecords.GetVariant('STOCKED', 'STOCKED-zinc', 'east'))).status).toBe(404);
    expect((await refusal(InventoryRecords.ListVariant('STOCKED', 'no-variant'))).status).toBe(404);

    await InventoryRecords.Delete('STOCKED', 'eu');
    expect((await refusal(InventoryRecords.Get('STOCKED', 'eu'))).status).toBe(404);
    expect((await refusal(InventoryRecords.Delete('STOCKED', 'eu'))).status).toBe(404);
  });

  it('assigns records to buyers and groups, and shows buyers only the records meant for them', async () => {
    await loginAs('admin');
    await InventoryRecords.Create('STOCKED', {
      ID: 'partners',
      AddressID: 'dc-east',
      AllowAllBuyers: false,
      QuantityAvailable: 3,
    });
    await InventoryRecords.Create('STOCKED', {
      ID: 'nord',
      AddressID: 'dc-eu',
      AllowAllBuyers: false,
      QuantityAvailable: 4,
    });
    await InventoryRecords.SaveAssignment('STOCKED', {
      InventoryRecordID: 'partners',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
    });
    await InventoryRecords.SaveAssignment('STOCKED', { InventoryRecordID: 'nord', BuyerID: 'NORD-EU' });
    // Saving twice changes nothing.
    await InventoryRecords.SaveAssignment('STOCKED', { InventoryRecordID: 'nord', BuyerID: 'NORD-EU' });
    expect((await InventoryRecords.ListAssignments('STOCKED')).Items).toEqual([
      { InventoryRecordID: 'nord', BuyerID: 'NORD-EU', UserGroupID: null },
      { InventoryRecordID: 'partners', BuyerID: 'ACME-US', UserGroupID: 'acme-prefab-partners' },
    ]);
    expect((await InventoryRecords.ListAssignments('STOCKED', { level: 'Group' })).Items).toHaveLength(1);
    expect((await InventoryRecords.ListAssignments('STOCKED', { buyerID: 'NORD-EU' })).Items).toHaveLength(1);
    expect(
      (
        await refusal(
          InventoryRecords.SaveAssignment('STOCKED', { InventoryRecordID: 'nope', BuyerID: 'ACME-US' }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await refusal(
          InventoryRecords.SaveAssignment('STOCKED', {
            InventoryRecordID: 'nord',
            BuyerID: 'ACME-US',
            UserGroupID: 'nord-eu-buyers',
          }),
        )
      ).status,
    ).toBe(404);

    const seen = async (user: string) => {
      await loginAs(user);
      return (await Me.ListProductInventoryRecords('STOCKED')).Items.map((r) => r.ID);
    };
    expect(await seen('prefab')).toEqual(['east', 'partners']);
    expect(await seen('engineer')).toEqual(['east']);
    expect(await seen('eu-buyer')).toEqual(['east', 'nord']);
    await loginAs('prefab');
    const withAddress = await Me.ListProductInventoryRecords('STOCKED', {
      includeAddress: true,
      filters: { ID: 'partners' },
    });
    expect(withAddress.Items[0]?.Address?.ID).toBe('dc-east');
    // A product the user does not see has no records to show.
    await loginAs('ca-buyer');
    expect((await refusal(Me.ListProductInventoryRecords('STOCKED'))).status).toBe(404);

    await loginAs('admin');
    await InventoryRecords.DeleteAssignment('STOCKED', 'partners', {
      buyerID: 'ACME-US',
      userGroupID: 'acme-prefab-partners',
    });
    expect(
      (await refusal(InventoryRecords.DeleteAssignment('STOCKED', 'partners', { buyerID: 'ACME-US' })))
        .status,
    ).toBe(404);
    expect(await seen('prefab')).toEqual(['east']);

    // Renaming a record takes its assignments along.
    await loginAs('admin');
    await InventoryRecords.Patch('STOCKED', 'nord', { ID: 'nord-2' });
    expect((await InventoryRecords.ListAssignments('STOCKED')).Items).toEqual([
      { InventoryRecordID: 'nord-2', BuyerID: 'NORD-EU', UserGroupID: null },
    ]);
    expect(await seen('eu-buyer')).toEqual(['east', 'nord-2']);
  });

  it('keeps variant records per variant, shown to buyers for active variants only', async () => {
    await loginAs('admin');
    await InventoryRecords.CreateVariant('STOCKED', 'STOCKED-zinc', {
      ID: 'z1',
      AddressID: 'dc-east',
      QuantityAvailable: 8,
    });
    await InventoryRecords.SaveVariant('STOCKED', 'STOCKED-zinc', 'z2', {
      AddressID: 'dc-eu',
      AllowAllBuyers: false,
    });
    await InventoryRecords.SaveVariantAssignment('STOCKED', 'STOCKED-zinc', {
      InventoryRecordID: 'z2',
      BuyerID: 'NORD-EU',
    });
    expect((await InventoryRecords.ListVariantAssignments('STOCKED', 'STOCKED-zinc')).Items).toEqual([
      { InventoryRecordID: 'z2', BuyerID: 'NORD-EU', UserGroupID: null },
    ]);
    expect((await InventoryRecords.ListAssignments('STOCKED', { inventoryRecordID: 'z2' })).Items).toEqual(
      [],
    );
    expect(
      (await InventoryRecords.PatchVariant('STOCKED', 'STOCKED-zinc', 'z1', { QuantityAvailable: 6 }))
        .QuantityAvailable,
    ).toBe(6);
    expect((await InventoryRecords.GetVariant('STOCKED', 'STOCKED-zinc', 'z1')).Address?.ID).toBe('dc-east');
    expect((await InventoryRecords.ListVariant('STOCKED', 'STOCKED-zinc')).Items.map((r) => r.ID)).toEqual([
      'z1',
      'z2',
    ]);
    expect((await InventoryRecords.List('STOCKED', { filters: { ID: 'z*' } })).Items).toEqual([]);

    await loginAs('eu-buyer');
    expect((await Me.ListVariantInventoryRecords('STOCKED', 'STOCKED-zinc')).Items.map((r) => r.ID)).toEqual([
      'z1',
      'z2',
    ]);
    await loginAs('engineer');
    expect((await Me.ListVariantInventoryRecords('STOCKED', 'STOCKED-zinc')).Items.map((r) => r.ID)).toEqual([
      'z1',
    ]);

    await loginAs('admin');
    await InventoryRecords.DeleteVariantAssignment('STOCKED', 'STOCKED-zinc', 'z2', { buyerID: 'NORD-EU' });
    await InventoryRecords.DeleteVariant('STOCKED', 'STOCKED-zinc', 'z2');
    await Products.PatchVariant('STOCKED', 'STOCKED-zinc', { Active: false });
    await loginAs('engineer');
    expect((await refusal(Me.ListVariantInventoryRecords('STOCKED', 'STOCKED-zinc'))).status).toBe(404);
  });

  it('removes a deleted product’s variants, records and assignments with it', async () => {
    await loginAs('admin');
    await Products.Create({ ID: 'GONE', Name: 'Short-lived' });
    await Specs.SaveProductAssignment({ SpecID: 'finish', ProductID: 'GONE' });
    await Products.GenerateVariants('GONE', {});
    await InventoryRecords.Create('GONE', { ID: 'r', AddressID: 'dc-east', AllowAllBuyers: false });
    await InventoryRecords.SaveAssignment('GONE', { InventoryRecordID: 'r', BuyerID: 'ACME-US' });
    await InventoryRecords.CreateVariant('GONE', 'GONE-zinc', { ID: 'v', AddressID: 'dc-east' });
    await Products.Delete('GONE');
    expect((await refusal(InventoryRecords.List('GONE'))).status).toBe(404);
    await Products.Create({ ID: 'GONE', Name: 'Back again' });
    expect((await Products.ListVariants('GONE')).Items).toEqual([]);
    expect((await InventoryRecords.List('GONE')).Items).toEqual([]);
    expect((await InventoryRecords.ListAssignments('GONE')).Items).toEqual([]);
    expect((await refusal(InventoryRecords.ListVariant('GONE', 'GONE-zinc'))).status).toBe(404);
  });

  it('refuses buyer users and missing roles', async () => {
    await loginAs('engineer');
    expect((await refusal(InventoryRecords.List('STOCKED'))).status).toBe(403);
    expect((await refusal(InventoryRecords.Create('STOCKED', { AddressID: 'dc-east' }))).status).toBe(403);
    expect((await refusal(InventoryRecords.ListAssignments('STOCKED'))).status).toBe(403);
    await loginAs('admin');
    const noBuyer = await refusal(InventoryRecords.DeleteAssignment('STOCKED', 'east'));
    expect(noBuyer.status).toBe(400);
  });
});
