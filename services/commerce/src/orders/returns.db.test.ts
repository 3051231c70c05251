import { testDriver } from '@catalogue/db/testing';
import {
  AdminUserGroups,
  Auth,
  LineItems,
  Me,
  OrderReturns,
  Orders,
  Products,
  SellerApprovalRules,
  Shipments,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

/** Cents of an amount the API shows (already rounded to cents). */
const cents = (value: number) => Math.round(value * 100);
/** `total × part / whole` in cents, rounded half up: the refund of `part` of a line of `whole` units. */
function share(totalCents: number, part: number, whole: number): number {
  const n = totalCents * part;
  return Math.floor(n / whole) + (2 * (n % whole) >= whole ? 1 : 0);
}

/** Order returns through the official SDK: quantities, refunds to the cent, the lifecycle, approvals, refusals. */
describe(`order returns on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 60 });

  let productId = '';

  beforeAll(async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 100 });
    const priced = page.Items.find((p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 1);
    if (!priced?.ID) throw new Error('no priced product for the employee');
    productId = priced.ID;
    await loginAs('admin');
    await Products.Patch(productId, { Inventory: { Enabled: false } });
  });

  /**
   * An Open order of the employee (made by the marketplace with overridden unit prices, so refunds need
   * rounding), with line items of the given quantities and unit prices.
   */
  async function openOrder(lines: { quantity: number; price: number }[]) {
    await loginAs('admin');
    const order = await Orders.Create('Incoming', { FromCompanyID: 'ACME-US', FromUserID: 'employee' });
    const ids: string[] = [];
    for (const line of lines) {
      const created = await LineItems.Create('Incoming', order.ID, {
        ProductID: productId,
        Quantity: line.quantity,
        UnitPrice: line.price,
      });
      ids.push(created.ID);
    }
    await loginAs('employee');
    expect((await Orders.Submit('Outgoing', order.ID)).Status).toBe('Open');
    return { id: order.ID, lines: ids };
  }

  async function ship(orderId: string, lineItemId: string, quantity: number) {
    await loginAs('admin');
    const shipment = await Shipments.Create({});
    await Shipments.SaveItem(shipment.ID, {
      OrderID: orderId,
      LineItemID: lineItemId,
      QuantityShipped: quantity,
    });
  }

  /** PUT /orderreturns/{id}/items/{lineItemID} (the SDK saves items through the return itself). */
  async function putItem(returnId: string, lineItemId: string, body: Record<string, unknown>) {
    const response = await fetch(`${commerce().baseUrl}/v1/orderreturns/${returnId}/items/${lineItemId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${Tokens.GetAccessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('returns shipped quantities only, with refunds to the cent, through the whole lifecycle', async () => {
    // 3 × 3.335 = 10.005 → a line total of 10.01; the second line 2 × 4.20 = 8.40.
    const order = await openOrder([
      { quantity: 3, price: 3.335 },
      { quantity: 2, price: 4.2 },
    ]);
    const [first, second] = order.lines as [string, string];
    await loginAs('admin');
    const line = await LineItems.Get('Incoming', order.id, first);
    const lineTotal = cents(line.LineTotal);
    expect(lineTotal).toBe(1001);
    await ship(order.id, first, 2);

    await loginAs('employee');
    // More than has shipped, or a line that has not shipped at all: refused, nothing created.
    const tooMany = await refusal(
      OrderReturns.Create({
        ID: 'ret-x',
        OrderID: order.id,
        ItemsToReturn: [{ LineItemID: first, Quantity: 3 }],
      }),
    );
    expect(tooMany.errorCode).toBe('OrderReturn.QuantityExceedsReturnable');
    expect(tooMany.errors?.[0]?.Data).toMatchObject({ LineItemID: first, QuantityReturnable: 2 });
    const unshipped = await refusal(
      OrderReturns.Create({ OrderID: order.id, ItemsToReturn: [{ LineItemID: second, Quantity: 1 }] }),
    );
    expect(unshipped.errorCode).toBe('OrderReturn.QuantityExceedsReturnable');
    const zero = await refusal(
      OrderReturns.Create({ OrderID: order.id, ItemsToReturn: [{ LineItemID: first, Quantity: 0 }] }),
    );
    expect(zero.status).toBe(400);
    const unknownLine = await refusal(
      OrderReturns.Create({ OrderID: order.id, ItemsToReturn: [{ LineItemID: 'nope', Quantity: 1 }] }),
    );
    expect(unknownLine.status).toBe(404);
    const twice = await refusal(
      OrderReturns.Create({
        OrderID: order.id,
        ItemsToReturn: [
          { LineItemID: first, Quantity: 1 },
          { LineItemID: first, Quantity: 1 },
        ],
      }),
    );
    expect(twice.status).toBe(400);
    // Refunds are the order administrator's to set.
    const refundByBuyer = await refusal(
      OrderReturns.Create({
        OrderID: order.id,
        RefundAmount: 100,
        ItemsToReturn: [{ LineItemID: first, Quantity: 1 }],
      }),
    );
    expect(refundByBuyer.errorCode).toBe('InsufficientRoles');
    expect((await OrderReturns.List({ filters: { OrderID: order.id } })).Meta.TotalCount).toBe(0);

    const a = await OrderReturns.Create({
      ID: 'ret-a',
      OrderID: order.id,
      Comments: 'two broke',
      ItemsToReturn: [{ LineItemID: first, Quantity: 2, Comments: 'cracked' }],
    });
    expect(a).toMatchObject({ ID: 'ret-a', Status: 'Unsubmitted', OrderID: order.id, PaymentIDs: [] });
    expect(cents(a.ItemsToReturn[0]?.RefundAmount ?? -1)).toBe(share(lineTotal, 2, 3));
    expect(cents(a.RefundAmount)).toBe(667);
    expect(a.ItemsToReturn[0]).toMatchObject({ LineItemID: first, Quantity: 2, Comments: 'cracked' });

    // Shipping cannot be taken back below what returns take back.
    await loginAs('admin');
    const [shipment] = (await Shipments.List({ orderID: order.id })).Items;
    expect((await refusal(Shipments.DeleteItem(shipment?.ID as string, order.id, first))).errorCode).toBe(
      'ShipmentItem.QuantityReturned',
    );
    await loginAs('employee');

    // The two shipped units are taken: a second return finds nothing left.
    const b0 = await refusal(
      OrderReturns.Create({ OrderID: order.id, ItemsToReturn: [{ LineItemID: first, Quantity: 1 }] }),
    );
    expect(b0.errorCode).toBe('OrderReturn.QuantityExceedsReturnable');

    // Items change one by one while unsubmitted; the refund follows.
    const one = await putItem('ret-a', first, { Quantity: 1 });
    expect(one.status).toBe(200);
    expect(cents(one.body.RefundAmount as number)).toBe(334);
    expect((await putItem('ret-a', first, { Quantity: 5 })).status).toBe(400);
    expect((await putItem('ret-a', 'nope', { Quantity: 1 })).status).toBe(404);

    // Everything ships: the order completes and every unit may be returned.
    await ship(order.id, first, 1);
    await ship(order.id, second, 2);
    await loginAs('employee');
    expect((await Orders.Get('Outgoing', order.id)).Status).toBe('Completed');
    const b = await OrderReturns.Create({
      ID: 'ret-b',
      OrderID: order.id,
      ItemsToReturn: [
        { LineItemID: first, Quantity: 2 },
        { LineItemID: second, Quantity: 1 },
      ],
    });
    expect(cents(b.RefundAmount)).toBe(667 + 420);
    const afterDelete = await OrderReturns.DeleteItem('ret-b', second);
    expect(afterDelete.ItemsToReturn.map((i) => i.LineItemID)).toEqual([first]);
    expect(cents(afterDelete.RefundAmount)).toBe(667);
    // ret-a 1 + ret-b 2 = 3: nothing more of the first line.
    expect(
      (
        await refusal(
          OrderReturns.Create({ OrderID: order.id, ItemsToReturn: [{ LineItemID: first, Quantity: 1 }] }),
        )
      ).errorCode,
    ).toBe('OrderReturn.QuantityExceedsReturnable');

    // The marketplace overrides a refund, and removes the override again.
    await loginAs('admin');
    expect((await OrderReturns.Patch('ret-b', { RefundAmount: 5 })).RefundAmount).toBe(5);
    expect((await OrderReturns.Patch('ret-b', { RefundAmount: null as never })).RefundAmount).toBe(6.67);

    // Submit (no approval rule fires) → Open; then it no longer changes; only the receiver completes it.
    await loginAs('employee');
    const submitted = await OrderReturns.Submit('ret-a');
    expect(submitted.Status).toBe('Open');
    expect(submitted.DateSubmitted).not.toBeNull();
    expect((await refusal(OrderReturns.Submit('ret-a'))).errorCode).toBe('OrderReturn.CannotSubmitBadStatus');
    expect((await refusal(OrderReturns.DeleteItem('ret-a', first))).errorCode).toBe(
      'OrderReturn.CannotModifySubmitted',
    );
    expect(
      (
        await refusal(
          OrderReturns.Patch('ret-a', {
            ItemsToReturn: [{ LineItemID: first, Quantity: 1 }],
            OrderID: order.id,
          }),
        )
      ).errorCode,
    ).toBe('OrderReturn.CannotModifySubmitted');
    expect((await refusal(OrderReturns.Delete('ret-a'))).errorCode).toBe('OrderReturn.CannotDeleteSubmitted');
    expect((await OrderReturns.Patch('ret-a', { Comments: 'parcel sent' })).Comments).toBe('parcel sent');
    expect((await refusal(OrderReturns.Complete('ret-a'))).errorCode).toBe('InsufficientRoles');
    expect((await refusal(OrderReturns.Approve('ret-a', {}))).errorCode).toBe('InsufficientRoles');
    await loginAs('admin');
    expect((await refusal(OrderReturns.Complete('ret-b'))).errorCode).toBe(
      'OrderReturn.CannotCompleteBadStatus',
    );
    const completed = await OrderReturns.Complete('ret-a');
    expect(completed.Status).toBe('Completed');
    expect(completed.DateCompleted).not.toBeNull();
    expect((await refusal(OrderReturns.Cancel('ret-a'))).errorCode).toBe(
      'OrderReturn.CannotCancelInCurrentStatus',
    );

    // A canceled return gives its quantities back.
    await loginAs('employee');
    expect((await OrderReturns.Cancel('ret-b')).Status).toBe('Canceled');
    const c = await OrderReturns.Create({
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: first, Quantity: 2 }],
    });
    expect(cents(c.RefundAmount)).toBe(667);
    await OrderReturns.Delete(c.ID);
    expect((await refusal(OrderReturns.Get(c.ID))).status).toBe(404);
    const mine = await OrderReturns.List({ filters: { OrderID: order.id }, sortBy: ['ID'] });
    expect(mine.Items.map((r) => [r.ID, r.Status])).toEqual([
      ['ret-a', 'Completed'],
      ['ret-b', 'Canceled'],
    ]);
  });

  it('sends returns that an OrderReturn rule catches to the approving admin group', async () => {
    await loginAs('admin');
    await AdminUserGroups.Create({ ID: 'return-approvers', Name: 'Return approvers' });
    await AdminUserGroups.SaveUserAssignment({ UserGroupID: 'return-approvers', UserID: 'admin' });
    await AdminUserGroups.Create({ ID: 'escalations', Name: 'Escalations (nobody)' });
    await SellerApprovalRules.Create({
      ID: 'big-returns',
      ApprovalType: 'OrderReturn',
      ApprovingGroupID: 'return-approvers',
      RuleExpression: 'order.RefundAmount > 20',
    });
    await SellerApprovalRules.Create({
      ID: 'escalated-returns',
      ApprovalType: 'OrderReturn',
      ApprovingGroupID: 'escalations',
      RuleExpression: 'order.xp.Escalate = true and items.quantity() >= 1',
    });

    const order = await openOrder([{ quantity: 10, price: 7.5 }]);
    await loginAs('admin');
    await Orders.Ship('Incoming', order.id, {});
    const [line] = order.lines as [string];

    await loginAs('employee');
    // 2 × 7.50 = 15.00: no rule fires.
    await OrderReturns.Create({
      ID: 'small',
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: line, Quantity: 2 }],
    });
    expect((await OrderReturns.Submit('small')).Status).toBe('Open');
    expect((await OrderReturns.ListApprovals('small')).Meta.TotalCount).toBe(0);

    // 4 × 7.50 = 30.00: approval needed.
    await OrderReturns.Create({
      ID: 'big',
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: line, Quantity: 4 }],
    });
    const waiting = await OrderReturns.Submit('big');
    expect(waiting.Status).toBe('AwaitingApproval');
    expect(waiting.DateApproved).toBeNull();
    const approvals = await OrderReturns.ListApprovals('big');
    expect(approvals.Items.map((a) => [a.ApprovalRuleID, a.ApprovingGroupID, a.Status])).toEqual([
      ['big-returns', 'return-approvers', 'Pending'],
    ]);
    expect((await OrderReturns.ListEligibleApprovers('big')).Items.map((u) => u.ID)).toEqual(['admin']);
    expect((await refusal(OrderReturns.Approve('big', {}))).errorCode).toBe('InsufficientRoles');

    await loginAs('admin');
    expect((await OrderReturns.List({ approvable: true })).Items.map((r) => r.ID)).toEqual(['big']);
    const approved = await OrderReturns.Approve('big', { Comments: 'fine' });
    expect(approved.Status).toBe('Open');
    expect(approved.DateApproved).not.toBeNull();
    const decided = await OrderReturns.ListApprovals('big');
    expect(decided.Items[0]).toMatchObject({
      Status: 'Approved',
      Comments: 'fine',
      Approver: { ID: 'admin' },
    });
    expect((await refusal(OrderReturns.Approve('big', {}))).errorCode).toBe(
      'OrderReturn.MustBeAwaitingApproval',
    );
    expect((await OrderReturns.List({ approvable: true })).Meta.TotalCount).toBe(0);

    // Two rules fire: the admin decides its group's approval, the other group's stays pending.
    await loginAs('employee');
    await OrderReturns.Create({
      ID: 'escalated',
      OrderID: order.id,
      xp: { Escalate: true },
      ItemsToReturn: [{ LineItemID: line, Quantity: 3 }],
    });
    expect((await OrderReturns.Submit('escalated')).Status).toBe('AwaitingApproval');
    await loginAs('admin');
    expect((await OrderReturns.Approve('escalated', {})).Status).toBe('AwaitingApproval');
    const notEligible = await refusal(OrderReturns.Approve('escalated', {}));
    expect(notEligible.errorCode).toBe('OrderReturn.NotEligibleApprover');
    expect((await OrderReturns.ListEligibleApprovers('escalated')).Meta.TotalCount).toBe(0);
    // Canceling closes the pending approval; the quantities come back.
    expect((await OrderReturns.Cancel('escalated')).Status).toBe('Canceled');
    expect(
      (await OrderReturns.ListApprovals('escalated', { filters: { Status: 'Pending' } })).Meta.TotalCount,
    ).toBe(0);

    // Declined: the return's quantity is free again.
    await loginAs('employee');
    await OrderReturns.Create({
      ID: 'declined',
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: line, Quantity: 4 }],
    });
    await OrderReturns.Submit('declined');
    await loginAs('admin');
    const declined = await OrderReturns.Decline('declined', { Comments: 'outside the return window' });
    expect(declined.Status).toBe('Declined');
    expect(declined.DateDeclined).not.toBeNull();
    expect((await refusal(OrderReturns.Decline('declined', {}))).errorCode).toBe(
      'OrderReturn.MustBeAwaitingApproval',
    );
    await loginAs('employee');
    // 10 shipped − small 2 − big 4 = 4 left (declined and canceled returns take nothing).
    const rest = await OrderReturns.Create({
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: line, Quantity: 4 }],
    });
    expect(rest.RefundAmount).toBe(30);
  });

  it('keeps other users and companies away from a return and refuses returns of unfinished orders', async () => {
    const order = await openOrder([{ quantity: 2, price: 10 }]);
    await loginAs('admin');
    await Orders.Ship('Incoming', order.id, {});
    await loginAs('employee');
    await OrderReturns.Create({
      ID: 'private',
      OrderID: order.id,
      ItemsToReturn: [{ LineItemID: order.lines[0] as string, Quantity: 1 }],
    });
    const draft = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', draft.ID, { ProductID: productId, Quantity: 1 });
    expect((await refusal(OrderReturns.Create({ OrderID: draft.ID }))).errorCode).toBe(
      'OrderReturn.InvalidOrderStatus',
    );

    for (const stranger of ['engineer', 'ca-buyer']) {
      await loginAs(stranger);
      expect((await refusal(OrderReturns.Get('private'))).status).toBe(404);
      expect((await OrderReturns.List()).Items.map((r) => r.ID)).not.toContain('private');
      expect((await refusal(OrderReturns.Create({ OrderID: order.id }))).status).toBe(404);
      expect((await refusal(OrderReturns.Patch('private', { Comments: 'mine' }))).status).toBe(404);
      expect((await refusal(OrderReturns.Submit('private'))).status).toBe(404);
      expect((await refusal(OrderReturns.Cancel('private'))).status).toBe(404);
      expect((await refusal(OrderReturns.Delete('private'))).status).toBe(404);
      expect((await refusal(OrderReturns.ListApprovals('private'))).status).toBe(404);
    }

    const anonymous = await Auth.Anonymous('storefront');
    Tokens.SetAccessToken(anonymous.access_token);
    expect((await OrderReturns.List()).Meta.TotalCount).toBe(0);
    expect((await refusal(OrderReturns.Create({ OrderID: order.id }))).errorCode).toBe('InvalidUserType');

    await loginAs('employee');
    const untouched = await OrderReturns.Get('private');
    expect(untouched).toMatchObject({ Status: 'Unsubmitted', Comments: null });
    expect(untouched.RefundAmount).toBe(10);
  });
});
