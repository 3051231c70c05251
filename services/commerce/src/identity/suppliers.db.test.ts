import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import {
  Auth,
  Buyers,
  Me,
  PriceSchedules,
  Products,
  SecurityProfiles,
  SupplierAddresses,
  Suppliers,
  SupplierUserGroups,
  SupplierUsers,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs, refusal } from '../testing/sdk';

const DEMO_SUPPLIER = 'KEYSTONE-PREFAB';

/** Logs a supplier user in through the admin console (the client that serves suppliers). */
async function loginSupplier(username: string, password = BUYER_PASSWORD) {
  const auth = await Auth.Login(username, password, 'admin-console');
  Tokens.SetAccessToken(auth.access_token);
  return decodeJwt(auth.access_token);
}

describe(`suppliers, their buyers, users, groups and addresses, and sellers through the SDK on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(commerce().database.db, query))[0]?.n ?? -1;

  it('lets the administrator create, read, replace, patch, list and delete suppliers', async () => {
    await loginAs('admin');
    const created = await Suppliers.Create({ ID: 'SUP-A', Name: 'Alpha Supply', xp: { Tier: 1 } });
    expect(created).toMatchObject({
      ID: 'SUP-A',
      Name: 'Alpha Supply',
      Active: true,
      AllBuyersCanOrder: false,
      xp: { Tier: 1 },
    });
    expect(created.DateCreated).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await refusal(Suppliers.Create({ ID: 'SUP-A', Name: 'Again' }))).errorCode).toBe('IdExists');

    const patched = await Suppliers.Patch('SUP-A', { AllBuyersCanOrder: true, xp: { Extra: 'x' } });
    expect(patched).toMatchObject({
      AllBuyersCanOrder: true,
      xp: { Tier: 1, Extra: 'x' },
      Name: 'Alpha Supply',
    });
    const replaced = await Suppliers.Save('SUP-A', { Name: 'Alpha Replaced' });
    expect(replaced).toMatchObject({ ID: 'SUP-A', Name: 'Alpha Replaced', AllBuyersCanOrder: false, xp: {} });
    // A rename follows through (rename.db.test.ts checks what goes along); renamed back here.
    expect(await Suppliers.Save('SUP-A', { ID: 'SUP-B', Name: 'Renamed' })).toMatchObject({ ID: 'SUP-B' });
    await Suppliers.Patch('SUP-B', { ID: 'SUP-A', Name: 'Alpha Replaced' });

    const list = await Suppliers.List({ search: 'alpha', sortBy: ['Name'] });
    expect(list.Items.map((s) => s.ID)).toEqual(['SUP-A']);
    const all = await Suppliers.List({ sortBy: ['!ID'] });
    expect(all.Items.map((s) => s.ID)).toEqual(['SUP-A', DEMO_SUPPLIER]);

    const bad = await refusal(Suppliers.Create({ ID: 'bad id!', Name: '', Active: 'yes' } as never));
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e) => (e.Data as { Property: string }).Property).sort()).toEqual([
      'Active',
      'ID',
      'Name',
    ]);

    await Suppliers.Delete('SUP-A');
    const gone = await refusal(Suppliers.Get('SUP-A'));
    expect(gone.status).toBe(404);
    expect(gone.errors?.[0]?.Data).toEqual({ ObjectType: 'Supplier', ObjectID: 'SUP-A' });
    expect((await refusal(Suppliers.Delete('SUP-A'))).status).toBe(404);
  });

  it('keeps suppliers away from buyer users', async () => {
    await loginAs('employee');
    const refused = await refusal(Suppliers.List());
    expect(refused.status).toBe(403);
    expect(refused.errorCode).toBe('InsufficientRoles');
    expect((await refusal(SupplierUsers.List(DEMO_SUPPLIER))).status).toBe(403);
  });

  it("manages a supplier's buyers", async () => {
    await loginAs('admin');
    await Suppliers.Create({ ID: 'SUP-BUYERS', Name: 'Buyers test' });
    await Suppliers.SaveBuyer('SUP-BUYERS', 'MAPLE-CA');
    await Suppliers.SaveBuyer('SUP-BUYERS', 'MAPLE-CA');
    await Suppliers.SaveBuyer('SUP-BUYERS', 'NORD-EU');
    const buyers = await Suppliers.ListBuyers('SUP-BUYERS', { sortBy: ['!ID'] });
    expect(buyers.Items).toEqual([
      { ID: 'NORD-EU', Name: 'Nordlicht Elektrotechnik GmbH' },
      { ID: 'MAPLE-CA', Name: 'Maple Leaf Electric Ltd.' },
    ]);
    expect(buyers.Meta.TotalCount).toBe(2);
    expect((await Suppliers.ListBuyers('SUP-BUYERS', { search: 'maple' })).Items.map((b) => b.ID)).toEqual([
      'MAPLE-CA',
    ]);
    const noBuyer = await refusal(Suppliers.SaveBuyer('SUP-BUYERS', 'NO-SUCH-BUYER'));
    expect(noBuyer.errors?.[0]?.Data).toEqual({ ObjectType: 'Buyer', ObjectID: 'NO-SUCH-BUYER' });
    expect((await refusal(Suppliers.SaveBuyer('NO-SUCH-SUPPLIER', 'MAPLE-CA'))).status).toBe(404);
    await Suppliers.DeleteBuyer('SUP-BUYERS', 'NORD-EU');
    expect((await refusal(Suppliers.DeleteBuyer('SUP-BUYERS', 'NORD-EU'))).status).toBe(404);
    expect((await Suppliers.ListBuyers('SUP-BUYERS')).Items.map((b) => b.ID)).toEqual(['MAPLE-CA']);
    await Suppliers.Delete('SUP-BUYERS');
    expect(
      await count(sql`select count(*)::int as n from supplier_buyers where supplier_id = 'SUP-BUYERS'`),
    ).toBe(0);
  });

  it('manages supplier users, groups, assignments and addresses, and their user logs in with its roles', async () => {
    await loginAs('admin');
    await Suppliers.Create({ ID: 'SUP-U', Name: 'User test supplier' });
    const user = await SupplierUsers.Create('SUP-U', {
      ID: 'sup-u-1',
      Username: 'sup-u-one',
      Password: 'Supplier#2026',
      FirstName: 'Sam',
      LastName: 'Supply',
      Email: 'sam@supply.example',
      Active: true,
    });
    expect(user).toMatchObject({ ID: 'sup-u-1', CompanyID: 'SUP-U', Username: 'sup-u-one', Password: null });
    const badUser = await refusal(SupplierUsers.Create('SUP-U', { Username: '', Email: 'nope' } as never));
    expect(badUser.errors?.map((e) => (e.Data as { Property: string }).Property).sort()).toEqual([
      'Email',
      'Username',
    ]);
    expect(
      (await refusal(SupplierUsers.Create('SUP-U', { Username: 'supplier', Active: true } as never))).status,
    ).toBe(409);
    expect((await SupplierUsers.List('SUP-U', { search: 'sam' })).Items.map((u) => u.ID)).toEqual([
      'sup-u-1',
    ]);
    expect((await refusal(SupplierUsers.Get(DEMO_SUPPLIER, 'sup-u-1'))).status).toBe(404);

    await SupplierUserGroups.Create('SUP-U', { ID: 'sup-g', Name: 'Pickers' });
    await SupplierUserGroups.SaveUserAssignment('SUP-U', { UserGroupID: 'sup-g', UserID: 'sup-u-1' });
    expect((await SupplierUserGroups.ListUserAssignments('SUP-U')).Items).toEqual([
      { UserGroupID: 'sup-g', UserID: 'sup-u-1' },
    ]);
    const foreignUser = await refusal(
      SupplierUserGroups.SaveUserAssignment('SUP-U', { UserGroupID: 'sup-g', UserID: 'supplier' }),
    );
    expect(foreignUser.errors?.[0]?.Data).toEqual({ ObjectType: 'User', ObjectID: 'supplier' });

    const address = await SupplierAddresses.Create('SUP-U', {
      ID: 'sup-addr',
      Street1: '1 Dock Road',
      City: 'Tacoma',
      Country: 'US',
      AddressName: 'Warehouse',
    });
    expect(address).toMatchObject({ ID: 'sup-addr', City: 'Tacoma' });
    const badAddress = await refusal(
      SupplierAddresses.Create('SUP-U', { Street1: 'x', City: 'y', Country: 'usa' }),
    );
    expect(badAddress.errors?.[0]?.Data).toMatchObject({ Property: 'Country' });
    expect((await SupplierAddresses.List('SUP-U')).Items.map((a) => a.ID)).toEqual(['sup-addr']);

    // Roles through a security profile assigned to the supplier; the API client serves any supplier.
    await SecurityProfiles.Create({
      ID: 'sup-readers',
      Name: 'Supplier readers',
      Roles: ['SupplierReader', 'MeAdmin', 'SupplierUserReader'],
    });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'sup-readers', SupplierID: 'SUP-U' });
    const missing = await refusal(
      SecurityProfiles.SaveAssignment({ SecurityProfileID: 'sup-readers', SupplierID: 'NO-SUCH-SUPPLIER' }),
    );
    expect(missing.errors?.[0]?.Data).toEqual({ ObjectType: 'Supplier', ObjectID: 'NO-SUCH-SUPPLIER' });

    const claims = await loginSupplier('sup-u-one', 'Supplier#2026');
    expect(claims).toMatchObject({ usrtype: 'supplier', u: 'sup-u-1' });
    expect([claims.role].flat().sort()).toEqual(['MeAdmin', 'SupplierReader', 'SupplierUserReader']);
    expect(await Me.Get()).toMatchObject({ ID: 'sup-u-1', Supplier: { ID: 'SUP-U' } });
    expect((await Suppliers.List()).Items.map((s) => s.ID)).toEqual(['SUP-U']);
    expect((await refusal(Suppliers.Get(DEMO_SUPPLIER))).status).toBe(404);
    expect((await SupplierUsers.List('SUP-U')).Items.map((u) => u.ID)).toEqual(['sup-u-1']);
    expect((await refusal(SupplierUsers.List(DEMO_SUPPLIER))).status).toBe(404);
    expect(
      (await refusal(SupplierUsers.Create('SUP-U', { Username: 'x-new', Active: true } as never))).status,
    ).toBe(403);

    // A deactivated supplier's users cannot log in.
    await loginAs('admin');
    await Suppliers.Patch('SUP-U', { Active: false });
    const inactive = await refusal(Auth.Login('sup-u-one', 'Supplier#2026', 'admin-console'));
    expect(inactive.errorCode).toBe('InactiveUser');
    // …nor users of a client that serves no supplier.
    await Suppliers.Patch('SUP-U', { Active: true });
    const storefront = await refusal(Auth.Login('sup-u-one', 'Supplier#2026', 'storefront'));
    expect(storefront.errorCode).toBe('ApiClientNotAssigned');

    await SupplierUserGroups.DeleteUserAssignment('SUP-U', 'sup-g', 'sup-u-1');
    expect((await refusal(SupplierUserGroups.DeleteUserAssignment('SUP-U', 'sup-g', 'sup-u-1'))).status).toBe(
      404,
    );
    await SupplierUserGroups.SaveUserAssignment('SUP-U', { UserGroupID: 'sup-g', UserID: 'sup-u-1' });

    // Deleting the supplier removes its users, groups, assignments, addresses and profile assignments.
    await Suppliers.Delete('SUP-U');
    for (const table of ['users', 'user_groups', 'user_group_assignments', 'addresses']) {
      expect(
        await count(
          sql`select count(*)::int as n from ${sql.identifier(table)} where company_type = 'supplier' and company_id = 'SUP-U'`,
        ),
      ).toBe(0);
    }
    expect(
      await count(
        sql`select count(*)::int as n from security_profile_assignments where supplier_id = 'SUP-U'`,
      ),
    ).toBe(0);
    expect((await refusal(Auth.Login('sup-u-one', 'Supplier#2026', 'admin-console'))).status).toBe(400);
  });

  it('lets the demo supplier user in with its security profile, confined to its own supplier', async () => {
    const claims = await loginSupplier('supplier');
    expect(claims).toMatchObject({ usrtype: 'supplier', cmp: DEMO_SUPPLIER });
    expect([claims.role].flat()).toContain('SupplierUserAdmin');
    expect(await Suppliers.Get(DEMO_SUPPLIER)).toMatchObject({ ID: DEMO_SUPPLIER, AllBuyersCanOrder: false });
    expect((await SupplierUsers.List(DEMO_SUPPLIER)).Items.map((u) => u.Username)).toEqual(['supplier']);
    expect((await refusal(Suppliers.Delete(DEMO_SUPPLIER))).errorCode).toBe('InvalidUserType');
    expect((await refusal(Suppliers.Create({ Name: 'Mine' }))).errorCode).toBe('InvalidUserType');
    expect(await Suppliers.Patch(DEMO_SUPPLIER, { xp: { Note: 'own' } })).toMatchObject({
      xp: { Note: 'own' },
    });
    expect((await refusal(Suppliers.Save('SOME-OTHER', { Name: 'Not mine' }))).status).toBe(404);
    expect((await refusal(Suppliers.Patch('SOME-OTHER', { Name: 'Not mine' }))).status).toBe(404);
    expect((await refusal(Me.ListBuyerSellers())).errorCode).toBe('InvalidUserType');
  });

  it('links products to suppliers with a default price schedule, and checks DefaultSupplierID', async () => {
    await loginAs('admin');
    await Suppliers.Create({ ID: 'SUP-P', Name: 'Product supplier' });
    await PriceSchedules.Create({
      ID: 'PS-SUP',
      Name: 'Supplier price',
      PriceBreaks: [{ Quantity: 1, Price: 5 }],
    });
    const [product] = (await Products.List({ pageSize: 1, sortBy: ['ID'] })).Items;
    const productId = product?.ID ?? '';
    await Products.SaveSupplier(productId, 'SUP-P', { defaultPriceScheduleID: 'PS-SUP' });
    const list = await Products.ListSuppliers(productId);
    expect(list.Items).toEqual([
      expect.objectContaining({
        ID: 'SUP-P',
        Name: 'Product supplier',
        DefaultPriceScheduleID: 'PS-SUP',
        Active: true,
      }),
    ]);
    await Products.SaveSupplier(productId, 'SUP-P');
    expect((await Products.ListSuppliers(productId)).Items[0]?.DefaultPriceScheduleID).toBeNull();
    const noSchedule = await refusal(
      Products.SaveSupplier(productId, 'SUP-P', { defaultPriceScheduleID: 'NOPE' }),
    );
    expect(noSchedule.errors?.[0]?.Data).toEqual({ ObjectType: 'PriceSchedule', ObjectID: 'NOPE' });
    expect((await refusal(Products.SaveSupplier('NO-PRODUCT', 'SUP-P'))).errors?.[0]?.Data).toEqual({
      ObjectType: 'Product',
      ObjectID: 'NO-PRODUCT',
    });
    expect((await refusal(Products.SaveSupplier(productId, 'NO-SUP'))).errors?.[0]?.Data).toEqual({
      ObjectType: 'Supplier',
      ObjectID: 'NO-SUP',
    });

    const withDefault = await Products.Patch(productId, { DefaultSupplierID: 'SUP-P' });
    expect(withDefault.DefaultSupplierID).toBe('SUP-P');
    const unknown = await refusal(Products.Patch(productId, { DefaultSupplierID: 'NO-SUP' }));
    expect(unknown.errors?.[0]?.Data).toEqual({ ObjectType: 'Supplier', ObjectID: 'NO-SUP' });

    await Products.RemoveSupplier(productId, 'SUP-P');
    expect((await Products.ListSuppliers(productId)).Items).toEqual([]);
    expect((await refusal(Products.RemoveSupplier(productId, 'SUP-P'))).status).toBe(404);
    await Products.SaveSupplier(productId, 'SUP-P');
    // Deleting the supplier removes the link and clears the product's DefaultSupplierID.
    await Suppliers.Delete('SUP-P');
    expect((await Products.Get(productId)).DefaultSupplierID).toBeNull();
    expect((await Products.ListSuppliers(productId)).Items).toEqual([]);

    await loginAs('employee');
    expect((await refusal(Products.ListSuppliers(productId))).status).toBe(403);
  });

  it("lists a buyer's sellers: the marketplace owner and the suppliers that may sell to it", async () => {
    await loginAs('admin');
    await Suppliers.Create({ ID: 'SUP-ALL', Name: 'Everyone supply', AllBuyersCanOrder: true });
    await Suppliers.Create({
      ID: 'SUP-OFF',
      Name: 'Inactive supply',
      AllBuyersCanOrder: true,
      Active: false,
    });
    const acme = await Buyers.ListBuyerSellers('ACME-US');
    expect(acme.Items).toEqual([
      { ID: '', Name: 'Marketplace' },
      { ID: DEMO_SUPPLIER, Name: 'Keystone Prefab Assemblies' },
      { ID: 'SUP-ALL', Name: 'Everyone supply' },
    ]);
    expect(acme.Meta).toMatchObject({ TotalCount: 3, Page: 1 });
    const eu = await Buyers.ListBuyerSellers('NORD-EU', { sortBy: ['!Name'] });
    expect(eu.Items.map((s) => s.ID)).toEqual(['', 'SUP-ALL']);
    const searched = await Buyers.ListBuyerSellers('ACME-US', { search: 'keystone' });
    expect(searched.Items.map((s) => s.ID)).toEqual([DEMO_SUPPLIER]);
    const paged = await Buyers.ListBuyerSellers('ACME-US', { pageSize: 2, page: 2 });
    expect(paged.Items.map((s) => s.ID)).toEqual(['SUP-ALL']);
    expect((await refusal(Buyers.ListBuyerSellers('NO-BUYER'))).status).toBe(404);

    await loginAs('prefab');
    expect((await Buyers.ListBuyerSellers('ACME-US')).Meta.TotalCount).toBe(3);
    expect((await refusal(Buyers.ListBuyerSellers('MAPLE-CA'))).status).toBe(404);
    expect((await Me.ListBuyerSellers({ filters: { ID: 'SUP-*' } })).Items).toEqual([
      { ID: 'SUP-ALL', Name: 'Everyone supply' },
    ]);
    await loginAs('ca-buyer');
    expect((await Me.ListBuyerSellers()).Items.map((s) => s.ID)).toEqual(['', 'SUP-ALL']);
    await loginAs('admin');
    expect((await refusal(Me.ListBuyerSellers())).errorCode).toBe('InvalidUserType');
    await Suppliers.Delete('SUP-ALL');
    await Suppliers.Delete('SUP-OFF');
  });

  it('lists the sellers of a visible product with the price schedule each sells at', async () => {
    const [link] = await queryRows<{ product_id: string; default_price_schedule_id: string }>(
      commerce().database.db,
      sql`select product_id, default_price_schedule_id from product_suppliers where supplier_id = ${DEMO_SUPPLIER}`,
    );
    const productId = link?.product_id ?? '';
    expect(productId).not.toBe('');
    await loginAs('prefab');
    const mine = await Me.GetProduct(productId);
    const sellers = await Me.ListProductSellers(productId);
    expect(sellers.Items.map((s) => [s.ID, s.Name, s.PriceSchedule?.ID])).toEqual([
      ['', 'Marketplace', mine.PriceSchedule?.ID],
      [DEMO_SUPPLIER, 'Keystone Prefab Assemblies', link?.default_price_schedule_id],
    ]);
    expect(sellers.Items[1]?.PriceSchedule?.PriceBreaks.length).toBeGreaterThan(0);
    expect((await Me.ListProductSellers(productId, { search: 'keystone' })).Items.map((s) => s.ID)).toEqual([
      DEMO_SUPPLIER,
    ]);

    // A supplier that may not sell to the buyer is not a seller of the product for it.
    await loginAs('admin');
    await Suppliers.DeleteBuyer(DEMO_SUPPLIER, 'ACME-US');
    await loginAs('prefab');
    expect((await Me.ListProductSellers(productId)).Items.map((s) => s.ID)).toEqual(['']);
    await loginAs('admin');
    await Suppliers.SaveBuyer(DEMO_SUPPLIER, 'ACME-US');

    // The product is only visible to the partner group: others see no such product.
    await loginAs('employee');
    const hidden = await refusal(Me.ListProductSellers(productId));
    expect(hidden.status).toBe(404);
    expect(hidden.errors?.[0]?.Data).toEqual({ ObjectType: 'Product', ObjectID: productId });
    expect((await refusal(Me.ListProductSellers('NO-SUCH-PRODUCT'))).status).toBe(404);
    await loginAs('admin');
    expect((await refusal(Me.ListProductSellers(productId))).errorCode).toBe('InvalidUserType');
  });
});
