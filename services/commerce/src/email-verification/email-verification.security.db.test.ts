import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, BUYER_PASSWORD, commerceForTests } from '../testing/sdk';

/**
 * Verified addresses (issue 20 item 3): only a mailed code marks an address verified — never the user,
 * never a write of any field; every change of the address, whoever makes it, unverifies it and mails a code
 * for the new one; a code works once, until it expires, for the user and address it was mailed for.
 */
describe(`e-mail verification on ${testDriver()}`, () => {
  const service = commerceForTests({ config: { COMMERCE_VERIFICATION_MAILS_PER_USER: 3 } });
  const db = () => service().database.db;

  async function token(username: string): Promise<string> {
    const form: Record<string, string> =
      username === 'admin'
        ? {
            grant_type: 'password',
            client_id: 'admin-console',
            client_secret: 'admin-console-secret',
            username,
            password: ADMIN_PASSWORD,
          }
        : { grant_type: 'password', client_id: 'storefront', username, password: BUYER_PASSWORD };
    const response = await fetch(`${service().baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const call = (method: string, path: string, bearer: string | null, body?: unknown) =>
    fetch(`${service().baseUrl}${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const me = async (bearer: string) =>
    (await (await call('GET', '/v1/me', bearer)).json()) as { Email: string; EmailVerified: boolean };
  const verified = async (username: string) =>
    (
      await queryRows<{ verified: boolean }>(
        db(),
        sql`select email_verified_at is not null as verified from users where username = ${username}`,
      )
    )[0]?.verified;
  const lastCodeFor = async (address: string) =>
    (
      await queryRows<{ payload: Record<string, string> }>(
        db(),
        sql`select payload from outbox where payload->>'template' = 'email-verification'
            and lower(payload->>'to') = lower(${address}) order by id desc limit 1`,
      )
    )[0]?.payload;
  const confirm = (code: string) => call('POST', `/v1/email/verification/${encodeURIComponent(code)}`, null);
  const errorCode = async (response: Response) =>
    ((await response.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode;

  it('shows the demo users verified, and no write of any field verifies an address', async () => {
    const engineer = await token('engineer');
    expect(await me(engineer)).toMatchObject({ EmailVerified: true });
    expect((await call('PATCH', '/v1/me', engineer, { Email: 'priya@elsewhere.example' })).status).toBe(200);
    expect(await me(engineer)).toMatchObject({ Email: 'priya@elsewhere.example', EmailVerified: false });

    const attempts: [string, unknown][] = [
      ['PATCH', { EmailVerified: true }],
      ['PATCH', { xp: { EmailVerified: true, EmailVerifiedAt: new Date().toISOString() } }],
      ['PATCH', { Email: 'priya@elsewhere.example', EmailVerified: true }],
      [
        'PUT',
        {
          Username: 'engineer',
          FirstName: 'Priya',
          LastName: 'Raman',
          Email: 'priya@elsewhere.example',
          EmailVerified: true,
        },
      ],
    ];
    for (const [method, body] of attempts) {
      expect((await call(method, '/v1/me', engineer, body)).status).toBeLessThan(500);
      expect(await me(engineer)).toMatchObject({ EmailVerified: false });
    }
    // Nor through registration's or an administrator's user body.
    const admin = await token('admin');
    await call('PATCH', '/v1/buyers/ACME-US/users/engineer', admin, { EmailVerified: true });
    expect(await verified('engineer')).toBe(false);
  });

  it('mails a code for a changed address, which verifies that address once', async () => {
    const employee = await token('employee');
    // A change of case is the same mailbox: nothing to confirm.
    const current = (await me(employee)).Email;
    await call('PATCH', '/v1/me', employee, { Email: current.toUpperCase() });
    expect(await me(employee)).toMatchObject({ EmailVerified: true });

    await call('PATCH', '/v1/me', employee, { Email: 'daniel@new-address.example' });
    const mail = await lastCodeFor('daniel@new-address.example');
    expect(mail).toMatchObject({ purpose: 'change', username: 'employee' });
    const described = await call('GET', `/v1/email/verification/${mail?.code}`, null);
    expect(await described.json()).toMatchObject({
      Purpose: 'AddressChange',
      Email: 'daniel@new-address.example',
      Username: 'employee',
    });
    const confirmed = await confirm(mail?.code ?? '');
    expect(confirmed.status).toBe(200);
    expect(await me(employee)).toMatchObject({ EmailVerified: true });
    const again = await confirm(mail?.code ?? '');
    expect([again.status, await errorCode(again)]).toEqual([400, 'EmailVerification.InvalidCode']);
  });

  it('binds a code to its address: a later address, or an address changed behind it, is not verified by it', async () => {
    const prefab = await token('prefab');
    await call('PATCH', '/v1/me', prefab, { Email: 'first@prefab.example' });
    const first = (await lastCodeFor('first@prefab.example'))?.code ?? '';
    await call('PATCH', '/v1/me', prefab, { Email: 'second@prefab.example' });
    expect((await confirm(first)).status).toBe(400);
    expect(await verified('prefab')).toBe(false);

    // A code whose address was changed by a SQL script (no new mail): refused, address unverified.
    const second = (await lastCodeFor('second@prefab.example'))?.code ?? '';
    await db().execute(sql`update users set email = 'third@prefab.example' where username = 'prefab'`);
    expect((await confirm(second)).status).toBe(400);
    expect(await verified('prefab')).toBe(false);
  });

  it('lets a code expire', async () => {
    const newbie = await token('newbie');
    await call('PATCH', '/v1/me', newbie, { Email: 'tyler@late.example' });
    const code = (await lastCodeFor('tyler@late.example'))?.code ?? '';
    await db().execute(
      sql`update email_verifications set expires_at = now() - interval '1 second' where email = 'tyler@late.example'`,
    );
    expect((await call('GET', `/v1/email/verification/${code}`, null)).status).toBe(400);
    expect((await confirm(code)).status).toBe(400);
    expect(await verified('newbie')).toBe(false);
  });

  it('verifies an address an administrator set, by the same mail, and the trigger holds for SQL too', async () => {
    const admin = await token('admin');
    const changed = await call('PATCH', '/v1/buyers/MAPLE-CA/users/ca-buyer', admin, {
      Email: 'ca-buyer@moved.example',
    });
    expect(await changed.json()).toMatchObject({ Email: 'ca-buyer@moved.example', EmailVerified: false });
    const mail = await lastCodeFor('ca-buyer@moved.example');
    expect(mail).toMatchObject({ purpose: 'change', username: 'ca-buyer' });
    expect((await confirm(mail?.code ?? '')).status).toBe(200);
    expect(await verified('ca-buyer')).toBe(true);

    await db().execute(sql`update users set email = 'ca@script.example' where username = 'ca-buyer'`);
    expect(await verified('ca-buyer')).toBe(false);
  });

  it('limits a user’s own address changes that mail a code, refusing the change itself', async () => {
    const buyer = await token('gb-buyer');
    for (let n = 1; n <= 3; n++) {
      expect((await call('PATCH', '/v1/me', buyer, { Email: `gb-${n}@spam.example` })).status).toBe(200);
    }
    const refused = await call('PATCH', '/v1/me', buyer, { Email: 'gb-4@spam.example' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorCode(refused)).toBe('TooManyRequests');
    expect(await me(buyer)).toMatchObject({ Email: 'gb-3@spam.example' });
    expect(await lastCodeFor('gb-4@spam.example')).toBeUndefined();
  });

  it('logs nobody in by an address nobody confirmed', async () => {
    const login = (username: string) =>
      fetch(`${service().baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'storefront',
          username,
          password: BUYER_PASSWORD,
        }),
      });
    expect((await login('au-buyer@southerncross-electrical.example')).status).toBe(200);
    const eu = await token('eu-buyer');
    // eu-buyer claims au-buyer's address: it logs neither of them in by it, and au-buyer still can.
    await call('PATCH', '/v1/me', eu, { Email: 'au-buyer@southerncross-electrical.example' });
    expect((await login('au-buyer@southerncross-electrical.example')).status).toBe(200);
    const au = await token('au-buyer');
    await call('PATCH', '/v1/me', au, { Email: 'au@unconfirmed.example' });
    expect((await login('au@unconfirmed.example')).status).toBe(400);
    expect((await login('au-buyer')).status).toBe(200);
  });

  it('marks users of installations from before verification by who vouched for their address', async () => {
    const rule = readFileSync(path.join(migrationsFolder, '0031_email_verification_rules.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .find((statement) => statement.includes('UPDATE users SET email_verified_at'));
    expect(rule).toBeDefined();
    await db().execute(sql`insert into users (company_type, company_id, id, username, email)
      values ('buyer', 'PUBLIC-EU', 'self-made', 'self-made', 'self@made.example'),
             ('buyer', 'ACME-US', 'no-mail', 'no-mail', '')`);
    await db().execute(sql`update users set email_verified_at = null`);
    await db().execute(sql.raw(rule ?? ''));
    const rows = await queryRows<{ username: string; verified: boolean }>(
      db(),
      sql`select username, email_verified_at is not null as verified from users
          where username in ('self-made', 'no-mail', 'admin', 'employee', 'anonymous-eu', 'eu-buyer')
          order by username`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.username, r.verified]))).toEqual({
      admin: true,
      'anonymous-eu': true,
      employee: true,
      'eu-buyer': true,
      'no-mail': false,
      'self-made': false,
    });
  });
});
