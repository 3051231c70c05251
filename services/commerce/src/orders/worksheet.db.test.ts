import { testDriver } from '@catalogue/db/testing';
import { Cart, IntegrationEvents, LineItems, Me, Orders, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/** Worksheet, estimateshipping, shipmethods and calculate (orders and /cart) through the official SDK. */
describe(`order worksheet and calculation on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let productId = '';
  /** The Subtotal of the order last made by orderWithLines. */
  let subtotal = 0;

  const address = (country: string, state?: string) => ({
    Street1: '1 Main Street',
    City: 'Springfield',
    State: state,
    Zip: '12345',
    Country: country,
  });

  beforeAll(async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 100 });
    const product = page.Items.find(
      (p) =>
        p.QuantityMultiplier === 1 &&
        (p.PriceSchedule?.PriceBreaks?.[0]?.Quantity ?? 2) <= 1 &&
        (p.PriceSchedule?.MinQuantity ?? 1) <= 1 &&
        !p.PriceSchedule?.RestrictedQuantity &&
        (p.PriceSchedule?.MaxQuantity ?? 100) >= 5,
    );
    if (!product?.ID || !product.PriceSchedule) throw new Error('no simply priced product for the employee');
    productId = product.ID;
    await loginAs('admin');
    await Products.Patch(productId, { ShipWeight: 2, Inventory: { Enabled: false } });
  });

  async function orderWithLines(quantity: number, shipTo = address('US', 'CA')) {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: quantity });
    await Orders.SetShippingAddress('Outgoing', order.ID, shipTo);
    subtotal = (await Orders.Get('Outgoing', order.ID)).Subtotal;
    return order.ID;
  }

  it('shows the worksheet, estimates shipping from the rules, selects a method and calculates tax', async () => {
    const orderId = await orderWithLines(3);
    const blank = await IntegrationEvents.GetWorksheet('Outgoing', orderId);
    expect(blank.Order.ID).toBe(orderId);
    expect(blank.LineItems).toHaveLength(1);
    expect(blank.ShipEstimateResponse).toBeNull();
    expect(blank.OrderCalculateResponse).toBeNull();

    const estimated = await IntegrationEvents.EstimateShipping('Outgoing', orderId);
    const estimates = estimated.ShipEstimateResponse.ShipEstimates;
    expect(estimates).toHaveLength(1);
    const [estimate] = estimates;
    expect(estimate?.ShipEstimateItems).toEqual([{ LineItemID: blank.LineItems[0]?.ID, Quantity: 3 }]);
    // US rules: Standard 8.00 + 0.60 per weight unit, Express 24.00 + 1.50; weight 3 × 2.
    expect(estimate?.ShipMethods.map((m) => [m.ID, m.Cost, m.EstimatedTransitDays])).toEqual([
      ['Standard', 11.6, 5],
      ['Express', 33, 2],
    ]);
    expect(estimate?.SelectedShipMethodID).toBeNull();
    // Estimating alone does not charge anything.
    expect(estimated.Order.ShippingCost).toBe(0);

    const selected = await IntegrationEvents.SelectShipmethods('Outgoing', orderId, {
      ShipMethodSelections: [{ ShipEstimateID: estimate?.ID, ShipMethodID: 'Express' }],
    });
    expect(selected.ShipEstimateResponse.ShipEstimates[0]?.SelectedShipMethodID).toBe('Express');
    expect(selected.Order.ShippingCost).toBe(33);
    expect(selected.Order.Total).toBeCloseTo(subtotal + 33, 2);

    const calculated = await IntegrationEvents.Calculate('Outgoing', orderId);
    // California: 7.25 % on the goods and on the shipping, each rounded to cents.
    const tax = Math.round(subtotal * 7.25) / 100 + Math.round(33 * 7.25) / 100;
    expect(calculated.OrderCalculateResponse.ShippingTotal).toBe(33);
    expect(calculated.OrderCalculateResponse.TaxTotal).toBeCloseTo(tax, 2);
    expect(calculated.Order.TaxCost).toBeCloseTo(tax, 2);
    expect(calculated.Order.Total).toBeCloseTo(subtotal + 33 + tax, 2);
    // The worksheet keeps all of it.
    const again = await IntegrationEvents.GetWorksheet('Outgoing', orderId);
    expect(again.OrderCalculateResponse.TaxTotal).toBeCloseTo(tax, 2);
    expect(again.ShipEstimateResponse.ShipEstimates[0]?.SelectedShipMethodID).toBe('Express');
    // The state is the server's: not in the order's xp, and a client's xp cannot touch it.
    expect(Object.keys(again.Order.xp ?? {})).not.toContain('_worksheet');
    await Orders.Patch('Outgoing', orderId, { xp: { _worksheet: { Selections: {} } } });
    expect(
      (await IntegrationEvents.GetWorksheet('Outgoing', orderId)).ShipEstimateResponse.ShipEstimates[0]
        ?.SelectedShipMethodID,
    ).toBe('Express');
    // The seller reads it as an Incoming order once submitted.
    await Orders.Submit('Outgoing', orderId);
    await loginAs('admin');
    const incoming = await IntegrationEvents.GetWorksheet('Incoming', orderId);
    expect(incoming.Order.Total).toBeCloseTo(subtotal + 33 + tax, 2);
  });

  it('taxes by destination: none where no rule applies, the country rate elsewhere', async () => {
    const noTax = await orderWithLines(1, address('US', 'OR'));
    const us = await IntegrationEvents.Calculate('Outgoing', noTax);
    expect(us.OrderCalculateResponse.TaxTotal).toBe(0);
    expect(us.OrderCalculateResponse.ShippingTotal).toBe(0);

    const german = await orderWithLines(2, address('DE'));
    const estimate = (await IntegrationEvents.EstimateShipping('Outgoing', german)).ShipEstimateResponse
      .ShipEstimates[0];
    // EU rules: Standard 7.50 + 0.55 × 4.
    expect(estimate?.ShipMethods.find((m) => m.ID === 'Standard')?.Cost).toBe(9.7);
    await IntegrationEvents.SelectShipmethods('Outgoing', german, {
      ShipMethodSelections: [{ ShipEstimateID: estimate?.ID, ShipMethodID: 'Standard' }],
    });
    const calculated = await IntegrationEvents.Calculate('Outgoing', german);
    expect(calculated.OrderCalculateResponse.TaxTotal).toBeCloseTo(
      Math.round(subtotal * 19) / 100 + Math.round(9.7 * 19) / 100,
      2,
    );
  });

  it('refuses bad selections, other companies and submitted orders, changing nothing', async () => {
    const orderId = await orderWithLines(1);
    const early = await refusal(
      IntegrationEvents.SelectShipmethods('Outgoing', orderId, {
        ShipMethodSelections: [{ ShipEstimateID: 'x', ShipMethodID: 'Standard' }],
      }),
    );
    expect(early.errorCode).toBe('Order.ShippingNotEstimated');
    const estimate = (await IntegrationEvents.EstimateShipping('Outgoing', orderId)).ShipEstimateResponse
      .ShipEstimates[0];
    const before = await tableCounts(commerce().database.db);
    const unknown = await refusal(
      IntegrationEvents.SelectShipmethods('Outgoing', orderId, {
        ShipMethodSelections: [{ ShipEstimateID: 'SE-nope', ShipMethodID: 'Standard' }],
      }),
    );
    expect(unknown.status).toBe(404);
    const method = await refusal(
      IntegrationEvents.SelectShipmethods('Outgoing', orderId, {
        ShipMethodSelections: [{ ShipEstimateID: estimate?.ID, ShipMethodID: 'Teleport' }],
      }),
    );
    expect(method.errorCode).toBe('ShipEstimate.InvalidShipMethod');
    const malformed = await refusal(
      IntegrationEvents.SelectShipmethods('Outgoing', orderId, { ShipMethodSelections: 'all' } as never),
    );
    expect(malformed.status).toBe(400);
    expect((await Orders.Get('Outgoing', orderId)).ShippingCost).toBe(0);

    await loginAs('ca-buyer');
    expect((await refusal(IntegrationEvents.GetWorksheet('Outgoing', orderId))).status).toBe(404);
    expect((await refusal(IntegrationEvents.Calculate('Outgoing', orderId))).status).toBe(404);
    expect(await tableCounts(commerce().database.db)).toEqual(before);

    await loginAs('employee');
    await Orders.Submit('Outgoing', orderId);
    expect((await refusal(IntegrationEvents.Calculate('Outgoing', orderId))).errorCode).toBe(
      'Order.CannotModifySubmittedOrder',
    );
  });

  it('does the same on the cart', async () => {
    await loginAs('engineer');
    expect((await refusal(Cart.GetOrderWorksheet())).status).toBe(404);
    // The engineer's only unsubmitted order is their active cart.
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: 2 });
    await Orders.SetShippingAddress('Outgoing', order.ID, address('GB'));
    subtotal = (await Orders.Get('Outgoing', order.ID)).Subtotal;
    const worksheet = await Cart.EstimateShipping();
    const estimate = worksheet.ShipEstimateResponse.ShipEstimates[0];
    // GB rules: Express 15.00 + 1.20 × 4.
    expect(estimate?.ShipMethods.find((m) => m.ID === 'Express')?.Cost).toBe(19.8);
    const selected = await Cart.SelectShipMethods({
      ShipMethodSelections: [{ ShipEstimateID: estimate?.ID, ShipMethodID: 'Express' }],
    });
    expect(selected.Order.ShippingCost).toBe(19.8);
    const calculated = await Cart.Calculate();
    expect(calculated.OrderCalculateResponse.TaxTotal).toBeCloseTo(
      Math.round(subtotal * 20) / 100 + Math.round(19.8 * 20) / 100,
      2,
    );
    expect(calculated.Order.ID).toBe(order.ID);
    expect((await Cart.GetOrderWorksheet()).Order.TaxCost).toBe(calculated.OrderCalculateResponse.TaxTotal);
    await loginAs('admin');
    expect((await refusal(Cart.GetOrderWorksheet())).errorCode).toBe('InvalidUserType');
  });
});
