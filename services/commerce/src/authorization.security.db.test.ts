import { testDriver } from '@catalogue/db/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommerceUnderTest, startCommerce } from './testing/commerce-server';
import { ADMIN_PASSWORD, BUYER_PASSWORD } from './testing/sdk';
import { tableCounts } from './testing/tables';

/**
 * The authorisation matrix: every route of the service, called by every demo identity. Calls carry invalid
 * bodies and IDs that do not exist, so an authorised call is refused for its input and nothing changes.
 */
interface Identity {
  name: string;
  token: string;
  roles: string[];
  companyType: 'seller' | 'buyer';
  company: string;
}

interface Outcome {
  status: number;
  code: string | undefined;
  sufficient: string[] | undefined;
}

const INVALID_BODY = JSON.stringify({ ID: 'not a valid id!', xp: 'not an object' });

const PUBLIC_ROUTES = new Set([
  'POST /oauth/token',
  'GET /oauth/certs/:kid',
  'POST /v1/password/reset',
  'GET /v1/password/reset/:code',
  'PUT /v1/password/reset/:code',
  'POST /oauth/revoke',
  'POST /oauth/introspect',
  'POST /v1/email/verification',
  'GET /v1/email/verification/:code',
  'POST /v1/email/verification/:code',
]);

/** Revokes the caller's own tokens (Me.RevokeTokens): called last, after every other route. */
const ENDS_OWN_SESSION = 'DELETE /v1/me/tokens';
const sessionEndingLast = (a: { method: string; path: string }, b: { method: string; path: string }) =>
  Number(`${a.method} ${a.path}` === ENDS_OWN_SESSION) - Number(`${b.method} ${b.path}` === ENDS_OWN_SESSION);

