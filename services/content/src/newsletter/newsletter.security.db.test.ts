import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadDataFiles } from '@catalogue/dataset';
import { datasetContent } from '@catalogue/dataset/testing';
import { queryRows } from '@catalogue/db';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { outboxConfigFromEnv, type RunningOutbox, startOutbox } from '@catalogue/outbox';
import { temporaryDir } from '@catalogue/outbox/testing';
import type { Service } from '@catalogue/service-kit';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentService } from '../app';
import { contentConfigFromEnv } from '../config';
import { answerOf, type GraphQLAnswer } from '../testing/content-server';
import { deleteLapsedSignUps } from './confirm';

/**
 * Issue 20 item 6: the newsletter sign-up took 50 strangers' addresses in 0.3 s without double opt-in.
 * A sign-up now waits for the link mailed to the address (through the outbox, in the page's language);
 * only a confirmed subscription counts; the answer never says whether the address was subscribed;
 * sign-ups are limited per client address and confirmation mails per e-mail address; pending sign-ups lapse.
 */

const SUBSCRIBE = `mutation($email: String!, $language: String!) {
  subscribeNewsletter(email: $email, language: $language) { email locale message } }`;
const CONFIRM = `mutation($token: String!, $language: String!) {
  confirmNewsletter(token: $token, language: $language) { email locale message } }`;
const TEXTS = `query($language: String!) { newsletter(language: $language) {
  pendingMessage successMessage rateLimitedMessage invalidConfirmationMessage confirmEmailSubject } }`;

let database: TestDatabase;
let service: Service;
let outbox: RunningOutbox;
let dataDir: Awaited<ReturnType<typeof temporaryDir>>;
const PER_ADDRESS = 6;

async function graphql(
  query: string,
  variables: Record<string, unknown>,
  address = '198.51.100.1',
): Promise<GraphQLAnswer> {
  return answerOf(
    await service.fetch(
      new Request('http://in-process/content/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ query, variables }),
      }),
    ),
  );
}

async function texts(language: string): Promise<Record<string, string>> {
  return (await graphql(TEXTS, { language })).json.data.newsletter;
}

async function row(email: string) {
  const [found] = await queryRows<{ confirmed: boolean; pending: boolean; locale: string }>(
    database.db,
    sql`select confirmed_at is not null as confirmed, expires_at > now() as pending, locale
        from newsletter_subscriptions where email = ${email}`,
  );
  return found ?? null;
}

