import { testDriver } from '@catalogue/db/testing';
import { Cart, LineItems, Me, Orders, Products, Promotions } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
/** Money in cents, rounded half away from zero (as the service rounds). */
const cents = (value: number) => Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9);

/** Promotions on orders and carts through the official SDK: values, eligibility, limits, totals. */
describe(`order promotions on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });

  /** Two products the employee can buy (stock untracked), and one prefab can buy. */
  let first = '';
  let second = '';
  let prefabProduct = '';

  const promotion = (ID: string, extra: Record<string, unknown> = {}) =>
    Promotions.Create({
      ID,
      Code: ID,
      Name: ID,
      AllowAllBuyers: true,
      CanCombine: true,
      EligibleExpression: 'true',
      ValueExpression: '5',
      ...extra,
    });

  /** An order of the current user with one line item per [product, quantity]. */
  async function orderWith(lines: [string, number][], xp: Record<string, unknown> = {}) {
    const order = await Orders.Create('Outgoing', { xp });
    for (const [ProductID, Quantity] of lines)
      await LineItems.Create('Outgoing', order.ID, { ProductID, Quantity });
    return Orders.Get('Outgoing', order.ID);
  }

  beforeAll(async () => {
    const buyable = async () => {
      const page = await Me.ListProducts({ pageSize: 100 });
      return page.Items.filter(
        (p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 1 && p.QuantityMultiplier === 1,
      )
        .filter((p) => (p.PriceSchedule?.MinQuantity ?? 1) <= 1 && !p.PriceSchedule?.RestrictedQuantity)
        .map((p) => p.ID);
    };
    await loginAs('employee');
    const mine = await buyable();
    [first = '', second = ''] = mine;
    await loginAs('prefab');
    prefabProduct = (await buyable())[0] ?? '';
    if (!first || !second || !prefabProduct) throw new Error('not enough buyable products');
    await loginAs('admin');
    for (const id of new Set([first, second, prefabProduct])) {
      await Products.Patch(id, { Inventory: { Enabled: false } });
    }
  });

  it('takes a percentage off the order, to the cent, and follows quantity changes', async () => {
    await loginAs('admin');
    await promotion('PCT15', {
      ValueExpression: 'order.Subtotal * 0.155',
      EligibleExpression: 'order.Subtotal > 0',
    });
    await loginAs('employee');
    const order = await orderWith([[first, 3]]);
    const added = await Orders.AddPromotion('Outgoing', order.ID, 'pct15');
    expect(added).toMatchObject({ ID: 'PCT15', Code: 'PCT15', LineItemID: null, AmountOverridden: false });
    expect(added.Amount).toBe(cents(order.Subtotal * 0.155) / 100);
    let fetched = await Orders.Get('Outgoing', order.ID);
    expect(fetched.PromotionDiscount).toBe(added.Amount);
    expect(cents(fetched.Total)).toBe(cents(fetched.Subtotal) - cents(added.Amount));

    // Quantities change, the amount follows.
    const [line] = (await LineItems.List('Outgoing', order.ID)).Items;
    await LineItems.Patch('Outgoing', order.ID, line?.ID ?? '', { Quantity: 7 });
    fetched = await Orders.Get('Outgoing', order.ID);
    const listed = await Orders.ListPromotions('Outgoing', order.ID);
    expect(listed.Items).toHaveLength(1);
    expect(listed.Items[0]?.Amount).toBe(cents(fetched.Subtotal * 0.155) / 100);
    expect(fetched.PromotionDiscount).toBe(listed.Items[0]?.Amount);
    expect(cents(fetched.Total)).toBe(cents(fetched.Subtotal) - cents(fetched.PromotionDiscount));
    expect(new Date(listed.Items[0]?.DateApplied ?? '').getTime()).toBeGreaterThan(Date.now() - DAY);

    // Added twice: refused. Removed: the order is back to its subtotal.
    expect((await refusal(Orders.AddPromotion('Outgoing', order.ID, 'PCT15'))).errorCode).toBe(
      'Promotion.AlreadyAdded',
    );
    const removed = await Orders.RemovePromotion('Outgoing', order.ID, 'Pct15');
    expect(removed.PromotionDiscount).toBe(0);
    expect(removed.Total).toBe(removed.Subtotal);
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
    expect((await refusal(Orders.RemovePromotion('Outgoing', order.ID, 'PCT15'))).status).toBe(404);
  });

  it('applies fixed amounts, never more than the subtotal, and refuses what cannot combine', async () => {
    await loginAs('admin');
    await promotion('FIVE');
    await promotion('HUGE', { ValueExpression: '1000000' });
    await promotion('SOLO', { CanCombine: false, ValueExpression: '1' });
    await loginAs('employee');
    const order = await orderWith([[first, 1]]);
    expect((await Orders.AddPromotion('Outgoing', order.ID, 'FIVE')).Amount).toBe(
      Math.min(5, order.Subtotal),
    );
    const huge = await Orders.AddPromotion('Outgoing', order.ID, 'HUGE');
    expect(cents(huge.Amount)).toBe(Math.max(0, cents(order.Subtotal) - cents(Math.min(5, order.Subtotal))));
    const fetched = await Orders.Get('Outgoing', order.ID);
    expect(fetched.PromotionDiscount).toBe(fetched.Subtotal);
    expect(fetched.Total).toBe(0);

    // A promotion that cannot combine is refused next to others, and others next to it.
    const solo = await refusal(Orders.AddPromotion('Outgoing', order.ID, 'SOLO'));
    expect(solo.status).toBe(400);
    expect(solo.errorCode).toBe('Promotion.CannotCombine');
    const alone = await orderWith([[first, 1]]);
    await Orders.AddPromotion('Outgoing', alone.ID, 'SOLO');
    expect((await refusal(Orders.AddPromotion('Outgoing', alone.ID, 'FIVE'))).errorCode).toBe(
      'Promotion.CannotCombine',
    );
    expect((await Orders.ListPromotions('Outgoing', alone.ID)).Items.map((p) => p.ID)).toEqual(['SOLO']);
  });

  it('discounts line items one by one, with item and quantity limits', async () => {
    await loginAs('admin');
    await promotion('LINE20', {
      LineItemLevel: true,
      EligibleExpression: `item.ProductID = '${first}'`,
      ValueExpression: 'item.LineSubtotal * 0.2',
    });
    await promotion('BIGGEST', {
      LineItemLevel: true,
      EligibleExpression: 'item.Quantity > 0',
      ValueExpression: '1',
      ItemLimitPerOrder: 1,
      ItemSortBy: '!LineSubtotal',
    });
    await promotion('PERUNIT', {
      LineItemLevel: true,
      EligibleExpression: `item.ProductID = '${second}'`,
      ValueExpression: '0.5',
      QuantityLimitPerOrder: 3,
    });
    await loginAs('employee');
    const order = await orderWith([
      [first, 2],
      [second, 5],
    ]);
    const lines = (await LineItems.List('Outgoing', order.ID)).Items;
    const lineOf = (product: string) => lines.find((l) => l.ProductID === product);
    const a = lineOf(first);
    const b = lineOf(second);
    if (!a || !b) throw new Error('line items missing');

    const line20 = await Orders.AddPromotion('Outgoing', order.ID, 'LINE20');
    expect(line20.LineItemID).toBe(a.ID);
    expect(line20.Amount).toBe(cents(a.LineSubtotal * 0.2) / 100);
    const perUnit = await Orders.AddPromotion('Outgoing', order.ID, 'PERUNIT');
    expect(perUnit).toMatchObject({ LineItemID: b.ID, Amount: 1.5 });
    const biggest = await Orders.AddPromotion('Outgoing', order.ID, 'BIGGEST');
    const larger = a.LineSubtotal >= b.LineSubtotal ? a : b;
    expect(biggest).toMatchObject({ LineItemID: larger.ID, Amount: 1 });

    const after = (await LineItems.List('Outgoing', order.ID)).Items;
    let expectedDiscount = 0;
    for (const line of after) {
      const own = (line.ID === a.ID ? cents(a.LineSubtotal * 0.2) : 150) + (line.ID === larger.ID ? 100 : 0);
      expect(cents(line.PromotionDiscount)).toBe(own);
      expect(cents(line.LineTotal)).toBe(cents(line.LineSubtotal) - own);
      expectedDiscount += own;
    }
    const fetched = await Orders.Get('Outgoing', order.ID);
    expect(cents(fetched.PromotionDiscount)).toBe(expectedDiscount);
    expect(cents(fetched.Total)).toBe(cents(fetched.Subtotal) - expectedDiscount);
    const listed = await Orders.ListPromotions('Outgoing', order.ID, { filters: { LineItemID: a.ID } });
    expect(listed.Items.map((p) => p.ID).sort()).toEqual(
      larger.ID === a.ID ? ['BIGGEST', 'LINE20'] : ['LINE20'],
    );

    // The discounted line goes: its promotion goes with it.
    await LineItems.Delete('Outgoing', order.ID, a.ID);
    const left = await Orders.ListPromotions('Outgoing', order.ID);
    expect(left.Items.map((p) => p.ID).sort()).toEqual(['BIGGEST', 'PERUNIT']);
    expect(left.Items.every((p) => p.LineItemID === b.ID)).toBe(true);
  });

  it('auto-applies eligible promotions and removes them when they no longer qualify', async () => {
    await loginAs('admin');
    await promotion('AUTO3', {
      AutoApply: true,
      EligibleExpression: 'order.xp.AutoTest = true and items.quantity() >= 3',
      ValueExpression: '2',
    });
    await loginAs('employee');
    const order = await orderWith([[first, 1]], { AutoTest: true });
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
    const [line] = (await LineItems.List('Outgoing', order.ID)).Items;
    await LineItems.Patch('Outgoing', order.ID, line?.ID ?? '', { Quantity: 3 });
    const applied = await Orders.ListPromotions('Outgoing', order.ID);
    expect(applied.Items.map((p) => [p.ID, p.Amount])).toEqual([['AUTO3', 2]]);
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(2);
    await LineItems.Patch('Outgoing', order.ID, line?.ID ?? '', { Quantity: 2 });
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(0);

    // Another order without the flag never gets it; applypromotions adds nothing there.
    const other = await orderWith([[first, 3]]);
    expect((await Orders.ApplyPromotions('Outgoing', other.ID)).PromotionDiscount).toBe(0);
    // Removed by hand, applypromotions brings it back.
    await LineItems.Patch('Outgoing', order.ID, line?.ID ?? '', { Quantity: 4 });
    await Orders.RemovePromotion('Outgoing', order.ID, 'AUTO3');
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Meta.TotalCount).toBe(0);
    expect((await Orders.ApplyPromotions('Outgoing', order.ID)).PromotionDiscount).toBe(2);

    // Deactivated: refreshpromotions reports it removed.
    await loginAs('admin');
    await Promotions.Patch('AUTO3', { Active: false });
    await loginAs('employee');
    const refreshed = await Orders.RefreshPromotions('Outgoing', order.ID);
    expect(refreshed.PromosAdded).toEqual([]);
    expect(refreshed.PromosRemoved).toHaveLength(1);
    expect(refreshed.PromosRemoved[0]).toMatchObject({
      ID: 'AUTO3',
      ErrorCode: 'Promotion.NotEligible',
      Amount: 2,
    });
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(0);
  });

  it('refuses promotions before their start, after their expiry, or not assigned to the buyer', async () => {
    await loginAs('admin');
    await promotion('LATER', { StartDate: at(3) });
    await promotion('OVER', { StartDate: at(-5), ExpirationDate: at(-1) });
    await promotion('ACMEONLY', { AllowAllBuyers: false });
    await promotion('NORDONLY', { AllowAllBuyers: false });
    await Promotions.SaveAssignment({ PromotionID: 'ACMEONLY', BuyerID: 'ACME-US' });
    await Promotions.SaveAssignment({ PromotionID: 'NORDONLY', BuyerID: 'NORD-EU' });
    await promotion('BIGORDERS', { EligibleExpression: 'order.Subtotal > 1000000' });
    await loginAs('employee');
    const order = await orderWith([[first, 1]]);
    const refused = async (code: string) => refusal(Orders.AddPromotion('Outgoing', order.ID, code));
    expect((await refused('LATER')).errorCode).toBe('Promotion.NotYetValid');
    expect((await refused('OVER')).errorCode).toBe('Promotion.Expired');
    expect((await refused('NORDONLY')).errorCode).toBe('Promotion.NotEligible');
    expect((await refused('BIGORDERS')).errorCode).toBe('Promotion.NotEligible');
    const unknown = await refused('NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.errorCode).toBe('NotFound');
    expect((await Orders.AddPromotion('Outgoing', order.ID, 'acmeonly')).ID).toBe('ACMEONLY');

    // Eligible promotions: the ones this order could use, with what they would give.
    const eligible = await Orders.ListEligiblePromotions('Outgoing', order.ID, { pageSize: 100 });
    const ids = eligible.Items.map((p) => p.ID);
    expect(ids).toContain('ACMEONLY');
    expect(ids).toContain('FIVE');
    for (const absent of ['LATER', 'OVER', 'NORDONLY', 'BIGORDERS', 'AUTO3'])
      expect(ids).not.toContain(absent);
    expect(eligible.Items.find((p) => p.ID === 'FIVE')?.Amount).toBe(Math.min(5, order.Subtotal));
    const filtered = await Orders.ListEligiblePromotions('Outgoing', order.ID, {
      filters: { Code: 'ACME*' },
    });
    expect(filtered.Items.map((p) => p.ID)).toEqual(['ACMEONLY']);
  });

  it('counts redemptions at submit: the limit refuses the next order, per user too', async () => {
    await loginAs('admin');
    await promotion('ONCE', { RedemptionLimit: 1 });
    await promotion('ONEEACH', { RedemptionLimitPerUser: 1 });
    await loginAs('employee');
    const firstOrder = await orderWith([[first, 1]]);
    await Orders.AddPromotion('Outgoing', firstOrder.ID, 'ONCE');
    await Orders.AddPromotion('Outgoing', firstOrder.ID, 'ONEEACH');
    const secondOrder = await orderWith([[first, 1]]);
    // Applied to both while neither is submitted.
    await Orders.AddPromotion('Outgoing', secondOrder.ID, 'ONCE');
    const submitted = await Orders.Submit('Outgoing', firstOrder.ID);
    expect(submitted.Status).toBe('Open');
    expect(submitted.PromotionDiscount).toBe(Math.min(10, submitted.Subtotal));
    await loginAs('admin');
    expect((await Promotions.Get('ONCE')).RedemptionCount).toBe(1);
    expect((await Promotions.Get('ONEEACH')).RedemptionCount).toBe(1);

    await loginAs('employee');
    const third = await orderWith([[first, 1]]);
    expect((await refusal(Orders.AddPromotion('Outgoing', third.ID, 'ONCE'))).errorCode).toBe(
      'Promotion.ExceedsUsageLimit',
    );
    expect((await refusal(Orders.AddPromotion('Outgoing', third.ID, 'ONEEACH'))).errorCode).toBe(
      'Promotion.ExceedsUsageLimit',
    );
    // The order that had it before the limit was reached loses it at its next change (here: submit).
    const late = await Orders.Submit('Outgoing', secondOrder.ID);
    expect(late.PromotionDiscount).toBe(0);
    expect(late.Total).toBe(late.Subtotal);
    await loginAs('admin');
    expect((await Promotions.Get('ONCE')).RedemptionCount).toBe(1);

    // Another user still has their one use.
    await loginAs('prefab');
    const theirs = await orderWith([[prefabProduct, 1]]);
    expect((await Orders.AddPromotion('Outgoing', theirs.ID, 'ONEEACH')).ID).toBe('ONEEACH');

    // A submitted order's promotions do not change any more.
    await loginAs('employee');
    expect((await refusal(Orders.AddPromotion('Outgoing', firstOrder.ID, 'FIVE'))).errorCode).toBe(
      'Order.CannotModifySubmittedOrder',
    );
    expect((await refusal(Orders.RemovePromotion('Outgoing', firstOrder.ID, 'ONCE'))).errorCode).toBe(
      'Order.CannotModifySubmittedOrder',
    );
    expect((await Orders.ListPromotions('Outgoing', firstOrder.ID)).Meta.TotalCount).toBe(2);
  });

  it('keeps other companies out of an order and its promotions', async () => {
    await loginAs('employee');
    const order = await orderWith([[first, 1]]);
    await Orders.AddPromotion('Outgoing', order.ID, 'FIVE');
    await loginAs('ca-buyer');
    expect((await refusal(Orders.ListPromotions('Outgoing', order.ID))).status).toBe(404);
    expect((await refusal(Orders.AddPromotion('Outgoing', order.ID, 'HUGE'))).status).toBe(404);
    expect((await refusal(Orders.RemovePromotion('Outgoing', order.ID, 'FIVE'))).status).toBe(404);
    expect((await refusal(Orders.ApplyPromotions('Outgoing', order.ID))).status).toBe(404);
    expect((await refusal(Orders.RefreshPromotions('Outgoing', order.ID))).status).toBe(404);
    expect((await refusal(Orders.ListEligiblePromotions('Outgoing', order.ID))).status).toBe(404);
    // Another user of the same company without OrderAdmin does not reach it either.
    await loginAs('prefab');
    expect((await refusal(Orders.AddPromotion('Outgoing', order.ID, 'HUGE'))).status).toBe(404);
    await loginAs('employee');
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Items.map((p) => p.ID)).toEqual(['FIVE']);
    expect((await Orders.Get('Outgoing', order.ID)).PromotionDiscount).toBe(Math.min(5, order.Subtotal));
  });

  it('does the same on the cart', async () => {
    await loginAs('eu-buyer');
    expect((await Cart.ListPromotions()).Items).toEqual([]);
    expect((await Cart.ListEligiblePromotions()).Items).toEqual([]);
    expect((await refusal(Cart.AddPromotion('FIVE'))).status).toBe(404);

    await loginAs('employee');
    const cart = await orderWith([[first, 2]]);
    const added = await Cart.AddPromotion('five');
    expect(added).toMatchObject({ ID: 'FIVE', Amount: Math.min(5, cart.Subtotal) });
    expect((await Orders.ListPromotions('Outgoing', cart.ID)).Items.map((p) => p.ID)).toEqual(['FIVE']);
    expect((await Cart.ListPromotions()).Items.map((p) => p.ID)).toEqual(['FIVE']);
    expect((await Cart.ListEligiblePromotions({ pageSize: 100 })).Items.map((p) => p.ID)).toContain('HUGE');
    const refreshed = await Cart.RefreshPromotions();
    expect(refreshed).toEqual({ PromosAdded: [], PromosRemoved: [] });
    expect((await Cart.ApplyPromotions()).PromotionDiscount).toBe(Math.min(5, cart.Subtotal));
    await Cart.DeletePromotion('FIVE');
    expect((await Cart.ListPromotions()).Meta.TotalCount).toBe(0);
    expect((await Orders.Get('Outgoing', cart.ID)).PromotionDiscount).toBe(0);
    expect((await refusal(Cart.DeletePromotion('FIVE'))).status).toBe(404);
  });

  it('refuses bad expressions and rules when a promotion is written, and changes nothing', async () => {
    await loginAs('admin');
    const bad = async (extra: Record<string, unknown>) =>
      refusal(promotion(`BAD-${Math.random().toString(36).slice(2, 8)}`, extra));
    const syntax = await bad({ EligibleExpression: 'order.Subtotal >' });
    expect(syntax.status).toBe(400);
    expect(syntax.errors?.[0]).toMatchObject({
      ErrorCode: 'ValidationFailure',
      Data: { Property: 'EligibleExpression', Position: expect.any(Number) },
    });
    expect(syntax.message).toMatch(/position \d+/);
    const notNumber = await bad({ ValueExpression: 'order.Subtotal > 5' });
    expect(notNumber.errors?.[0]?.Data).toMatchObject({ Property: 'ValueExpression' });
    const notBoolean = await bad({ EligibleExpression: 'order.Subtotal * 2' });
    expect(notBoolean.errors?.[0]?.Data).toMatchObject({ Property: 'EligibleExpression' });
    const itemAtOrderLevel = await bad({ ValueExpression: 'item.LineSubtotal * 0.1' });
    expect(itemAtOrderLevel.errors?.[0]?.Data).toMatchObject({ Property: 'ValueExpression' });
    const lineWithoutItem = await bad({ LineItemLevel: true, EligibleExpression: 'order.Subtotal > 1' });
    expect(lineWithoutItem.errors?.[0]?.Data).toMatchObject({ Property: 'EligibleExpression' });
    expect((await bad({ ItemLimitPerOrder: 2 })).errors?.[0]?.Data).toMatchObject({
      Property: 'ItemLimitPerOrder',
    });
    expect(
      (
        await bad({
          LineItemLevel: true,
          EligibleExpression: 'item.Quantity > 1',
          ItemLimitPerOrder: 1,
          QuantityLimitPerOrder: 1,
        })
      ).status,
    ).toBe(400);
    expect(
      (await bad({ LineItemLevel: true, EligibleExpression: 'item.Quantity > 1', ItemSortBy: 'Line Total' }))
        .errors?.[0]?.Data,
    ).toMatchObject({ Property: 'ItemSortBy' });
    expect((await Promotions.List({ filters: { ID: 'BAD-*' } })).Meta.TotalCount).toBe(0);
    // A PATCH is checked with the stored values: a line promotion's `item` needs LineItemLevel.
    const patch = await refusal(Promotions.Patch('LINE20', { LineItemLevel: false }));
    expect(patch.status).toBe(400);
    expect((await Promotions.Get('LINE20')).LineItemLevel).toBe(true);
  });
});
