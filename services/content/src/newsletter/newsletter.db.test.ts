import { newsletterSubscriptions, outbox } from '@catalogue/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentUnderTest, startContent } from '../testing/content-server';

const SUBSCRIBE = `mutation($email: String!, $language: String!) {
  subscribeNewsletter(email: $email, language: $language) { email locale message } }`;

describe('subscribeNewsletter', () => {
  let content: ContentUnderTest;
  const stored = async () =>
    (await content.database.db.select().from(newsletterSubscriptions)).sort((a, b) =>
      a.email.localeCompare(b.email),
    );

  beforeAll(async () => {
    // Sign-ups per client address are the security test's subject; here every request is from 127.0.0.1.
    content = await startContent({ skus: 20, config: { CONTENT_NEWSLETTER_RATE_PER_ADDRESS: 1000 } });
  });
  afterAll(async () => {
    await content?.close();
  });

  it('stores the trimmed, lowercased address as a pending sign-up and answers in the language', async () => {
    const before = Date.now();
    const answer = await content.post(SUBSCRIBE, { email: '  Jane.Doe@Example.COM ', language: 'fr-ca' });
    expect(answer.status).toBe(200);
    expect(answer.json.data.subscribeNewsletter).toEqual({
      email: 'jane.doe@example.com',
      locale: 'fr-CA',
      message: expect.stringMatching(/^Presque terminé/),
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'jane.doe@example.com', locale: 'fr-CA', confirmedAt: null });
    expect(rows[0]?.subscribedAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it.each([
    '',
    'no-at-sign',
    'two@@example.com',
    'space in@example.com',
    'name@nodot',
    `${'x'.repeat(250)}@example.com`,
  ])('refuses the malformed address %j with BAD_USER_INPUT and the localised message', async (email) => {
    const before = await stored();
    const answer = await content.post(SUBSCRIBE, { email, language: 'nl-EU' });
    expect(answer.json.errors[0]).toMatchObject({
      message: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@bedrijf.nl.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses an unknown language before storing anything', async () => {
    const answer = await content.post(SUBSCRIBE, { email: 'new@example.com', language: 'klingon' });
    expect(answer.json.errors[0].extensions.code).toBe('UNKNOWN_LANGUAGE');
    expect((await stored()).map((r) => r.email)).not.toContain('new@example.com');
  });

  it('stores one row and mails at most the daily confirmations when one address signs up many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        content.post(SUBSCRIBE, {
          email: i % 2 ? 'race@example.com' : 'RACE@example.com',
          language: 'en-GB',
        }),
      ),
    );
    expect(answers.every((a) => a.json.data?.subscribeNewsletter?.email === 'race@example.com')).toBe(true);
    expect((await stored()).filter((r) => r.email === 'race@example.com')).toHaveLength(1);
    const mails = await content.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'race@example.com'`);
    expect(mails).toHaveLength(3);
  });
});
