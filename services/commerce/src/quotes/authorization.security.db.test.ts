import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { AdminUsers, Auth, SecurityProfiles } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawClient } from '../testing/orders';
import { type Client, clientFor, quoteProducts, submitProject } from '../testing/quotes';
import { commerceForTests, loginAs } from '../testing/sdk';
import { tableCounts } from '../testing/tables';

/**
 * The authorisation matrix of the quote routes (docs/quotes-wire.md "Roles"): every quote route of the
 * service's route table, called by every kind of caller with a VALID body on a real quote and line, so
 * that a call the rules let through would succeed. Who may not must get no 2xx — another company's
 * buyer, a colleague who did not send the project, a buyer on seller routes, a seller on buyer routes,
 * a QuoteReader writing, a seller user without quote roles — and nothing may change.
 */
interface Caller {
  name: string;
  client: Client;
}

const SELLER_PASSWORD = 'Quote#2026x';

/** Who may call a route: by its side and whether it writes. */
function allowed(route: { method: string; path: string }, who: string): boolean {
  const write = route.method !== 'GET';
  if (route.path.startsWith('/v1/quotes')) {
    if (write) return who === 'admin' || who === 'quote-admin';
    return who === 'admin' || who === 'quote-admin' || who === 'quote-reader';
  }
  // Buyer routes: every buyer lists their own quotes (checked below: without this one); the project's
  // sender reads and acts on it; nobody else reaches it.
  if (route.path === '/v1/me/quotes') return ['employee', 'engineer', 'eu-buyer', 'ca-buyer'].includes(who);
  return who === 'employee';
}

const BODIES: Record<string, unknown> = {
  'PATCH /v1/quotes/:quoteID': { Terms: 'Net 60' },
  'PATCH /v1/quotes/:quoteID/lineitems/:lineItemID': { UnitPrice: 1 },
  'POST /v1/quotes/:quoteID/send': {},
  'POST /v1/quotes/:quoteID/withdraw': {},
  'POST /v1/quotes/:quoteID/messages': { Text: 'Hello' },
  'POST /v1/me/quotes/:quoteID/accept': {},
  'POST /v1/me/quotes/:quoteID/decline': { Reason: 'No' },
  'POST /v1/me/quotes/:quoteID/requestchanges': { Message: 'Cheaper please' },
  'POST /v1/me/quotes/:quoteID/messages': { Text: 'Hello' },
};

