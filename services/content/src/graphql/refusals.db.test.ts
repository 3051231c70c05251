import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, type ContentUnderTest, startContent } from '../testing/content-server';

describe('content service: bad input and limits', () => {
  let content: ContentUnderTest;

  beforeAll(async () => {
    content = await startContent({ skus: 60 });
  });
  afterAll(async () => {
    await content?.close();
  });

  const send = async (init: RequestInit, query = '') => answerOf(await fetch(`${content.url}${query}`, init));
  const postBody = (body: string) =>
    send({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });

  it('answers an unknown language with a clear error, not empty data', async () => {
    const answer = await content.post('{ header(language: "pt-BR") { searchLabel } }');
    expect(answer.status).toBe(200);
    expect(answer.json.data).toBeNull();
    expect(answer.json.errors[0].extensions.code).toBe('UNKNOWN_LANGUAGE');
    expect(answer.json.errors[0].message).toMatch(/Unknown language 'pt-BR': use one of en-US, .*en-NZ/);
  });

  it('refuses malformed cursors and limits out of range', async () => {
    const cursor = await content.post('{ routes(language: "en-US", endCursor: "not a cursor") { total } }');
    expect(cursor.json.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(cursor.json.errors[0].message).toMatch(/Malformed cursor/);
    const after = await content.post('{ allM_PCM_Product(after: "Zm9v") { total } }');
    expect(after.json.errors[0].message).toMatch(/Malformed cursor/);
    const limit = await content.post('{ dictionary(language: "en-US", limit: 500) { total } }');
    expect(limit.json.errors[0].message).toBe('limit must be from 1 to 100 (got 500).');
  });

  it('refuses a malformed postal code of the region and an unknown region', async () => {
    const zip = await content.post('{ territories(region: "US", postalCode: "ABC12") { postalCode } }');
    expect(zip.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(zip.json.errors[0].message).toBe(
      "'ABC12' is not a postal code of this region: enter a 5-digit ZIP code, optionally ZIP+4 (60601 or 60601-1234).",
    );
    // In the language asked for.
    const fr = await content.post(
      '{ territories(region: "CA", postalCode: "12345", language: "fr-CA") { postalCode } }',
    );
    expect(fr.json.errors[0].message).toBe(
      "« 12345 » n'est pas un code postal de cette région : saisissez un code postal canadien ou ses trois premiers caractères (M5V 3L9 ou M5V).",
    );
    const de = await content.post(
      '{ territories(region: "EU", postalCode: "XYZ", language: "de-EU") { postalCode } }',
    );
    expect(de.json.errors[0].message).toMatch(/^„XYZ“ ist keine Postleitzahl dieser Region/);
    const fsa = await content.post('{ territories(region: "ca", postalCode: "12345") { postalCode } }');
    expect(fsa.json.errors[0].message).toMatch(/Canadian postal code/);
    const region = await content.post('{ territories(region: "MARS", postalCode: "1") { postalCode } }');
    expect(region.json.errors[0].message).toMatch(/Unknown region 'MARS'/);
  });

  it.each([
    [
      'too deep',
      '{ header(language: "en-US") { megaMenu { entries { children { label } } } } }'.replace(
        'children { label }',
        'children { label } ... on MegaMenuEntry { children { label } }',
      ),
      /depth limit of 3/i,
      { CONTENT_MAX_DEPTH: 3 },
    ],
    [
      'too many aliases',
      `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: metricToggleLocales`).join(' ')} }`,
      /aliases/i,
      {},
    ],
    [
      'too costly',
      `{ ${Array.from({ length: 4 }, (_, i) => `p${i}: allM_PCM_Product(first: 100) { total results { id productNumber productName productMarketingMessage productBullets locale } }`).join(' ')} }`,
      /Cost limit of 5000 exceeded/i,
      {},
    ],
    ['too many tokens', `{ locales { ${'code '.repeat(2100)} } }`, /token/i, {}],
  ])(
    'refuses a query that is %s with HTTP 400 and a GraphQL error',
    async (_name, query, message, config) => {
      const target = Object.keys(config).length > 0 ? await startContent({ skus: 1, config }) : content;
      try {
        const answer = await target.post(query);
        expect(answer.status).toBe(400);
        expect(answer.json.data).toBeUndefined();
        expect(answer.json.errors[0].message).toMatch(message);
      } finally {
        if (target !== content) await target.close();
      }
    },
  );

  it('answers malformed JSON, a missing query, an unknown field and a syntax error with GraphQL errors', async () => {
    const json = await postBody('{"query": ');
    expect(json.status).toBe(400);
    expect(json.json.errors[0].message).toMatch(/invalid JSON/i);
    const missing = await postBody('{}');
    expect(missing.status).toBe(400);
    expect(missing.json.errors[0].message).toMatch(/Must provide query string/);
    const unknown = await content.post('{ pages { title } }');
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0].message).toMatch(/Cannot query field "pages"/);
    const syntax = await content.post('{ locales { code ');
    expect(syntax.status).toBe(400);
    expect(syntax.json.errors[0].message).toMatch(/Syntax Error/);
  });

  it('answers wrong methods, unacceptable media types and oversized bodies with GraphQL errors', async () => {
    const put = await send({ method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect(put.json.errors[0].message).toBe('PUT is not supported: use GET or POST.');
    const html = await send({ method: 'GET', headers: { accept: 'text/html' } });
    expect(html.status).toBe(406);
    expect(html.json.errors[0].extensions.code).toBe('NOT_ACCEPTABLE');
    const mutationByGet = await send(
      { method: 'GET' },
      `?query=${encodeURIComponent('mutation { subscribeNewsletter(email: "a@b.co", language: "en-US") { email } }')}`,
    );
    expect(mutationByGet.status).toBe(405);
    expect(mutationByGet.json.errors[0].message).toMatch(/mutation operation from a POST request/);
    const big = await postBody(
      JSON.stringify({ query: '{ locales { code } }', variables: { pad: 'x'.repeat(70_000) } }),
    );
    expect(big.status).toBe(413);
    expect(big.json.errors[0].message).toBe('Request body too large: at most 65536 bytes.');
    const elsewhere = await answerOf(await fetch(content.url.replace('/graphql', '/nothing')));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
