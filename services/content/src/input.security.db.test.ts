import { queryRows } from '@catalogue/db';
import { testDriver } from '@catalogue/db/testing';
import {
  assertTwice,
  hostileBodyText,
  hostileContentType,
  hostileHeaderValue,
  hostileJson,
  hostileText,
  hostileUrlPart,
  nestedJsonText,
  urlEncode,
} from '@catalogue/service-kit/security-fuzz';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentUnderTest, startContent } from './testing/content-server';

/**
 * Bad input never answers 5xx (issue 20 item 8) and the 5xx fuzz of the content service (item 11):
 * GraphQL documents and variables over GET and POST, on every route of the app's own table.
 */

/** Operations that read what a visitor sends into SQL (PCM by product number, territories) or store it. */
const OPERATIONS = [
  'query Q($v: String!) { route(path: $v, language: "en-US") { path title } }',
  'query Q($v: String!) { territories(region: "US", postalCode: $v) { postalCode } }',
  'query Q($v: String!) { allM_PCM_Product(where: { productNumber_in: [$v] }) { results { id } } }',
  'query Q($v: String!) { dictionary(language: "en-US", endCursor: $v) { total } }',
  'query Q($v: String!) { calculator(language: "en-US", id: $v) { id } tables(language: "en-US", family: $v) { total } }',
  'mutation M($v: String!) { subscribeNewsletter(email: $v, language: "en-US") { email } }',
];

describe(`hostile input to the content service on ${testDriver()}`, () => {
  let content: ContentUnderTest;
  const origin = () => new URL(content.url).origin;

  async function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin()}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions
        ?.code;
    } catch {
      code = undefined;
    }
    return { status: response.status, code, text };
  }

  async function subscriptions(): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      content.database.db,
      sql`select count(*)::int as n from newsletter_subscriptions`,
    );
    return rows[0]?.n ?? 0;
  }

  beforeAll(async () => {
    content = await startContent();
  });
  afterAll(async () => {
    await content?.close();
  });

  it("refuses the hostile test's inputs with a GraphQL error and HTTP 400, storing nothing", async () => {
    const before = await subscriptions();
    const problems: string[] = [];
    const refused = (what: string, answer: { status: number; code: string | undefined; text: string }) => {
      if (answer.status !== 400 || answer.code !== 'BAD_REQUEST')
        problems.push(`${what}: ${answer.status} ${answer.text.slice(0, 160)}`);
    };
    for (const query of OPERATIONS) {
      for (const value of ['a\u0000b', '\uD800', 'x\uDFFF']) {
        refused(
          `POST ${query.slice(0, 40)} ${JSON.stringify(value)}`,
          await send('POST', '/content/graphql', JSON.stringify({ query, variables: { v: value } })),
        );
      }
      if (query.startsWith('query')) {
        const get = `/content/graphql?query=${encodeURIComponent(query)}&variables=${urlEncode(JSON.stringify({ v: 'a\u0000' }))}`;
        refused(`GET ${query.slice(0, 40)}`, await send('GET', get));
      }
    }
    refused(
      'deep variables',
      await send(
        'POST',
        '/content/graphql',
        `{"query":"{ locales { code } }","variables":${nestedJsonText(5000)}}`,
      ),
    );
    refused(
      'NUL in the document',
      await send('POST', '/content/graphql', JSON.stringify({ query: '{ locales { code } }\u0000' })),
    );
    refused('path', await send('GET', '/content/%00'));
    refused('query string', await send('GET', '/content/graphql?query=%7Blocales%7Bcode%7D%7D&x=%00'));
    expect(problems).toEqual([]);
    expect(await subscriptions()).toBe(before);
  });

  it('answers no hostile document, variable, path or header with a 5xx or an unexpected error (fuzz over the route table)', async () => {
    const routes = content.routes;
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /content/graphql', 'POST /content/graphql']),
    );
    const request = fc.record({
      route: fc.constantFrom(...routes),
      operation: fc.constantFrom(...OPERATIONS),
      variables: fc.oneof(
        { weight: 3, arbitrary: hostileText.map((v) => ({ v })) },
        { weight: 1, arbitrary: hostileJson.map((v) => ({ v })) },
        { weight: 1, arbitrary: hostileJson },
      ),
      // Mostly the operations above; now and then a body or query string of another shape, or another path.
      raw: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileBodyText },
      ),
      contentType: hostileContentType,
      suffix: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileUrlPart },
      ),
      header: fc.tuple(
        fc.constantFrom('accept-language', 'x-forwarded-for', 'graphql-preflight', 'x-fuzz'),
        hostileHeaderValue,
      ),
    });
    await assertTwice(
      request,
      async ({ route, operation, variables, raw, contentType, suffix, header }) => {
        const body = raw ?? JSON.stringify({ query: operation, variables }) ?? 'null';
        const query = `query=${urlEncode(operation)}&variables=${urlEncode(JSON.stringify(variables) ?? 'null')}`;
        const path = `${route.path}${suffix ? `/${suffix}` : ''}`;
        const answer =
          route.method === 'GET'
            ? await send('GET', `${path}?${raw ? urlEncode(raw) : query}`, undefined, {
                [header[0]]: header[1],
              })
            : await send(route.method, path, body, {
                'content-type': raw ? contentType : 'application/json',
                [header[0]]: header[1],
              });
        expect(answer.status, `${route.method} ${path}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        // A resolver that failed unexpectedly is GraphQL's 5xx: yoga masks it as "Unexpected error.".
        expect(answer.text, `${route.method} ${path}`).not.toContain('Unexpected error.');
      },
      { seed: 20_261_127, numRuns: 200 },
    );
  });
});
