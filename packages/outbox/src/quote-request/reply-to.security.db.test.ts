import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRequestHandler } from './handler';

/**
 * A sibling of `/api/sendEmail` (issue 20 item 3): the sales team's answer to a quote request goes to the
 * requester's Reply-To, so that address must be one the requester confirmed — else anyone could type a
 * stranger's address into their profile and have the sales team mail the project to it.
 */
describe(`quote-request Reply-To on ${testDriver()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
  }, 120_000);
  afterAll(async () => {
    await database?.dispose();
  });

  async function salesMailFor(username: string, orderId: string) {
    await database.db.execute(sql`insert into orders (id, from_company_type, from_company_id, from_user_id, to_company_id, xp)
      select ${orderId}, 'buyer', company_id, id, '', '{"projectName":"Depot"}' from users where username = ${username}`);
    const handle = quoteRequestHandler({ db: database.db, salesEmail: 'sales@northfield.example' });
    await handle({
      id: orderId.length,
      kind: 'quote-request',
      payload: { orderId, submittedAt: new Date().toISOString() },
      dedupeKey: null,
      attempts: 1,
      createdAt: new Date(),
    });
    const [mail] = await queryRows<{ payload: { replyTo?: string; text: string } }>(
      database.db,
      sql`select payload from outbox where kind = 'email' and payload->>'text' like ${`%(${orderId})%`}`,
    );
    return mail?.payload;
  }

  it('answers to a confirmed address, and never to one nobody confirmed', async () => {
    expect(await salesMailFor('engineer', 'depot-verified')).toMatchObject({
      replyTo: 'engineer@acme-electrical.example',
    });
    await database.db.execute(
      sql`update users set email = 'victim@elsewhere.example' where username = 'newbie'`,
    );
    const unconfirmed = await salesMailFor('newbie', 'depot-unconfirmed');
    expect(unconfirmed).not.toHaveProperty('replyTo');
    expect(unconfirmed?.text).toContain('<victim@elsewhere.example> (address not confirmed by the user)');
  });
});
