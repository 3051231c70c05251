import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH } from './routes';
import { type AdminUnderTest, adminUnderTest, type DemoUser } from './testing/admin-under-test';

// biome-ignore lint/suspicious/noExplicitAny: API answers read by tests
type Json = any;

type Caller = DemoUser | { authorization: string } | null;

/** One request of the matrix: what a caller sends to one route. */
interface Case {
  route: string;
  method: string;
  path: string;
  body?: unknown;
}

/**
 * The admin API's authorisation matrix: every route (from the service's own route table) for every kind
 * of caller. Only the seller's merchandisers (custom role Merchandiser) and administrators (FullAccess)
 * get anything but 401/403; a buyer and the other back-office roles get 403, no or a bad token 401 — and
 * a refused write changes nothing.
 */
describe(`who may use the search admin API on ${testDriver()}`, () => {
  let t: AdminUnderTest;

  beforeAll(async () => {
    t = await adminUnderTest({ skus: 60 });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  async function stored(): Promise<string[]> {
    const rows = await queryRows<{ row: string }>(
      t.search.database.db,
      sql`select type || ' ' || id || ' ' || locale || ' ' || md5(data::text) as row from content_items
          where type in ('search-rule', 'search-widget') order by 1`,
    );
    return rows.map((r) => r.row);
  }

  /** Every route with a request an allowed caller would send, for a rule and a variant `tag` owns. */
  async function cases(tag: string): Promise<Case[]> {
    const widget = (await t.admin('GET', '/widgets/rfkid_6', { as: 'admin' })).json;
    const rule = {
      id: `authz-${tag}`,
      name: 'Bury made to order',
      widgets: ['rfkid_7'],
      bury: { filter: { name: 'made_to_order', values: [true] } },
    };
    return [
      { route: 'GET /admin/v1/rules', method: 'GET', path: '/rules' },
      { route: 'POST /admin/v1/rules', method: 'POST', path: '/rules', body: rule },
      { route: 'GET /admin/v1/rules/:id', method: 'GET', path: `/rules/${rule.id}` },
      {
        route: 'PUT /admin/v1/rules/:id',
        method: 'PUT',
        path: `/rules/${rule.id}`,
        body: { ...rule, locale: '*' },
      },
      { route: 'DELETE /admin/v1/rules/:id', method: 'DELETE', path: `/rules/${rule.id}` },
      {
        route: 'POST /admin/v1/preview',
        method: 'POST',
        path: '/preview',
        body: { widget: 'rfkid_7', locale: 'en-US', keyphrase: 'conduit', rules: [rule] },
      },
      { route: 'GET /admin/v1/widgets', method: 'GET', path: '/widgets' },
      { route: 'GET /admin/v1/widgets/:rfkId', method: 'GET', path: '/widgets/rfkid_6' },
      {
        route: 'PUT /admin/v1/widgets/:rfkId',
        method: 'PUT',
        path: '/widgets/rfkid_6?locale=fr-CA',
        body: { config: { ...widget.config, limit: 3 } },
      },
      { route: 'DELETE /admin/v1/widgets/:rfkId', method: 'DELETE', path: '/widgets/rfkid_6?locale=fr-CA' },
      { route: 'GET /admin/v1/analytics/keyphrases', method: 'GET', path: '/analytics/keyphrases' },
      {
        route: 'GET /admin/v1/analytics/keyphrases/no-results',
        method: 'GET',
        path: '/analytics/keyphrases/no-results',
      },
      { route: 'GET /admin/v1/analytics/click-positions', method: 'GET', path: '/analytics/click-positions' },
      { route: 'GET /admin/v1/analytics/recommendations', method: 'GET', path: '/analytics/recommendations' },
    ];
  }

  /**
   * Runs the cases in order as `as`; a write that needs the version the caller read gets it from the
   * answer before (the rule created, the variant added), as a client would.
   */
  async function run(as: Caller, list: Case[]): Promise<{ route: string; status: number; json: Json }[]> {
    const answers: { route: string; status: number; json: Json }[] = [];
    let ruleVersion = '0000000000000000';
    let variantVersion = '0000000000000000';
    for (const request of list) {
      let { path, body } = request;
      if (request.route === 'PUT /admin/v1/rules/:id') body = { ...(body as object), version: ruleVersion };
      if (request.route === 'DELETE /admin/v1/rules/:id') path = `${path}?version=${ruleVersion}`;
      if (request.route === 'DELETE /admin/v1/widgets/:rfkId') path = `${path}&version=${variantVersion}`;
      const answer = await t.admin(request.method, path, { as, ...(body !== undefined ? { body } : {}) });
      if (answer.json?.version && request.route.includes('/rules')) ruleVersion = answer.json.version;
      if (answer.json?.version && request.route === 'PUT /admin/v1/widgets/:rfkId')
        variantVersion = answer.json.version;
      answers.push({ route: request.route, status: answer.status, json: answer.json });
    }
    return answers;
  }

  it('covers every admin route of the service', async () => {
    const routes = t.search.service.routes
      .filter((r) => r.path.startsWith(ADMIN_PATH))
      .map((r) => `${r.method} ${r.path}`);
    expect(new Set((await cases('x')).map((c) => c.route))).toEqual(new Set(routes));
  });

  it('lets a merchandiser and an administrator do everything', async () => {
    for (const user of ['merchandiser', 'admin'] as const) {
      const answers = await run(user, await cases(user));
      const refused = answers.filter((a) => a.status < 200 || a.status >= 300);
      expect(refused.map((a) => `${user} ${a.route}: ${a.status} ${JSON.stringify(a.json)}`)).toEqual([]);
    }
  });

  it('refuses a buyer, the other back-office roles and callers without a valid token, changing nothing', async () => {
    const employee = await t.token('employee');
    const [head, payload, signature] = employee.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(
      JSON.stringify({ ...claims, usrtype: 'admin', role: ['FullAccess'] }),
    ).toString('base64url')}.${signature}`;
    const callers: [string, Caller, number][] = [
      ['a buyer', 'employee', 403],
      ['the catalogue editor', 'catalogue', 403],
      ['the content editor', 'editor', 403],
      ['customer service', 'service', 403],
      ['nobody', null, 401],
      ['an api key', { authorization: 'some-api-key' }, 401],
      ['a forged token', { authorization: `Bearer ${forged}` }, 401],
      ['garbage', { authorization: 'Bearer not.a.token' }, 401],
    ];
    const before = await stored();
    const problems: string[] = [];
    for (const [who, as, status] of callers) {
      for (const answer of await run(as, await cases('refused'))) {
        const error = answer.json?.errors?.[0];
        if (answer.status !== status || error?.code !== status)
          problems.push(
            `${who} ${answer.route}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`,
          );
      }
    }
    expect(problems).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('answers 401 with a Bearer challenge, and 403 naming the role', async () => {
    const none = await t.admin('GET', '/rules', { as: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(none.json.errors[0]).toMatchObject({ code: 401, type: 'unauthorized' });
    const editor = await t.admin('GET', '/rules', { as: 'editor' });
    expect(editor.json.errors[0]).toMatchObject({
      code: 403,
      type: 'forbidden',
      details: { required: ['Merchandiser'] },
    });
    const buyer = await t.admin('GET', '/rules', { as: 'employee' });
    expect(buyer.json.errors[0].message).toContain("seller's users");
  });

  it('refuses a token whose session has ended', async () => {
    const token = await t.token('merchandiser');
    expect((await t.admin('GET', '/rules', { as: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const ended = await t.commerce.fetch(
      new Request('http://commerce.test/v1/me/tokens', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(ended.status).toBe(204);
    const after = await t.admin('GET', '/rules', { as: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    expect(after.json.errors[0].message).toContain('session has ended');
  });
});
