import { testDriver } from '@catalogue/db/testing';
import { Cart, CreditCards, Me, Orders, Payments, SpendingAccounts } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyableProducts } from '../testing/orders';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/** Payments and payment transactions through the official SDK, on /orders and on /cart. */
describe(`payments on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });
  let product = '';

  beforeAll(async () => {
    [product] = (await buyableProducts(1)) as [string];
    // Logged in as the admin: a company card assigned to the employee, one assigned to nobody, and
    // spending accounts (a small one, one that may be exceeded, one that is no payment method).
    await CreditCards.Create('ACME-US', { ID: 'acme-card', CardType: 'Visa', CardholderName: 'Acme' });
    await CreditCards.SaveAssignment('ACME-US', { CreditCardID: 'acme-card', UserID: 'employee' });
    await CreditCards.Create('ACME-US', { ID: 'unassigned-card', CardType: 'Visa' });
    await CreditCards.Create('MAPLE-CA', { ID: 'maple-card', CardType: 'Visa' });
    await CreditCards.SaveAssignment('MAPLE-CA', { CreditCardID: 'maple-card' });
    await SpendingAccounts.Create('ACME-US', {
      ID: 'small-budget',
      Name: 'Small',
      Balance: 1,
      AllowAsPaymentMethod: true,
    });
    await SpendingAccounts.SaveAssignment('ACME-US', {
      SpendingAccountID: 'small-budget',
      UserID: 'employee',
    });
    await SpendingAccounts.Create('ACME-US', {
      ID: 'overdraft',
      Name: 'Overdraft',
      Balance: 1,
      AllowAsPaymentMethod: true,
    });
    await SpendingAccounts.SaveAssignment('ACME-US', {
      SpendingAccountID: 'overdraft',
      UserID: 'employee',
      AllowExceed: true,
    });
    await SpendingAccounts.Create('ACME-US', { ID: 'rewards', Name: 'Rewards', Balance: 1000 });
    await SpendingAccounts.SaveAssignment('ACME-US', { SpendingAccountID: 'rewards', UserID: 'employee' });
  });

  async function orderWithLine(user = 'employee') {
    await loginAs(user);
    const order = await Orders.Create('Outgoing', {});
    await Cart.SetActiveCart(order.ID);
    await Cart.CreateLineItem({ ProductID: product, Quantity: 2 });
    return Orders.Get('Outgoing', order.ID);
  }

  it('takes a purchase order for the order total in its currency, accepted, and submits', async () => {
    const order = await orderWithLine();
    expect(order.Total).toBeGreaterThan(0);
    const payment = await Payments.Create('Outgoing', order.ID, {
      Type: 'PurchaseOrder',
      xp: { po: 'PO-7' },
    });
    expect(payment.Amount).toBe(order.Total);
    expect(payment.Currency).toBe(order.Currency);
    expect(payment.Accepted).toBe(true);
    expect(payment.Transactions).toEqual([]);
    expect(payment.DateCreated).toEqual(expect.any(String));
    const listed = await Payments.List('Outgoing', order.ID);
    expect(listed.Items.map((p) => p.ID)).toEqual([payment.ID]);
    expect((await Payments.Get('Outgoing', order.ID, payment.ID)).xp).toEqual({ po: 'PO-7' });
    const submitted = await Orders.Submit('Outgoing', order.ID);
    expect(submitted.Status).toBe('Open');
  });

  it('refuses payments that do not cover the total, and payments that change after submit', async () => {
    const order = await orderWithLine();
    const part = await Payments.Create('Outgoing', order.ID, { Type: 'PurchaseOrder', Amount: 1 });
    expect((await refusal(Orders.Submit('Outgoing', order.ID))).errorCode).toBe(
      'Order.PaymentsDoNotCoverTotal',
    );
    // A second payment defaults to what is left.
    const rest = await Payments.Create('Outgoing', order.ID, { Type: 'PurchaseOrder' });
    expect(rest.Amount).toBeCloseTo(order.Total - 1, 2);
    await Orders.Submit('Outgoing', order.ID);
    for (const attempt of [
      () => Payments.Create('Outgoing', order.ID, { Type: 'PurchaseOrder' }),
      () => Payments.Patch('Outgoing', order.ID, part.ID, { Amount: 2 }),
      () => Payments.Patch('Outgoing', order.ID, part.ID, { xp: { late: true } }),
      () => Payments.Delete('Outgoing', order.ID, part.ID),
      () =>
        Payments.CreateTransaction('Outgoing', order.ID, part.ID, {
          Type: 'Capture',
          DateExecuted: new Date().toISOString(),
        }),
    ]) {
      expect((await refusal(attempt())).errorCode).toBe('Order.CannotModifySubmittedOrder');
    }
    // The seller may still record transactions and set Accepted and xp, but not the amount.
    await loginAs('admin');
    const captured = await Payments.CreateTransaction('Incoming', order.ID, part.ID, {
      ID: 'capture-1',
      Type: 'Capture',
      DateExecuted: '2026-01-02T03:04:05Z',
      Succeeded: true,
      ResultCode: '00',
    });
    expect(captured.Transactions.map((t) => [t.ID, t.Amount, t.Succeeded])).toEqual([['capture-1', 1, true]]);
    expect((await Payments.Patch('Incoming', order.ID, part.ID, { xp: { settled: true } })).xp).toEqual({
      settled: true,
    });
    expect((await refusal(Payments.Patch('Incoming', order.ID, part.ID, { Amount: 5 }))).errorCode).toBe(
      'Order.CannotModifySubmittedOrder',
    );
    await Payments.DeleteTransaction('Incoming', order.ID, part.ID, 'capture-1');
    expect((await Payments.Get('Incoming', order.ID, part.ID)).Transactions).toEqual([]);
    expect(
      (await refusal(Payments.DeleteTransaction('Incoming', order.ID, part.ID, 'capture-1'))).status,
    ).toBe(404);
  });

  it('lets a credit card payment be accepted only by the seller', async () => {
    const order = await orderWithLine();
    const personal = await Me.CreateCreditCard({ ID: 'my-card', CardType: 'MasterCard' });
    const card = await Payments.Create('Outgoing', order.ID, {
      Type: 'CreditCard',
      CreditCardID: personal.ID,
    });
    expect(card.Accepted).toBe(false);
    expect((await refusal(Orders.Submit('Outgoing', order.ID))).errorCode).toBe('Order.PaymentNotAccepted');
    expect((await refusal(Payments.Patch('Outgoing', order.ID, card.ID, { Accepted: true }))).errorCode).toBe(
      'Payment.AcceptedSetBySeller',
    );
    expect(
      (
        await refusal(
          Payments.Create('Outgoing', order.ID, {
            Type: 'CreditCard',
            CreditCardID: 'acme-card',
            Accepted: true,
          }),
        )
      ).errorCode,
    ).toBe('Payment.AcceptedSetBySeller');
    // The buyer's side records the authorization; the seller accepts.
    const authorized = await Payments.CreateTransaction('Outgoing', order.ID, card.ID, {
      Type: 'Authorization',
      DateExecuted: new Date().toISOString(),
      Succeeded: true,
    });
    expect(authorized.Transactions).toHaveLength(1);
    await loginAs('admin');
    expect((await Payments.Patch('Incoming', order.ID, card.ID, { Accepted: true })).Accepted).toBe(true);
    await loginAs('employee');
    // Changing what is paid takes the acceptance away again.
    expect(
      (await Payments.Patch('Outgoing', order.ID, card.ID, { CreditCardID: 'acme-card' })).Accepted,
    ).toBe(false);
    await loginAs('admin');
    await Payments.Patch('Incoming', order.ID, card.ID, { Accepted: true });
    await loginAs('employee');
    expect((await Orders.Submit('Outgoing', order.ID)).Status).toBe('Open');
  });

  it('refuses cards and accounts the sender may not use, and bad payment bodies, changing nothing', async () => {
    const order = await orderWithLine();
    const db = commerce().database.db;
    const before = await tableCounts(db);
    const codes = async (p: Promise<unknown>) => {
      const error = await refusal(p);
      return `${error.status} ${error.errorCode}`;
    };
    const create = (body: Record<string, unknown>) => Payments.Create('Outgoing', order.ID, body as never);
    expect(await codes(create({ Type: 'CreditCard', CreditCardID: 'unassigned-card' }))).toBe('404 NotFound');
    expect(await codes(create({ Type: 'CreditCard', CreditCardID: 'maple-card' }))).toBe('404 NotFound');
    expect(await codes(create({ Type: 'CreditCard' }))).toBe('400 Required');
    expect(await codes(create({ Type: 'PurchaseOrder', CreditCardID: 'acme-card' }))).toBe(
      '400 InvalidRequest',
    );
    expect(await codes(create({ Type: 'Cash' }))).toMatch(/^400 /);
    expect(await codes(create({ Type: 'PurchaseOrder', Amount: -1 }))).toMatch(/^400 /);
    expect(await codes(create({ Type: 'PurchaseOrder', Currency: 'EUR' }))).toMatch(/^400 /);
    expect(await codes(create({ Type: 'SpendingAccount', SpendingAccountID: 'small-budget' }))).toBe(
      '400 Payment.InsufficientBalance',
    );
    expect(await codes(create({ Type: 'SpendingAccount', SpendingAccountID: 'rewards' }))).toBe(
      '400 Payment.SpendingAccountNotPaymentMethod',
    );
    expect(await codes(create({ Type: 'SpendingAccount', SpendingAccountID: 'nope' }))).toBe('404 NotFound');
    expect(await codes(Payments.Get('Outgoing', order.ID, 'nope'))).toBe('404 NotFound');
    expect(await tableCounts(db)).toEqual(before);
    // Another user of the company cannot use the employee's assigned card.
    const theirs = await orderWithLine('newbie');
    expect(
      await codes(Payments.Create('Outgoing', theirs.ID, { Type: 'CreditCard', CreditCardID: 'acme-card' })),
    ).toBe('404 NotFound');
    // Another company never reaches the order's payments.
    await loginAs('ca-buyer');
    expect(await codes(Payments.List('Outgoing', order.ID))).toBe('404 NotFound');
    expect(await codes(Payments.Create('Outgoing', order.ID, { Type: 'PurchaseOrder' }))).toBe(
      '404 NotFound',
    );
  });

  it('pays from spending accounts within their balance unless an assignment allows exceeding it', async () => {
    const order = await orderWithLine();
    const small = await Payments.Create('Outgoing', order.ID, {
      Type: 'SpendingAccount',
      SpendingAccountID: 'small-budget',
      Amount: 1,
    });
    expect(small.Accepted).toBe(true);
    // Together with the first payment the account would go over.
    expect(
      (
        await refusal(
          Payments.Create('Outgoing', order.ID, {
            Type: 'SpendingAccount',
            SpendingAccountID: 'small-budget',
            Amount: 0.5,
          }),
        )
      ).errorCode,
    ).toBe('Payment.InsufficientBalance');
    expect((await refusal(Payments.Patch('Outgoing', order.ID, small.ID, { Amount: 2 }))).errorCode).toBe(
      'Payment.InsufficientBalance',
    );
    const rest = await Payments.Create('Outgoing', order.ID, {
      Type: 'SpendingAccount',
      SpendingAccountID: 'overdraft',
    });
    expect(rest.Amount).toBeCloseTo(order.Total - 1, 2);
    expect(rest.Accepted).toBe(true);
    // A payment can switch type; the old instrument goes.
    const po = await Payments.Patch('Outgoing', order.ID, rest.ID, { Type: 'PurchaseOrder' });
    expect(po.SpendingAccountID).toBeNull();
    expect(po.Type).toBe('PurchaseOrder');
    await Payments.Delete('Outgoing', order.ID, po.ID);
    expect((await Payments.List('Outgoing', order.ID)).Meta.TotalCount).toBe(1);
  });

  it('takes what spending accounts pay at submit', async () => {
    await loginAs('admin');
    await SpendingAccounts.Create('ACME-US', {
      ID: 'project-budget',
      Name: 'Project',
      Balance: 100000,
      AllowAsPaymentMethod: true,
    });
    await SpendingAccounts.SaveAssignment('ACME-US', {
      SpendingAccountID: 'project-budget',
      UserID: 'employee',
    });
    const order = await orderWithLine();
    await Payments.Create('Outgoing', order.ID, {
      Type: 'SpendingAccount',
      SpendingAccountID: 'project-budget',
    });
    await Orders.Submit('Outgoing', order.ID);
    await loginAs('admin');
    expect((await SpendingAccounts.Get('ACME-US', 'project-budget')).Balance).toBeCloseTo(
      100000 - order.Total,
      2,
    );
    // A second order paid from the same account sees the smaller balance.
    await SpendingAccounts.Patch('ACME-US', 'project-budget', { Balance: order.Total / 2 });
    const second = await orderWithLine();
    expect(
      (
        await refusal(
          Payments.Create('Outgoing', second.ID, {
            Type: 'SpendingAccount',
            SpendingAccountID: 'project-budget',
          }),
        )
      ).errorCode,
    ).toBe('Payment.InsufficientBalance');
  });

  it('works on the cart the same way', async () => {
    await loginAs('engineer');
    expect((await Cart.ListPayments()).Items).toEqual([]);
    expect((await refusal(Cart.CreatePayment({ Type: 'PurchaseOrder' }))).status).toBe(404);
    await Cart.CreateLineItem({ ProductID: product, Quantity: 1 });
    const cart = await Cart.Get();
    const payment = await Cart.CreatePayment({ ID: 'cart-po', Type: 'PurchaseOrder' });
    expect(payment.Amount).toBe(cart.Total);
    expect((await refusal(Cart.CreatePayment({ ID: 'cart-po', Type: 'PurchaseOrder' }))).errorCode).toBe(
      'IdExists',
    );
    expect((await Cart.GetPayment('cart-po')).ID).toBe('cart-po');
    expect((await Cart.PatchPayment('cart-po', { Description: 'site budget' })).Description).toBe(
      'site budget',
    );
    const withTx = await Cart.CreatePaymentTransaction('cart-po', {
      ID: 't1',
      Type: 'Note',
      DateExecuted: new Date().toISOString(),
    });
    expect(withTx.Transactions.map((t) => t.ID)).toEqual(['t1']);
    await Cart.DeletePaymentTransaction('cart-po', 't1');
    expect((await Cart.ListPayments()).Items[0]?.Transactions).toEqual([]);
    await Cart.DeletePayment('cart-po');
    expect((await Cart.ListPayments()).Meta.TotalCount).toBe(0);
    await Cart.CreatePayment({ Type: 'PurchaseOrder' });
    expect((await Cart.Submit()).Status).toBe('Open');
  });
});
