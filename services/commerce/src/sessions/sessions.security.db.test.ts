import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { AdminUsers, Auth, ForgottenCredentials, Me, SupplierUsers, Users } from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommerce } from '../testing/commerce-server';
import { ADMIN_PASSWORD, BUYER_PASSWORD, commerceForTests, refusal } from '../testing/sdk';

/**
 * Issue 20 item 5: sessions end when they should. A logout ends its refresh token and the access tokens
 * issued with it; a deactivation (of the user or their company), a password change or reset, and the
 * official SDK's RevokeUserTokens family end every token of the user at their next call — on every
 * instance, with or without the read cache — and reactivating the user does not bring them back.
 */
describe(`ending sessions on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  let admin = '';

  interface Session {
    access: string;
    refresh: string;
  }

  async function session(username: string, clientId = 'storefront'): Promise<Session> {
    const password = username === 'admin' ? ADMIN_PASSWORD : BUYER_PASSWORD;
    const auth = await Auth.Login(username, password, clientId);
    return { access: auth.access_token, refresh: auth.refresh_token };
  }
  const status = async (access: string, path = '/v1/me', base = commerce().baseUrl) =>
    (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${access}` } })).status;
  const refreshes = async (refresh: string, clientId = 'storefront') =>
    (
      await fetch(`${commerce().baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: refresh,
        }),
      })
    ).status === 200;
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${commerce().baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  const asAdmin = (path: string, method: string, body?: unknown) =>
    fetch(`${commerce().baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const introspect = async (token: string) =>
    (await (await form('/oauth/introspect', { token })).json()) as { active: boolean; sub?: string };
  /** The session is over: the access token is refused on the next call and the refresh token too. */
  const ended = async (s: Session) => ({
    access: await status(s.access),
    refresh: await refreshes(s.refresh),
  });

  beforeAll(async () => {
    admin = (await Auth.ElevatedLogin('admin-console-secret', 'admin', ADMIN_PASSWORD, 'admin-console'))
      .access_token;
  });

  it('ends one session at logout: its refresh token and the access tokens issued with it, no other', async () => {
    const phone = await session('engineer');
    const laptop = await session('engineer');
    const renewed = (await Auth.RefreshToken(phone.refresh, 'storefront')).access_token;
    expect(await introspect(renewed)).toMatchObject({ active: true, sub: 'engineer' });

    const elsewhere = await form('/oauth/revoke', { token: phone.refresh, client_id: 'sales-inbox' });
    expect(elsewhere.status).toBe(400);
    expect(await refreshes(phone.refresh)).toBe(true);

    const logout = await form('/oauth/revoke', {
      token: phone.refresh,
      token_type_hint: 'refresh_token',
      client_id: 'storefront',
    });
    expect(logout.status).toBe(200);
    expect(await ended(phone)).toEqual({ access: 401, refresh: false });
    expect(await status(renewed)).toBe(401);
    expect(await introspect(renewed)).toEqual({ active: false });
    expect(await ended(laptop)).toEqual({ access: 200, refresh: true });
    // An unknown or already revoked token is simply gone (RFC 7009).
    expect((await form('/oauth/revoke', { token: phone.refresh, client_id: 'storefront' })).status).toBe(200);
    expect((await form('/oauth/revoke', { token: 'made-up', client_id: 'storefront' })).status).toBe(200);
  });

  it('refuses a body that is not the form its content type says with 400, not 500 (fuzz: multipart without a boundary)', async () => {
    for (const path of ['/oauth/revoke', '/oauth/introspect', '/oauth/token']) {
      const response = await fetch(`${commerce().baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: `${'['.repeat(50)}1${']'.repeat(50)}`,
      });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('ends every token of a deactivated user at their next call, for good', async () => {
    const before = await session('newbie');
    const patched = await asAdmin('/v1/buyers/ACME-US/users/newbie', 'PATCH', { Active: false });
    expect(patched.status).toBe(200);
    expect(await ended(before)).toEqual({ access: 401, refresh: false });
    expect(await status(before.access, '/v1/me/orders')).toBe(401);
    const submit = await fetch(`${commerce().baseUrl}/v1/orders/Outgoing`, {
      method: 'POST',
      headers: { authorization: `Bearer ${before.access}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(submit.status).toBe(401);
    expect((await asAdmin('/v1/buyers/ACME-US/users/newbie', 'PATCH', { Active: true })).status).toBe(200);
    expect(await ended(before)).toEqual({ access: 401, refresh: false });
    expect(await status((await session('newbie')).access)).toBe(200);
  });

  it("ends the tokens of a deactivated company's users", async () => {
    const before = await session('eu-buyer');
    expect((await asAdmin('/v1/buyers/NORD-EU', 'PATCH', { Active: false })).status).toBe(200);
    expect(await ended(before)).toEqual({ access: 401, refresh: false });
    expect((await asAdmin('/v1/buyers/NORD-EU', 'PATCH', { Active: true })).status).toBe(200);
  });

  it('ends every token of a user whose password changes: their own change, an administrator’s, a reset', async () => {
    const own = await session('prefab');
    const changed = await fetch(`${commerce().baseUrl}/v1/me/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${own.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ NewPassword: 'Prefab#2027' }),
    });
    expect(changed.status).toBe(204);
    expect(await ended(own)).toEqual({ access: 401, refresh: false });

    const byAdmin = await Auth.Login('prefab', 'Prefab#2027', 'storefront');
    const set = await asAdmin('/v1/buyers/ACME-US/users/prefab', 'PATCH', { Password: BUYER_PASSWORD });
    expect(set.status).toBe(200);
    expect(await ended({ access: byAdmin.access_token, refresh: byAdmin.refresh_token })).toEqual({
      access: 401,
      refresh: false,
    });

    const beforeReset = await session('prefab');
    await ForgottenCredentials.SendVerificationCode({
      ClientID: 'storefront',
      Email: 'prefab@acme-electrical.example',
    });
    const [mail] = await queryRows<{ code: string }>(
      commerce().database.db,
      sql`select payload->>'code' as code from outbox where payload->>'username' = 'prefab' order by id desc limit 1`,
    );
    await ForgottenCredentials.ResetPasswordByVerificationCode(mail?.code ?? '', {
      ClientID: 'storefront',
      Username: 'prefab',
      Password: BUYER_PASSWORD,
    });
    expect(await ended(beforeReset)).toEqual({ access: 401, refresh: false });
    expect(await status((await session('prefab')).access)).toBe(200);
  });

  it("revokes a user's tokens through the SDK's RevokeUserTokens family, with the user routes' roles", async () => {
    const buyer = await session('engineer');
    const colleague = await session('employee');
    const refused = await refusal(
      Users.RevokeUserTokens('ACME-US', 'engineer', { accessToken: colleague.access }),
    );
    expect(refused.status).toBe(403);
    expect(refused.errorCode).toBe('InsufficientRoles');
    expect(await ended(buyer)).toEqual({ access: 200, refresh: true });
    await Users.RevokeUserTokens('ACME-US', 'engineer', { accessToken: admin });
    expect(await ended(buyer)).toEqual({ access: 401, refresh: false });
    expect((await refusal(Users.RevokeUserTokens('ACME-US', 'no-one', { accessToken: admin }))).status).toBe(
      404,
    );

    const supplier = await Auth.Login('supplier', BUYER_PASSWORD, 'admin-console');
    await SupplierUsers.RevokeUserTokens('KEYSTONE-PREFAB', 'supplier', { accessToken: admin });
    expect(await status(supplier.access_token)).toBe(401);

    const seller = await session('admin', 'sales-inbox');
    await AdminUsers.RevokeUserTokens('admin', { accessToken: admin });
    expect(await ended({ access: seller.access, refresh: seller.refresh })).toEqual({
      access: 401,
      refresh: false,
    });
    admin = (await Auth.ElevatedLogin('admin-console-secret', 'admin', ADMIN_PASSWORD, 'admin-console'))
      .access_token;
  });

  it('lets a user end all their own sessions (Me.RevokeTokens), but not an anonymous shopper all of everyone’s', async () => {
    const first = await session('ca-buyer');
    const second = await session('ca-buyer');
    await Me.RevokeTokens({ accessToken: first.access });
    expect(await ended(first)).toEqual({ access: 401, refresh: false });
    expect(await ended(second)).toEqual({ access: 401, refresh: false });

    const visitor = (await Auth.Anonymous('storefront')).access_token;
    const other = (await Auth.Anonymous('storefront')).access_token;
    const refused = await refusal(Me.RevokeTokens({ accessToken: visitor }));
    expect(refused.status).toBe(403);
    expect(await status(other, '/v1/me/products')).toBe(200);
  });

  describe('on another instance', () => {
    let second: Awaited<ReturnType<typeof serveCommerce>>;
    let uncached: Awaited<ReturnType<typeof serveCommerce>>;
    beforeAll(async () => {
      second = await serveCommerce(commerce().database);
      uncached = await serveCommerce(commerce().database, { COMMERCE_CACHE_MB: 0 });
    });
    afterAll(async () => {
      await second?.close();
      await uncached?.close();
    });

    it('refuses a revoked token at once, with or without the read cache', async () => {
      const s = await session('gb-buyer');
      expect(await status(s.access, '/v1/me', second.baseUrl)).toBe(200);
      expect(await status(s.access, '/v1/me', uncached.baseUrl)).toBe(200);
      expect((await asAdmin('/v1/buyers/THAMES-GB/users/gb-buyer/tokens', 'DELETE')).status).toBe(204);
      expect(await status(s.access, '/v1/me', second.baseUrl)).toBe(401);
      expect(await status(s.access, '/v1/me', uncached.baseUrl)).toBe(401);
    });

    // Uncached, the product list reads the token's state with its own context (auth/middleware.ts).
    it('refuses a revoked token on the product list, which checks it in its own statement', async () => {
      const s = await session('gb-buyer');
      const list = '/v1/me/products?pageSize=2';
      // A list that fails before its statement (a bad depth): 400 while the token counts.
      const early = '/v1/me/products?depth=seven';
      expect(await status(s.access, list, uncached.baseUrl)).toBe(200);
      expect(await status(s.access, early, uncached.baseUrl)).toBe(400);
      expect((await asAdmin('/v1/buyers/THAMES-GB/users/gb-buyer/tokens', 'DELETE')).status).toBe(204);
      expect(await status(s.access, list, uncached.baseUrl)).toBe(401);
      expect(await status(s.access, early, uncached.baseUrl)).toBe(401);
      expect(await status(s.access, list, second.baseUrl)).toBe(401);
    });
  });
});
