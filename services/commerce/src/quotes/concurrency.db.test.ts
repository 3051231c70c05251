import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, inDays, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests } from '../testing/sdk';
import { expireQuotes } from './expiry';

/**
 * Every quote action is one transaction holding the quote's row lock (docs/quotes-wire.md
 * "Concurrency"): two reps pricing one quote lose no update, an accept racing the expiry job or a
 * withdrawal has exactly one winner, and 50 accepts at once make one order.
 */
describe(`concurrent quote actions on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let rep: Client;
  let otherRep: Client;
  let buyer: Client;
  let product = '';

  async function quoted(name: string, lines = 1) {
    const project = await submitProject(
      buyer,
      name,
      Array.from({ length: lines }, () => ({ ProductID: product, Quantity: 2 })),
    );
    await rep('PATCH', `/quotes/${project.id}`, { AssignedUserID: 'admin', ValidUntil: inDays(10) });
    expect((await rep('POST', `/quotes/${project.id}/send`)).status).toBe(201);
    return project;
  }

  const ordersOf = async (quoteId: string) => {
    const [row] = await queryRows<{ n: number }>(
      commerce().database.db,
      sql`select count(*)::int as n from orders where xp->>'QuoteID' = ${quoteId}`,
    );
    return row?.n ?? -1;
  };

  beforeAll(async () => {
    [product] = await quoteProducts('QC');
    rep = await clientFor(commerce().baseUrl, 'admin');
    otherRep = await clientFor(commerce().baseUrl, 'admin');
    buyer = await clientFor(commerce().baseUrl, 'employee');
  });

  it('keeps every change when two reps price one quote at once', async () => {
    const { id, lineIds } = await submitProject(
      buyer,
      'Two reps',
      Array.from({ length: 6 }, () => ({ ProductID: product, Quantity: 2 })),
    );
    const writes = lineIds.flatMap((line, n) => [
      (n % 2 === 0 ? rep : otherRep)('PATCH', `/quotes/${id}/lineitems/${line}`, { UnitPrice: 5 + n }),
      (n % 2 === 0 ? otherRep : rep)('PATCH', `/quotes/${id}/lineitems/${line}`, { LeadTimeDays: 10 + n }),
    ]);
    writes.push(otherRep('PATCH', `/quotes/${id}`, { FreightAmount: 40 }));
    writes.push(rep('PATCH', `/quotes/${id}`, { Terms: 'Net 45' }));
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const quote = (await rep('GET', `/quotes/${id}`)).json;
    expect(
      quote.LineItems.map((l: { UnitPrice: number; LeadTimeDays: number }) => [l.UnitPrice, l.LeadTimeDays]),
    ).toEqual(lineIds.map((_, n) => [5 + n, 10 + n]));
    // Totals follow every line: Σ (5 + n) × 2 + freight.
    expect(quote).toMatchObject({ Subtotal: 90, FreightAmount: 40, Total: 130, Terms: 'Net 45' });
    const events = (await rep('GET', `/quotes/${id}/events`)).json.Items;
    expect(events.filter((e: { Action: string }) => e.Action === 'price')).toHaveLength(12);
  });

  it('makes one order when 50 accepts arrive together', async () => {
    const { id } = await quoted('Fifty accepts');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buyer('POST', `/me/quotes/${id}/accept`, {})),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(
      new Set(
        answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.json.Errors[0].ErrorCode}`),
      ),
    ).toEqual(new Set(['400 Quote.CannotAcceptBadStatus']));
    expect(await ordersOf(id)).toBe(1);
  });

  it('replays one accept to 20 retries with the same Idempotency-Key', async () => {
    const { id } = await quoted('Idempotent accept');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyer('POST', `/me/quotes/${id}/accept`, {}, { 'idempotency-key': `accept-${id}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((a) => a.json.ID)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(await ordersOf(id)).toBe(1);
  });

  it('lets exactly one of an accept and a withdrawal win', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await quoted(`Race withdraw ${round}`);
      const [accept, withdraw] = await Promise.all([
        buyer('POST', `/me/quotes/${id}/accept`, {}),
        rep('POST', `/quotes/${id}/withdraw`, {}),
      ]);
      const winners = [accept.status, withdraw.status].filter((s) => s === 201);
      expect(winners).toHaveLength(1);
      const status = (await rep('GET', `/quotes/${id}`)).json.Status;
      expect(status).toBe(accept.status === 201 ? 'Accepted' : 'Withdrawn');
      expect(await ordersOf(id)).toBe(accept.status === 201 ? 1 : 0);
    }
  });

  it('lets exactly one of an accept and the expiry job win', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await quoted(`Race expiry ${round}`);
      // The job runs as if its validity had passed (the buyer's clock has not).
      const [accept, expired] = await Promise.all([
        buyer('POST', `/me/quotes/${id}/accept`, {}),
        expireQuotes(commerce().database.db, new Date(Date.now() + 20 * 86_400_000)),
      ]);
      const status = (await rep('GET', `/quotes/${id}`)).json.Status;
      if (accept.status === 201) {
        expect(status).toBe('Accepted');
        expect(expired).not.toContain(id);
        expect(await ordersOf(id)).toBe(1);
      } else {
        expect(accept.json.Errors[0].ErrorCode).toBe('Quote.Expired');
        expect(status).toBe('Expired');
        expect(expired).toContain(id);
        expect(await ordersOf(id)).toBe(0);
      }
    }
  });
});