describe(`quote authorisation matrix on ${testDriver()}`, () => {
  const commerce = commerceForTests();
  const callers: Caller[] = [];
  let quoteId = '';
  let lineId = '';

  async function sellerUser(id: string, customRoles: string[], roles: string[] = []) {
    await loginAs('admin');
    await SecurityProfiles.Create({
      ID: `${id}-profile`,
      Name: id,
      Roles: roles as never[],
      CustomRoles: customRoles,
    });
    await AdminUsers.Create({
      ID: id,
      Username: id,
      FirstName: 'Sales',
      LastName: id,
      Email: `${id}@seller.example`,
      Active: true,
      Password: SELLER_PASSWORD,
    });
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: `${id}-profile`, UserID: id });
    const auth = await Auth.ElevatedLogin('admin-console-secret', id, SELLER_PASSWORD, 'admin-console');
    return rawClient(commerce().baseUrl, auth.access_token);
  }

  beforeAll(async () => {
    const [a] = await quoteProducts('QM');
    const base = commerce().baseUrl;
    const employee = await clientFor(base, 'employee');
    const project = await submitProject(employee, 'Matrix', [{ ProductID: a, Quantity: 2 }]);
    quoteId = project.id;
    lineId = project.lineIds[0] as string;
    callers.push({ name: 'admin', client: await clientFor(base, 'admin') });
    callers.push({ name: 'quote-admin', client: await sellerUser('quote-admin', ['QuoteAdmin']) });
    callers.push({ name: 'quote-reader', client: await sellerUser('quote-reader', ['QuoteReader']) });
    callers.push({ name: 'order-admin', client: await sellerUser('order-admin', [], ['OrderAdmin']) });
    callers.push({ name: 'employee', client: employee });
    for (const name of ['engineer', 'eu-buyer', 'ca-buyer'])
      callers.push({ name, client: await clientFor(base, name) });
    // The quote is on offer, so that every buyer action would be allowed by its status.
    const admin = callers[0]?.client as Client;
    await admin('PATCH', `/quotes/${quoteId}`, { AssignedUserID: 'admin' });
    expect((await admin('POST', `/quotes/${quoteId}/send`)).status).toBe(201);
  });

  it('covers every quote route', () => {
    const routes = commerce().routes.filter(
      (r) => r.path.startsWith('/v1/quotes') || r.path.startsWith('/v1/me/quotes'),
    );
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET /v1/quotes',
        'GET /v1/quotes/:quoteID',
        'PATCH /v1/quotes/:quoteID',
        'PATCH /v1/quotes/:quoteID/lineitems/:lineItemID',
        'POST /v1/quotes/:quoteID/send',
        'POST /v1/quotes/:quoteID/withdraw',
        'GET /v1/quotes/:quoteID/revisions',
        'GET /v1/quotes/:quoteID/events',
        'GET /v1/quotes/:quoteID/messages',
        'POST /v1/quotes/:quoteID/messages',
        'GET /v1/me/quotes',
        'GET /v1/me/quotes/:quoteID',
        'POST /v1/me/quotes/:quoteID/accept',
        'POST /v1/me/quotes/:quoteID/decline',
        'POST /v1/me/quotes/:quoteID/requestchanges',
        'GET /v1/me/quotes/:quoteID/revisions',
        'GET /v1/me/quotes/:quoteID/messages',
        'POST /v1/me/quotes/:quoteID/messages',
      ].sort(),
    );
  });

  it('gives no caller outside the rules a 2xx, and the refused calls change nothing', async () => {
    const db = commerce().database.db;
    const before = await tableCounts(db, ['idempotency_keys']);
    const routes = commerce().routes.filter(
      (r) => r.path.startsWith('/v1/quotes') || r.path.startsWith('/v1/me/quotes'),
    );
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace('/v1', '').replace(':quoteID', quoteId).replace(':lineItemID', lineId);
      for (const { name, client } of callers) {
        const ok = allowed(route, name);
        // Allowed writes would change the quote: only refusals are called here; allowed reads are.
        if (ok && route.method !== 'GET') continue;
        const answer = await client(route.method, path, route.method === 'GET' ? undefined : BODIES[key]);
        if (ok && answer.status !== 200) problems.push(`${key} as ${name}: ${answer.status}, expected 200`);
        if (!ok && answer.status < 400) problems.push(`${key} as ${name}: ${answer.status}`);
        if (!ok && ![403, 404].includes(answer.status))
          problems.push(`${key} as ${name}: ${answer.status} ${answer.json?.Errors?.[0]?.ErrorCode}`);
        // A list a caller may not see is a refusal; a list they may see shows only what they reach.
        if (ok && route.path === '/v1/me/quotes' && name === 'employee') {
          expect(answer.json.Items.map((q: { ID: string }) => q.ID)).toContain(quoteId);
        }
      }
    }
    // Lists of buyers who do not reach the quote are answered, without it.
    for (const name of ['engineer', 'eu-buyer', 'ca-buyer']) {
      const client = callers.find((c) => c.name === name)?.client as Client;
      const list = await client('GET', '/me/quotes');
      expect(list.status).toBe(200);
      expect(list.json.Items.map((q: { ID: string }) => q.ID)).not.toContain(quoteId);
    }
    expect(problems).toEqual([]);
    expect(await tableCounts(db, ['idempotency_keys'])).toEqual(before);
    const [quote] = await queryRows<{ status: string; terms: string | null; revision: number }>(
      db,
      sql`select status, terms, revision from quotes where id = ${quoteId}`,
    );
    expect(quote).toEqual({ status: 'Quoted', terms: null, revision: 1 });
  });

  it('names the refusal: InvalidUserType across sides, InsufficientRoles for missing quote roles', async () => {
    const by = (name: string) => callers.find((c) => c.name === name)?.client as Client;
    const buyerOnSeller = await by('employee')('GET', '/quotes');
    expect(buyerOnSeller.status).toBe(403);
    expect(buyerOnSeller.json.Errors[0].ErrorCode).toBe('InvalidUserType');
    const sellerOnBuyer = await by('admin')('GET', '/me/quotes');
    expect(sellerOnBuyer.json.Errors[0].ErrorCode).toBe('InvalidUserType');
    const reader = await by('quote-reader')('PATCH', `/quotes/${quoteId}`, { Terms: 'x' });
    expect(reader.status).toBe(403);
    expect(reader.json.Errors[0]).toMatchObject({
      ErrorCode: 'InsufficientRoles',
      Data: { SufficientRoles: ['QuoteAdmin', 'FullAccess'] },
    });
    const noRole = await by('order-admin')('GET', '/quotes');
    expect(noRole.json.Errors[0].Data.SufficientRoles).toEqual(['QuoteAdmin', 'QuoteReader', 'FullAccess']);
    // The role gate comes before the body: a refused caller learns nothing about the input.
    const garbage = await by('quote-reader')('POST', `/quotes/${quoteId}/send`, '{not json');
    expect(garbage.status).toBe(403);
  });

  it("locks each accept's quote by the caller's own identity (the lock's statement is built once per shape)", async () => {
    const by = (name: string) => callers.find((c) => c.name === name)?.client as Client;
    const admin = by('admin');
    const [product] = await quoteProducts('QL');
    const offered = async (name: string) => {
      const project = await submitProject(by('employee'), name, [{ ProductID: product, Quantity: 1 }]);
      await admin('PATCH', `/quotes/${project.id}`, { AssignedUserID: 'admin' });
      expect((await admin('POST', `/quotes/${project.id}/send`)).status).toBe(201);
      return project.id;
    };
    const first = await offered('Lock shape 1');
    const second = await offered('Lock shape 2');
    // Another company's buyer first, then the sender, then others again: a statement that kept the
    // identity of whoever built it would refuse the sender or let the others through.
    expect((await by('ca-buyer')('POST', `/me/quotes/${first}/accept`, {})).status).toBe(404);
    expect((await by('employee')('POST', `/me/quotes/${first}/accept`, {})).status).toBe(201);
    for (const name of ['eu-buyer', 'ca-buyer', 'engineer']) {
      expect([403, 404]).toContain((await by(name)('POST', `/me/quotes/${second}/accept`, {})).status);
    }
    expect((await by('employee')('POST', `/me/quotes/${second}/accept`, {})).status).toBe(201);
  });

  it('lets a QuoteAdmin work the desk', async () => {
    const quoteAdmin = callers.find((c) => c.name === 'quote-admin')?.client as Client;
    const patched = await quoteAdmin('PATCH', `/quotes/${quoteId}`, { InternalNote: 'Checked by QA' });
    expect(patched.status).toBe(200);
    expect(patched.json.InternalNote).toBe('Checked by QA');
  });
});
