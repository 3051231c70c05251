import { testDriver } from '@catalogue/db/testing';
import { Catalogs, Categories } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

describe(`categories through the SDK on ${testDriver()}`, () => {
  commerceForTests();
  beforeAll(async () => {
    await loginAs('admin');
    await Catalogs.Create({ ID: 'tree', Name: 'Tree' });
    await Categories.Create('tree', { ID: 'a', Name: 'A', ListOrder: 2 });
    await Categories.Create('tree', { ID: 'b', Name: 'B', ListOrder: 1 });
    await Categories.Create('tree', { ID: 'a1', Name: 'A1', ParentID: 'a' });
    await Categories.Create('tree', { ID: 'a1x', Name: 'A1x', ParentID: 'a1' });
  });

  it('lists by depth, from the top or below a parent, in ListOrder, with ChildCount', async () => {
    const top = await Categories.List('tree');
    expect(top.Items.map((c) => [c.ID, c.ChildCount])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
    expect((await Categories.List('tree', { depth: '2' })).Items.map((c) => c.ID).sort()).toEqual([
      'a',
      'a1',
      'b',
    ]);
    expect((await Categories.List('tree', { depth: 'all' })).Meta.TotalCount).toBe(4);
    const below = await Categories.List('tree', { depth: 'all', filters: { ParentID: 'a' } });
    expect(below.Items.map((c) => c.ID).sort()).toEqual(['a1', 'a1x']);
    expect((await refusal(Categories.List('tree', { depth: '0' }))).status).toBe(400);
    const demo = await Categories.List('catalog-us', { depth: 'all', pageSize: 1 });
    expect(demo.Meta.TotalCount).toBeGreaterThan(100);
  });

  it('refuses circular parents and unknown parents, and changes nothing', async () => {
    const circular = await refusal(Categories.Patch('tree', 'a', { ParentID: 'a1x' }));
    expect([circular.status, circular.errorCode]).toEqual([400, 'Category.CircularReference']);
    const self = await refusal(Categories.Patch('tree', 'a', { ParentID: 'a' }));
    expect(self.errorCode).toBe('Category.CircularReference');
    const unknown = await refusal(Categories.Create('tree', { Name: 'Lost', ParentID: 'nowhere' }));
    expect(unknown.errors?.[0]?.Data).toEqual({ ObjectType: 'Category', ObjectID: 'nowhere' });
    expect((await Categories.Get('tree', 'a')).ParentID).toBeNull();
    await Categories.Patch('tree', 'a1x', { ParentID: 'b' });
    expect((await Categories.Get('tree', 'b')).ChildCount).toBe(1);
    const hasChildren = await refusal(Categories.Delete('tree', 'b'));
    expect(hasChildren.errorCode).toBe('Category.HasChildren');
  });

  it('assigns categories to buyers and groups, and products to categories', async () => {
    await Categories.SaveAssignment('tree', {
      CategoryID: 'a',
      BuyerID: 'ACME-US',
      ViewAllProducts: true,
      Visible: true,
    });
    await Categories.SaveAssignment('tree', {
      CategoryID: 'a',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
    });
    const assignments = await Categories.ListAssignments('tree', { categoryID: 'a' });
    expect(assignments.Items).toEqual([
      { CategoryID: 'a', BuyerID: 'ACME-US', UserGroupID: null, Visible: true, ViewAllProducts: true },
      {
        CategoryID: 'a',
        BuyerID: 'ACME-US',
        UserGroupID: 'acme-prefab-partners',
        Visible: null,
        ViewAllProducts: null,
      },
    ]);
    const wrongGroup = await refusal(
      Categories.SaveAssignment('tree', {
        CategoryID: 'a',
        BuyerID: 'MAPLE-CA',
        UserGroupID: 'acme-prefab-partners',
      }),
    );
    expect(wrongGroup.status).toBe(404);
    await Categories.DeleteAssignment('tree', 'a', {
      buyerID: 'ACME-US',
      userGroupID: 'acme-prefab-partners',
    });
    expect((await Categories.ListAssignments('tree', { categoryID: 'a' })).Items).toHaveLength(1);

    const { Items: products } = await (await import('ordercloud-javascript-sdk')).Products.List({
      pageSize: 1,
    });
    const productId = products[0]?.ID ?? '';
    await Categories.SaveProductAssignment('tree', { CategoryID: 'a1', ProductID: productId });
    expect((await Categories.ListProductAssignments('tree', { categoryID: 'a1' })).Items).toEqual([
      { CategoryID: 'a1', ProductID: productId, ListOrder: 0 },
    ]);
    await Categories.DeleteProductAssignment('tree', 'a1', productId);
    expect((await Categories.ListProductAssignments('tree', { categoryID: 'a1' })).Items).toEqual([]);
  });
});
