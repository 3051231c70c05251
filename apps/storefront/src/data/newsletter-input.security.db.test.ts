import { createContentService } from '@catalogue/content';
import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeToNewsletter } from './newsletter';

/**
 * The newsletter form's sign-up with an address the content service refuses before reading it (issue 20
 * item 8: the server action answered 500): the visitor gets the localised "not an address" message.
 */
describe(`newsletter sign-up with hostile text on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(undefined, datasetContent(60));
    setSharedServices([createContentService(database, { basePath: '/content' })]);
  }, 120_000);
  afterAll(async () => {
    setSharedServices(null);
    await database?.dispose();
  });

  it('answers a NUL or an unpaired surrogate as a malformed address, in the locale, storing nothing', async () => {
    const malformed = await subscribeToNewsletter('not an address', 'fr-CA', '203.0.113.5');
    expect(malformed).toMatchObject({ ok: false, reason: 'malformed' });
    for (const email of ['a\u0000b@example.com', 'a\uD800@example.com']) {
      expect(await subscribeToNewsletter(email, 'fr-CA', '203.0.113.5')).toEqual(malformed);
    }
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from newsletter_subscriptions`,
    );
    expect(row?.n).toBe(0);
  });
});
