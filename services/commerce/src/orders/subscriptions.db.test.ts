import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import {
  BundleSubscriptionItems,
  Bundles,
  Catalogs,
  IntegrationEvents,
  LineItems,
  Me,
  Orders,
  SecurityProfiles,
  SubscriptionItems,
  Subscriptions,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';
import { startSubscriptionJob } from './subscription-job';
import { advance, placeDueSubscriptionOrders } from './subscriptions';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** Subscriptions (admin and /me, items, bundle items) and the recurring orders they place. */
describe(`subscriptions on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let productId = '';
  let otherProduct = '';
  let addressId = '';

  beforeAll(async () => {
    [productId, otherProduct] = (await buyableProducts(2, { quantity: 2 })) as [string, string];
    await SecurityProfiles.Create({ ID: 'subscribers', Name: 'Subscribers', Roles: ['MeSubscriptionAdmin'] });
    await SecurityProfiles.SaveAssignment({
      SecurityProfileID: 'subscribers',
      BuyerID: 'ACME-US',
      UserID: 'employee',
    });
    await Bundles.Create({ ID: 'refill-kit', Name: 'Refill kit', Active: true });
    await Bundles.SaveProductAssignment({ BundleID: 'refill-kit', ProductID: otherProduct, Required: true });
    await Bundles.SaveAssignment({ BundleID: 'refill-kit', BuyerID: 'ACME-US' });
    await Catalogs.SaveBundleAssignment({ CatalogID: 'catalog-us', BundleID: 'refill-kit' });
    await loginAs('employee');
    const address = await Me.CreateAddress({
      Street1: '1 Main Street',
      City: 'Springfield',
      State: 'IL',
      Zip: '62701',
      Country: 'US',
    });
    addressId = address.ID;
  });

  it('lets a buyer user manage their own subscriptions with items and bundle items', async () => {
    await loginAs('employee');
    const sub = await Me.CreateSubscription({
      Frequency: 2,
      Interval: 'Weeks',
      NextOrderDate: inDays(3),
      EndDate: inDays(60),
      ShippingAddressID: addressId,
      BillingAddressID: addressId,
      Payment: { Type: 'PurchaseOrder' },
      xp: { note: 'monthly refill' },
    });
    expect(sub.FromUserID).toBe('employee');
    expect(sub.FromCompanyID).toBe('ACME-US');
    expect(sub.Active).toBe(true);
    expect(sub.ProjectedSubtotal).toBe(0);
    const item = await Me.CreateSubscriptionItem(sub.ID, { ProductID: productId, Quantity: 2 });
    expect(item.Quantity).toBe(2);
    expect(item.UnitPrice).toBeGreaterThan(0);
    expect(item.LineSubtotal).toBeCloseTo((item.UnitPrice as number) * 2, 2);
    const bundled = await Me.CreateSubscriptionBundleItem(sub.ID, 'refill-kit', {});
    expect(bundled.ProductID).toBe(otherProduct);
    expect(bundled.IsBundle).toBe(true);
    expect((await Me.ListSubscriptionItems(sub.ID)).Meta.TotalCount).toBe(2);
    await Me.DeleteSubscriptionBundleItem(sub.ID, 'refill-kit', bundled.BundleItemID);
    const fetched = await Me.GetSubscription(sub.ID);
    expect(fetched.ProjectedSubtotal).toBe(item.LineSubtotal);
    const patched = await Me.PatchSubscription(sub.ID, { Frequency: 1, xp: { extra: true } });
    expect(patched.Frequency).toBe(1);
    expect(patched.Interval).toBe('Weeks');
    expect(patched.xp).toEqual({ note: 'monthly refill', extra: true });
    const changed = await Me.PatchSubscriptionItem(sub.ID, item.ID, { Quantity: 1 });
    expect(changed.Quantity).toBe(1);
    expect((await Me.ListSubscriptions()).Items.map((s) => s.ID)).toEqual([sub.ID]);
    await Me.DeleteSubscription(sub.ID);
    expect((await refusal(Me.GetSubscription(sub.ID))).status).toBe(404);
  });

  it('refuses bad subscriptions and items and changes nothing', async () => {
    await loginAs('employee');
    const sub = await Me.CreateSubscription({ NextOrderDate: inDays(2) });
    const before = await tableCounts(commerce().database.db);
    const late = await refusal(Me.CreateSubscription({ NextOrderDate: inDays(5), EndDate: inDays(4) }));
    expect(late.errors?.[0]?.Data).toMatchObject({ Property: 'EndDate' });
    const past = await refusal(Me.CreateSubscription({ NextOrderDate: inDays(-1) }));
    expect(past.errors?.[0]?.Data).toMatchObject({ Property: 'NextOrderDate' });
    expect((await refusal(Me.CreateSubscription({}))).errorCode).toBe('Required');
    expect(
      (await refusal(Me.CreateSubscription({ NextOrderDate: inDays(2), Interval: 'Years' as never }))).status,
    ).toBe(400);
    expect((await refusal(Me.CreateSubscription({ NextOrderDate: inDays(2), Frequency: 0 }))).status).toBe(
      400,
    );
    const card = await refusal(
      Me.CreateSubscription({ NextOrderDate: inDays(2), Payment: { Type: 'CreditCard' } }),
    );
    expect(card.errors?.[0]?.Data).toMatchObject({ Property: 'Payment.CreditCardID' });
    const foreignCard = await refusal(
      Me.CreateSubscription({
        NextOrderDate: inDays(2),
        Payment: { Type: 'CreditCard', CreditCardID: 'nope' },
      }),
    );
    expect(foreignCard.status).toBe(404);
    expect(
      (await refusal(Me.CreateSubscription({ NextOrderDate: inDays(2), ShippingAddressID: 'nope' }))).status,
    ).toBe(404);
    expect(
      (await refusal(Me.CreateSubscription({ NextOrderDate: inDays(2), FromUserID: 'engineer' }))).status,
    ).toBe(400);
    expect(
      (await refusal(Me.CreateSubscriptionItem(sub.ID, { ProductID: 'NO-SUCH', Quantity: 1 }))).status,
    ).toBe(404);
    expect(
      (await refusal(Me.CreateSubscriptionItem(sub.ID, { ProductID: productId, Quantity: 0 }))).status,
    ).toBe(400);
    expect(
      (await refusal(Me.CreateSubscriptionItem(sub.ID, { ProductID: productId, Quantity: 1, UnitPrice: 1 })))
        .status,
    ).toBe(400);
    expect((await refusal(Me.PatchSubscription(sub.ID, { EndDate: inDays(1) }))).status).toBe(400);
    // Without MeSubscriptionAdmin, or as another user, nothing is reached.
    await loginAs('engineer');
    expect((await refusal(Me.ListSubscriptions())).errorCode).toBe('InsufficientRoles');
    await loginAs('admin');
    expect((await refusal(Me.ListSubscriptions())).errorCode).toBe('InvalidUserType');
    expect(await tableCounts(commerce().database.db)).toEqual(before);
  });

  it('lets the marketplace manage any subscription, never a buyer user', async () => {
    await loginAs('admin');
    const sub = await Subscriptions.Create({
      FromCompanyID: 'ACME-US',
      FromUserID: 'engineer',
      Interval: 'Days',
      Frequency: 10,
      NextOrderDate: inDays(1),
    });
    expect(sub.FromUserID).toBe('engineer');
    const item = await SubscriptionItems.Create(sub.ID, { ProductID: productId, Quantity: 1 });
    expect((await SubscriptionItems.Get(sub.ID, item.ID)).ProductID).toBe(productId);
    const bundled = await BundleSubscriptionItems.Create(sub.ID, 'refill-kit', {});
    await BundleSubscriptionItems.Delete(sub.ID, 'refill-kit', bundled.BundleItemID);
    expect((await SubscriptionItems.List(sub.ID)).Items.map((i) => i.ID)).toEqual([item.ID]);
    expect(
      (await Subscriptions.List({ filters: { FromUserID: 'engineer' } })).Items.map((s) => s.ID),
    ).toEqual([sub.ID]);
    const saved = await Subscriptions.Save(sub.ID, {
      FromCompanyID: 'ACME-US',
      FromUserID: 'engineer',
      NextOrderDate: sub.NextOrderDate,
      Active: false,
    });
    expect(saved.Active).toBe(false);
    expect(saved.Interval).toBe('Months');
    expect((await refusal(Subscriptions.Create({ NextOrderDate: inDays(1) }))).errorCode).toBe('Required');
    expect(
      (
        await refusal(
          Subscriptions.Create({
            FromCompanyID: 'MAPLE-CA',
            FromUserID: 'employee',
            NextOrderDate: inDays(1),
          }),
        )
      ).status,
    ).toBe(404);
    await SubscriptionItems.Delete(sub.ID, item.ID);
    await Subscriptions.Delete(sub.ID);
    await loginAs('employee');
    expect((await refusal(Subscriptions.List())).errorCode).toBe('InsufficientRoles');
    expect((await refusal(Me.GetSubscription(sub.ID))).status).toBe(404);
  });

  it('places and submits the orders of due subscriptions and moves them on', async () => {
    await loginAs('employee');
    const next = inDays(1);
    const sub = await Me.CreateSubscription({
      Frequency: 1,
      Interval: 'Months',
      NextOrderDate: next,
      ShippingAddressID: addressId,
      BillingAddressID: addressId,
      Payment: { Type: 'PurchaseOrder' },
    });
    const item = await Me.CreateSubscriptionItem(sub.ID, { ProductID: productId, Quantity: 2 });
    const db = commerce().database.db;
    // Not yet due.
    expect(
      (await placeDueSubscriptionOrders(db, new Date())).filter((r) => r.SubscriptionID === sub.ID),
    ).toEqual([]);
    const now = new Date(Date.now() + 2 * DAY);
    const placed = (await placeDueSubscriptionOrders(db, now)).filter((r) => r.SubscriptionID === sub.ID);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.Status).toBe('Open');
    const orderId = placed[0]?.OrderID as string;
    const order = await Orders.Get('Outgoing', orderId);
    expect(order.SubscriptionID).toBe(sub.ID);
    expect(order.FromUserID).toBe('employee');
    expect(order.BillingAddress?.ID).toBe(addressId);
    expect(order.Subtotal).toBe(item.LineSubtotal);
    const lines = await LineItems.List('Outgoing', orderId);
    expect(lines.Items.map((l) => [l.ProductID, l.Quantity, l.ShippingAddressID])).toEqual([
      [productId, 2, addressId],
    ]);
    const paid = await queryRows<{ type: string; amount: string; accepted: boolean }>(
      db,
      sql`select type, amount::text as amount, accepted from payments where order_id = ${orderId}`,
    );
    expect(paid.map((p) => [p.type, Number(p.amount), p.accepted])).toEqual([
      ['PurchaseOrder', order.Total, true],
    ]);
    const worksheet = await IntegrationEvents.GetWorksheet('Outgoing', orderId);
    expect(worksheet.Subscription.ID).toBe(sub.ID);
    const moved = await Me.GetSubscription(sub.ID);
    expect(moved.NextOrderDate).toBe(advance(new Date(next), 1, 'Months').toISOString());
    expect(moved.LastOrderDate).toBe(now.toISOString());
    // Run again at the same time: nothing more is due.
    expect((await placeDueSubscriptionOrders(db, now)).filter((r) => r.SubscriptionID === sub.ID)).toEqual(
      [],
    );
  });

  it('places due orders on its own every interval, until stopped', async () => {
    await loginAs('employee');
    const sub = await Me.CreateSubscription({
      Frequency: 1,
      Interval: 'Weeks',
      NextOrderDate: new Date(Date.now() + 1500).toISOString(),
      ShippingAddressID: addressId,
      BillingAddressID: addressId,
      Payment: { Type: 'PurchaseOrder' },
    });
    await Me.CreateSubscriptionItem(sub.ID, { ProductID: productId, Quantity: 1 });
    const db = commerce().database.db;
    const logged: string[] = [];
    const log = { log: (m: string) => logged.push(m), error: (...m: unknown[]) => logged.push(m.join(' ')) };
    const stop = startSubscriptionJob(db, 1, log as unknown as Console);
    const placedOrders = async () =>
      queryRows<{ id: string }>(db, sql`select id from orders where subscription_id = ${sub.ID}`);
    try {
      const deadline = Date.now() + 10_000;
      while ((await placedOrders()).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      stop();
    }
    expect(await placedOrders()).toHaveLength(1);
    expect(logged.some((m) => m.includes('orders placed'))).toBe(true);
    expect((await Me.GetSubscription(sub.ID)).LastOrderDate).not.toBeNull();
  });

  it('moves dates by days, weeks and months (month ends clamped)', () => {
    const jan31 = new Date('2026-01-31T09:00:00.000Z');
    expect(advance(jan31, 1, 'Months').toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(advance(jan31, 2, 'Weeks').toISOString()).toBe('2026-02-14T09:00:00.000Z');
    expect(advance(jan31, 3, 'Days').toISOString()).toBe('2026-02-03T09:00:00.000Z');
    expect(advance(jan31, 13, 'Months').toISOString()).toBe('2027-02-28T09:00:00.000Z');
  });
});
