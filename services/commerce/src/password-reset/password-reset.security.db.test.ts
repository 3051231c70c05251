import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { Auth } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, postJsonFrom } from '../testing/from-address';
import { ADMIN_PASSWORD, BUYER_PASSWORD, commerceForTests } from '../testing/sdk';

const SITE = 'https://shop.example.com';

/**
 * Issue 20 item 2: a password reset mail links only to the API client's origins (ApiClient.LinkOrigins,
 * else SITE_ORIGIN), never where the caller says; a code works once, for its user and client, within its
 * lifetime, and no longer after a newer request, a password change or a deactivation; requests for one
 * address send a few mails, whoever asks, and one requester is limited — always with the same answer.
 */
describe(`password reset on ${testDriver()}`, () => {
  const commerce = commerceForTests({
    config: { SITE_ORIGIN: SITE, COMMERCE_RESET_CODE_MINUTES: 15, COMMERCE_RESET_LIMIT_PER_ADDRESS: 10 },
  });
  let admin = '';
  let requester = 0;
  /** Each request from its own loopback address unless told, so the per-requester limit stays out of the way. */
  const ask = (body: Record<string, unknown>, from = `127.0.3.${++requester}`): Promise<Answer> =>
    postJsonFrom(from, `${commerce().baseUrl}/v1/password/reset`, { ClientID: 'storefront', ...body });
  const mails = (username: string) =>
    queryRows<{ code: string; link: string | null; locale: string | null; minutes: number }>(
      commerce().database.db,
      sql`select payload->>'code' as code, payload->>'link' as link, payload->>'locale' as locale,
            (payload->>'expiresInMinutes')::int as minutes
          from outbox where kind = 'email' and payload->>'template' = 'password-reset'
            and payload->>'username' = ${username} order by id`,
    );
  const check = async (code: string, clientId = 'storefront') =>
    (await fetch(`${commerce().baseUrl}/v1/password/reset/${encodeURIComponent(code)}?ClientID=${clientId}`))
      .status;
  const redeem = (code: string, body: Record<string, string>) =>
    fetch(`${commerce().baseUrl}/v1/password/reset/${encodeURIComponent(code)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientID: 'storefront', Password: BUYER_PASSWORD, ...body }),
    });
  const asAdmin = (path: string, method: string, body?: unknown) =>
    fetch(`${commerce().baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newCode = async (username: string, email: string) => {
    expect((await ask({ Email: email })).status).toBe(204);
    return (await mails(username)).at(-1)?.code ?? '';
  };

  beforeAll(async () => {
    admin = (await Auth.ElevatedLogin('admin-console-secret', 'admin', ADMIN_PASSWORD, 'admin-console'))
      .access_token;
  });

  it('refuses a link to any origin but the site’s, before looking for the account, and sends nothing', async () => {
    for (const URL of [
      'https://evil.example/reset',
      'https://shop.example.com.evil.example/reset-password',
      'http://shop.example.com/reset-password',
      'https://attacker:x@shop.example.com/reset-password',
      'javascript:alert(1)//shop.example.com',
      '/reset-password',
    ]) {
      for (const Email of ['employee@acme-electrical.example', 'nobody@acme-electrical.example']) {
        const answer = await ask({ Email, URL });
        expect(answer.status, URL).toBe(400);
        expect((answer.body as { Errors: { ErrorCode: string }[] }).Errors[0]?.ErrorCode).toBe(
          'PasswordReset.InvalidURL',
        );
      }
    }
    expect(await mails('employee')).toEqual([]);
    expect(
      (await ask({ Email: 'employee@acme-electrical.example', URL: `${SITE}/fr-ca/reset-password#x` }))
        .status,
    ).toBe(204);
    const [mail] = await mails('employee');
    expect(mail?.link).toBe(`${SITE}/fr-ca/reset-password?code=${mail?.code}`);
    expect(mail?.locale).toBe('fr-CA');
    expect(mail?.minutes).toBe(15);
  });

  it("links to the API client's own LinkOrigins when it has them", async () => {
    const other = 'https://b2b.example.org';
    const bad = await asAdmin('/v1/apiclients/storefront', 'PATCH', { LinkOrigins: [`${other}/path`] });
    expect(bad.status).toBe(400);
    const set = await asAdmin('/v1/apiclients/storefront', 'PATCH', { LinkOrigins: [`${other}/`] });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { LinkOrigins: string[] }).LinkOrigins).toEqual([other]);
    try {
      expect(
        (await ask({ Email: 'engineer@acme-electrical.example', URL: `${SITE}/reset-password` })).status,
      ).toBe(400);
      expect((await ask({ Email: 'engineer@acme-electrical.example', URL: `${other}/reset` })).status).toBe(
        204,
      );
      expect((await mails('engineer')).at(-1)?.link).toMatch(/^https:\/\/b2b\.example\.org\/reset\?code=/);
    } finally {
      await asAdmin('/v1/apiclients/storefront', 'PATCH', { LinkOrigins: [] });
    }
  });

  it('makes a code work once, for its user and API client, until a newer one or its expiry', async () => {
    const first = await newCode('newbie', 'newbie@acme-electrical.example');
    const second = await newCode('newbie', 'newbie@acme-electrical.example');
    expect(await check(first)).toBe(400);
    expect(await check(second)).toBe(200);
    expect(await check(second, 'admin-console')).toBe(400);
    expect((await redeem(second, { ClientID: 'admin-console', Username: 'newbie' })).status).toBe(400);
    expect((await redeem(second, { Username: 'engineer' })).status).toBe(400);
    expect((await redeem(second, { Username: 'newbie' })).status).toBe(204);
    expect((await redeem(second, { Username: 'newbie' })).status).toBe(400);

    const late = await newCode('newbie', 'newbie@acme-electrical.example');
    const [lifetime] = await queryRows<{ minutes: number }>(
      commerce().database.db,
      sql`select extract(epoch from expires_at - created_at)::int / 60 as minutes from password_reset_codes
          order by created_at desc limit 1`,
    );
    expect(lifetime?.minutes).toBe(15);
    await commerce().database.db.execute(
      sql`update password_reset_codes set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect(await check(late)).toBe(400);
    expect((await redeem(late, { Username: 'newbie' })).status).toBe(400);
  });

  it('voids outstanding codes when the password changes or the user is deactivated', async () => {
    const beforeChange = await newCode('ca-buyer', 'ca-buyer@mapleleaf-electric.example');
    const token = (await Auth.Login('ca-buyer', BUYER_PASSWORD, 'storefront')).access_token;
    const changed = await fetch(`${commerce().baseUrl}/v1/me/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ NewPassword: 'Maple#2027' }),
    });
    expect(changed.status).toBe(204);
    expect(await check(beforeChange)).toBe(400);
    expect((await redeem(beforeChange, { Username: 'ca-buyer' })).status).toBe(400);

    const beforeDeactivation = await newCode('ca-buyer', 'ca-buyer@mapleleaf-electric.example');
    expect((await asAdmin('/v1/buyers/MAPLE-CA/users/ca-buyer', 'PATCH', { Active: false })).status).toBe(
      200,
    );
    expect((await asAdmin('/v1/buyers/MAPLE-CA/users/ca-buyer', 'PATCH', { Active: true })).status).toBe(200);
    expect(await check(beforeDeactivation)).toBe(400);
  });

  it('sends a few mails for 40 requests about one address, answering every request the same way', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => ask({ Email: 'gb-buyer@thamesvalley-electrical.example' })),
    );
    const strangers = await Promise.all(
      Array.from({ length: 40 }, () => ask({ Email: 'ghost@thamesvalley-electrical.example' })),
    );
    expect(new Set([...answers, ...strangers].map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 204, body: null, retryAfter: null })]),
    );
    expect(await mails('gb-buyer')).toHaveLength(3);
  });

  it('mails no address its owner has not confirmed, such as one typed into a profile', async () => {
    const token = (await Auth.Login('au-buyer', BUYER_PASSWORD, 'storefront')).access_token;
    const victim = 'someone-else@victim.example';
    const changed = await fetch(`${commerce().baseUrl}/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Email: victim }),
    });
    expect(changed.status).toBe(200);
    expect((await ask({ Email: victim })).status).toBe(204);
    expect(await mails('au-buyer')).toEqual([]);
    await commerce().database.db.execute(
      sql`update users set email = 'au-buyer@southerncross-electrical.example', email_verified_at = now()
          where id = 'au-buyer'`,
    );
  });

  it('limits the requests of one requester with 429 and Retry-After', async () => {
    const from = '127.0.4.1';
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++) answers.push(await ask({ Email: `someone-${i}@example.com` }, from));
    expect(answers.slice(0, 10).every((a) => a.status === 204)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.retryAfter).toBeGreaterThan(0);
    expect((await ask({ Email: 'au-buyer@southerncross-electrical.example' }, '127.0.4.2')).status).toBe(204);
  });
});
