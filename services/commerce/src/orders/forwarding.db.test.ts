import { testDriver } from '@catalogue/db/testing';
import { LineItems, Orders, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

const SUPPLIER = 'KEYSTONE-PREFAB';

/** split and forward of Incoming orders through the official SDK. */
describe(`order split and forward on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let supplied = '';
  let ours = '';

  beforeAll(async () => {
    [supplied, ours] = (await buyableProducts(2)) as [string, string];
    await Products.Patch(supplied, { DefaultSupplierID: SUPPLIER });
  });

  async function submittedOrder(): Promise<{ id: string; suppliedLine: string; ourLine: string }> {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', {});
    const a = await LineItems.Create('Outgoing', order.ID, { ProductID: supplied, Quantity: 1 });
    const b = await LineItems.Create('Outgoing', order.ID, { ProductID: ours, Quantity: 1 });
    await Orders.Submit('Outgoing', order.ID);
    return { id: order.ID, suppliedLine: a.ID, ourLine: b.ID };
  }

  it('splits an order into an unsubmitted order per supplier and keeps the rest', async () => {
    const { id, suppliedLine, ourLine } = await submittedOrder();
    await loginAs('admin');
    const result = await Orders.Split('Incoming', id);
    expect(result.RemainingLineItemIDs).toEqual([ourLine]);
    expect(result.OutgoingOrders).toHaveLength(1);
    const [outgoing] = result.OutgoingOrders;
    expect(outgoing?.ID).toBe(`${id}-${SUPPLIER}`);
    expect(outgoing?.ToCompanyID).toBe(SUPPLIER);
    expect(outgoing?.Status).toBe('Unsubmitted');
    expect(outgoing?.LineItemCount).toBe(1);
    const copied = await LineItems.List('Outgoing', outgoing?.ID as string);
    expect(copied.Items.map((l) => [l.ID, l.ProductID, l.IncomingOrderID])).toEqual([
      [suppliedLine, supplied, id],
    ]);
    const original = await LineItems.Get('Incoming', id, suppliedLine);
    expect(original.OutgoingOrderID).toBe(outgoing?.ID);
    expect(outgoing?.Subtotal).toBe(original.LineSubtotal);
    // Once split, the supplier's lines are not split (or forwarded) again.
    expect((await refusal(Orders.Split('Incoming', id))).errorCode).toBe('Order.AlreadyForwarded');
    expect((await refusal(Orders.Forward('Incoming', id))).errorCode).toBe('Order.AlreadyForwarded');
  });

  it('forwards an order: the supplier orders are submitted', async () => {
    const { id } = await submittedOrder();
    await loginAs('admin');
    const result = await Orders.Forward('Incoming', id);
    expect(result.OutgoingOrders.map((o) => [o.ToCompanyID, o.Status, o.IsSubmitted])).toEqual([
      [SUPPLIER, 'Open', true],
    ]);
    const listed = await Orders.List('Outgoing', { filters: { ToCompanyID: SUPPLIER } });
    expect(listed.Items.map((o) => o.ID)).toContain(`${id}-${SUPPLIER}`);
  });

  it('refuses the wrong status, direction and caller, changing nothing', async () => {
    await loginAs('employee');
    const draft = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', draft.ID, { ProductID: supplied, Quantity: 1 });
    const { id } = await submittedOrder();
    const before = await tableCounts(commerce().database.db);
    // A buyer user has no OrderAdmin.
    expect((await refusal(Orders.Forward('Outgoing', id))).errorCode).toBe('InsufficientRoles');
    await loginAs('admin');
    expect((await refusal(Orders.Forward('Outgoing', id))).status).toBe(400);
    // Unsubmitted orders are not visible as Incoming to the marketplace without UnsubmittedOrderReader,
    // so FullAccess reaches it and gets the status refusal.
    expect((await refusal(Orders.Forward('Incoming', draft.ID))).errorCode).toBe(
      'Order.CannotForwardBadStatus',
    );
    expect((await refusal(Orders.Split('Incoming', draft.ID))).errorCode).toBe('Order.CannotSplitBadStatus');
    expect((await refusal(Orders.Split('Incoming', 'no-such-order'))).status).toBe(404);
    expect(await tableCounts(commerce().database.db)).toEqual(before);
    // An order with no supplier lines gives no outgoing orders.
    await loginAs('employee');
    const plain = await Orders.Create('Outgoing', {});
    const line = await LineItems.Create('Outgoing', plain.ID, { ProductID: ours, Quantity: 1 });
    await Orders.Submit('Outgoing', plain.ID);
    await loginAs('admin');
    expect(await Orders.Forward('Incoming', plain.ID)).toEqual({
      OutgoingOrders: [],
      RemainingLineItemIDs: [line.ID],
    });
  });
});
