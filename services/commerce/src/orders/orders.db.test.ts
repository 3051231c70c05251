import { testDriver } from '@catalogue/db/testing';
import { Catalogs, LineItems, Me, Orders, PriceSchedules, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

/** Orders and line items through the official SDK: pricing, totals, the basic lifecycle, refusals. */
describe(`orders on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });

  let productId = '';
  let breaks: { Quantity: number; Price: number }[] = [];

  beforeAll(async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 100 });
    const priced = page.Items.find(
      (p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 2 && p.QuantityMultiplier === 1,
    );
    if (!priced?.ID || !priced.PriceSchedule)
      throw new Error('no product with price breaks for the employee');
    productId = priced.ID;
    breaks = priced.PriceSchedule.PriceBreaks.map((b) => ({ Quantity: b.Quantity, Price: b.Price }));
    // Untracked stock for these tests; the stock test turns tracking on.
    await loginAs('admin');
    await Products.Patch(productId, { Inventory: { Enabled: false } });
  });

  it('prices line items from the price breaks and keeps the totals on the server', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', { Comments: 'first order', xp: { regionName: 'US' } });
    expect(order.Status).toBe('Unsubmitted');
    expect(order.FromUserID).toBe('employee');
    expect(order.FromUser.Username).toBe('employee');
    expect(order.Total).toBe(0);
    const [first, second] = breaks as [(typeof breaks)[0], (typeof breaks)[0]];
    const line = await LineItems.Create('Outgoing', order.ID, {
      ProductID: productId,
      Quantity: first.Quantity,
    });
    expect(line.UnitPrice).toBe(first.Price);
    expect(line.LineSubtotal).toBeCloseTo(first.Price * first.Quantity, 2);
    expect(line.Product.ID).toBe(productId);
    const bigger = await LineItems.Patch('Outgoing', order.ID, line.ID, { Quantity: second.Quantity });
    expect(bigger.UnitPrice).toBe(second.Price);
    const fetched = await Orders.Get('Outgoing', order.ID);
    expect(fetched.LineItemCount).toBe(1);
    expect(fetched.Subtotal).toBeCloseTo(second.Price * second.Quantity, 2);
    expect(fetched.Total).toBe(fetched.Subtotal);
    // Totals are the server's: a buyer cannot set costs, and Subtotal is not even writable.
    expect((await refusal(Orders.Patch('Outgoing', order.ID, { ShippingCost: 1 }))).errorCode).toBe(
      'Order.CostSetBySeller',
    );
    expect((await refusal(Orders.Patch('Outgoing', order.ID, { Subtotal: 1 } as never))).status).toBe(400);
    expect((await Orders.Get('Outgoing', order.ID)).Total).toBe(fetched.Total);
  });

  it('snapshots the sender as they are now: a change of the user shows in their next order', async () => {
    await loginAs('employee');
    const before = await Orders.Create('Outgoing', {});
    const phone = `555-${Date.now() % 10_000}`;
    await Me.Patch({ Phone: phone });
    const after = await Orders.Create('Outgoing', {});
    expect(after.FromUser.Phone).toBe(phone);
    expect(before.FromUser.Phone).not.toBe(phone);
  });

  it('refuses bad line items and changes nothing', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const zero = await refusal(LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.errorCode).toBe('LineItem.QuantityMustBePositive');
    const unknown = await refusal(
      LineItems.Create('Outgoing', order.ID, { ProductID: 'NO-SUCH-PRODUCT', Quantity: 1 }),
    );
    expect(unknown.status).toBe(404);
    const price = await refusal(
      LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 1, UnitPrice: 0.01 }),
    );
    expect(price.errorCode).toBe('InsufficientRoles');
    expect((await LineItems.List('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
    expect((await refusal(Orders.Submit('Outgoing', order.ID))).errorCode).toBe(
      'Order.CannotSubmitWithNoLineItems',
    );
    expect((await Orders.Get('Outgoing', order.ID)).Status).toBe('Unsubmitted');
  });

  it('submits once, then only the seller completes it', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, {
      ProductID: productId,
      Quantity: breaks[0]?.Quantity ?? 1,
    });
    const submitted = await Orders.Submit('Outgoing', order.ID);
    expect(submitted.Status).toBe('Open');
    expect(submitted.IsSubmitted).toBe(true);
    expect(submitted.DateSubmitted).not.toBeNull();
    expect((await refusal(Orders.Submit('Outgoing', order.ID))).errorCode).toBe(
      'Order.CannotSubmitBadStatus',
    );
    expect(
      (await refusal(LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 1 })))
        .errorCode,
    ).toBe('Order.CannotModifySubmittedOrder');
    expect((await refusal(Orders.Cancel('Outgoing', order.ID))).errorCode).toBe(
      'Order.CannotCancelInCurrentStatus',
    );
    expect((await refusal(Orders.Complete('Outgoing', order.ID))).errorCode).toBe('InsufficientRoles');
    // Another company never reaches it.
    await loginAs('ca-buyer');
    expect((await refusal(Orders.Get('Outgoing', order.ID))).status).toBe(404);
    expect((await refusal(Orders.Get('Incoming', order.ID))).status).toBe(404);
    await loginAs('admin');
    const incoming = await Orders.List('Incoming', { filters: { ID: order.ID } });
    expect(incoming.Items.map((o) => o.ID)).toEqual([order.ID]);
    const completed = await Orders.Complete('Incoming', order.ID);
    expect(completed.Status).toBe('Completed');
  });

  it('takes stock at submit and refuses what is not there', async () => {
    await loginAs('admin');
    await Products.Patch(productId, {
      Inventory: { Enabled: true, QuantityAvailable: 5, OrderCanExceed: false },
    });
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const tooMany = await refusal(
      LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 6 }),
    );
    expect(tooMany.errorCode).toBe('Inventory.Insufficient');
    const line = await LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 4 });
    expect(line.Quantity).toBe(4);
    await Orders.Submit('Outgoing', order.ID);
    await loginAs('admin');
    expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(1);
    await Products.Patch(productId, { Inventory: { Enabled: false } });
  });

  it('quote quantities are not stock: a project takes any quantity and its submit takes no stock', async () => {
    await loginAs('admin');
    await Products.Patch(productId, {
      Inventory: { Enabled: true, QuantityAvailable: 62, OrderCanExceed: false },
    });
    try {
      await loginAs('employee');
      const project = await Orders.Create('Outgoing', { xp: { projectName: 'Hospital wing B' } });
      const line = await LineItems.Create('Outgoing', project.ID, { ProductID: productId, Quantity: 250 });
      expect(line.Quantity).toBe(250);
      expect((await LineItems.Patch('Outgoing', project.ID, line.ID, { Quantity: 400 })).Quantity).toBe(400);
      await LineItems.Create('Outgoing', project.ID, { ProductID: productId, Quantity: 100 });
      await Orders.Validate('Outgoing', project.ID);
      expect((await Orders.Submit('Outgoing', project.ID)).Status).toBe('Open');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(62);
      // An order that is not a project still meets the stock.
      await loginAs('employee');
      const order = await Orders.Create('Outgoing', {});
      const refused = await refusal(
        LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 250 }),
      );
      expect(refused.errorCode).toBe('Inventory.Insufficient');
      expect((await Orders.Get('Outgoing', order.ID)).LineItemCount).toBe(0);
    } finally {
      await loginAs('admin');
      await Products.Patch(productId, { Inventory: { Enabled: false } });
    }
  });

  it('counts quantities across lines only for cumulative schedules, also when a line goes', async () => {
    await loginAs('admin');
    for (const cumulative of [false, true]) {
      const id = `CUMULATIVE-${cumulative}`;
      await PriceSchedules.Create({
        ID: `PS-${id}`,
        Name: id,
        UseCumulativeQuantity: cumulative,
        PriceBreaks: [
          { Quantity: 1, Price: 10 },
          { Quantity: 3, Price: 8 },
        ],
      });
      await Products.Create({ ID: id, Name: id, DefaultPriceScheduleID: `PS-${id}` });
      await Catalogs.SaveProductAssignment({ CatalogID: 'catalog-us', ProductID: id });
    }
    await loginAs('employee');
    for (const cumulative of [false, true]) {
      const id = `CUMULATIVE-${cumulative}`;
      const order = await Orders.Create('Outgoing', {});
      const a = await LineItems.Create('Outgoing', order.ID, { ProductID: id, Quantity: 2 });
      await LineItems.Create('Outgoing', order.ID, { ProductID: id, Quantity: 2 });
      const c = await LineItems.Create('Outgoing', order.ID, { ProductID: id, Quantity: 1 });
      expect((await LineItems.Get('Outgoing', order.ID, a.ID)).UnitPrice).toBe(cumulative ? 8 : 10);
      await LineItems.Delete('Outgoing', order.ID, c.ID);
      // 4 left: still past the 3-unit break when cumulative; each line alone when not.
      expect((await LineItems.Get('Outgoing', order.ID, a.ID)).UnitPrice).toBe(cumulative ? 8 : 10);
      await LineItems.Patch('Outgoing', order.ID, a.ID, { Quantity: 1 });
      expect((await LineItems.Get('Outgoing', order.ID, a.ID)).UnitPrice).toBe(cumulative ? 8 : 10);
      expect((await Orders.Get('Outgoing', order.ID)).Subtotal).toBe(cumulative ? 24 : 30);
    }
  });

  it('lets an unsubmitted order be deleted, but not a submitted one', async () => {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    await Orders.Delete('Outgoing', order.ID);
    expect((await refusal(Orders.Get('Outgoing', order.ID))).status).toBe(404);
    const bad = await refusal(Orders.List('Sideways' as never));
    expect(bad.status).toBe(400);
  });
});
