import { testDriver } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceUnderTest, startCommerce } from '../testing/commerce-server';
import { ADMIN_PASSWORD, BUYER_PASSWORD } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/**
 * The authorisation matrix's rules for a supplier user (the demo `supplier` of KEYSTONE-PREFAB): every
 * route, called with an invalid body and IDs that do not exist, never fails on the server, refuses with
 * OrderCloud's codes, never reaches another supplier's or any buyer's data, and changes nothing.
 */
const OWN = 'KEYSTONE-PREFAB';
const OTHER = 'OTHER-SUPPLIER';
const INVALID_BODY = JSON.stringify({ ID: 'not a valid id!', xp: 'not an object' });
const PUBLIC_ROUTES = new Set([
  'POST /oauth/token',
  'GET /oauth/certs/:kid',
  'POST /v1/password/reset',
  'GET /v1/password/reset/:code',
  'PUT /v1/password/reset/:code',
  'POST /oauth/revoke',
  'POST /oauth/introspect',
]);

/** Revokes the caller's own tokens (Me.RevokeTokens): called last, after every other route. */
const ENDS_OWN_SESSION = 'DELETE /v1/me/tokens';
const sessionEndingLast = (a: { method: string; path: string }, b: { method: string; path: string }) =>
  Number(`${a.method} ${a.path}` === ENDS_OWN_SESSION) - Number(`${b.method} ${b.path}` === ENDS_OWN_SESSION);

describe(`a supplier user on every route on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  let token = '';

  async function login(form: Record<string, string>): Promise<string> {
    const response = await fetch(`${commerce.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  beforeAll(async () => {
    commerce = await startCommerce();
    const admin = await login({
      grant_type: 'password',
      client_id: 'admin-console',
      client_secret: 'admin-console-secret',
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    const created = await fetch(`${commerce.baseUrl}/v1/suppliers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ID: OTHER, Name: 'Another supplier', AllBuyersCanOrder: true }),
    });
    expect(created.status).toBe(201);
    token = await login({
      grant_type: 'password',
      client_id: 'admin-console',
      username: 'supplier',
      password: BUYER_PASSWORD,
    });
  });
  afterAll(async () => {
    await commerce?.close();
  });

  async function call(route: { method: string; path: string }, supplierId: string) {
    const path = route.path
      .replace(':supplierID', supplierId)
      .replace(':buyerID', 'ACME-US')
      .replace(/:[A-Za-z]+/g, 'matrix-probe');
    const response = await fetch(`${commerce.baseUrl}${path}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: INVALID_BODY }),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as { Errors?: { ErrorCode: string }[] }) : {};
    return { status: response.status, code: json.Errors?.[0]?.ErrorCode };
  }

  it('refuses with OrderCloud codes, keeps other companies apart and changes nothing', async () => {
    expect(token).not.toBe('');
    const before = await tableCounts(commerce.database.db);
    const problems: string[] = [];
    let reachedOwn = 0;
    const protectedRoutes = commerce.routes
      .filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))
      .sort(sessionEndingLast);
    for (const route of protectedRoutes) {
      const key = `${route.method} ${route.path}`;
      const own = await call(route, OWN);
      if (own.status === 401 || own.status >= 500) problems.push(`${key}: ${own.status}`);
      if (own.status === 403 && own.code !== 'InsufficientRoles' && own.code !== 'InvalidUserType')
        problems.push(`${key}: 403 ${own.code}`);
      if (route.path.includes(':buyerID') && own.status < 400)
        problems.push(`${key} on ACME-US: ${own.status}`);
      if (route.path.includes(':supplierID')) {
        if (own.status < 400) reachedOwn++;
        const foreign = await call(route, OTHER);
        if (foreign.status < 400) problems.push(`${key} on ${OTHER}: ${foreign.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect(reachedOwn).toBeGreaterThan(3);
    expect(await tableCounts(commerce.database.db)).toEqual(before);
  });
});
