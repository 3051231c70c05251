import { testDriver } from '@catalogue/db/testing';
import { Auth, Cart, LineItems, Me, Orders, Tokens } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/** The active cart through the official SDK's Cart API: OrderCloud's /cart semantics. */
describe(`cart on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let products: string[] = [];

  beforeAll(async () => {
    products = await buyableProducts(3);
  });

  it('answers GET /cart with a null ID before first use and creates nothing', async () => {
    await loginAs('engineer');
    const before = await tableCounts(commerce().database.db);
    const cart = await Cart.Get();
    expect(cart.ID).toBeNull();
    expect(cart.Status).toBe('Unsubmitted');
    expect(cart.FromUserID).toBe('engineer');
    expect(cart.FromCompanyID).toBe('ACME-US');
    expect(cart.FromUser.Username).toBe('engineer');
    expect(cart.LineItemCount).toBe(0);
    expect(cart.Total).toBe(0);
    expect(cart.Subtotal).toBe(0);
    expect((await Cart.ListLineItems()).Meta.TotalCount).toBe(0);
    expect((await Cart.ListPayments()).Meta.TotalCount).toBe(0);
    // Routes that need a cart refuse without making one.
    expect((await refusal(Cart.Submit())).status).toBe(404);
    expect((await refusal(Cart.GetLineItem('nope'))).status).toBe(404);
    expect((await refusal(Cart.SetBillingAddress({ Street1: 'x', City: 'y', Country: 'US' }))).status).toBe(
      404,
    );
    await Cart.Delete();
    expect(await tableCounts(commerce().database.db)).toEqual(before);
  });

  it('creates the cart with the first line item and then works on it like /orders/Outgoing/{id}', async () => {
    await loginAs('engineer');
    const first = products[0] as string;
    const line = await Cart.CreateLineItem({ ProductID: first, Quantity: 2 });
    expect(line.Quantity).toBe(2);
    const cart = await Cart.Get();
    expect(cart.ID).toEqual(expect.any(String));
    expect(cart.LineItemCount).toBe(1);
    expect(cart.Subtotal).toBeCloseTo(line.LineSubtotal, 2);
    // The same order through /orders/Outgoing.
    const order = await Orders.Get('Outgoing', cart.ID);
    expect(order.Total).toBe(cart.Total);
    // A second line item goes to the same cart.
    await Cart.CreateLineItem({ ProductID: products[1] as string, Quantity: 1 });
    expect((await Cart.Get()).ID).toBe(cart.ID);
    expect((await Cart.ListLineItems()).Meta.TotalCount).toBe(2);

    const patched = await Cart.PatchLineItem(line.ID, { Quantity: 3 });
    expect(patched.Quantity).toBe(3);
    expect((await Cart.GetLineItem(line.ID)).Quantity).toBe(3);
    const saved = await Cart.SaveLineItem(line.ID, { ProductID: first, Quantity: 1, xp: { note: 'one' } });
    expect(saved.Quantity).toBe(1);
    expect(saved.xp).toEqual({ note: 'one' });
    await Cart.DeleteLineItem(line.ID);
    expect((await Cart.ListLineItems()).Items.map((l) => l.ProductID)).toEqual([products[1]]);

    // Fields, addresses and the sender's details.
    const withComments = await Cart.Patch({ Comments: 'for the site office', xp: { job: 'A-1' } });
    expect(withComments.ID).toBe(cart.ID);
    expect(withComments.Comments).toBe('for the site office');
    const replaced = await Cart.Save({ xp: { job: 'B-2' } });
    expect(replaced.Comments).toBeNull();
    expect(replaced.xp).toEqual({ job: 'B-2' });
    const billed = await Cart.SetBillingAddress({
      Street1: '1 Main St',
      City: 'Springfield',
      State: 'IL',
      Zip: '62701',
      Country: 'US',
    });
    expect(billed.BillingAddress?.Street1).toBe('1 Main St');
    const billedAgain = await Cart.PatchBillingAddress({ Street1: '2 Main St' });
    expect(billedAgain.BillingAddress?.City).toBe('Springfield');
    expect(billedAgain.BillingAddress?.Street1).toBe('2 Main St');
    await Cart.SetShippingAddress({ Street1: '9 Yard Rd', City: 'Springfield', Country: 'US' });
    const shipped = await Cart.ListLineItems();
    expect(shipped.Items.every((l) => l.ShippingAddress?.Street1 === '9 Yard Rd')).toBe(true);
    const from = await Cart.PatchFromUser({ Phone: '555-0100' });
    expect(from.FromUser.Phone).toBe('555-0100');

    // Bad input changes nothing.
    expect((await refusal(Cart.CreateLineItem({ ProductID: first, Quantity: 0 }))).status).toBe(400);
    expect((await refusal(Cart.CreateLineItem({ ProductID: 'NO-SUCH-PRODUCT', Quantity: 1 }))).status).toBe(
      404,
    );
    expect((await refusal(Cart.Patch({ ShippingCost: 5 }))).errorCode).toBe('Order.CostSetBySeller');
    expect((await refusal(Cart.Patch({ xp: 'nope' } as never))).status).toBe(400);
    expect((await Cart.ListLineItems()).Meta.TotalCount).toBe(1);

    // DELETE /cart removes it; the next GET is empty again.
    await Cart.Delete();
    expect((await Cart.Get()).ID).toBeNull();
    expect((await refusal(Orders.Get('Outgoing', cart.ID))).status).toBe(404);
  });

  it('switches the active cart among the user’s own unsubmitted orders only', async () => {
    await loginAs('prefab');
    const a = await Orders.Create('Outgoing', { Comments: 'a' });
    const b = await Orders.Create('Outgoing', { Comments: 'b' });
    await Cart.SetActiveCart(a.ID);
    expect((await Cart.Get()).ID).toBe(a.ID);
    await Cart.CreateLineItem({ ProductID: products[0] as string, Quantity: 1 });
    expect((await LineItems.List('Outgoing', a.ID)).Meta.TotalCount).toBe(1);
    await Cart.SetActiveCart(b.ID);
    expect((await Cart.Get()).ID).toBe(b.ID);
    expect((await Cart.ListLineItems()).Meta.TotalCount).toBe(0);

    // Someone else's order, of the same company or another, is not found.
    await loginAs('newbie');
    const theirs = await Orders.Create('Outgoing', {});
    await loginAs('ca-buyer');
    const foreign = await Orders.Create('Outgoing', {});
    await loginAs('prefab');
    expect((await refusal(Cart.SetActiveCart(theirs.ID))).status).toBe(404);
    expect((await refusal(Cart.SetActiveCart(foreign.ID))).status).toBe(404);
    expect((await refusal(Cart.SetActiveCart('no-such-order'))).status).toBe(404);
    // A submitted order is no cart.
    await Orders.Submit('Outgoing', a.ID);
    expect((await refusal(Cart.SetActiveCart(a.ID))).status).toBe(404);
    expect((await Cart.Get()).ID).toBe(b.ID);
    // The seller has no cart.
    await loginAs('admin');
    expect((await refusal(Cart.Get())).errorCode).toBe('InvalidUserType');
  });

  it('submits through /cart; the next GET /cart is empty again', async () => {
    await loginAs('employee');
    const line = await Cart.CreateLineItem({ ProductID: products[1] as string, Quantity: 2 });
    const cart = await Cart.Get();
    await Cart.Validate();
    expect((await Orders.Get('Outgoing', cart.ID)).Status).toBe('Unsubmitted');
    const submitted = await Cart.Submit();
    expect(submitted.ID).toBe(cart.ID);
    expect(submitted.Status).toBe('Open');
    const next = await Cart.Get();
    expect(next.ID).toBeNull();
    expect(next.LineItemCount).toBe(0);
    expect((await Me.ListOrders({ filters: { ID: cart.ID } })).Items[0]?.Status).toBe('Open');
    expect((await refusal(Cart.GetLineItem(line.ID))).status).toBe(404);
  });

  it('gives an anonymous shopper a cart of their own token', async () => {
    const anon = await Auth.Anonymous('storefront');
    Tokens.SetAccessToken(anon.access_token);
    expect((await Cart.Get()).ID).toBeNull();
    await Cart.CreateLineItem({ ProductID: products[0] as string, Quantity: 1 });
    const cart = await Cart.Get();
    expect(cart.ID).toEqual(expect.any(String));
    expect(cart.FromUserID).toBe('anonymous-template');
    // Another anonymous shopper (same template user) does not see it.
    const other = await Auth.Anonymous('storefront');
    Tokens.SetAccessToken(other.access_token);
    expect((await Cart.Get()).ID).toBeNull();
    expect((await refusal(Cart.SetActiveCart(cart.ID))).status).toBe(404);
  });
});
