import { testDriver } from '@catalogue/db/testing';
import {
  AdminUserGroups,
  ApprovalRules,
  Categories,
  LineItems,
  Me,
  Orders,
  Products,
  SellerApprovalRules,
  UserGroups,
} from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

/**
 * Approval rules at work through the official SDK: rules evaluated at submit, approving and declining by
 * eligible approvers only, chained rules with order.approved(), resubmission after a decline, the
 * approvable orders of /me, eligible approvers, and rule expressions checked when a rule is written.
 *
 * Every rule names an `order.xp.Flow` so that each test's orders meet only its own rules.
 */
describe(`order approvals on ${testDriver()}`, () => {
  commerceForTests({ skus: 60 });

  const BUYER = 'ACME-US';
  let productId = '';

  /** An order of the employee with one line item, not yet submitted. */
  async function draft(flow: string, quantity = 1) {
    await loginAs('employee');
    const order = await Orders.Create('Outgoing', { xp: { Flow: flow } });
    await LineItems.Create('Outgoing', order.ID, { ProductID: productId, Quantity: quantity });
    return order;
  }

  async function submitted(flow: string, quantity = 1) {
    const order = await draft(flow, quantity);
    return Orders.Submit('Outgoing', order.ID);
  }

  beforeAll(async () => {
    await loginAs('employee');
    const page = await Me.ListProducts({ pageSize: 100 });
    const product = page.Items.find(
      (p) => (p.PriceSchedule?.PriceBreaks?.length ?? 0) >= 1 && p.QuantityMultiplier === 1,
    );
    if (!product?.ID) throw new Error('no priced product for the employee');
    productId = product.ID;
    await loginAs('admin');
    await Products.Patch(productId, { Inventory: { Enabled: false } });
    // Approvers: the engineer approves, the prefab user is finance.
    await UserGroups.Create(BUYER, { ID: 'acme-approvers', Name: 'Acme approvers' });
    await UserGroups.SaveUserAssignment(BUYER, { UserGroupID: 'acme-approvers', UserID: 'engineer' });
    await UserGroups.Create(BUYER, { ID: 'acme-finance', Name: 'Acme finance' });
    await UserGroups.SaveUserAssignment(BUYER, { UserGroupID: 'acme-finance', UserID: 'prefab' });
    const rules: [string, string, string][] = [
      ['basic', 'acme-approvers', `order.xp.Flow = 'basic' and items.any(Product.ID = '${productId}')`],
      ['stock', 'acme-approvers', `order.xp.Flow = 'stock' and order.Total > 0`],
      ['resubmit', 'acme-approvers', `order.xp.Flow = 'resubmit' and user.ID = 'employee'`],
      ['chain-manager', 'acme-approvers', `order.xp.Flow = 'chain'`],
      ['chain-finance', 'acme-finance', `order.xp.Flow = 'chain' and order.approved('chain-manager')`],
      ['approvable', 'acme-approvers', `order.xp.Flow = 'approvable'`],
      ['approvable-finance', 'acme-finance', `order.xp.Flow = 'approvable' and items.quantity() >= 5`],
      // Evaluates to an error for Flow 'broken' (a number where a boolean is needed).
      ['broken', 'acme-approvers', `order.xp.Flow = 'broken' and order.LineItemCount`],
    ];
    for (const [id, group, expression] of rules) {
      await ApprovalRules.Create(BUYER, { ID: id, ApprovingGroupID: group, RuleExpression: expression });
    }
  });

  it('refuses an approval rule whose expression is not valid, and changes nothing', async () => {
    await loginAs('admin');
    const before = (await ApprovalRules.List(BUYER)).Meta.TotalCount;
    const syntax = await refusal(
      ApprovalRules.Create(BUYER, {
        ID: 'bad',
        ApprovingGroupID: 'acme-approvers',
        RuleExpression: 'order.Total >',
      }),
    );
    expect(syntax.status).toBe(400);
    expect(syntax.errorCode).toBe('ValidationFailure');
    const data = syntax.errors?.[0]?.Data as { Property: string; Position: number };
    expect(data.Property).toBe('RuleExpression');
    expect(data.Position).toBe(13);
    expect(syntax.message).toContain('RuleExpression');
    const notBoolean = await refusal(
      ApprovalRules.Create(BUYER, { ApprovingGroupID: 'acme-approvers', RuleExpression: 'order.Total + 1' }),
    );
    expect(notBoolean.errorCode).toBe('ValidationFailure');
    expect(notBoolean.message).toContain('boolean');
    const patched = await refusal(
      ApprovalRules.Patch(BUYER, 'basic', { RuleExpression: "order.xp.Flow = 'x' and" }),
    );
    expect(patched.errorCode).toBe('ValidationFailure');
    expect((await ApprovalRules.Get(BUYER, 'basic')).RuleExpression).toContain("'basic'");
    const seller = await refusal(
      SellerApprovalRules.Create({
        ApprovalType: 'Order',
        ApprovingGroupID: 'x',
        RuleExpression: 'nonsense(',
      }),
    );
    expect(seller.errorCode).toBe('ValidationFailure');
    expect((await ApprovalRules.List(BUYER)).Meta.TotalCount).toBe(before);
  });

  it('sends an order to approval when a rule fires; only an eligible approver approves it and it opens', async () => {
    const plain = await submitted('none');
    expect(plain.Status).toBe('Open');

    const order = await submitted('basic');
    expect(order.Status).toBe('AwaitingApproval');
    expect(order.DateApproved).toBeNull();
    const approvals = await Orders.ListApprovals('Outgoing', order.ID);
    expect(approvals.Items).toHaveLength(1);
    expect(approvals.Items[0]).toMatchObject({
      ApprovalRuleID: 'basic',
      ApprovingGroupID: 'acme-approvers',
      Status: 'Pending',
      Approver: null,
    });
    const eligible = await Orders.ListEligibleApprovers('Outgoing', order.ID);
    expect(eligible.Items.map((u) => u.ID)).toEqual(['engineer']);
    expect(eligible.Items[0]?.Username).toBe('engineer');

    // The sender reaches the order but does not approve it; users who do not reach it get NotFound.
    const self = await refusal(Orders.Approve('Outgoing', order.ID, { Comments: 'mine' }));
    expect(self.status).toBe(403);
    expect(self.errorCode).toBe('Order.NotEligibleApprover');
    await loginAs('newbie');
    expect((await refusal(Orders.Approve('Incoming', order.ID, {}))).status).toBe(404);
    await loginAs('ca-buyer');
    expect((await refusal(Orders.Approve('Incoming', order.ID, {}))).status).toBe(404);
    expect((await refusal(Orders.ListApprovals('Incoming', order.ID))).status).toBe(404);

    await loginAs('engineer');
    // Bad bodies are refused before anything changes.
    expect((await refusal(Orders.Approve('Incoming', order.ID, { Comments: 5 } as never))).status).toBe(400);
    expect((await Orders.Get('Incoming', order.ID)).Status).toBe('AwaitingApproval');
    const approved = await Orders.Approve('Incoming', order.ID, { Comments: 'fine by me' });
    expect(approved.Status).toBe('Open');
    expect(approved.DateApproved).not.toBeNull();
    const after = await Orders.ListApprovals('Incoming', order.ID);
    expect(after.Items[0]).toMatchObject({ Status: 'Approved', Comments: 'fine by me' });
    expect(after.Items[0]?.Approver?.ID).toBe('engineer');
    expect(after.Items[0]?.DateCompleted).not.toBeNull();
    expect((await Orders.ListEligibleApprovers('Incoming', order.ID)).Meta.TotalCount).toBe(0);
    const again = await refusal(Orders.Approve('Incoming', order.ID, {}));
    expect(again.errorCode).toBe('Order.MustBeAwaitingApproval');
    expect((await refusal(Orders.Decline('Incoming', order.ID, {}))).errorCode).toBe(
      'Order.MustBeAwaitingApproval',
    );
    // Not awaiting approval at all: the plain order.
    await loginAs('employee');
    expect((await refusal(Orders.Approve('Outgoing', plain.ID, {}))).errorCode).toBe(
      'Order.MustBeAwaitingApproval',
    );
  });

  it('gives the stock back on a decline, and a decline without AllowResubmit is final', async () => {
    await loginAs('admin');
    await Products.Patch(productId, {
      Inventory: { Enabled: true, QuantityAvailable: 10, OrderCanExceed: false },
    });
    try {
      const order = await submitted('stock', 3);
      expect(order.Status).toBe('AwaitingApproval');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(7);
      await loginAs('engineer');
      const declined = await Orders.Decline('Incoming', order.ID, { Comments: 'too much' });
      expect(declined.Status).toBe('Declined');
      expect(declined.DateDeclined).not.toBeNull();
      const [approval] = (await Orders.ListApprovals('Incoming', order.ID)).Items;
      expect(approval).toMatchObject({ Status: 'Declined', Comments: 'too much', AllowResubmit: false });
      expect(approval?.Approver?.ID).toBe('engineer');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(10);
      await loginAs('employee');
      expect((await refusal(Orders.Submit('Outgoing', order.ID))).errorCode).toBe(
        'Order.CannotSubmitBadStatus',
      );
      expect((await Orders.Get('Outgoing', order.ID)).Status).toBe('Declined');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(10);
    } finally {
      await loginAs('admin');
      await Products.Patch(productId, { Inventory: { Enabled: false } });
    }
  });

  it('gives back on a decline only the stock the submit took: none for a project', async () => {
    await loginAs('admin');
    await Products.Patch(productId, {
      Inventory: { Enabled: true, QuantityAvailable: 10, OrderCanExceed: false },
    });
    try {
      await loginAs('employee');
      const project = await Orders.Create('Outgoing', { xp: { Flow: 'stock', projectName: 'Depot' } });
      await LineItems.Create('Outgoing', project.ID, { ProductID: productId, Quantity: 30 });
      expect((await Orders.Submit('Outgoing', project.ID)).Status).toBe('AwaitingApproval');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(10);
      await loginAs('engineer');
      expect((await Orders.Decline('Incoming', project.ID, { Comments: 'no' })).Status).toBe('Declined');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(10);
      // An order (not a project) cancelled while awaiting approval gives back what it took, once.
      const order = await submitted('stock', 4);
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(6);
      await loginAs('employee');
      expect((await Orders.Cancel('Outgoing', order.ID)).Status).toBe('Canceled');
      await loginAs('admin');
      expect((await Products.Get(productId)).Inventory?.QuantityAvailable).toBe(10);
    } finally {
      await loginAs('admin');
      await Products.Patch(productId, { Inventory: { Enabled: false } });
    }
  });

  it('lets a declined order be submitted again when the decline allows it, with a new round of approvals', async () => {
    const order = await submitted('resubmit');
    expect(order.Status).toBe('AwaitingApproval');
    await loginAs('engineer');
    await Orders.Decline('Incoming', order.ID, { Comments: 'fix the PO number', AllowResubmit: true });
    await loginAs('employee');
    const again = await Orders.Submit('Outgoing', order.ID);
    expect(again.Status).toBe('AwaitingApproval');
    const approvals = await Orders.ListApprovals('Outgoing', order.ID, { sortBy: ['DateCreated'] });
    expect(approvals.Items.map((a) => a.Status).sort()).toEqual(['Declined', 'Pending']);
    expect(approvals.Items.find((a) => a.Status === 'Declined')?.AllowResubmit).toBe(true);
    await loginAs('engineer');
    expect((await Orders.Approve('Incoming', order.ID, {})).Status).toBe('Open');
  });

  it('evaluates chained rules again after each approval (order.approved), each round on its own', async () => {
    const order = await submitted('chain');
    expect(order.Status).toBe('AwaitingApproval');
    let approvals = await Orders.ListApprovals('Outgoing', order.ID);
    expect(approvals.Items.map((a) => a.ApprovalRuleID)).toEqual(['chain-manager']);
    // Finance is not asked yet: the prefab user does not even reach the order.
    await loginAs('prefab');
    expect((await refusal(Orders.Approve('Incoming', order.ID, {}))).status).toBe(404);
    await loginAs('engineer');
    const afterManager = await Orders.Approve('Incoming', order.ID, { Comments: 'manager ok' });
    expect(afterManager.Status).toBe('AwaitingApproval');
    const eligible = await Orders.ListEligibleApprovers('Incoming', order.ID);
    expect(eligible.Items.map((u) => u.ID)).toEqual(['prefab']);
    // The engineer approved already and is not in finance.
    expect((await refusal(Orders.Approve('Incoming', order.ID, {}))).errorCode).toBe(
      'Order.NotEligibleApprover',
    );
    await loginAs('prefab');
    expect((await Me.ListApprovableOrders({ filters: { ID: order.ID } })).Items.map((o) => o.ID)).toEqual([
      order.ID,
    ]);
    const open = await Orders.Approve('Incoming', order.ID, { Comments: 'finance ok' });
    expect(open.Status).toBe('Open');
    approvals = await Orders.ListApprovals('Incoming', order.ID, { sortBy: ['DateCreated'] });
    expect(approvals.Items.map((a) => [a.ApprovalRuleID, a.Status, a.Approver?.ID])).toEqual([
      ['chain-manager', 'Approved', 'engineer'],
      ['chain-finance', 'Approved', 'prefab'],
    ]);

    // A declined round's approvals do not count in the next round: the manager is asked again first.
    const second = await submitted('chain');
    await loginAs('engineer');
    await Orders.Approve('Incoming', second.ID, {});
    await loginAs('prefab');
    const declined = await Orders.Decline('Incoming', second.ID, { AllowResubmit: true });
    expect(declined.Status).toBe('Declined');
    await loginAs('employee');
    expect((await Orders.Submit('Outgoing', second.ID)).Status).toBe('AwaitingApproval');
    const pending = await Orders.ListApprovals('Outgoing', second.ID, { filters: { Status: 'Pending' } });
    expect(pending.Items.map((a) => a.ApprovalRuleID)).toEqual(['chain-manager']);
    expect((await Orders.ListEligibleApprovers('Outgoing', second.ID)).Items.map((u) => u.ID)).toEqual([
      'engineer',
    ]);
  });

  it('needs approval when a rule cannot be evaluated, rather than letting the order through', async () => {
    const order = await submitted('broken');
    expect(order.Status).toBe('AwaitingApproval');
    const approvals = await Orders.ListApprovals('Outgoing', order.ID);
    expect(approvals.Items.map((a) => a.ApprovalRuleID)).toEqual(['broken']);
  });

  it("evaluates a product's categories (incategory, inparentcategory) and the line items", async () => {
    await loginAs('admin');
    const [assignment] = (await Categories.ListProductAssignments('catalog-us', { productID: productId }))
      .Items;
    if (!assignment) throw new Error(`product ${productId} is in no category of catalog-us`);
    const category = await Categories.Get('catalog-us', assignment.CategoryID);
    const rules: [string, string][] = [
      ['cat-direct', `items.any(Product.incategory('${category.ID}'))`],
      ['cat-none', `items.any(Product.incategory('no-such-category'))`],
      ['cat-quantity', 'items.quantity() >= 2 and items.count() = 1'],
    ];
    // Demo products sit in leaf categories: the parent holds the product only through its child.
    expect(category.ParentID).toBeTruthy();
    rules.push(['cat-parent', `items.any(Product.inparentcategory('${category.ParentID}'))`]);
    rules.push(['cat-parent-direct', `items.any(Product.incategory('${category.ParentID}'))`]);
    for (const [id, expression] of rules) {
      await ApprovalRules.Create(BUYER, {
        ID: id,
        ApprovingGroupID: 'acme-approvers',
        RuleExpression: `order.xp.Flow = 'category' and ${expression}`,
      });
    }
    const order = await submitted('category', 2);
    expect(order.Status).toBe('AwaitingApproval');
    const fired = (await Orders.ListApprovals('Outgoing', order.ID)).Items.map(
      (a) => a.ApprovalRuleID,
    ).sort();
    expect(fired).toEqual(['cat-direct', 'cat-parent', 'cat-quantity']);
    const single = await submitted('category', 1);
    const firedOnce = (await Orders.ListApprovals('Outgoing', single.ID)).Items.map((a) => a.ApprovalRuleID);
    expect(firedOnce).not.toContain('cat-quantity');
  });

  it('lists exactly the orders awaiting one of my approvals in /me/orders/approvable', async () => {
    const waiting = await submitted('approvable');
    const both = await submitted('approvable', 5); // the engineer's and finance's approvals
    const approved = await submitted('approvable');
    await draft('approvable'); // never submitted
    const declined = await submitted('approvable');
    await loginAs('engineer');
    await Orders.Approve('Incoming', approved.ID, {});
    await Orders.Decline('Incoming', declined.ID, {});

    const mine = await Me.ListApprovableOrders({ filters: { 'xp.Flow': 'approvable' } });
    expect(mine.Items.map((o) => o.ID).sort()).toEqual([waiting.ID, both.ID].sort());
    expect(mine.Items.every((o) => o.Status === 'AwaitingApproval')).toBe(true);
    const everything = await Me.ListApprovableOrders({ pageSize: 100 });
    expect(everything.Items.every((o) => o.Status === 'AwaitingApproval' && o.FromCompanyID === BUYER)).toBe(
      true,
    );
    const paged = await Me.ListApprovableOrders({ filters: { 'xp.Flow': 'approvable' }, pageSize: 1 });
    expect(paged.Meta.TotalCount).toBe(2);
    expect(paged.Items).toHaveLength(1);
    expect((await refusal(Me.ListApprovableOrders({ from: 'yesterday' }))).status).toBe(400);
    expect(
      (await Me.ListApprovableOrders({ filters: { 'xp.Flow': 'approvable' }, to: '2000-01-01' })).Meta
        .TotalCount,
    ).toBe(0);

    await loginAs('prefab');
    const finance = await Me.ListApprovableOrders({ filters: { 'xp.Flow': 'approvable' } });
    expect(finance.Items.map((o) => o.ID)).toEqual([both.ID]);
    for (const user of ['employee', 'newbie', 'ca-buyer']) {
      await loginAs(user);
      expect((await Me.ListApprovableOrders({ filters: { 'xp.Flow': 'approvable' } })).Meta.TotalCount).toBe(
        0,
      );
    }
  });

  it("applies the marketplace's Order rules, approved by the marketplace's group", async () => {
    await loginAs('admin');
    const me = await Me.Get();
    await AdminUserGroups.Create({ ID: 'market-approvers', Name: 'Marketplace approvers' });
    await AdminUserGroups.SaveUserAssignment({ UserGroupID: 'market-approvers', UserID: me.ID });
    await SellerApprovalRules.Create({
      ID: 'market',
      ApprovalType: 'Order',
      ApprovingGroupID: 'market-approvers',
      RuleExpression: "order.xp.Flow = 'market'",
    });
    const order = await submitted('market');
    expect(order.Status).toBe('AwaitingApproval');
    expect((await Orders.ListEligibleApprovers('Outgoing', order.ID)).Items.map((u) => u.ID)).toEqual([
      me.ID,
    ]);
    await loginAs('engineer');
    expect((await refusal(Orders.Approve('Incoming', order.ID, {}))).status).toBe(404);
    await loginAs('admin');
    expect((await Me.ListApprovableOrders({ filters: { ID: order.ID } })).Meta.TotalCount).toBe(1);
    const open = await Orders.Approve('Incoming', order.ID, { Comments: 'marketplace ok' });
    expect(open.Status).toBe('Open');
    const [approval] = (await Orders.ListApprovals('Incoming', order.ID)).Items;
    expect(approval?.Approver?.ID).toBe(me.ID);
  });
});
