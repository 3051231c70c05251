import { testDriver } from '@catalogue/db/testing';
import { Buyers, Cart, LineItems, Me, Orders, Products, Users } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';

/** Orders follow renamed products, users and companies: carts keep working, nothing dangles. */
describe(`orders across renames on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });

  const firstBuyable = async () => {
    const page = await Me.ListProducts({ pageSize: 100 });
    const product = page.Items.find((p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) > 0);
    if (!product?.ID) throw new Error('nothing to buy');
    await loginAs('admin');
    await Products.Patch(product.ID, { Inventory: { Enabled: false } });
    return { id: product.ID, quantity: product.PriceSchedule?.PriceBreaks?.[0]?.Quantity ?? 1 };
  };

  it('keeps a cart working when its product and its user are renamed', async () => {
    await loginAs('newbie');
    const product = await firstBuyable();
    await loginAs('newbie');
    const line = await Cart.CreateLineItem({ ProductID: product.id, Quantity: product.quantity });
    const cart = await Cart.Get();
    await loginAs('admin');
    await Products.Patch(product.id, { ID: `${product.id}-RENAMED` });
    await Users.Patch('ACME-US', 'newbie', { ID: 'newbie-renamed' });
    await loginAs('newbie');
    expect((await Me.Get()).ID).toBe('newbie-renamed');
    const after = await Cart.Get();
    expect(after.ID).toBe(cart.ID);
    expect(after.FromUserID).toBe('newbie-renamed');
    expect((await Cart.GetLineItem(line.ID)).ProductID).toBe(`${product.id}-RENAMED`);
    expect((await Cart.Submit()).Status).toBe('Open');
    expect((await Me.ListOrders({ filters: { ID: cart.ID } })).Meta.TotalCount).toBe(1);
  });

  it('keeps a company’s orders with it when the company is renamed', async () => {
    await loginAs('ca-buyer');
    const product = await firstBuyable();
    await loginAs('ca-buyer');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: product.id, Quantity: product.quantity });
    await loginAs('admin');
    await Buyers.Patch('MAPLE-CA', { ID: 'MAPLE-CA-RENAMED' });
    await loginAs('ca-buyer');
    const mine = await Orders.Get('Outgoing', order.ID);
    expect(mine.FromCompanyID).toBe('MAPLE-CA-RENAMED');
    expect((await Orders.Submit('Outgoing', order.ID)).Status).toBe('Open');
    await loginAs('admin');
    expect((await Orders.Get('Incoming', order.ID)).FromCompanyID).toBe('MAPLE-CA-RENAMED');
  });
});
