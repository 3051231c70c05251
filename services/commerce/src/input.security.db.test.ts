import { testDriver } from '@catalogue/db/testing';
import {
  assertTwice,
  hostileBodyText,
  hostileContentType,
  hostileHeaderValue,
  hostileJson,
  hostileUrlPart,
  nestedJsonText,
} from '@catalogue/service-kit/security-fuzz';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIST_LIMITS } from './list/limits';
import { type CommerceUnderTest, startCommerce } from './testing/commerce-server';
import { ADMIN_PASSWORD, BUYER_PASSWORD } from './testing/sdk';
import { tableCounts } from './testing/tables';

/**
 * Bad input never answers 5xx (issue 20 item 8) and the 5xx fuzz of every public input of the commerce
 * service (item 11): the routes come from the Hono app's own table, so a new route is fuzzed too.
 */

interface Answer {
  status: number;
  code: string | undefined;
  text: string;
}

type Route = { method: string; path: string };

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

describe(`hostile input to the commerce service on ${testDriver()}`, () => {
  let commerce: CommerceUnderTest;
  const tokens: Record<'admin' | 'buyer' | 'anonymous', string> = { admin: '', buyer: '', anonymous: '' };

  async function token(form: Record<string, string>): Promise<string> {
    const response = await fetch(`${commerce.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async function send(
    method: string,
    path: string,
    init: { token?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${commerce.baseUrl}${path}`, {
      method,
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const text = await response.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { Errors?: { ErrorCode: string }[] }).Errors?.[0]?.ErrorCode;
    } catch {
      code = undefined;
    }
    return { status: response.status, code, text };
  }

  /** A route's path with every parameter filled (the caller's own buyer where one is needed). */
  function pathOf(route: Route, fill: string): string {
    return route.path.replace(':buyerID', 'ACME-US').replace(/:[A-Za-z]+/g, fill);
  }

  /** Signs `who` in again: the fuzz may end its tokens (`DELETE /v1/me/tokens` is one of the routes). */
  async function login(who: keyof typeof tokens): Promise<void> {
    const forms: Record<keyof typeof tokens, Record<string, string>> = {
      admin: {
        grant_type: 'password',
        client_id: 'admin-console',
        client_secret: 'admin-console-secret',
        username: 'admin',
        password: ADMIN_PASSWORD,
      },
      buyer: {
        grant_type: 'password',
        client_id: 'storefront',
        username: 'employee',
        password: BUYER_PASSWORD,
      },
      anonymous: { grant_type: 'client_credentials', client_id: 'storefront' },
    };
    tokens[who] = await token(forms[who]);
  }

  beforeAll(async () => {
    commerce = await startCommerce();
    await Promise.all([login('admin'), login('buyer'), login('anonymous')]);
  });
  afterAll(async () => {
    await commerce?.close();
  });

  it("refuses the hostile test's inputs on every route with a 400 in OrderCloud's envelope, changing nothing", async () => {
    const before = await tableCounts(commerce.database.db);
    const problems: string[] = [];
    const expectRefused = (what: string, answer: Answer) => {
      if (answer.status !== 400 || answer.code !== 'InvalidRequest') {
        problems.push(`${what}: ${answer.status} ${answer.code ?? answer.text.slice(0, 80)}`);
      }
    };
    const deepXp = `{"ID":"deep","Name":"deep","xp":${nestedJsonText(5000)}}`;
    // A body no route accepts: a route that reads its body answers it with a validation error; one that
    // refuses the caller first (roles, user type, an unknown parent) answers as it does to any body.
    const invalidBody = JSON.stringify({ ID: 'not a valid id!', xp: 'not an object' });
    for (const route of commerce.routes) {
      const key = `${route.method} ${route.path}`;
      const path = pathOf(route, 'input-probe');
      // A NUL byte in a query parameter (212 of the 240 server errors), as a value and as a filter.
      expectRefused(
        `${key}?search=%00`,
        await send(route.method, `${path}?search=a%00b`, { token: tokens.admin }),
      );
      expectRefused(`${key}?xp.a=%00`, await send(route.method, `${path}?xp.a=%00`, { token: tokens.buyer }));
      if (route.path.includes('/:')) {
        const nulPath = route.path.replace(/:[A-Za-z]+/g, '%00');
        expectRefused(`${key} with %00`, await send(route.method, nulPath, { token: tokens.admin }));
      }
      if (!WRITES.has(route.method) || route.path === '/oauth/token') continue;
      const control = await send(route.method, path, { token: tokens.admin, body: invalidBody });
      const readsBody =
        control.status === 400 &&
        ['ValidationFailure', 'Required', 'InvalidRequest'].includes(control.code ?? '');
      for (const [what, body] of [
        ['NUL', JSON.stringify({ ID: 'nul', Name: 'a\u0000', xp: { a: 'b\u0000' } })],
        ['lone surrogate', '{"ID":"ls","Name":"\\ud800","xp":{"a":"\\udc00"}}'],
        ['xp 5,000 deep', deepXp],
      ] as const) {
        const answer = await send(route.method, path, { token: tokens.admin, body });
        if (readsBody || answer.status !== control.status || answer.code !== control.code) {
          expectRefused(`${key} ${what}`, answer);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await tableCounts(commerce.database.db)).toEqual(before);
  });

  it('refuses 400-level property paths with the list error, and NUL in token requests', async () => {
    const deep = `xp.${Array(400).fill('a').join('.')}`;
    const filter = await send('GET', `/v1/products?${deep}=1`, { token: tokens.admin });
    expect(filter).toMatchObject({ status: 400, code: 'List.PropertyPathTooLong' });
    const sort = await send('GET', `/v1/me/products?sortBy=${deep}`, { token: tokens.anonymous });
    expect(sort).toMatchObject({ status: 400, code: 'List.PropertyPathTooLong' });
    const search = await send('GET', `/v1/buyers?search=x&searchOn=${deep}`, { token: tokens.admin });
    expect(search).toMatchObject({ status: 400, code: 'List.PropertyPathTooLong' });
    const allowed = `xp.${Array(LIST_LIMITS.pathSegments - 1)
      .fill('a')
      .join('.')}`;
    expect((await send('GET', `/v1/products?${allowed}=1`, { token: tokens.admin })).status).toBe(200);

    const login = await fetch(`${commerce.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&client_id=storefront&username=employee%00&password=x',
    });
    expect(login.status).toBe(400);
    expect(await login.json()).toMatchObject({
      error: 'invalid_request',
      Errors: [{ ErrorCode: 'InvalidRequest' }],
    });
  });

  it('refuses bodies over the size limit with 413 before reading them', async () => {
    const answer = await send('POST', '/v1/buyers', {
      token: tokens.admin,
      body: JSON.stringify({ Name: 'big', xp: { text: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(answer).toMatchObject({ status: 413, code: 'RequestTooLarge' });
  });

  it('refuses a chunked body (no declared length) over the size limit with 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const response = await fetch(`${commerce.baseUrl}/v1/buyers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ Errors: [{ ErrorCode: 'RequestTooLarge' }] });
  });

  it('answers no hostile path, query, body or header with a 5xx (fuzz over the route table)', async () => {
    const withParams = commerce.routes.filter((r) => r.path.includes('/:'));
    const reads = commerce.routes.filter((r) => r.method === 'GET');
    const writes = commerce.routes.filter((r) => WRITES.has(r.method));
    const who = fc.constantFrom('admin', 'buyer', 'anonymous', 'nobody');
    const queryName = fc.oneof(
      fc.constantFrom(
        'search',
        'searchOn',
        'searchType',
        'sortBy',
        'page',
        'pageSize',
        'ID',
        'Name',
        'xp.a',
        'depth',
      ),
      hostileUrlPart,
    );
    // Each case puts hostile values where the chosen route reads them.
    const request = fc.oneof(
      fc.record({ who, route: fc.constantFrom(...withParams), param: hostileUrlPart }),
      fc.record({
        who,
        route: fc.constantFrom(...reads),
        query: fc.array(fc.tuple(queryName, hostileUrlPart), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        who,
        route: fc.constantFrom(...writes),
        body: fc.oneof(
          hostileJson.map((value) => JSON.stringify(value) ?? 'null'),
          hostileBodyText,
        ),
        contentType: hostileContentType,
      }),
      fc.record({
        who,
        route: fc.constantFrom(...commerce.routes),
        header: fc.tuple(
          fc.constantFrom(
            'accept-language',
            'idempotency-key',
            'x-forwarded-for',
            'authorization',
            'content-type',
          ),
          hostileHeaderValue,
        ),
      }),
    );
    await assertTwice(
      request,
      async (input) => {
        const { route } = input;
        const query =
          'query' in input ? input.query.map(([name, value]) => `${name}=${value}`).join('&') : '';
        const path = `${pathOf(route, 'param' in input ? input.param : 'fuzz-probe')}${query ? `?${query}` : ''}`;
        const answer = await send(route.method, path, {
          ...(input.who === 'nobody' ? {} : { token: tokens[input.who] }),
          ...('body' in input ? { body: input.body } : {}),
          headers: {
            ...('contentType' in input ? { 'content-type': input.contentType } : {}),
            ...('header' in input ? { [input.header[0]]: input.header[1] } : {}),
          },
        });
        expect(answer.status, `${route.method} ${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        // A case that ended the caller's tokens must not leave the later cases with a dead token.
        if (route.method === 'DELETE' && route.path === '/v1/me/tokens' && input.who !== 'nobody') {
          await login(input.who);
        }
      },
      { seed: 20_261_127, numRuns: 300 },
    );
  });

  it('logs an unexpected database failure by SQLSTATE and statement fingerprint, never its SQL', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Break the users table the way a failed migration could, then read users as the hostile test did.
      await login('admin');
      await commerce.database.db.execute(sql`alter table users rename column email to email_gone`);
      const answer = await send('GET', '/v1/adminusers', { token: tokens.admin });
      expect(answer).toMatchObject({ status: 500, code: 'InternalServerError' });
      const { inspect } = await import('node:util');
      const lines = logged.mock.calls.map((args) =>
        args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '),
      );
      expect(lines.join('\n')).toMatch(
        /\[commerce\] unhandled error: DatabaseError: statement [0-9a-f]{12} failed with SQLSTATE 42703/,
      );
      expect(lines.join('\n')).not.toMatch(/password_hash|select|from "users"/);
    } finally {
      logged.mockRestore();
    }
  });
});
