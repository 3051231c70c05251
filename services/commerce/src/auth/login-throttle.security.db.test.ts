import * as crypto from 'node:crypto';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CommerceUnderTest, serveCommerce, startCommerce } from '../testing/commerce-server';
import { type Answer, postFormFrom } from '../testing/from-address';
import { ADMIN_PASSWORD, BUYER_PASSWORD } from '../testing/sdk';
import { throttleKey } from './throttles';

// Counts password hash computations (scrypt) without changing them: a login's cost, told without a clock.
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

/**
 * Issue 20 item 4 (and item 10's login timing): wrong passwords are throttled per username and address
 * with growing waits, counted before the password is checked, in the database; nobody can lock a user
 * out from another address; a login for a name that matches nobody costs one password hash like any other.
 * Requests come from different loopback addresses (127.0.0.x) as they would from different clients.
 */
describe(`login throttling on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  const login = (from: string, username: string, password: string): Promise<Answer> =>
    postFormFrom(from, `${commerce.baseUrl}/oauth/token`, {
      grant_type: 'password',
      client_id: 'storefront',
      username,
      password,
    });
  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

  beforeAll(async () => {
    commerce = await startCommerce();
  });
  afterAll(async () => {
    await commerce?.close();
  });

  it('checks only the free attempts of 30 parallel wrong guesses from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('127.0.0.2', 'employee', `wrong-${i}`)),
    );
    expect(statuses(answers)).toEqual([...Array(5).fill(400), ...Array(25).fill(429)]);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body?.error).toBe('slow_down');
      expect(answer.retryAfter).toBeGreaterThan(0);
    }
  });

  it('never lets the right password in among 30 parallel guesses once the limit is reached', async () => {
    for (let i = 0; i < 5; i++) expect((await login('127.0.0.3', 'prefab', `wrong-${i}`)).status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login('127.0.0.3', 'prefab', i % 3 === 0 ? BUYER_PASSWORD : 'nope'),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(statuses(answers)).toEqual(Array(30).fill(429));
  });

  it('lets the right password in from another address while one address guesses wrong', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('127.0.0.4', 'engineer', `wrong-${i}`)),
    );
    expect(guesses.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    const owner = await login('127.0.0.5', 'engineer', BUYER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body?.access_token).toEqual(expect.any(String));
  });

  it('keeps the seller administrator reachable from elsewhere', async () => {
    for (let i = 0; i < 12; i++) await login('127.0.0.6', 'admin', `wrong-${i}`);
    const elsewhere = await postFormFrom('127.0.0.7', `${commerce.baseUrl}/oauth/token`, {
      grant_type: 'password',
      client_id: 'sales-inbox',
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('makes each wait twice as long as the one before', async () => {
    const pair = throttleKey('login-pair', 'newbie', '127.0.0.8');
    const waitedOut = () =>
      commerce.database.db.execute(
        sql`update auth_throttles set blocked_until = clock_timestamp() where key = ${pair}`,
      );
    for (let i = 0; i < 5; i++) await login('127.0.0.8', 'newbie', `wrong-${i}`);
    const waits: (number | null)[] = [];
    for (let round = 0; round < 4; round++) {
      const refused = await login('127.0.0.8', 'newbie', BUYER_PASSWORD);
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter);
      await waitedOut();
      expect((await login('127.0.0.8', 'newbie', `still-wrong-${round}`)).status).toBe(400);
    }
    expect(waits).toEqual([2, 4, 8, 16]);
    await waitedOut();
    expect((await login('127.0.0.8', 'newbie', BUYER_PASSWORD)).status).toBe(200);
  });

  it('answers a name that matches nobody exactly like a known one, after one password hash', async () => {
    const scrypt = vi.mocked(crypto.scrypt);
    await login('127.0.0.9', 'warm-up', 'x');
    scrypt.mockClear();
    const unknown = await login('127.0.0.9', 'nobody-at-all', 'some password');
    expect(scrypt).toHaveBeenCalledTimes(1);
    scrypt.mockClear();
    const known = await login('127.0.0.9', 'eu-buyer', 'some password');
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(unknown).toEqual(known);
    // The template user has no password: the same single hash, the same answer.
    scrypt.mockClear();
    expect(await login('127.0.0.9', 'anonymous-template', 'some password')).toEqual(known);
    expect(scrypt).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) await login('127.0.0.10', 'nobody-at-all', `wrong-${i}`);
    expect((await login('127.0.0.10', 'nobody-at-all', 'again')).status).toBe(429);
  });

  describe('ceilings shared by every address', () => {
    let strict: Awaited<ReturnType<typeof serveCommerce>>;
    const loginStrict = (from: string, username: string, password: string) =>
      postFormFrom(from, `${strict.baseUrl}/oauth/token`, {
        grant_type: 'password',
        client_id: 'storefront',
        username,
        password,
      });

    beforeAll(async () => {
      // A second instance on the same database with small ceilings: one address makes 2 attempts a window.
      strict = await serveCommerce(commerce.database, {
        COMMERCE_LOGIN_FREE_ATTEMPTS: 2,
        COMMERCE_LOGIN_FIRST_DELAY_S: 120,
        COMMERCE_LOGIN_MAX_DELAY_S: 120,
        COMMERCE_LOGIN_WINDOW_MINUTES: 1,
        COMMERCE_LOGIN_LIMIT_PER_USERNAME: 3,
        COMMERCE_LOGIN_LIMIT_PER_ADDRESS: 3,
      });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('stops guesses spread over many addresses at the username ceiling, until an administrator unlocks', async () => {
      for (const from of ['127.0.1.1', '127.0.1.2', '127.0.1.3']) {
        expect((await loginStrict(from, 'ca-buyer', 'wrong')).status).toBe(400);
      }
      const owner = await loginStrict('127.0.1.4', 'ca-buyer', BUYER_PASSWORD);
      expect(owner.status).toBe(429);
      // Through the first instance (the strict one's ceiling already holds admin's wrong guesses above).
      const admin = await postFormFrom('127.0.1.5', `${commerce.baseUrl}/oauth/token`, {
        grant_type: 'password',
        client_id: 'admin-console',
        client_secret: 'admin-console-secret',
        username: 'admin',
        password: ADMIN_PASSWORD,
      });
      const unlock = await fetch(`${strict.baseUrl}/v1/buyers/MAPLE-CA/users/ca-buyer/unlock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.body?.access_token}` },
      });
      expect(unlock.status).toBe(204);
      expect((await loginStrict('127.0.1.4', 'ca-buyer', BUYER_PASSWORD)).status).toBe(200);
    });

    it('stops one address trying many accounts at the address ceiling', async () => {
      for (const username of ['gb-buyer', 'au-buyer', 'someone']) {
        expect((await loginStrict('127.0.2.1', username, 'wrong')).status).toBe(400);
      }
      expect((await loginStrict('127.0.2.1', 'gb-buyer', BUYER_PASSWORD)).status).toBe(429);
      expect((await loginStrict('127.0.2.2', 'gb-buyer', BUYER_PASSWORD)).status).toBe(200);
    });
  });
});
