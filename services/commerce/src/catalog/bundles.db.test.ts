import { testDriver } from '@catalogue/db/testing';
import { Bundles, Catalogs, Categories, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`bundles and their assignments through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  beforeAll(async () => {
    await loginAs('admin');
    await Products.Create({ ID: 'B-P1', Name: 'Bundle part one' });
    await Products.Create({ ID: 'B-P2', Name: 'Bundle part two' });
    await Catalogs.Create({ ID: 'bundle-cat', Name: 'Bundle catalog' });
    await Categories.Create('bundle-cat', { ID: 'kits', Name: 'Kits' });
  });

  it('creates, reads, replaces, patches, lists and deletes bundles', async () => {
    await loginAs('admin');
    const created = await Bundles.Create({ ID: 'KIT-1', Name: 'Starter kit', Active: true, xp: { a: 1 } });
    expect(created).toEqual({
      ID: 'KIT-1',
      OwnerID: '',
      Name: 'Starter kit',
      Description: null,
      Active: true,
      xp: { a: 1 },
    });
    const generated = await Bundles.Create({ Name: 'Generated' });
    expect(generated.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(generated.Active).toBe(false);
    const patched = await Bundles.Patch('KIT-1', { Description: 'Everything to start', xp: { b: 2 } });
    expect(patched.xp).toEqual({ a: 1, b: 2 });
    const replaced = await Bundles.Save('KIT-1', { Name: 'Starter kit v2' });
    expect(replaced).toMatchObject({ Name: 'Starter kit v2', Description: null, Active: false, xp: {} });
    const listed = await Bundles.List({ search: 'starter', filters: { Active: false } });
    expect(listed.Items.map((b) => b.ID)).toEqual(['KIT-1']);
    const duplicate = await refusal(Bundles.Create({ ID: 'KIT-1', Name: 'Again' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.errorCode).toBe('IdExists');
    const bad = await refusal(Bundles.Create({ ID: 'bad id!', Name: '' }));
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e) => (e.Data as { Property: string }).Property).sort()).toEqual(['ID', 'Name']);
    await Bundles.Delete(generated.ID);
    expect((await refusal(Bundles.Get(generated.ID))).status).toBe(404);
  });

  it('assigns bundles to buyers and groups, to products, catalogs and categories', async () => {
    await loginAs('admin');
    await Bundles.Create({ ID: 'KIT-2', Name: 'Pro kit' });
    await Bundles.SaveAssignment({ BundleID: 'KIT-2', BuyerID: 'ACME-US' });
    await Bundles.SaveAssignment({
      BundleID: 'KIT-2',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
    });
    await Bundles.SaveAssignment({ BundleID: 'KIT-2', BuyerID: 'ACME-US' }); // idempotent
    const all = await Bundles.ListAssignments({ bundleID: 'KIT-2' });
    expect(all.Items).toEqual([
      { SellerID: null, BundleID: 'KIT-2', BuyerID: 'ACME-US', UserGroupID: null },
      { SellerID: null, BundleID: 'KIT-2', BuyerID: 'ACME-US', UserGroupID: 'acme-prefab-partners' },
    ]);
    expect((await Bundles.ListAssignments({ bundleID: 'KIT-2', level: 'Group' })).Items).toHaveLength(1);
    // A group of another buyer, an unknown buyer or bundle are refused.
    expect(
      (
        await refusal(
          Bundles.SaveAssignment({ BundleID: 'KIT-2', BuyerID: 'NORD-EU', UserGroupID: 'acme-us-buyers' }),
        )
      ).errorCode,
    ).toBe('NotFound');
    expect((await refusal(Bundles.SaveAssignment({ BundleID: 'NOPE', BuyerID: 'ACME-US' }))).status).toBe(
      404,
    );
    await Bundles.DeleteAssignment('KIT-2', 'ACME-US', { userGroupID: 'acme-prefab-partners' });
    expect((await Bundles.ListAssignments({ bundleID: 'KIT-2' })).Items).toHaveLength(1);
    expect(
      (await refusal(Bundles.DeleteAssignment('KIT-2', 'ACME-US', { userGroupID: 'acme-prefab-partners' })))
        .status,
    ).toBe(404);

    await Bundles.SaveProductAssignment({
      BundleID: 'KIT-2',
      ProductID: 'B-P1',
      Required: true,
      DefaultQuantity: 2,
    });
    await Bundles.SaveProductAssignment({ BundleID: 'KIT-2', ProductID: 'B-P2', Required: false });
    await Bundles.SaveProductAssignment({
      BundleID: 'KIT-2',
      ProductID: 'B-P2',
      Required: true,
      DefaultQuantity: 5,
    });
    expect((await Bundles.ListProductAssignments({ bundleID: 'KIT-2' })).Items).toEqual([
      { ProductID: 'B-P1', BundleID: 'KIT-2', Required: true, DefaultQuantity: 2 },
      { ProductID: 'B-P2', BundleID: 'KIT-2', Required: true, DefaultQuantity: 5 },
    ]);
    const missingRequired = await refusal(
      Bundles.SaveProductAssignment({ BundleID: 'KIT-2', ProductID: 'B-P1' } as never),
    );
    expect(missingRequired.errors?.[0]).toMatchObject({
      ErrorCode: 'Required',
      Data: { Property: 'Required' },
    });
    expect(
      (await refusal(Bundles.SaveProductAssignment({ BundleID: 'KIT-2', ProductID: 'NOPE', Required: true })))
        .status,
    ).toBe(404);
    await Bundles.DeleteProductAssignment('KIT-2', 'B-P2');
    expect((await Bundles.ListProductAssignments({ productID: 'B-P2' })).Items).toEqual([]);

    await Catalogs.SaveBundleAssignment({ CatalogID: 'bundle-cat', BundleID: 'KIT-2' });
    expect((await Catalogs.ListBundleAssignments({ catalogID: 'bundle-cat' })).Items).toEqual([
      { CatalogID: 'bundle-cat', BundleID: 'KIT-2' },
    ]);
    await Categories.SaveBundleAssignment('bundle-cat', {
      CategoryID: 'kits',
      BundleID: 'KIT-2',
      ListOrder: 3,
    });
    expect((await Categories.ListBundleAssignments('bundle-cat', { categoryID: 'kits' })).Items).toEqual([
      { CategoryID: 'kits', BundleID: 'KIT-2', ListOrder: 3 },
    ]);
    expect(
      (
        await refusal(
          Categories.SaveBundleAssignment('bundle-cat', { CategoryID: 'nope', BundleID: 'KIT-2' }),
        )
      ).status,
    ).toBe(404);
    // The bundle list narrows to a catalog's or a category's bundles.
    expect((await Bundles.List({ catalogID: 'bundle-cat' })).Items.map((b) => b.ID)).toEqual(['KIT-2']);
    expect(
      (await Bundles.List({ catalogID: 'bundle-cat', categoryID: 'kits' })).Items.map((b) => b.ID),
    ).toEqual(['KIT-2']);
    expect((await Bundles.List({ catalogID: 'catalog-us' })).Items).toEqual([]);

    // A renamed bundle keeps its assignments (rename.db.test.ts covers every kind); renamed back here.
    await Bundles.Patch('KIT-2', { ID: 'KIT-2B' });
    expect((await Catalogs.ListBundleAssignments({ bundleID: 'KIT-2B' })).Items).toHaveLength(1);
    await Bundles.Patch('KIT-2B', { ID: 'KIT-2' });
    // Deleting the bundle removes every assignment.
    await Categories.DeleteBundleAssignment('bundle-cat', 'kits', 'KIT-2');
    expect((await Categories.ListBundleAssignments('bundle-cat')).Items).toEqual([]);
    await Bundles.Delete('KIT-2');
    expect((await Bundles.ListAssignments({ bundleID: 'KIT-2' })).Items).toEqual([]);
    expect((await Bundles.ListProductAssignments({ bundleID: 'KIT-2' })).Items).toEqual([]);
    expect((await Catalogs.ListBundleAssignments({ bundleID: 'KIT-2' })).Items).toEqual([]);
    expect((await refusal(Catalogs.DeleteBundleAssignment('bundle-cat', 'KIT-2'))).status).toBe(404);
  });

  it('refuses buyer users', async () => {
    await loginAs('admin');
    await Bundles.Create({ ID: 'KIT-3', Name: 'Hidden kit' });
    await loginAs('employee');
    const read = await refusal(Bundles.Get('KIT-3'));
    expect(read.status).toBe(403);
    expect(read.errorCode).toBe('InsufficientRoles');
    expect((await refusal(Bundles.ListAssignments())).errorCode).toBe('InsufficientRoles');
    expect((await refusal(Catalogs.ListBundleAssignments())).errorCode).toBe('InsufficientRoles');
    expect((await refusal(Bundles.SaveAssignment({ BundleID: 'KIT-3', BuyerID: 'ACME-US' }))).errorCode).toBe(
      'InsufficientRoles',
    );
  });
});