async function queuedMails(email: string): Promise<number> {
  const [found] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from outbox where kind = 'email' and payload->>'to' = ${email}`,
  );
  return found?.n ?? -1;
}

/** Delivers the outbox to `$DATA_DIR/mail/` and answers the mails sent to `email`, oldest first. */
async function mailsTo(email: string) {
  await outbox.drain();
  const dir = path.join(dataDir.dir, 'mail');
  const files = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email);
}

function linkIn(text: string | undefined): URL {
  const found = /https:\/\/shop\.example\/\S+/.exec(text ?? '')?.[0];
  if (!found) throw new Error(`no link in ${text}`);
  return new URL(found);
}

beforeAll(async () => {
  database = await createTestDatabase(undefined, datasetContent(20));
  service = createContentService(database, {
    basePath: '/content',
    now: () => 1_000_000,
    config: contentConfigFromEnv({
      SITE_ORIGIN: 'https://shop.example',
      CONTENT_NEWSLETTER_RATE_PER_ADDRESS: String(PER_ADDRESS),
      CONTENT_NEWSLETTER_MAILS_PER_EMAIL: '2',
    }),
  });
  dataDir = await temporaryDir();
  outbox = await startOutbox(
    database,
    outboxConfigFromEnv({
      DATA_DIR: dataDir.dir,
      OUTBOX_POLL_S: '3600',
      MAIL_FROM: 'Shop <shop@example.com>',
    }),
    { log: () => undefined, warn: console.warn, error: console.error },
  );
});

afterAll(async () => {
  service?.stop();
  await outbox?.stop();
  await database?.dispose();
  await dataDir?.remove();
});

describe('newsletter double opt-in', () => {
  it('keeps a sign-up pending until the link mailed in the page’s language confirms it', async () => {
    const fr = await texts('fr-CA');
    const answer = await graphql(SUBSCRIBE, { email: ' Marie@Example.CA ', language: 'fr-CA' });
    expect(answer.json.data.subscribeNewsletter).toEqual({
      email: 'marie@example.ca',
      locale: 'fr-CA',
      message: fr.pendingMessage,
    });
    expect(await row('marie@example.ca')).toEqual({ confirmed: false, pending: true, locale: 'fr-CA' });

    const [mail, ...more] = await mailsTo('marie@example.ca');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(fr.confirmEmailSubject);
    const link = linkIn(mail?.text);
    expect(link.pathname).toBe('/fr-ca/newsletter/confirm');
    expect(mail?.html).toContain(`href="${link.href.replaceAll('&', '&amp;')}"`);
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    // The token is stored as its hash only.
    const stored = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from newsletter_subscriptions where token_hash = ${token}`,
    );
    expect(stored[0]?.n).toBe(0);

    const confirmed = await graphql(CONFIRM, { token, language: 'fr-CA' });
    expect(confirmed.json.data.confirmNewsletter).toEqual({
      email: 'marie@example.ca',
      locale: 'fr-CA',
      message: fr.successMessage,
    });
    expect(await row('marie@example.ca')).toMatchObject({ confirmed: true });
    // The link again: the same answer, nothing changes.
    expect((await graphql(CONFIRM, { token, language: 'fr-CA' })).json.data.confirmNewsletter.message).toBe(
      fr.successMessage,
    );
  });

  it('refuses a made-up or lapsed link with the localised message, and deletes lapsed sign-ups', async () => {
    const de = await texts('de-EU');
    const madeUp = await graphql(CONFIRM, { token: 'x'.repeat(43), language: 'de-EU' });
    expect(madeUp.json.errors[0]).toMatchObject({
      message: de.invalidConfirmationMessage,
      extensions: { code: 'INVALID_CONFIRMATION' },
    });
    await graphql(SUBSCRIBE, { email: 'late@example.de', language: 'de-EU' });
    const token = linkIn((await mailsTo('late@example.de'))[0]?.text).searchParams.get('token') ?? '';
    await database.db.execute(
      sql`update newsletter_subscriptions set expires_at = now() - interval '1 minute' where email = 'late@example.de'`,
    );
    expect((await graphql(CONFIRM, { token, language: 'de-EU' })).json.errors[0].extensions.code).toBe(
      'INVALID_CONFIRMATION',
    );
    expect(await deleteLapsedSignUps(database.db)).toBe(1);
    expect(await row('late@example.de')).toBeNull();
    expect(await row('marie@example.ca')).toMatchObject({ confirmed: true });
  });

  it('answers a confirmed address like any other, mailing nothing and keeping it confirmed', async () => {
    const en = await texts('en-US');
    const before = await queuedMails('marie@example.ca');
    const again = await graphql(SUBSCRIBE, { email: 'marie@example.ca', language: 'en-US' }, '198.51.100.2');
    const fresh = await graphql(SUBSCRIBE, { email: 'new@example.com', language: 'en-US' }, '198.51.100.2');
    expect(again.json).toEqual({
      data: {
        subscribeNewsletter: { email: 'marie@example.ca', locale: 'en-US', message: en.pendingMessage },
      },
    });
    expect(fresh.json.data.subscribeNewsletter.message).toBe(en.pendingMessage);
    expect(await queuedMails('marie@example.ca')).toBe(before);
    expect(await row('marie@example.ca')).toEqual({ confirmed: true, pending: null, locale: 'fr-CA' });
  });

  it('mails one address at most its daily confirmations, answering the same each time', async () => {
    const en = await texts('en-US');
    for (let i = 0; i < 4; i++) {
      const answer = await graphql(
        SUBSCRIBE,
        { email: 'victim@example.com', language: 'en-US' },
        `192.0.2.${i}`,
      );
      expect(answer.json.data.subscribeNewsletter.message).toBe(en.pendingMessage);
    }
    expect(await queuedMails('victim@example.com')).toBe(2);
    // The last link mailed still confirms.
    const mails = await mailsTo('victim@example.com');
    const token = linkIn(mails.at(-1)?.text).searchParams.get('token') ?? '';
    expect((await graphql(CONFIRM, { token, language: 'en-US' })).json.data.confirmNewsletter.email).toBe(
      'victim@example.com',
    );
  });

  it('limits the sign-ups of one client address: 429 with Retry-After, localised, nothing stored', async () => {
    const nl = await texts('nl-EU');
    for (let i = 0; i < PER_ADDRESS; i++) {
      const answer = await graphql(
        SUBSCRIBE,
        { email: `stranger${i}@example.nl`, language: 'nl-EU' },
        '203.0.113.7',
      );
      expect(answer.status).toBe(200);
    }
    const refused = await graphql(
      SUBSCRIBE,
      { email: 'one-more@example.nl', language: 'nl-EU' },
      '203.0.113.7',
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.json.errors[0]).toMatchObject({
      message: nl.rateLimitedMessage,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(await row('one-more@example.nl')).toBeNull();
    expect(await queuedMails('one-more@example.nl')).toBe(0);
    // Another address is not affected.
    expect((await graphql(SUBSCRIBE, { email: 'one-more@example.nl', language: 'nl-EU' })).status).toBe(200);
  });
});

