import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, clientFor, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests } from '../testing/sdk';
import { expireQuotes } from './expiry';

/**
 * Model-based test of the quote status machine (docs/quotes-wire.md "Statuses and transitions"): random
 * sequences of the seller's, the buyer's and the expiry job's actions against a reference model written
 * here, independently of `transitions.ts`. Each action's answer must be the model's (success, or the
 * documented ErrorCode), the status and revision must agree after it, and a refused action must leave the
 * quote and its audit trail exactly as they were.
 */
type Status =
  | 'Submitted'
  | 'InReview'
  | 'Quoted'
  | 'ChangesRequested'
  | 'Accepted'
  | 'Declined'
  | 'Expired'
  | 'Withdrawn';

interface Model {
  status: Status;
  revision: number;
}
interface Real {
  id: string;
  line: string;
}

const OPEN: Status[] = ['Submitted', 'InReview', 'Quoted', 'ChangesRequested'];
type Expect = { ok: true; status: Status; revision?: number } | { ok: false; code: string };

/** The reference model: what each action does from each status. */
const MODEL: Record<string, (m: Model) => Expect> = {
  assign: (m) =>
    OPEN.includes(m.status)
      ? { ok: true, status: m.status === 'Submitted' ? 'InReview' : m.status }
      : { ok: false, code: 'Quote.CannotAssignBadStatus' },
  price: (m) =>
    OPEN.includes(m.status)
      ? { ok: true, status: m.status === 'Submitted' ? 'InReview' : m.status }
      : { ok: false, code: 'Quote.CannotEditBadStatus' },
  send: (m) =>
    ['InReview', 'Quoted', 'ChangesRequested'].includes(m.status)
      ? { ok: true, status: 'Quoted', revision: m.revision + 1 }
      : { ok: false, code: 'Quote.CannotSendBadStatus' },
  withdraw: (m) =>
    OPEN.includes(m.status)
      ? { ok: true, status: 'Withdrawn' }
      : { ok: false, code: 'Quote.CannotWithdrawBadStatus' },
  accept: (m) =>
    m.status === 'Quoted'
      ? { ok: true, status: 'Accepted' }
      : { ok: false, code: m.status === 'Expired' ? 'Quote.Expired' : 'Quote.CannotAcceptBadStatus' },
  decline: (m) =>
    OPEN.includes(m.status)
      ? { ok: true, status: 'Declined' }
      : { ok: false, code: 'Quote.CannotDeclineBadStatus' },
  requestChanges: (m) =>
    m.status === 'Quoted'
      ? { ok: true, status: 'ChangesRequested' }
      : { ok: false, code: 'Quote.CannotRequestChangesBadStatus' },
  message: (m) =>
    m.status !== 'Withdrawn'
      ? { ok: true, status: m.status }
      : { ok: false, code: 'Quote.CannotMessageBadStatus' },
  // The job finds only Quoted quotes past their validity; anything else it leaves alone.
  expire: (m) => ({ ok: true, status: m.status === 'Quoted' ? 'Expired' : m.status }),
};

describe(`quote status machine against a model on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let rep: Client;
  let buyer: Client;
  let product = '';

  beforeAll(async () => {
    [product] = await quoteProducts('QP');
    rep = await clientFor(commerce().baseUrl, 'admin');
    buyer = await clientFor(commerce().baseUrl, 'employee');
  });

  const state = async (id: string) => ({
    quote: (await rep('GET', `/quotes/${id}`)).json,
    events: (await rep('GET', `/quotes/${id}/events`)).json.Meta.TotalCount,
  });

  /** One action through the API (the expiry through the job, its validity moved behind us). */
  async function run(action: string, real: Real, n: number): Promise<{ ok: boolean; code?: string }> {
    const q = `/quotes/${real.id}`;
    const call = async () => {
      switch (action) {
        case 'assign':
          return rep('PATCH', q, { AssignedUserID: 'admin' });
        case 'price':
          return rep('PATCH', `${q}/lineitems/${real.line}`, { DiscountPercent: n % 50 });
        case 'send':
          return rep('POST', `${q}/send`, {});
        case 'withdraw':
          return rep('POST', `${q}/withdraw`, {});
        case 'accept':
          return buyer('POST', `/me${q}/accept`, {});
        case 'decline':
          return buyer('POST', `/me${q}/decline`, { Reason: 'no' });
        case 'requestChanges':
          return buyer('POST', `/me${q}/requestchanges`, { Message: 'please' });
        case 'message':
          return buyer('POST', `/me${q}/messages`, { Text: `message ${n}` });
        default: {
          const db = commerce().database.db;
          await queryRows(
            db,
            sql`update quotes set sent_valid_until = now() - interval '1 second' where id = ${real.id} and status = 'Quoted'`,
          );
          await expireQuotes(db, new Date());
          return { status: 200, json: null, headers: new Headers() };
        }
      }
    };
    const answer = await call();
    if (answer.status < 300) return { ok: true };
    return { ok: false, code: answer.json?.Errors?.[0]?.ErrorCode };
  }

  it('agrees with the model on every random sequence', async () => {
    const actions = Object.keys(MODEL);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...actions), fc.nat(1000)), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          const project = await submitProject(buyer, 'Model', [{ ProductID: product, Quantity: 3 }]);
          const real: Real = { id: project.id, line: project.lineIds[0] as string };
          const model: Model = { status: 'Submitted', revision: 0 };
          for (const [action, n] of steps) {
            const expected = MODEL[action]?.(model) as Expect;
            const before = expected.ok ? null : await state(real.id);
            const outcome = await run(action, real, n);
            const label = `${action} from ${model.status}`;
            if (expected.ok) {
              expect(outcome, label).toEqual({ ok: true });
              model.status = expected.status;
              model.revision = expected.revision ?? model.revision;
            } else {
              expect(outcome, label).toEqual({ ok: false, code: expected.code });
              expect(await state(real.id), `${label} changed something`).toEqual(before);
            }
            const actual = (await rep('GET', `/quotes/${real.id}`)).json;
            expect([actual.Status, actual.Revision], label).toEqual([model.status, model.revision]);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
