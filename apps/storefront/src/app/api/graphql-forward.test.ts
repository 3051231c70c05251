import { defineService } from '@catalogue/service-kit';
import { setSharedServices } from '@catalogue/service-kit/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardGraphql } from './graphql-forward';

/** What reached the content service: its path and the request body. */
const received: { path: string; body: unknown }[] = [];

describe('POST /api/cmsApi and /api/contentHubApi', () => {
  beforeAll(() => {
    // A content service recording what it receives and answering as GraphQL does.
    const content = defineService('content', '/content', async (request) => {
      received.push({ path: new URL(request.url).pathname, body: await request.json() });
      return Response.json({ errors: [{ message: 'Unknown language "xx-XX".' }] }, { status: 400 });
    });
    setSharedServices([content]);
  });
  afterAll(() => setSharedServices(null));

  const post = (body: string, type = 'application/json') =>
    forwardGraphql(
      new Request('http://site/api/cmsApi', { method: 'POST', headers: { 'content-type': type }, body }),
    );

  it('forwards the query and its variables to /content/graphql and returns its answer as it is', async () => {
    received.length = 0;
    const query = 'query ($productsArr: [String!]) { allM_PCM_Product { total } }';
    const answer = await post(
      JSON.stringify({ query, variables: { productsArr: ['A-1'], locale: 'xx-XX' } }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ errors: [{ message: 'Unknown language "xx-XX".' }] });
    expect(received).toEqual([
      { path: '/content/graphql', body: { query, variables: { productsArr: ['A-1'], locale: 'xx-XX' } } },
    ]);
  });

  it('refuses what is not a GraphQL request with a GraphQL error, without calling the service', async () => {
    received.length = 0;
    const cases: [string, string, number, RegExp][] = [
      ['{not json', 'application/json', 400, /not valid JSON/],
      [JSON.stringify({ variables: {} }), 'application/json', 400, /query/],
      [JSON.stringify({ query: '   ' }), 'application/json', 400, /non-empty/],
      [JSON.stringify({ query: '{ a }', variables: [1] }), 'application/json', 400, /variables/],
      [JSON.stringify({ query: '{ a }', extra: 1 }), 'application/json', 400, /extra|Unrecognized/i],
      ['query=%7Ba%7D', 'application/x-www-form-urlencoded', 415, /JSON/],
      [JSON.stringify({ query: 'x'.repeat(100_001) }), 'application/json', 413, /exceeds/],
    ];
    for (const [body, type, status, message] of cases) {
      const answer = await post(body, type);
      expect(answer.status, body.slice(0, 40)).toBe(status);
      const json = (await answer.json()) as { errors: { message: string }[] };
      expect(json.errors[0]?.message).toMatch(message);
    }
    expect(received).toEqual([]);
  });
});
