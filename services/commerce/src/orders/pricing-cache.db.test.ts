import { testDriver } from '@catalogue/db/testing';
import { LineItems, Orders, PriceSchedules, Products, Promotions } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

/**
 * Line items are priced from what the read cache remembers of the catalogue (and whether AutoApply
 * promotions exist at all): every committed change must show in the next line item at once.
 */
describe(`pricing from the read cache on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });
  let product = '';
  let scheduleId = '';

  beforeAll(async () => {
    [product = ''] = await buyableProducts(1);
    await loginAs('admin');
    const full = await Products.Get(product);
    scheduleId = full.DefaultPriceScheduleID ?? '';
    if (!scheduleId) throw new Error('the product has no default price schedule');
  });

  it('prices the next line item with a price break changed in between', async () => {
    await loginAs('admin');
    await PriceSchedules.Patch(scheduleId, { PriceBreaks: [{ Quantity: 1, Price: 10 }] });
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const before = await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });
    expect(before.UnitPrice).toBe(10);

    await loginAs('admin');
    await PriceSchedules.SavePriceBreak(scheduleId, { Quantity: 1, Price: 12.5 });
    await loginAs('employee');
    const after = await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 2 });
    expect(after.UnitPrice).toBe(12.5);
    expect((await Orders.Get('Outgoing', order.ID)).Subtotal).toBe(10 + 25);
  });

  it('refuses a product made inactive since it was last priced, and takes it again once active', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });

    await loginAs('admin');
    await Products.Patch(product, { Active: false });
    await loginAs('employee');
    const refused = await refusal(
      LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 }),
    );
    expect(refused.status).toBe(404);
    expect((await Orders.Get('Outgoing', order.ID)).LineItemCount).toBe(1);

    await loginAs('admin');
    await Products.Patch(product, { Active: true });
    await loginAs('employee');
    await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });
    expect((await Orders.Get('Outgoing', order.ID)).LineItemCount).toBe(2);
  });

  it('applies an AutoApply promotion created after the order’s last change, and drops it once inactive', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(0);

    await loginAs('admin');
    await Promotions.Create({
      ID: 'CACHE-AUTO',
      Code: 'CACHE-AUTO',
      Name: 'Automatic',
      AllowAllBuyers: true,
      AutoApply: true,
      Active: true,
      EligibleExpression: 'true',
      ValueExpression: '1',
    });
    await loginAs('employee');
    await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(1);

    await loginAs('admin');
    await Promotions.Patch('CACHE-AUTO', { Active: false });
    await loginAs('employee');
    await LineItems.Create('Outgoing', order.ID, { ProductID: product, Quantity: 1 });
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(0);
  });
});
