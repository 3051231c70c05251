import { testDriver } from '@catalogue/db/testing';
import {
  AdminAddresses,
  Auth,
  LineItems,
  Me,
  Orders,
  Products,
  SecurityProfiles,
  Shipments,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYER_PASSWORD, commerceForTests, loginAs, refusal } from '../testing/sdk';

const SUPPLIER = 'KEYSTONE-PREFAB';

/** Shipments through the official SDK: partial shipments, over-shipping, completion, /me/shipments, suppliers. */
describe(`shipments on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });

  let productId = '';

  beforeAll(async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 100 });
    const priced = page.Items.find((p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 1);
    if (!priced?.ID) throw new Error('no priced product for the employee');
    productId = priced.ID;
    await loginAs('admin');
    await Products.Patch(productId, { Inventory: { Enabled: false } });
    // The demo supplier user may ship (and read) the orders sent to its supplier.
    await SecurityProfiles.Create({
      ID: 'supplier-shipper',
      Name: 'Supplier shipper',
      Roles: ['ShipmentAdmin', 'OrderAdmin'],
    });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: 'supplier-shipper', SupplierID: SUPPLIER });
  });

  /** An Open order of `username` with line items of the given quantities; returns its ID and line IDs. */
  async function openOrder(username: string, quantities: number[], toCompany?: string) {
    await loginAs(username);
    const order = await Orders.Create('Outgoing', toCompany ? { ToCompanyID: toCompany } : {});
    const lines: string[] = [];
    for (const quantity of quantities) {
      const line = await LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: quantity });
      lines.push(line.ID);
    }
    expect((await Orders.Submit('Outgoing', order.ID)).Status).toBe('Open');
    return { id: order.ID, lines };
  }

  async function loginSupplier() {
    const auth = await Auth.Login('supplier', BUYER_PASSWORD, 'admin-console');
    Tokens.SetAccessToken(auth.access_token);
  }

  it('ships in parts, refuses over-shipping and completes the order when all has shipped', async () => {
    const order = await openOrder('employee', [3, 2]);
    const [first, second] = order.lines as [string, string];
    await loginAs('admin');
    const shipment = await Shipments.Create({
      ID: 'ship-a',
      Shipper: 'UPS',
      TrackingNumber: '1Z-A',
      Cost: 12.5,
    });
    expect(shipment).toMatchObject({
      ID: 'ship-a',
      OwnerID: '',
      BuyerID: null,
      Cost: 12.5,
      FromAddress: null,
    });

    const item = await Shipments.SaveItem('ship-a', {
      OrderID: order.id,
      LineItemID: first,
      QuantityShipped: 2,
    });
    expect(item).toMatchObject({ OrderID: order.id, LineItemID: first, QuantityShipped: 2 });
    expect(item.Product.ID).toBe(productId);
    expect((await Shipments.Get('ship-a')).BuyerID).toBe('ACME-US');
    expect((await LineItems.Get('Incoming', order.id, first)).QuantityShipped).toBe(2);
    expect((await Orders.Get('Incoming', order.id)).Status).toBe('Open');

    // More than is left, nothing, or a line of no order: refused, and nothing moves.
    await Shipments.Create({ ID: 'ship-b' });
    const over = await refusal(
      Shipments.SaveItem('ship-b', { OrderID: order.id, LineItemID: first, QuantityShipped: 2 }),
    );
    expect(over.errorCode).toBe('ShipmentItem.QuantityExceedsRemaining');
    expect(over.errors?.[0]?.Data).toMatchObject({ QuantityRemaining: 1 });
    const zero = await refusal(
      Shipments.SaveItem('ship-b', { OrderID: order.id, LineItemID: first, QuantityShipped: 0 }),
    );
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.errors)).toContain('QuantityShipped');
    const unknownLine = await refusal(
      Shipments.SaveItem('ship-b', { OrderID: order.id, LineItemID: 'no-such-line', QuantityShipped: 1 }),
    );
    expect(unknownLine.status).toBe(404);
    expect((await LineItems.Get('Incoming', order.id, first)).QuantityShipped).toBe(2);
    expect((await Shipments.ListItems('ship-b')).Meta.TotalCount).toBe(0);

    // Saving the item again replaces the shipment's quantity (2 → 3: the whole line).
    await Shipments.SaveItem('ship-a', { OrderID: order.id, LineItemID: first, QuantityShipped: 3 });
    expect((await LineItems.Get('Incoming', order.id, first)).QuantityShipped).toBe(3);
    const items = await Shipments.ListItems('ship-a');
    expect(items.Items.map((i) => [i.LineItemID, i.QuantityShipped])).toEqual([[first, 3]]);
    expect(
      (await Shipments.ListItems('ship-a', { filters: { QuantityShipped: '>5' } })).Meta.TotalCount,
    ).toBe(0);

    await Shipments.SaveItem('ship-b', { OrderID: order.id, LineItemID: second, QuantityShipped: 2 });
    const done = await Orders.Get('Incoming', order.id);
    expect(done.Status).toBe('Completed');
    expect(done.DateCompleted).not.toBeNull();
    // A completed order stays completed: its shipment items stay, and nothing more ships.
    expect((await refusal(Shipments.DeleteItem('ship-b', order.id, second))).errorCode).toBe(
      'ShipmentItem.OrderNotOpen',
    );
    expect(
      (
        await refusal(
          Shipments.SaveItem('ship-b', { OrderID: order.id, LineItemID: second, QuantityShipped: 1 }),
        )
      ).errorCode,
    ).toBe('Order.CannotShipBadStatus');
    expect((await refusal(Shipments.Delete('ship-b'))).errorCode).toBe('ShipmentItem.OrderNotOpen');

    const ofOrder = await Orders.ListShipments('Incoming', order.id);
    expect(ofOrder.Items.map((s) => s.ID).sort()).toEqual(['ship-a', 'ship-b']);
    expect((await Shipments.List({ orderID: order.id })).Meta.TotalCount).toBe(2);
  });

  it('gives the quantity back when an item or a shipment is removed from an open order', async () => {
    const order = await openOrder('employee', [4]);
    const [line] = order.lines as [string];
    await loginAs('admin');
    await Shipments.Create({ ID: 'ship-c' });
    await Shipments.SaveItem('ship-c', { OrderID: order.id, LineItemID: line, QuantityShipped: 3 });
    expect((await Shipments.GetItem('ship-c', order.id, line)).QuantityShipped).toBe(3);
    await Shipments.DeleteItem('ship-c', order.id, line);
    expect((await LineItems.Get('Incoming', order.id, line)).QuantityShipped).toBe(0);
    expect((await refusal(Shipments.GetItem('ship-c', order.id, line))).status).toBe(404);

    await Shipments.SaveItem('ship-c', { OrderID: order.id, LineItemID: line, QuantityShipped: 1 });
    await Shipments.Delete('ship-c');
    expect((await LineItems.Get('Incoming', order.id, line)).QuantityShipped).toBe(0);
    expect((await refusal(Shipments.Get('ship-c'))).status).toBe(404);
    expect((await Orders.Get('Incoming', order.id)).Status).toBe('Open');
  });

  it('ships every remaining quantity with the ship action', async () => {
    const order = await openOrder('employee', [5, 1]);
    const [first] = order.lines as [string, string];
    await loginAs('admin');
    await Shipments.Create({ ID: 'ship-d' });
    await Shipments.SaveItem('ship-d', { OrderID: order.id, LineItemID: first, QuantityShipped: 2 });
    // A buyer cannot ship its own order.
    await loginAs('employee');
    expect((await refusal(Orders.Ship('Outgoing', order.id, {}))).status).toBe(403);
    await loginAs('admin');
    const shipped = await Orders.Ship('Incoming', order.id, { ID: 'ship-e', TrackingNumber: 'T-E' });
    expect(shipped.Status).toBe('Completed');
    const items = await Shipments.ListItems('ship-e');
    expect(items.Items.map((i) => i.QuantityShipped).sort()).toEqual([1, 3]);
    expect((await Shipments.Get('ship-e')).TrackingNumber).toBe('T-E');
    const lines = await LineItems.List('Incoming', order.id);
    expect(lines.Items.every((l) => l.QuantityShipped === l.Quantity)).toBe(true);
    expect((await refusal(Orders.Ship('Incoming', order.id, {}))).errorCode).toBe(
      'Order.CannotShipBadStatus',
    );
    // An unsubmitted order cannot be shipped either.
    await loginAs('employee');
    const draft = await Orders.Create('Outgoing', {});
    await loginAs('admin');
    expect((await refusal(Orders.Ship('Incoming', draft.ID, {}))).errorCode).toBe(
      'Order.CannotShipBadStatus',
    );
  });

  it('keeps addresses as snapshots', async () => {
    await loginAs('admin');
    await AdminAddresses.Create({
      ID: 'warehouse',
      Street1: '1 Dock Road',
      City: 'Springfield',
      Country: 'US',
      AddressName: 'Warehouse',
    });
    const shipment = await Shipments.Create({ ID: 'ship-f', FromAddressID: 'warehouse' });
    expect(shipment.FromAddress).toMatchObject({ ID: 'warehouse', Street1: '1 Dock Road' });
    await AdminAddresses.Patch('warehouse', { Street1: '2 Dock Road' });
    expect((await Shipments.Get('ship-f')).FromAddress.Street1).toBe('1 Dock Road');
    const to = await Shipments.SetShipToAddress('ship-f', {
      Street1: '9 Site Lane',
      City: 'Austin',
      Country: 'US',
      FirstName: 'Daniel',
    });
    expect(to.ToAddress).toMatchObject({ Street1: '9 Site Lane', FirstName: 'Daniel' });
    expect(to.ToAddressID).toBeNull();
    const missing = await refusal(Shipments.Patch('ship-f', { FromAddressID: 'no-such-address' }));
    expect(missing.status).toBe(404);
    const bad = await refusal(
      Shipments.SetShipFromAddress('ship-f', { Street1: '', City: 'X', Country: 'USA' }),
    );
    expect(bad.status).toBe(400);
    const patched = await Shipments.Patch('ship-f', { Shipper: 'DHL', xp: { Dock: 4 } });
    expect(patched).toMatchObject({
      Shipper: 'DHL',
      xp: { Dock: 4 },
      FromAddress: { Street1: '1 Dock Road' },
    });
    expect((await refusal(Shipments.Create({ ID: 'ship-f' }))).status).toBe(409);
  });

  it('shows a buyer user only the shipments of their own orders', async () => {
    const order = await openOrder('employee', [2]);
    const other = await openOrder('engineer', [1]);
    await loginAs('admin');
    await Orders.Ship('Incoming', order.id, { ID: 'ship-mine' });
    await Orders.Ship('Incoming', other.id, { ID: 'ship-theirs' });

    await loginAs('employee');
    const mine = await Me.ListShipments({ pageSize: 100 });
    expect(mine.Items.map((s) => s.ID)).toContain('ship-mine');
    expect(mine.Items.map((s) => s.ID)).not.toContain('ship-theirs');
    expect((await Me.ListShipments({ orderID: order.id })).Items.map((s) => s.ID)).toEqual(['ship-mine']);
    expect((await Me.GetShipment('ship-mine')).ID).toBe('ship-mine');
    const items = await Me.ListShipmentItems('ship-mine');
    expect(items.Items.map((i) => i.OrderID)).toEqual([order.id]);
    expect((await refusal(Me.GetShipment('ship-theirs'))).status).toBe(404);
    expect((await refusal(Me.ListShipmentItems('ship-theirs'))).status).toBe(404);
    expect((await Orders.ListShipments('Outgoing', order.id)).Items.map((s) => s.ID)).toEqual(['ship-mine']);
    // Buyer users have no /shipments of their own.
    expect((await refusal(Shipments.List())).errorCode).toBe('InvalidUserType');

    await loginAs('ca-buyer');
    expect((await Me.ListShipments()).Meta.TotalCount).toBe(0);
    expect((await refusal(Me.GetShipment('ship-mine'))).status).toBe(404);
    expect((await refusal(Orders.ListShipments('Outgoing', order.id))).status).toBe(404);
  });

  it('confines a supplier to its own shipments and the orders sent to it', async () => {
    const supplierOrder = await openOrder('employee', [2], SUPPLIER);
    const marketplaceOrder = await openOrder('employee', [1]);
    await loginSupplier();
    const shipment = await Shipments.Create({ ID: 'ship-sup' });
    expect(shipment.OwnerID).toBe(SUPPLIER);
    expect((await refusal(Shipments.Create({ ID: 'ship-sup-2', OwnerID: '' }))).status).toBe(400);
    const foreign = await refusal(
      Shipments.SaveItem('ship-sup', {
        OrderID: marketplaceOrder.id,
        LineItemID: marketplaceOrder.lines[0] as string,
        QuantityShipped: 1,
      }),
    );
    expect(foreign.status).toBe(404);
    await Shipments.SaveItem('ship-sup', {
      OrderID: supplierOrder.id,
      LineItemID: supplierOrder.lines[0] as string,
      QuantityShipped: 2,
    });
    expect((await Orders.Get('Incoming', supplierOrder.id)).Status).toBe('Completed');
    expect((await Shipments.List()).Items.map((s) => s.ID)).toEqual(['ship-sup']);
    expect((await refusal(Shipments.Get('ship-a'))).status).toBe(404);
    expect((await refusal(Shipments.Patch('ship-a', { Shipper: 'mine now' }))).status).toBe(404);
    expect((await refusal(Shipments.Delete('ship-a'))).status).toBe(404);

    // The marketplace sees the supplier's shipment, but cannot put its own orders into it.
    await loginAs('admin');
    expect((await Shipments.Get('ship-sup')).OwnerID).toBe(SUPPLIER);
    const other = await openOrder('employee', [1]);
    await loginAs('admin');
    const mismatch = await refusal(
      Shipments.SaveItem('ship-sup', {
        OrderID: other.id,
        LineItemID: other.lines[0] as string,
        QuantityShipped: 1,
      }),
    );
    expect(mismatch.errorCode).toBe('Shipment.OwnerMismatch');
    expect((await Shipments.Get('ship-a')).Shipper).toBe('UPS');
  });
});
