import { testDriver } from '@catalogue/db/testing';
import { Auth, Cart, Me, Orders, PriceSchedules, Products, Tokens } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/** `/me/orders`: the user's own orders, and moving an anonymous shopper's cart to the user who logs in. */
describe(`/me/orders on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let product = '';
  let other = '';
  let partnerPrice = 0;

  beforeAll(async () => {
    [product, other] = (await buyableProducts(2)) as [string, string];
    // Logged in as the admin: the prefab partners group buys `product` at its own price.
    const schedule = await PriceSchedules.Get((await Products.Get(product)).DefaultPriceScheduleID as string);
    partnerPrice = Math.round((schedule.PriceBreaks[0]?.Price ?? 10) * 50) / 100 + 0.01;
    await PriceSchedules.Create({
      ID: 'partner-price',
      Name: 'Partner price',
      Currency: schedule.Currency,
      PriceBreaks: [{ Quantity: 1, Price: partnerPrice }],
    });
    await Products.SaveAssignment({
      ProductID: product,
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
      PriceScheduleID: 'partner-price',
    });
  });

  it('lists the user’s own orders in every status, with from/to', async () => {
    await loginAs('engineer');
    const draft = await Orders.Create('Outgoing', { Comments: 'draft' });
    const sent = await Orders.Create('Outgoing', { Comments: 'sent' });
    await Cart.SetActiveCart(sent.ID);
    await Cart.CreateLineItem({ ProductID: other, Quantity: 1 });
    await Cart.Submit();
    const canceled = await Orders.Create('Outgoing', {});
    await Orders.Cancel('Outgoing', canceled.ID);
    await loginAs('newbie');
    const notMine = await Orders.Create('Outgoing', {});

    await loginAs('engineer');
    const mine = await Me.ListOrders({ sortBy: ['ID'], pageSize: 100 });
    const ids = mine.Items.map((o) => o.ID);
    expect(ids).toEqual(expect.arrayContaining([draft.ID, sent.ID, canceled.ID]));
    expect(ids).not.toContain(notMine.ID);
    expect(mine.Items.every((o) => o.FromUserID === 'engineer')).toBe(true);
    const statuses = new Set(mine.Items.map((o) => o.Status));
    expect(statuses).toEqual(new Set(['Unsubmitted', 'Open', 'Canceled']));
    expect((await Me.ListOrders({ filters: { Status: 'Open' } })).Items.map((o) => o.ID)).toEqual([sent.ID]);
    expect((await Me.ListOrders({ search: 'draft', searchOn: ['Comments'] })).Items.map((o) => o.ID)).toEqual(
      [draft.ID],
    );
    expect((await Me.ListOrders({ from: '2999-01-01' })).Meta.TotalCount).toBe(0);
    expect((await Me.ListOrders({ to: '2000-01-01' })).Meta.TotalCount).toBe(0);
    expect((await Me.ListOrders({ from: '2000-01-01', to: '2999-12-31' })).Meta.TotalCount).toBe(ids.length);
    expect((await refusal(Me.ListOrders({ from: 'yesterday' }))).status).toBe(400);
    expect((await refusal(Me.ListOrders({ filters: { NoSuchField: 'x' } }))).status).toBe(400);
  });

  it('moves an anonymous shopper’s cart to the user who logs in, priced for them', async () => {
    const anon = (await Auth.Anonymous('storefront')).access_token;
    Tokens.SetAccessToken(anon);
    await Cart.CreateLineItem({ ProductID: product, Quantity: 2, xp: { from: 'anon' } });
    await Cart.CreateLineItem({ ProductID: other, Quantity: 1 });
    await Cart.SetShippingAddress({ Street1: '5 Guest Way', City: 'Chicago', Country: 'US' });
    const anonCart = await Cart.Get();
    const anonLines = await Cart.ListLineItems();
    const anonPrice = anonLines.Items.find((l) => l.ProductID === product)?.UnitPrice;
    expect(anonPrice).not.toBe(partnerPrice);
    expect((await Me.ListOrders()).Items.map((o) => o.ID)).toEqual([anonCart.ID]);

    const prefab = await loginAs('prefab');
    const earlier = await Orders.Create('Outgoing', { Comments: 'an earlier cart' });
    await Cart.SetActiveCart(earlier.ID);
    await Me.TransferAnonUserOrder({ anonUserToken: anon });

    const cart = await Cart.Get();
    expect(cart.ID).toBe(anonCart.ID);
    expect(cart.FromUserID).toBe('prefab');
    expect(cart.FromUser.Username).toBe('prefab');
    const lines = await Cart.ListLineItems();
    expect(lines.Items.map((l) => [l.ProductID, l.Quantity])).toEqual(
      anonLines.Items.map((l) => [l.ProductID, l.Quantity]),
    );
    const repriced = lines.Items.find((l) => l.ProductID === product);
    expect(repriced?.UnitPrice).toBe(partnerPrice);
    expect(repriced?.xp).toEqual({ from: 'anon' });
    expect(repriced?.ShippingAddress?.Street1).toBe('5 Guest Way');
    expect(cart.Subtotal).toBeCloseTo(
      lines.Items.reduce((n, l) => n + l.LineSubtotal, 0),
      2,
    );
    expect((await Me.ListOrders()).Items.map((o) => o.ID)).toEqual(
      expect.arrayContaining([anonCart.ID, earlier.ID]),
    );
    expect((await Cart.Submit()).Status).toBe('Open');

    // The anonymous token no longer reaches the order.
    Tokens.SetAccessToken(anon);
    expect((await Cart.Get()).ID).toBeNull();
    expect((await refusal(Orders.Get('Outgoing', anonCart.ID))).status).toBe(404);
    expect((await Me.ListOrders()).Meta.TotalCount).toBe(0);

    // Transferring again has nothing left to move.
    Tokens.SetAccessToken(prefab);
    const before = await tableCounts(commerce().database.db);
    await Me.TransferAnonUserOrder({ anonUserToken: anon });
    expect(await tableCounts(commerce().database.db)).toEqual(before);
  });

  it('refuses bad tokens and callers who cannot take an order, changing nothing', async () => {
    const anon = (await Auth.Anonymous('storefront')).access_token;
    Tokens.SetAccessToken(anon);
    await Cart.CreateLineItem({ ProductID: other, Quantity: 1 });
    const anonCart = await Cart.Get();
    const db = commerce().database.db;
    const before = await tableCounts(db);

    const engineer = await loginAs('engineer');
    const code = async (p: Promise<unknown>) => {
      const error = await refusal(p);
      return `${error.status} ${error.errorCode}`;
    };
    expect(await code(Me.TransferAnonUserOrder({}))).toBe('400 Required');
    expect(await code(Me.TransferAnonUserOrder({ anonUserToken: 'not-a-token' }))).toBe(
      '400 AnonUserToken.Invalid',
    );
    expect(await code(Me.TransferAnonUserOrder({ anonUserToken: `${anon.slice(0, -4)}AAAA` }))).toBe(
      '400 AnonUserToken.Invalid',
    );
    // A logged-in user's token is no anonymous shopper's.
    expect(await code(Me.TransferAnonUserOrder({ anonUserToken: engineer }))).toBe(
      '400 AnonUserToken.Invalid',
    );
    // Only a logged-in buyer user takes an anonymous order.
    Tokens.SetAccessToken(anon);
    expect(await code(Me.TransferAnonUserOrder({ anonUserToken: anon }))).toBe('403 InvalidUserType');
    await loginAs('admin');
    expect(await code(Me.TransferAnonUserOrder({ anonUserToken: anon }))).toBe('403 InvalidUserType');
    expect(await tableCounts(db)).toEqual(before);

    Tokens.SetAccessToken(anon);
    expect((await Cart.Get()).ID).toBe(anonCart.ID);
  });
});