describe('migration of existing databases', () => {
  it('gives every locale’s newsletter item the dataset’s new texts, and old sign-ups a lapse date', async () => {
    const dir = path.join(import.meta.dirname, '../../../../packages/db/migrations');
    const file = (await readdir(dir)).find((name) => name.endsWith('_anonymous_writes_rules.sql'));
    const statements = (await readFile(path.join(dir, file ?? 'missing'), 'utf8')).split(
      '--> statement-breakpoint',
    );
    const newTexts = statements.find((s) => s.includes(`"content_items" AS n`)) ?? '';
    const oldSignUps = statements.find((s) => s.includes('UPDATE "newsletter_subscriptions"')) ?? '';
    const keys = [
      'pendingMessage',
      'rateLimitedMessage',
      'confirmIntro',
      'confirmLabel',
      'invalidConfirmationMessage',
    ];
    const emailKeys = [
      'confirmEmailSubject',
      'confirmEmailIntro',
      'confirmEmailExpiry',
      'confirmEmailIgnore',
    ];
    const loaded = await queryRows<{ locale: string; data: Record<string, string> }>(
      database.db,
      sql`select locale, data from content_items where type = 'newsletter' order by locale`,
    );
    expect(loaded).toHaveLength(loadDataFiles().locales.length);
    // An installation loaded before: its items lack the new texts.
    const stripped = [...keys, ...emailKeys].map((k) => sql`- ${k}::text`);
    await database.db.execute(
      sql`update content_items set data = data ${sql.join(stripped, sql` `)} where type = 'newsletter'`,
    );
    await database.db.execute(sql.raw(newTexts));
    const migrated = await queryRows<{ locale: string; data: Record<string, string> }>(
      database.db,
      sql`select locale, data from content_items where type = 'newsletter' order by locale`,
    );
    expect(migrated).toEqual(loaded);

    await database.db.execute(
      sql`insert into newsletter_subscriptions (email, locale) values ('old@example.com', 'en-US')`,
    );
    await database.db.execute(sql.raw(oldSignUps));
    const [old] = await queryRows<{ days: number; confirmed: boolean }>(
      database.db,
      sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days, confirmed_at is not null as confirmed
          from newsletter_subscriptions where email = 'old@example.com'`,
    );
    expect(old).toEqual({ days: 30, confirmed: false });
  });
});
