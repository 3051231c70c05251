import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { AdminUsers, PriceSchedules, Products } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, inDays, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * The quote engine through its wire contract (docs/quotes-wire.md): a submitted project opens a quote;
 * the rep assigns, prices (discount, net price, substitute, lead time), sends; the buyer asks for a
 * change; the rep revises; the buyer accepts and an order exists with the quoted, locked prices. Every
 * step is in the audit trail.
 */
describe(`quotes on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let admin: Client;
  let buyer: Client;
  let a = '';
  let b = '';

  beforeAll(async () => {
    [a, b] = await quoteProducts('QJ');
    admin = await clientFor(commerce().baseUrl, 'admin');
    buyer = await clientFor(commerce().baseUrl, 'employee');
  });

  it('opens a quote with the project’s ID when a project is submitted, at list prices, no revision sent', async () => {
    const project = await submitProject(buyer, 'Tower A', [
      { ProductID: a, Quantity: 5 },
      { ProductID: b, Quantity: 12 },
    ]);
    const seller = await admin('GET', `/quotes/${project.id}`);
    expect(seller.status).toBe(200);
    expect(seller.json).toMatchObject({
      ID: project.id,
      Name: 'Tower A',
      Status: 'Submitted',
      Revision: 0,
      FromCompanyID: 'ACME-US',
      FromUserID: 'employee',
      AssignedUserID: null,
      ListSubtotal: 152,
      Subtotal: 152,
      Discount: 0,
      Total: 152,
      LineItemCount: 2,
    });
    expect(
      seller.json.LineItems.map((l: { ProductID: string; ListUnitPrice: number }) => [
        l.ProductID,
        l.ListUnitPrice,
      ]),
    ).toEqual([
      [a, 10],
      [b, 8.5],
    ]);
    const mine = await buyer('GET', `/me/quotes/${project.id}`);
    expect(mine.json).toMatchObject({ Status: 'Submitted', Revision: 0, Total: null, ValidUntil: null });
    expect(mine.json.LineItems[0]).toMatchObject({ ProductID: a, Quantity: 5, UnitPrice: null });
    expect(mine.json).not.toHaveProperty('InternalNote');
    expect(mine.json).not.toHaveProperty('AssignedUserID');
    // A plain order (no projectName) is no request for quote.
    const order = await buyer('POST', '/orders/Outgoing', {});
    await buyer('POST', `/orders/Outgoing/${order.json.ID}/lineitems`, { ProductID: a, Quantity: 1 });
    await buyer('POST', `/orders/Outgoing/${order.json.ID}/submit`);
    expect((await admin('GET', `/quotes/${order.json.ID}`)).status).toBe(404);
  });

  it('walks the negotiation: assign, price, send, request changes, revise, accept → an order at the quoted prices', async () => {
    const { id, lineIds } = await submitProject(buyer, 'Hospital wing', [
      { ProductID: a, Quantity: 5 },
      { ProductID: b, Quantity: 12 },
    ]);
    const [first, second] = lineIds as [string, string];

    const assigned = await admin('PATCH', `/quotes/${id}`, { AssignedUserID: 'admin' });
    expect(assigned.json).toMatchObject({ Status: 'InReview', AssignedUserID: 'admin' });
    expect(
      (await admin('GET', '/quotes?AssignedUserID=me&Status=InReview')).json.Items.map(
        (q: { ID: string }) => q.ID,
      ),
    ).toContain(id);

    // 10 % off the list price of 10.00; a net price of 7.25 for the other line.
    const discounted = await admin('PATCH', `/quotes/${id}/lineitems/${first}`, {
      DiscountPercent: 10,
      LeadTimeDays: 14,
    });
    expect(discounted.status).toBe(200);
    const net = await admin('PATCH', `/quotes/${id}/lineitems/${second}`, {
      UnitPrice: 7.25,
      Note: 'Project price',
    });
    expect(net.json.LineItems).toMatchObject([
      {
        ID: first,
        PriceType: 'Discount',
        DiscountPercent: 10,
        ListUnitPrice: 10,
        UnitPrice: 9,
        LineTotal: 45,
        LeadTimeDays: 14,
      },
      {
        ID: second,
        PriceType: 'Net',
        UnitPrice: 7.25,
        ListLineTotal: 102,
        LineTotal: 87,
        Note: 'Project price',
      },
    ]);
    const header = await admin('PATCH', `/quotes/${id}`, {
      FreightAmount: 25.5,
      ValidUntil: inDays(10),
      Terms: 'Net 30',
      InternalNote: 'Competitor quoted 8.00',
    });
    expect(header.json).toMatchObject({
      ListSubtotal: 152,
      Subtotal: 132,
      Discount: 20,
      FreightAmount: 25.5,
      Total: 157.5,
    });

    const sent = await admin('POST', `/quotes/${id}/send`, { Message: 'Here is our offer.' });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ Status: 'Quoted', Revision: 1 });

    const offer = (await buyer('GET', `/me/quotes/${id}`)).json;
    expect(offer).toMatchObject({
      Status: 'Quoted',
      Revision: 1,
      Total: 157.5,
      Terms: 'Net 30',
      FreightAmount: 25.5,
    });
    expect(offer.LineItems[1]).toMatchObject({ UnitPrice: 7.25, ListUnitPrice: 8.5, Note: 'Project price' });
    expect(JSON.stringify(offer)).not.toContain('Competitor');
    // The rep's draft is not the offer: a change after sending is not shown until it is sent.
    await admin('PATCH', `/quotes/${id}/lineitems/${second}`, { UnitPrice: 7.1 });
    expect((await buyer('GET', `/me/quotes/${id}`)).json.LineItems[1].UnitPrice).toBe(7.25);

    const change = await buyer('POST', `/me/quotes/${id}/requestchanges`, {
      Message: 'We need 20 of the first part.',
      LineItems: [{ ID: first, Quantity: 20 }],
    });
    expect(change.status).toBe(201);
    expect(change.json.Status).toBe('ChangesRequested');
    // The new quantity's break (8.50 from 10) is the new list price, the 10 % discount stays.
    const draft = (await admin('GET', `/quotes/${id}`)).json;
    expect(draft.LineItems[0]).toMatchObject({
      Quantity: 20,
      ListUnitPrice: 8.5,
      UnitPrice: 7.65,
      LineTotal: 153,
    });

    const again = await admin('POST', `/quotes/${id}/send`);
    expect(again.json).toMatchObject({ Status: 'Quoted', Revision: 2 });
    const revisions = (await buyer('GET', `/me/quotes/${id}/revisions`)).json.Items;
    expect(revisions.map((r: { Revision: number }) => r.Revision)).toEqual([1, 2]);
    expect(revisions[0].Changes).toEqual([]);
    expect(revisions[1].Changes).toEqual(
      expect.arrayContaining([
        { Property: `LineItems.${first}.Quantity`, Before: 5, After: 20 },
        { Property: `LineItems.${second}.UnitPrice`, Before: 7.25, After: 7.1 },
        { Property: 'Total', Before: 157.5, After: 263.7 },
      ]),
    );
    expect(revisions[0].Content.LineItems[0].Quantity).toBe(5);
    expect(revisions[1]).not.toHaveProperty('SentByUserID');

    const messages = (await buyer('GET', `/me/quotes/${id}/messages`)).json.Items;
    expect(messages.map((m: { FromSide: string; Text: string }) => [m.FromSide, m.Text])).toEqual([
      ['Seller', 'Here is our offer.'],
      ['Buyer', 'We need 20 of the first part.'],
    ]);

    // Accepting an older revision than the one on offer is refused.
    const stale = await buyer('POST', `/me/quotes/${id}/accept`, { Revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.Errors[0].ErrorCode).toBe('Quote.RevisionChanged');

    const accepted = await buyer('POST', `/me/quotes/${id}/accept`, { Revision: 2 });
    expect(accepted.status).toBe(201);
    const orderId = accepted.json.ID;
    expect(accepted.json).toMatchObject({
      Status: 'Open',
      FromUserID: 'employee',
      ShippingCost: 25.5,
      Subtotal: 238.2,
      Total: 263.7,
      xp: { QuoteID: id, QuoteRevision: 2 },
    });
    const lines = (await buyer('GET', `/orders/Outgoing/${orderId}/lineitems?sortBy=ProductID`)).json.Items;
    expect(
      lines.map((l: { ProductID: string; Quantity: number; UnitPrice: number; PriceOverridden: boolean }) => [
        l.ProductID,
        l.Quantity,
        l.UnitPrice,
        l.PriceOverridden,
      ]),
    ).toEqual([
      [a, 20, 7.65, true],
      [b, 12, 7.1, true],
    ]);
    const done = (await buyer('GET', `/me/quotes/${id}`)).json;
    expect(done).toMatchObject({ Status: 'Accepted', OrderID: orderId });

    // Later price-schedule changes touch neither the accepted quote nor its order.
    await loginAs('admin');
    await PriceSchedules.Patch('QJ-ps', { PriceBreaks: [{ Quantity: 1, Price: 99 }] });
    expect((await buyer('GET', `/me/quotes/${id}`)).json).toMatchObject({ Total: 263.7 });
    expect((await buyer('GET', `/orders/Outgoing/${orderId}`)).json.Total).toBe(263.7);
    await PriceSchedules.Patch('QJ-ps', {
      PriceBreaks: [
        { Quantity: 1, Price: 10 },
        { Quantity: 10, Price: 8.5 },
        { Quantity: 100, Price: 7 },
      ],
    });

    // The audit trail: who did what, at which revision.
    const events = (await admin('GET', `/quotes/${id}/events`)).json.Items;
    expect(
      events.map((e: { Action: string; ActorType: string; Revision: number; ToStatus: string }) => [
        e.Action,
        e.ActorType,
        e.Revision,
        e.ToStatus,
      ]),
    ).toEqual([
      ['submit', 'buyer', 0, 'Submitted'],
      ['assign', 'seller', 0, 'InReview'],
      ['price', 'seller', 0, 'InReview'],
      ['price', 'seller', 0, 'InReview'],
      ['edit', 'seller', 0, 'InReview'],
      ['send', 'seller', 1, 'Quoted'],
      ['price', 'seller', 1, 'Quoted'],
      ['requestChanges', 'buyer', 1, 'ChangesRequested'],
      ['send', 'seller', 2, 'Quoted'],
      ['accept', 'buyer', 2, 'Accepted'],
    ]);
    expect(events[2].Changes).toMatchObject({ [`LineItems.${first}.DiscountPercent`]: [null, '10.0000'] });
    expect(events[9].Changes).toMatchObject({ OrderID: [null, orderId] });
    // Money in the trail as the line columns write it: header figures too.
    expect(events[4].Changes).toMatchObject({
      FreightAmount: ['0.0000', '25.5000'],
      Total: ['132.0000', '157.5000'],
    });
    // The accepted quote's order is no new request for quote.
    const [requests] = await queryRows<{ n: number }>(
      commerce().database.db,
      sql`select count(*)::int as n from outbox where kind = 'quote-request' and payload->>'orderId' = ${orderId}`,
    );
    expect(requests?.n).toBe(0);
  });

  it('prices a substitute at its own list price and orders the substitute', async () => {
    const { id, lineIds } = await submitProject(buyer, 'Substitutes', [{ ProductID: a, Quantity: 3 }]);
    const line = lineIds[0] as string;
    const swapped = await admin('PATCH', `/quotes/${id}/lineitems/${line}`, {
      SubstituteProductID: b,
      DiscountPercent: 50,
    });
    expect(swapped.json.LineItems[0]).toMatchObject({
      ProductID: a,
      SubstituteProductID: b,
      SubstituteProduct: { ID: b, Name: `Quoted part ${b}` },
      UnitPrice: 5,
    });
    expect(
      (await admin('GET', `/quotes?search=${b}&searchOn=CatalogueNumbers`)).json.Items.map(
        (q: { ID: string }) => q.ID,
      ),
    ).toContain(id);
    await admin('POST', `/quotes/${id}/send`);
    const order = await buyer('POST', `/me/quotes/${id}/accept`, {});
    const lines = (await buyer('GET', `/orders/Outgoing/${order.json.ID}/lineitems`)).json.Items;
    expect(lines.map((l: { ProductID: string; UnitPrice: number }) => [l.ProductID, l.UnitPrice])).toEqual([
      [b, 5],
    ]);
  });

  it('lists with OrderCloud’s grammar: filters, search on name, company and catalogue numbers, sort by value', async () => {
    await submitProject(buyer, 'Sortable small', [{ ProductID: a, Quantity: 1 }]);
    await submitProject(buyer, 'Sortable large', [{ ProductID: a, Quantity: 150 }]);
    const byValue = await admin('GET', '/quotes?search=Sortable&sortBy=!Total');
    expect(byValue.json.Items.map((q: { Name: string; Total: number }) => [q.Name, q.Total])).toEqual([
      ['Sortable large', 1050],
      ['Sortable small', 10],
    ]);
    expect(byValue.json.Meta).toMatchObject({ Page: 1, TotalCount: 2, ItemRange: [1, 2] });
    expect(byValue.json.Items[0]).not.toHaveProperty('LineItems');
    const company = await admin(
      'GET',
      '/quotes?search=acme&FromCompanyID=ACME-US&Status=Submitted|InReview&pageSize=1',
    );
    expect(company.json.Meta.PageSize).toBe(1);
    expect(company.json.Meta.TotalCount).toBeGreaterThanOrEqual(2);
    const old = await admin('GET', `/quotes?DateSubmitted=<${inDays(-1)}`);
    expect(old.json.Items).toEqual([]);
    expect((await admin('GET', '/quotes?Region=US&search=Sortable')).json.Meta.TotalCount).toBe(2);
    const bad = await admin('GET', '/quotes?Nonsense=1');
    expect(bad.status).toBe(400);
    expect(bad.json.Errors[0].ErrorCode).toBe('List.InvalidProperty');
    // The buyer cannot sort or filter on the seller's draft figures.
    expect((await buyer('GET', '/me/quotes?sortBy=Total')).json.Errors[0].ErrorCode).toBe(
      'List.InvalidSortProperty',
    );
    const mine = await buyer('GET', '/me/quotes?search=Sortable');
    expect(mine.json.Items.map((q: { Name: string }) => q.Name).sort()).toEqual([
      'Sortable large',
      'Sortable small',
    ]);
  });

  it('pages a buyer’s own quotes when quotes out of their reach sort among them', async () => {
    const engineer = await clientFor(commerce().baseUrl, 'engineer');
    for (let i = 0; i < 3; i++) {
      await submitProject(buyer, `Paged mine ${i}`, [{ ProductID: a, Quantity: 1 }]);
      await submitProject(engineer, `Paged theirs ${i}`, [{ ProductID: b, Quantity: 1 }]);
    }
    const theirs = (await engineer('GET', '/me/quotes?search=Paged theirs&pageSize=100')).json.Items;
    const all = (await buyer('GET', '/me/quotes?pageSize=100')).json;
    const ids = all.Items.map((q: { ID: string }) => q.ID);
    // The colleague's projects are not the employee's to see (no OrderReader).
    expect(ids.filter((id: string) => theirs.some((q: { ID: string }) => q.ID === id))).toEqual([]);
    const paged: string[] = [];
    for (let page = 1; page <= all.Meta.TotalCount; page++) {
      const one = (await buyer('GET', `/me/quotes?pageSize=1&page=${page}`)).json;
      expect(one.Items).toHaveLength(1);
      paged.push(one.Items[0].ID);
    }
    expect(paged).toEqual(ids);
    for (const sort of ['ID', '!ID', 'DateSubmitted', '!DateSubmitted']) {
      const page2 = (await buyer('GET', `/me/quotes?pageSize=2&page=2&sortBy=${sort}`)).json;
      const whole = (await buyer('GET', `/me/quotes?pageSize=100&sortBy=${sort}`)).json;
      expect(page2.Items.map((q: { ID: string }) => q.ID)).toEqual(
        whole.Items.slice(2, 4).map((q: { ID: string }) => q.ID),
      );
    }
  });

  it('keeps the desk’s copy of the project and its kept counts current in the writing transactions', async () => {
    const one = await submitProject(buyer, 'Deskcopy one', [{ ProductID: a, Quantity: 1 }]);
    const queue =
      '/quotes?search=Deskcopy&Status=Submitted&Region=US&FromCompanyID=ACME-US&FromUserID=employee';
    expect((await admin('GET', queue)).json.Meta.TotalCount).toBe(1);
    // Asked twice at one generation: the second answer is the kept count, and the same.
    expect((await admin('GET', queue)).json.Meta).toMatchObject({ TotalCount: 1, ItemRange: [1, 1] });
    await submitProject(buyer, 'Deskcopy two', [{ ProductID: b, Quantity: 2 }]);
    expect((await admin('GET', queue)).json.Meta.TotalCount).toBe(2);
    await admin('PATCH', `/quotes/${one.id}`, { AssignedUserID: 'admin' });
    expect((await admin('GET', queue)).json.Meta.TotalCount).toBe(1);
    // A write to the project outside the quote code (any path, even SQL) moves the quote's copy with it.
    await queryRows(
      commerce().database.db,
      sql`update orders set xp = xp || '{"regionName": "EU"}'::jsonb where id = ${one.id}`,
    );
    const eu = await admin('GET', '/quotes?search=Deskcopy&Region=EU');
    expect(eu.json.Items.map((q: { ID: string }) => q.ID)).toEqual([one.id]);
    // The desk keeps its pages by the quotes' generation; a page shows the project's sender snapshot,
    // whose change moves the generation too (migration 0046), so the page asked again shows it.
    await queryRows(
      commerce().database.db,
      sql`update orders set from_user = from_user || '{"FirstName": "Renamed"}'::jsonb where id = ${one.id}`,
    );
    const renamed = await admin('GET', '/quotes?search=Deskcopy&Region=EU');
    expect(renamed.json.Items[0].FromUser.FirstName).toBe('Renamed');
    expect((await admin('GET', queue)).json.Meta.TotalCount).toBe(1);
    // A page past the end is counted apart.
    const past = await admin('GET', '/quotes?search=Deskcopy&page=3&pageSize=1');
    expect(past.json).toMatchObject({ Items: [], Meta: { TotalCount: 2, TotalPages: 2, ItemRange: [0, 0] } });
  });

  it('declines with a reason, and a withdrawn quote can no longer be accepted', async () => {
    const declined = await submitProject(buyer, 'Declined one', [{ ProductID: a, Quantity: 1 }]);
    await admin('PATCH', `/quotes/${declined.id}`, { AssignedUserID: 'admin' });
    await admin('POST', `/quotes/${declined.id}/send`);
    const no = await buyer('POST', `/me/quotes/${declined.id}/decline`, { Reason: 'Too expensive' });
    expect(no.status).toBe(201);
    expect(no.json).toMatchObject({ Status: 'Declined', DeclineReason: 'Too expensive' });
    const after = await buyer('POST', `/me/quotes/${declined.id}/accept`, {});
    expect(after.json.Errors[0].ErrorCode).toBe('Quote.CannotAcceptBadStatus');

    const withdrawn = await submitProject(buyer, 'Withdrawn one', [{ ProductID: a, Quantity: 1 }]);
    await admin('PATCH', `/quotes/${withdrawn.id}`, { AssignedUserID: 'admin' });
    await admin('POST', `/quotes/${withdrawn.id}/send`);
    const gone = await admin('POST', `/quotes/${withdrawn.id}/withdraw`, { Reason: 'Discontinued range' });
    expect(gone.json.Status).toBe('Withdrawn');
    const late = await buyer('POST', `/me/quotes/${withdrawn.id}/accept`, {});
    expect(late.status).toBe(400);
    expect(late.json.Errors[0]).toMatchObject({
      ErrorCode: 'Quote.CannotAcceptBadStatus',
      Data: { ObjectType: 'Quote', ObjectID: withdrawn.id, Status: 'Withdrawn' },
    });
    expect((await buyer('GET', `/me/quotes/${withdrawn.id}/messages`)).json.Items[0].Text).toBe(
      'Discontinued range',
    );
  });

  it('follows renames: the assignee and the products of its lines', async () => {
    const { id } = await submitProject(buyer, 'Renames', [{ ProductID: b, Quantity: 1 }]);
    await loginAs('admin');
    await AdminUsers.Create({
      ID: 'rep-old',
      Username: 'rep-old',
      FirstName: 'R',
      LastName: 'Ep',
      Email: 'rep@seller.example',
      Active: true,
    });
    await admin('PATCH', `/quotes/${id}`, { AssignedUserID: 'rep-old' });
    await AdminUsers.Patch('rep-old', { ID: 'rep-new' });
    await Products.Patch(b, { ID: 'QJ-B2' });
    const quote = (await admin('GET', `/quotes/${id}`)).json;
    expect(quote.AssignedUserID).toBe('rep-new');
    expect(quote.LineItems[0].ProductID).toBe('QJ-B2');
    expect(
      (await admin('GET', '/quotes?AssignedUserID=rep-new')).json.Items.map((q: { ID: string }) => q.ID),
    ).toEqual([id]);
  });
});
