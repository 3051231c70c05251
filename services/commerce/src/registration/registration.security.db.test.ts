import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serveCommerce } from '../testing/commerce-server';
import { BUYER_PASSWORD, commerceForTests } from '../testing/sdk';

/**
 * Self-registration (issue 20 items 3 and 10): nothing exists until the address is confirmed by the mailed
 * code; an address that already has an account gets exactly the same answer (and a mail saying so); a
 * chosen username may be said to be taken, an address never.
 */
describe(`registration on ${testDriver()}`, () => {
  const service = commerceForTests({
    config: { COMMERCE_VERIFICATION_MAILS_PER_EMAIL: 3, COMMERCE_REGISTER_RATE_PER_ADDRESS: 1000 },
  });
  const db = () => service().database.db;

  async function anonymousToken(): Promise<string> {
    const response = await fetch(`${service().baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'storefront' }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function register(fields: Record<string, unknown>, token?: string, baseUrl = service().baseUrl) {
    const response = await fetch(`${baseUrl}/v1/me/register`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token ?? (await anonymousToken())}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        FirstName: 'Jana',
        LastName: 'Novak',
        Password: 'Novak#2026',
        ...fields,
      }),
    });
    return {
      status: response.status,
      body: await response.text(),
      headers: Object.fromEntries(
        [...response.headers].filter(([name]) => !['date', 'content-length'].includes(name)),
      ),
    };
  }

  const mailsTo = (address: string) =>
    queryRows<{ payload: Record<string, string> }>(
      db(),
      sql`select payload from outbox where kind = 'email' and lower(payload->>'to') = lower(${address}) order by id`,
    );
  const usersNamed = (username: string) =>
    queryRows(db(), sql`select 1 from users where lower(username) = lower(${username})`);
  const confirm = (code: string) =>
    fetch(`${service().baseUrl}/v1/email/verification/${encodeURIComponent(code)}`, { method: 'POST' });
  const login = (username: string, password: string) =>
    fetch(`${service().baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'storefront', username, password }),
    });

  it('answers a registered address exactly like a new one, and mails each what is true', async () => {
    const fresh = await register({ Username: 'jana', Email: 'jana@novak.example', Locale: 'de-eu' });
    const taken = await register({ Username: 'jana2', Email: 'EU-Buyer@nordlicht-elektro.example' });
    const takenAsUsername = await register({
      Username: 'eu-buyer@nordlicht-elektro.example',
      Email: 'eu-buyer@nordlicht-elektro.example',
    });
    expect(fresh.status).toBe(202);
    expect(taken).toEqual(fresh);
    expect(takenAsUsername).toEqual(fresh);
    expect(JSON.parse(fresh.body)).toEqual({ access_token: null });

    // Nothing exists yet for the new address: no user, no login.
    expect(await usersNamed('jana')).toEqual([]);
    expect((await login('jana', 'Novak#2026')).status).toBe(400);
    const [verification] = await mailsTo('jana@novak.example');
    expect(verification?.payload).toMatchObject({
      template: 'email-verification',
      purpose: 'registration',
      username: 'jana',
      locale: 'de-EU',
    });
    expect(verification?.payload.link).toMatch(/^http:\/\/localhost:3000\/de-eu\/verify-email\?code=/);

    // The registered address is told it has an account, with the ways in; nothing waits for it.
    const told = await mailsTo('eu-buyer@nordlicht-elektro.example');
    expect(told.map((m) => m.payload.template)).toEqual(['account-exists', 'account-exists']);
    expect(told[0]?.payload).toMatchObject({
      loginLink: 'http://localhost:3000/login',
      resetLink: 'http://localhost:3000/forgot-password',
    });
    expect(told[0]?.payload).not.toHaveProperty('code');
    const waiting = await queryRows(
      db(),
      sql`select 1 from pending_registrations where lower(email) = 'eu-buyer@nordlicht-elektro.example'`,
    );
    expect(waiting).toEqual([]);
    expect(await usersNamed('jana2')).toEqual([]);
  });

  it('creates the account, verified, when the mailed code comes back — once', async () => {
    await register({ Username: 'ivo', Email: 'ivo@novak.example' });
    const [mail] = await mailsTo('ivo@novak.example');
    const code = mail?.payload.code ?? '';
    const check = await fetch(`${service().baseUrl}/v1/email/verification/${encodeURIComponent(code)}`);
    expect(await check.json()).toMatchObject({
      Purpose: 'Registration',
      Email: 'ivo@novak.example',
      Username: 'ivo',
    });
    const confirmed = await confirm(code);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({
      Purpose: 'Registration',
      Email: 'ivo@novak.example',
      Username: 'ivo',
    });
    const [user] = await queryRows<{ company_id: string; verified: boolean }>(
      db(),
      sql`select company_id, email_verified_at is not null as verified from users where username = 'ivo'`,
    );
    expect(user).toEqual({ company_id: 'PUBLIC-US', verified: true });
    expect((await login('ivo', 'Novak#2026')).status).toBe(200);
    expect((await login('ivo@novak.example', 'Novak#2026')).status).toBe(200);

    const again = await confirm(code);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe(
      'EmailVerification.InvalidCode',
    );
  });

  it('says a chosen username is taken, and refuses an address as username that is not the address', async () => {
    const taken = await register({ Username: 'EMPLOYEE', Email: 'someone@novak.example' });
    expect(taken.status).toBe(409);
    expect(JSON.parse(taken.body).Errors[0].ErrorCode).toBe('User.UsernameMustBeUnique');
    const other = await register({
      Username: 'eu-buyer@nordlicht-elektro.example',
      Email: 'x@novak.example',
    });
    expect(other.status).toBe(400);
    expect(JSON.parse(other.body).Errors[0]).toMatchObject({
      ErrorCode: 'ValidationFailure',
      Data: { Property: 'Username' },
    });
    expect((await register({ Username: 'nomail', Email: '' })).status).toBe(400);
    expect(await mailsTo('someone@novak.example')).toEqual([]);
    expect(await mailsTo('x@novak.example')).toEqual([]);
  });

  it('refuses a confirmation whose username was taken meanwhile, using the code up', async () => {
    await register({ Username: 'twin', Email: 'twin-one@novak.example' });
    await register({ Username: 'twin', Email: 'twin-two@novak.example' });
    const first = (await mailsTo('twin-one@novak.example'))[0]?.payload.code ?? '';
    const second = (await mailsTo('twin-two@novak.example'))[0]?.payload.code ?? '';
    expect((await confirm(first)).status).toBe(200);
    const late = await confirm(second);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe(
      'EmailVerification.UsernameTaken',
    );
    expect((await confirm(second)).status).toBe(400);
    expect(await usersNamed('twin')).toHaveLength(1);
  });

  it('sends a new link on request, always with the same answer, within the address’s allowance', async () => {
    await register({ Username: 'mila', Email: 'mila@novak.example' });
    const ask = (Email: string) =>
      fetch(`${service().baseUrl}/v1/email/verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email, Locale: 'fr-CA' }),
      });
    const answers = [await ask('mila@novak.example'), await ask('nobody@novak.example')];
    expect(answers.map((a) => a.status)).toEqual([204, 204]);
    expect(await mailsTo('nobody@novak.example')).toEqual([]);
    const mails = await mailsTo('mila@novak.example');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.payload).toMatchObject({ purpose: 'registration', locale: 'fr-CA' });
    // The new link replaces the first one.
    expect((await confirm(mails[0]?.payload.code ?? '')).status).toBe(400);

    // Three mails an hour for one address (COMMERCE_VERIFICATION_MAILS_PER_EMAIL=3): the fourth request
    // is answered the same and sends nothing.
    expect((await ask('mila@novak.example')).status).toBe(204);
    expect((await ask('mila@novak.example')).status).toBe(204);
    expect(await mailsTo('mila@novak.example')).toHaveLength(3);
    expect((await confirm((await mailsTo('mila@novak.example'))[2]?.payload.code ?? '')).status).toBe(200);
  });

  it('lets only anonymous shoppers register, and keeps locked xp to administrators', async () => {
    const response = await fetch(`${service().baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'storefront',
        username: 'employee',
        password: BUYER_PASSWORD,
      }),
    });
    const { access_token } = (await response.json()) as { access_token: string };
    const refused = await register({ Username: 'again', Email: 'again@novak.example' }, access_token);
    expect(JSON.parse(refused.body).Errors[0].ErrorCode).toBe('User.AlreadyRegistered');
    const locked = await register({
      Username: 'verified-me',
      Email: 'verified@novak.example',
      xp: { RoleVerified: 'true' },
    });
    expect(locked.status).toBe(403);
    expect(await mailsTo('verified@novak.example')).toEqual([]);
  });

  it('keeps the registration limit per client address, shared with requests for a new link', async () => {
    const strict = await serveCommerce(service().database, { COMMERCE_REGISTER_RATE_PER_ADDRESS: 2 });
    try {
      const attempt = (n: number) =>
        register(
          { Username: `limited-${n}`, Email: `limited-${n}@novak.example` },
          undefined,
          strict.baseUrl,
        );
      expect((await attempt(1)).status).toBe(202);
      const ask = await fetch(`${strict.baseUrl}/v1/email/verification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: 'limited-1@novak.example' }),
      });
      expect(ask.status).toBe(204);
      const refused = await attempt(3);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body).Errors[0].ErrorCode).toBe('TooManyRequests');
      expect(await usersNamed('limited-3')).toEqual([]);
      expect(await mailsTo('limited-3@novak.example')).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
