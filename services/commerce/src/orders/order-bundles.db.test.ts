import { testDriver } from '@catalogue/db/testing';
import { BundleLineItems, Bundles, Cart, Catalogs, LineItems, Orders } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/** Bundles added to orders and carts through the official SDK. */
describe(`order bundles on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let required = '';
  let optional = '';
  let outsider = '';

  beforeAll(async () => {
    [required, optional, outsider] = (await buyableProducts(3, { quantity: 3 })) as [string, string, string];
    await Bundles.Create({ ID: 'starter-kit', Name: 'Starter kit', Active: true });
    await Bundles.SaveProductAssignment({
      BundleID: 'starter-kit',
      ProductID: required,
      Required: true,
      DefaultQuantity: 3,
    });
    await Bundles.SaveProductAssignment({ BundleID: 'starter-kit', ProductID: optional, Required: false });
    await Bundles.SaveAssignment({ BundleID: 'starter-kit', BuyerID: 'ACME-US' });
    await Catalogs.SaveBundleAssignment({ CatalogID: 'catalog-us', BundleID: 'starter-kit' });
    // Assigned to the buyer but in no catalog of theirs: not orderable.
    await Bundles.Create({ ID: 'hidden-kit', Name: 'Hidden kit', Active: true });
    await Bundles.SaveProductAssignment({ BundleID: 'hidden-kit', ProductID: required, Required: true });
    await Bundles.SaveAssignment({ BundleID: 'hidden-kit', BuyerID: 'ACME-US' });
  });

  it('adds the bundle products with one BundleItemID and removes them together', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const first = await BundleLineItems.Create('Outgoing', order.ID, 'starter-kit', {});
    expect(first.ProductID).toBe(required);
    expect(first.Quantity).toBe(3);
    expect(first.IsBundle).toBe(true);
    expect(first.BundleItemID).toBeTruthy();
    // The optional product comes when it is named.
    await BundleLineItems.Create('Outgoing', order.ID, 'starter-kit', {
      LineItems: [{ ProductID: optional, Quantity: 2 }],
    });
    const lines = await LineItems.List('Outgoing', order.ID);
    expect(lines.Items).toHaveLength(3);
    const second = lines.Items.filter((l) => l.BundleItemID !== first.BundleItemID);
    expect(second.map((l) => [l.ProductID, l.Quantity]).sort()).toEqual(
      [
        [required, 3],
        [optional, 2],
      ].sort(),
    );
    expect(new Set(second.map((l) => l.BundleItemID)).size).toBe(1);

    await BundleLineItems.Delete('Outgoing', order.ID, 'starter-kit', second[0]?.BundleItemID as string);
    const left = await LineItems.List('Outgoing', order.ID);
    expect(left.Items.map((l) => l.ID)).toEqual([first.ID]);
    const fetched = await Orders.Get('Outgoing', order.ID);
    expect(fetched.Subtotal).toBe(first.LineSubtotal);
    expect(
      (await refusal(BundleLineItems.Delete('Outgoing', order.ID, 'starter-kit', 'no-such-item'))).status,
    ).toBe(404);
  });

  it('refuses bundles the buyer cannot order and products outside the bundle, changing nothing', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const before = await tableCounts(commerce().database.db);
    const outside = await refusal(
      BundleLineItems.Create('Outgoing', order.ID, 'starter-kit', {
        LineItems: [{ ProductID: outsider, Quantity: 1 }],
      }),
    );
    expect(outside.errorCode).toBe('Bundle.ProductNotInBundle');
    expect((await refusal(BundleLineItems.Create('Outgoing', order.ID, 'hidden-kit', {}))).status).toBe(404);
    expect((await refusal(BundleLineItems.Create('Outgoing', order.ID, 'no-such-kit', {}))).status).toBe(404);
    const zero = await refusal(
      BundleLineItems.Create('Outgoing', order.ID, 'starter-kit', {
        LineItems: [{ ProductID: optional, Quantity: 0 }],
      }),
    );
    expect(zero.status).toBe(400);
    // Another company: neither the bundle nor the order.
    await loginAs('ca-buyer');
    expect((await refusal(BundleLineItems.Create('Outgoing', order.ID, 'starter-kit', {}))).status).toBe(404);
    expect((await refusal(Cart.CreateBundleItem('starter-kit', {}))).status).toBe(404);
    expect(await tableCounts(commerce().database.db)).toEqual(before);
    await loginAs('employee');
    expect((await LineItems.List('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
  });

  it('adds a bundle to the cart, creating it', async () => {
    await loginAs('engineer');
    const line = await Cart.CreateBundleItem('starter-kit', {});
    expect(line.ProductID).toBe(required);
    const orders = await Orders.List('Outgoing', { filters: { Status: 'Unsubmitted' } });
    expect(orders.Items).toHaveLength(1);
    const cartId = orders.Items[0]?.ID as string;
    expect((await LineItems.List('Outgoing', cartId)).Items.map((l) => l.BundleItemID)).toEqual([
      line.BundleItemID,
    ]);
    await Cart.DeleteBundleItem('starter-kit', line.BundleItemID);
    expect((await LineItems.List('Outgoing', cartId)).Meta.TotalCount).toBe(0);
    await loginAs('admin');
    expect((await refusal(Cart.CreateBundleItem('starter-kit', {}))).errorCode).toBe('InvalidUserType');
  });
});
