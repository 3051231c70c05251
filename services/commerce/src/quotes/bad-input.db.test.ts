import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { ApprovalRules, Products, UserGroups } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, inDays, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests, loginAs } from '../testing/sdk';
import { tableCounts } from '../testing/tables';
import { claimExpiryWarnings, expireQuotes } from './expiry';

/**
 * Bad input gets its error and changes nothing (docs/quotes-wire.md "Errors"); conversion checks stock
 * and runs the buyer's approval rules; an expired quote cannot be accepted; expiry and its warning.
 */
describe(`quote input, conversion rules and expiry on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let rep: Client;
  let buyer: Client;
  let a = '';
  let b = '';
  let quote = { id: '', lineIds: [] as string[] };
  let other = { id: '', lineIds: [] as string[] };

  const db = () => commerce().database.db;

  beforeAll(async () => {
    [a, b] = await quoteProducts('QB');
    rep = await clientFor(commerce().baseUrl, 'admin');
    buyer = await clientFor(commerce().baseUrl, 'employee');
    quote = await submitProject(buyer, 'Bad input', [{ ProductID: a, Quantity: 4 }]);
    other = await submitProject(buyer, 'Another', [{ ProductID: b, Quantity: 1 }]);
  });

  /** Calls `call`, expects the refusal, and that neither the quote nor any table changed. */
  async function refused(
    call: () => Promise<{
      status: number;
      json: { Errors: { ErrorCode: string; Data?: { Property?: string } }[] };
    }>,
    status: number,
    code: string,
    property?: string,
  ) {
    const before = { quote: (await rep('GET', `/quotes/${quote.id}`)).json, tables: await tableCounts(db()) };
    const answer = await call();
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    expect(answer.json.Errors.map((e) => e.ErrorCode)).toContain(code);
    if (property) expect(answer.json.Errors.map((e) => e.Data?.Property)).toContain(property);
    expect((await rep('GET', `/quotes/${quote.id}`)).json).toEqual(before.quote);
    expect(await tableCounts(db())).toEqual(before.tables);
  }

  it('refuses bad prices, validity, lines, substitutes and assignees, changing nothing', async () => {
    const line = `/quotes/${quote.id}/lineitems/${quote.lineIds[0]}`;
    await refused(() => rep('PATCH', line, { UnitPrice: -1 }), 400, 'ValidationFailure', 'UnitPrice');
    await refused(() => rep('PATCH', line, { UnitPrice: 'ten' }), 400, 'ValidationFailure', 'UnitPrice');
    await refused(() => rep('PATCH', line, { UnitPrice: 1.23456 }), 400, 'ValidationFailure', 'UnitPrice');
    await refused(
      () => rep('PATCH', line, { DiscountPercent: 120 }),
      400,
      'ValidationFailure',
      'DiscountPercent',
    );
    await refused(
      () => rep('PATCH', line, { UnitPrice: 5, DiscountPercent: 5 }),
      400,
      'ValidationFailure',
      'UnitPrice',
    );
    await refused(() => rep('PATCH', line, { LeadTimeDays: -3 }), 400, 'ValidationFailure', 'LeadTimeDays');
    await refused(() => rep('PATCH', line, { Price: 5 }), 400, 'ValidationFailure');
    await refused(() => rep('PATCH', line, '{"UnitPrice": '), 400, 'InvalidRequest');
    // A line of another quote is not a line of this one.
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}/lineitems/${other.lineIds[0]}`, { UnitPrice: 1 }),
      404,
      'NotFound',
    );
    await refused(
      () => rep('PATCH', line, { SubstituteProductID: 'NO-SUCH-PART' }),
      404,
      'NotFound',
      'SubstituteProductID',
    );
    await refused(
      () => rep('PATCH', line, { SubstituteProductID: a }),
      400,
      'InvalidRequest',
      'SubstituteProductID',
    );
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}`, { ValidUntil: inDays(-1) }),
      400,
      'Quote.ValidUntilInPast',
      'ValidUntil',
    );
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}`, { ValidUntil: 'tomorrow' }),
      400,
      'ValidationFailure',
      'ValidUntil',
    );
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}`, { FreightAmount: -5 }),
      400,
      'ValidationFailure',
      'FreightAmount',
    );
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}`, { AssignedUserID: 'nobody' }),
      404,
      'NotFound',
      'AssignedUserID',
    );
    // A buyer user is no rep.
    await refused(
      () => rep('PATCH', `/quotes/${quote.id}`, { AssignedUserID: 'employee' }),
      404,
      'NotFound',
      'AssignedUserID',
    );
    await refused(() => rep('PATCH', `/quotes/NO-SUCH-QUOTE`, { Terms: 'x' }), 404, 'NotFound');
    // Nothing is on offer yet: the buyer can neither accept nor ask for changes.
    await refused(
      () => buyer('POST', `/me/quotes/${quote.id}/accept`, {}),
      400,
      'Quote.CannotAcceptBadStatus',
    );
    await refused(
      () => buyer('POST', `/me/quotes/${quote.id}/requestchanges`, { Message: 'x' }),
      400,
      'Quote.CannotRequestChangesBadStatus',
    );
    // A Submitted quote is sent only once a rep reviews it.
    await refused(() => rep('POST', `/quotes/${quote.id}/send`), 400, 'Quote.CannotSendBadStatus');
  });

  it('refuses bad buyer input on a quote on offer, changing nothing', async () => {
    await rep('PATCH', `/quotes/${quote.id}`, { AssignedUserID: 'admin' });
    await rep('POST', `/quotes/${quote.id}/send`);
    const changes = `/me/quotes/${quote.id}/requestchanges`;
    await refused(() => buyer('POST', changes, {}), 400, 'Required', 'Message');
    await refused(
      () => buyer('POST', changes, { Message: 'x', LineItems: [{ ID: quote.lineIds[0], Quantity: 0 }] }),
      400,
      'ValidationFailure',
      'LineItems.0.Quantity',
    );
    await refused(
      () => buyer('POST', changes, { Message: 'x', LineItems: [{ ID: other.lineIds[0], Quantity: 3 }] }),
      404,
      'NotFound',
      'LineItems.0.ID',
    );
    await refused(
      () => buyer('POST', `/me/quotes/${quote.id}/decline`, { Reason: '' }),
      400,
      'ValidationFailure',
      'Reason',
    );
    await refused(
      () => buyer('POST', `/me/quotes/${quote.id}/messages`, { Text: '' }),
      400,
      'ValidationFailure',
      'Text',
    );
    await refused(
      () => buyer('POST', `/me/quotes/${quote.id}/accept`, { Revision: 'one' }),
      400,
      'ValidationFailure',
      'Revision',
    );
  });

  it('refuses to accept an expired quote with Quote.Expired and changes nothing; the job marks it Expired as the system', async () => {
    // The sent revision's validity lies behind us (as if the days had passed).
    await queryRows(
      db(),
      sql`update quotes set sent_valid_until = now() - interval '1 minute' where id = ${quote.id}`,
    );
    await refused(() => buyer('POST', `/me/quotes/${quote.id}/accept`, {}), 400, 'Quote.Expired');
    expect(await expireQuotes(db(), new Date())).toContain(quote.id);
    const expired = (await buyer('GET', `/me/quotes/${quote.id}`)).json;
    expect(expired.Status).toBe('Expired');
    expect(expired.DateExpired).not.toBeNull();
    await refused(() => buyer('POST', `/me/quotes/${quote.id}/accept`, {}), 400, 'Quote.Expired');
    const events = (await rep('GET', `/quotes/${quote.id}/events`)).json.Items;
    expect(events.at(-1)).toMatchObject({
      Action: 'expire',
      ActorType: 'system',
      ActorUserID: null,
      ToStatus: 'Expired',
    });
    // Nothing revives an expired quote.
    await refused(() => rep('POST', `/quotes/${quote.id}/send`), 400, 'Quote.CannotSendBadStatus');
  });

  it('finds the quotes to warn three days before they expire, once per sent revision', async () => {
    const soon = await submitProject(buyer, 'Expiring soon', [{ ProductID: a, Quantity: 1 }]);
    const later = await submitProject(buyer, 'Expiring later', [{ ProductID: a, Quantity: 1 }]);
    for (const [id, days] of [
      [soon.id, 2],
      [later.id, 9],
    ] as const) {
      await rep('PATCH', `/quotes/${id}`, { AssignedUserID: 'admin', ValidUntil: inDays(days) });
      await rep('POST', `/quotes/${id}/send`);
    }
    const claim = () => db().transaction((tx) => claimExpiryWarnings(tx, new Date(), 3));
    const first = (await claim()).map((q) => q.id);
    expect(first).toContain(soon.id);
    expect(first).not.toContain(later.id);
    expect((await claim()).map((q) => q.id)).not.toContain(soon.id);
    expect((await rep('GET', `/quotes/${soon.id}`)).json.DateExpiryWarned).not.toBeNull();
    // A new revision is warned about again.
    await rep('PATCH', `/quotes/${soon.id}`, { ValidUntil: inDays(1) });
    await rep('POST', `/quotes/${soon.id}/send`);
    expect((await claim()).map((q) => q.id)).toContain(soon.id);
  });

  it('checks stock at conversion only: a project asks for any quantity, the accept needs the stock', async () => {
    await loginAs('admin');
    await Products.Patch(b, { Inventory: { Enabled: true, QuantityAvailable: 3, OrderCanExceed: false } });
    const big = await submitProject(buyer, 'Needs stock', [{ ProductID: b, Quantity: 5 }]);
    await rep('PATCH', `/quotes/${big.id}`, { AssignedUserID: 'admin' });
    await rep('POST', `/quotes/${big.id}/send`);
    const short = await buyer('POST', `/me/quotes/${big.id}/accept`, {});
    expect(short.status).toBe(400);
    expect(short.json.Errors[0].ErrorCode).toBe('Inventory.Insufficient');
    expect((await buyer('GET', `/me/quotes/${big.id}`)).json).toMatchObject({
      Status: 'Quoted',
      OrderID: null,
    });
    const [orders] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from orders where xp->>'QuoteID' = ${big.id}`,
    );
    expect(orders?.n).toBe(0);
    await loginAs('admin');
    await Products.Patch(b, { Inventory: { QuantityAvailable: 10 } });
    expect((await buyer('POST', `/me/quotes/${big.id}/accept`, {})).status).toBe(201);
    await loginAs('admin');
    expect((await Products.Get(b)).Inventory?.QuantityAvailable).toBe(5);
    await Products.Patch(b, { Inventory: { Enabled: false } });
  });

  it('checks stock across the quote’s lines of one product, all written at once, and takes it all', async () => {
    await loginAs('admin');
    await Products.Patch(b, { Inventory: { Enabled: true, QuantityAvailable: 5, OrderCanExceed: false } });
    const split = await submitProject(buyer, 'Split lines', [
      { ProductID: b, Quantity: 3 },
      { ProductID: b, Quantity: 3 },
    ]);
    await rep('PATCH', `/quotes/${split.id}`, { AssignedUserID: 'admin', FreightAmount: 10 });
    await rep('PATCH', `/quotes/${split.id}/lineitems/${split.lineIds[1]}`, { UnitPrice: 2.5 });
    await rep('POST', `/quotes/${split.id}/send`);
    const before = await tableCounts(db());
    // Each line alone fits in the stock; together they do not.
    const short = await buyer('POST', `/me/quotes/${split.id}/accept`, {});
    expect(short.status).toBe(400);
    expect(short.json.Errors[0]).toMatchObject({
      ErrorCode: 'Inventory.Insufficient',
      Data: { QuantityAvailable: 5, QuantityRequested: 6 },
    });
    expect(await tableCounts(db())).toEqual(before);
    await loginAs('admin');
    await Products.Patch(b, { Inventory: { QuantityAvailable: 6 } });
    const accepted = await buyer('POST', `/me/quotes/${split.id}/accept`, {});
    expect(accepted.status).toBe(201);
    const quoted = (await buyer('GET', `/me/quotes/${split.id}`)).json;
    const lines = (await buyer('GET', `/orders/Outgoing/${accepted.json.ID}/lineitems`)).json.Items;
    expect(
      lines
        .map(
          (l: {
            UnitPrice: number;
            LineTotal: number;
            PriceOverridden: boolean;
            xp: { QuoteLineID: string };
          }) => [l.xp.QuoteLineID, l.UnitPrice, l.LineTotal, l.PriceOverridden],
        )
        .sort(),
    ).toEqual(
      quoted.LineItems.map((l: { ID: string; UnitPrice: number; LineTotal: number }) => [
        l.ID,
        l.UnitPrice,
        l.LineTotal,
        true,
      ]).sort(),
    );
    expect(accepted.json).toMatchObject({
      LineItemCount: 2,
      Subtotal: quoted.Subtotal,
      PromotionDiscount: 0,
      ShippingCost: 10,
      Total: quoted.Total,
    });
    expect(quoted.Total).toBe(quoted.Subtotal + 10);
    await loginAs('admin');
    expect((await Products.Get(b)).Inventory?.QuantityAvailable).toBe(0);
    await Products.Patch(b, { Inventory: { Enabled: false } });
  });

  it('sends the accepted quote’s order through the buyer company’s approval rules', async () => {
    const project = await submitProject(buyer, 'Needs approval', [{ ProductID: a, Quantity: 2 }]);
    await loginAs('admin');
    await UserGroups.Create('ACME-US', { ID: 'quote-approvers', Name: 'Quote approvers' });
    await UserGroups.SaveUserAssignment('ACME-US', { UserGroupID: 'quote-approvers', UserID: 'engineer' });
    await ApprovalRules.Create('ACME-US', {
      ID: 'quoted-orders',
      ApprovingGroupID: 'quote-approvers',
      RuleExpression: `order.xp.QuoteID = '${project.id}'`,
    });
    await rep('PATCH', `/quotes/${project.id}`, { AssignedUserID: 'admin' });
    await rep('POST', `/quotes/${project.id}/send`);
    const order = await buyer('POST', `/me/quotes/${project.id}/accept`, {});
    expect(order.status).toBe(201);
    expect(order.json.Status).toBe('AwaitingApproval');
    const engineer = await clientFor(commerce().baseUrl, 'engineer');
    const approved = await engineer('POST', `/orders/Incoming/${order.json.ID}/approve`, { Comments: 'ok' });
    expect(approved.json.Status).toBe('Open');
  });
});