describe(`authorisation matrix on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  const identities: Identity[] = [];

  async function token(form: Record<string, string>): Promise<string> {
    const response = await fetch(`${commerce.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    const body = (await response.json()) as { access_token: string };
    return body.access_token;
  }

  beforeAll(async () => {
    commerce = await startCommerce();
    const buyers: [string, string][] = [
      ['employee', 'ACME-US'],
      ['prefab', 'ACME-US'],
      ['engineer', 'ACME-US'],
      ['newbie', 'ACME-US'],
      ['eu-buyer', 'NORD-EU'],
      ['ca-buyer', 'MAPLE-CA'],
    ];
    const admin = await token({
      grant_type: 'password',
      client_id: 'admin-console',
      client_secret: 'admin-console-secret',
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    identities.push({
      name: 'admin',
      token: admin,
      roles: ['FullAccess'],
      companyType: 'seller',
      company: '',
    });
    for (const [username, company] of buyers) {
      const t = await token({
        grant_type: 'password',
        client_id: 'storefront',
        username,
        password: BUYER_PASSWORD,
      });
      const role = decodeJwt(t).role as string[] | string;
      identities.push({
        name: username,
        token: t,
        roles: Array.isArray(role) ? role : [role],
        companyType: 'buyer',
        company,
      });
    }
    const anon = await token({ grant_type: 'client_credentials', client_id: 'storefront' });
    const anonRoles = decodeJwt(anon).role as string[];
    identities.push({
      name: 'anonymous',
      token: anon,
      roles: anonRoles,
      companyType: 'buyer',
      company: 'ACME-US',
    });
  });
  afterAll(async () => {
    await commerce?.close();
  });

  async function call(
    route: { method: string; path: string },
    who: Identity,
    buyerId: string,
  ): Promise<Outcome> {
    const path = route.path.replace(':buyerID', buyerId).replace(/:[A-Za-z]+/g, 'matrix-probe');
    const response = await fetch(`${commerce.baseUrl}${path}`, {
      method: route.method,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      // A body no route accepts (an invalid ID, xp not an object), so authorised writes change nothing.
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: INVALID_BODY }),
    });
    const text = await response.text();
    const json = text
      ? (JSON.parse(text) as { Errors?: { ErrorCode: string; Data?: { SufficientRoles?: string[] } }[] })
      : {};
    return {
      status: response.status,
      code: json.Errors?.[0]?.ErrorCode,
      sufficient: json.Errors?.[0]?.Data?.SufficientRoles,
    };
  }

  it('covers a substantial route table', () => {
    expect(commerce.routes.length).toBeGreaterThan(100);
  });

  it('refuses every call without a sufficient role, accepts every call with one, and keeps companies apart', async () => {
    const before = await tableCounts(commerce.database.db);
    const problems: string[] = [];
    const protectedRoutes = commerce.routes
      .filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))
      .sort(sessionEndingLast);
    for (const route of protectedRoutes) {
      const key = `${route.method} ${route.path}`;
      const outcomes = new Map<string, Outcome>();
      for (const who of identities) {
        const own = who.companyType === 'buyer' ? who.company : 'ACME-US';
        const outcome = await call(route, who, own);
        outcomes.set(who.name, outcome);
        if (outcome.status === 401 || outcome.status >= 500)
          problems.push(`${key} as ${who.name}: ${outcome.status}`);
        if (
          outcome.status === 403 &&
          outcome.code !== 'InsufficientRoles' &&
          outcome.code !== 'InvalidUserType'
        ) {
          problems.push(`${key} as ${who.name}: 403 ${outcome.code}`);
        }
        // A refusal for roles must name roles the caller does not hold.
        if (
          outcome.status === 403 &&
          outcome.sufficient?.some((r) => who.roles.includes(r)) &&
          who.companyType === 'seller'
        ) {
          problems.push(
            `${key} as ${who.name}: refused although it holds one of ${outcome.sufficient.join(', ')}`,
          );
        }
        // Another company's data is never reached by a buyer user.
        if (route.path.includes(':buyerID') && who.companyType === 'buyer' && who.name !== 'anonymous') {
          const other = who.company === 'MAPLE-CA' ? 'NORD-EU' : 'MAPLE-CA';
          const foreign = await call(route, who, other);
          if (foreign.status < 400) problems.push(`${key} as ${who.name} on ${other}: ${foreign.status}`);
        }
      }
      // A refusal for the kind of user holds for every user of that kind.
      for (const kind of ['seller', 'buyer'] as const) {
        const ofKind = identities.filter((w) => w.companyType === kind && w.name !== 'anonymous');
        const typeRefusals = ofKind.filter((w) => outcomes.get(w.name)?.code === 'InvalidUserType').length;
        if (typeRefusals > 0 && typeRefusals < ofKind.length)
          problems.push(`${key}: user-type refusal for some ${kind}s only`);
      }
      // Whoever holds a role a refusal asked for is not refused for roles; whoever holds none is.
      const asked =
        [...outcomes.values()].find((o) => o.status === 403 && o.code === 'InsufficientRoles')?.sufficient ??
        [];
      for (const who of identities) {
        const outcome = outcomes.get(who.name);
        if (outcome?.code === 'InvalidUserType') continue;
        const holds = who.roles.includes('FullAccess') || asked.some((r) => who.roles.includes(r));
        if (holds && outcome?.status === 403) {
          problems.push(`${key}: ${who.name} holds ${asked.join('|')} but was refused`);
        }
        if (!holds && asked.length > 0 && outcome?.status !== 403) {
          problems.push(`${key}: ${who.name} lacks ${asked.join('|')} but got ${outcome?.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await tableCounts(commerce.database.db)).toEqual(before);
  });

  it('refuses every protected route without a token', async () => {
    const problems: string[] = [];
    for (const route of commerce.routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'matrix-probe');
      const response = await fetch(`${commerce.baseUrl}${path}`, { method: route.method });
      if (response.status !== 401) problems.push(`${route.method} ${route.path}: ${response.status}`);
    }
    expect(problems).toEqual([]);
  });
});
