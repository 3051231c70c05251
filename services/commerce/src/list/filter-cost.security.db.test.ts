import { testDriver } from '@catalogue/db/testing';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceForTests, loginAs } from '../testing/sdk';
import { LIST_LIMITS } from './limits';

/**
 * Hostile list queries (issue 20 item 1): hundreds of `|` values, many filters, deep xp paths, long
 * searches, many sort terms, characters of the SQL array syntax. Every one must be answered by the real
 * service with a page (2xx) or a 400 `List.*` refusal — never 5xx. On PostgreSQL the statement timeout
 * is the time budget: a query running past it would answer 503 and fail the test. (PGlite cannot cancel
 * a statement; there the cost is bounded by the shape of the SQL, see compile-cost.security.test.ts.)
 */
describe(`hostile list queries on ${testDriver()}`, () => {
  const commerce = commerceForTests({ skus: 200, connection: { statementTimeoutMs: 2000 } });
  let anonymous = '';
  let admin = '';

  beforeAll(async () => {
    const response = await fetch(`${commerce().baseUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'storefront', grant_type: 'client_credentials' }),
    });
    anonymous = ((await response.json()) as { access_token: string }).access_token;
    admin = await loginAs('admin');
  });

  async function answer(path: string, query: string, token: string) {
    const response = await fetch(`${commerce().baseUrl}${path}?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { Errors?: { ErrorCode: string }[] };
    return { status: response.status, code: body.Errors?.[0]?.ErrorCode ?? null };
  }

  function expectPageOrListRefusal(result: { status: number; code: string | null }, query: string) {
    const context = `${result.status} ${result.code} for ${query.slice(0, 300)}`;
    if (result.status >= 200 && result.status < 300) return;
    expect(result.status, context).toBe(400);
    expect(result.code, context).toMatch(/^List\./);
  }

  const values = (n: number, make: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => make(i)).join('|');

  it.each([
    ['50 values (27 s on PGlite before)', `xp.Material=${values(50, (i) => `id${i}`)}`, 200],
    [
      'the most values a filter may have',
      `xp.Material=${values(LIST_LIMITS.valuesPerFilter, (i) => `id${i}`)}`,
      200,
    ],
    ['400 values (the family page case)', `xp.Material=${values(400, (i) => `m${i}`)}`, 400],
    ['500 values (kept the site down 5 minutes)', `xp.Material=${values(500, (i) => `id${i}`)}`, 400],
    ['a 400-level xp path', `xp.${values(400, () => 'a').replaceAll('|', '.')}=1`, 400],
  ])('answers %s', async (_name, query, status) => {
    const result = await answer('/v1/me/products', query, anonymous);
    expect(result.status).toBe(status);
    if (status === 400) expect(result.code).toMatch(/^List\./);
  });

  // Characters that mean something to URLs, LIKE patterns, the filter grammar and array literals.
  const hostileChar = fc.constantFrom(...'aAzZ09-_. é߀"\\{},\'%*!<>=()[]$;:/+'.split(''));
  const word = fc.string({ unit: hostileChar, minLength: 0, maxLength: 24 });
  const ident = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
  const xpPath = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'Material',
        'Finish',
        'LoadClass',
        'Certifications',
        'Names.en',
        'TradeSize.metric',
        'LengthMm',
      ),
      weight: 8,
    },
    { arbitrary: fc.array(ident, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')), weight: 3 },
    {
      arbitrary: fc
        .array(ident, { minLength: 1, maxLength: LIST_LIMITS.pathSegments + 3 })
        .map((parts) => parts.join('.')),
      weight: 1,
    },
  );
  const op = fc.constantFrom('', '', '!', '>', '<', '>=', '<=', '!>');
  const stringValue = fc.oneof(
    fc.tuple(op, word).map(([o, w]) => o + w),
    fc.constantFrom('*', '!*', 'steel', 'Steel*', '*-10', '10', '12.5', 'true'),
  );
  // Mostly up to the limit, sometimes past it.
  const manyValues = (value: fc.Arbitrary<string>) =>
    fc
      .oneof(
        { arbitrary: fc.array(value, { minLength: 1, maxLength: 5 }), weight: 4 },
        { arbitrary: fc.array(value, { minLength: 1, maxLength: LIST_LIMITS.valuesPerFilter }), weight: 4 },
        {
          arbitrary: fc.array(value, { minLength: 1, maxLength: LIST_LIMITS.valuesPerFilter + 30 }),
          weight: 1,
        },
      )
      .map((vs) => vs.join('|'));
  const filter = fc.oneof(
    {
      arbitrary: fc.tuple(
        xpPath.map((p) => `xp.${p}`),
        manyValues(stringValue),
      ),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(fc.constantFrom('ID', 'Name', 'Description', 'OwnerID'), manyValues(stringValue)),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(
        fc.constant('QuantityMultiplier'),
        manyValues(fc.tuple(op, fc.integer({ min: -5, max: 500 })).map(([o, n]) => `${o}${n}`)),
      ),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fc.constant('Active'), fc.constantFrom('true', 'false', 'true|false', '!true')),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(
        fc.constant('DateCreated'),
        fc.constantFrom('>2020-01-01', '2026-11-27|2025-01-01|<2030-01-01T00:00:00Z'),
      ),
      weight: 1,
    },
    { arbitrary: fc.tuple(ident, word), weight: 1 },
  );
  const sortTerm = fc
    .tuple(
      fc.constantFrom('', '!'),
      fc.oneof(
        fc.constantFrom('ID', 'Name', 'QuantityMultiplier', 'DateCreated'),
        xpPath.map((p) => `xp.${p}`),
      ),
    )
    .map(([d, t]) => d + t);
  const listQuery = fc.record({
    filters: fc.oneof(
      { arbitrary: fc.array(filter, { maxLength: 4 }), weight: 4 },
      { arbitrary: fc.array(filter, { maxLength: LIST_LIMITS.filters + 5 }), weight: 1 },
    ),
    sortBy: fc.array(sortTerm, { maxLength: LIST_LIMITS.sortTerms + 3 }),
    search: fc.option(
      fc.array(word, { minLength: 1, maxLength: LIST_LIMITS.searchTerms + 4 }).map((ws) => ws.join(' ')),
      { nil: null },
    ),
    searchOn: fc.array(
      fc.oneof(
        fc.constantFrom('ID', 'Name', 'Description'),
        xpPath.map((p) => `xp.${p}`),
      ),
      {
        maxLength: LIST_LIMITS.searchOnPaths + 3,
      },
    ),
    searchType: fc.constantFrom(
      'AnyTerm',
      'AllTermsAnyField',
      'AllTermsSameField',
      'ExactPhrase',
      'ExactPhrasePrefix',
    ),
    page: fc.integer({ min: 1, max: 5 }),
    pageSize: fc.integer({ min: 1, max: 100 }),
  });

  type ListQuery = typeof listQuery extends fc.Arbitrary<infer T> ? T : never;

  function queryString(q: ListQuery): string {
    const query = new URLSearchParams();
    for (const [key, value] of q.filters) query.append(key, value);
    if (q.sortBy.length > 0) query.set('sortBy', q.sortBy.join(','));
    if (q.search) query.set('search', q.search);
    if (q.searchOn.length > 0) query.set('searchOn', q.searchOn.join(','));
    query.set('searchType', q.searchType);
    query.set('page', String(q.page));
    query.set('pageSize', String(q.pageSize));
    return query.toString();
  }

  it.each([
    ['/v1/me/products', () => anonymous],
    ['/v1/products', () => admin],
  ])('answers random hostile queries on %s with a page or a List refusal', async (path, token) => {
    await fc.assert(
      fc.asyncProperty(listQuery, async (q) => {
        const query = queryString(q);
        // Node refuses a request line over 16 KB itself (431) before the service sees it.
        fc.pre(query.length < 15_000);
        const r = await answer(path, query, token());
        if (process.env.FUZZ_STATS) console.log('STAT', r.status, r.code);
        expectPageOrListRefusal(r, query);
      }),
      { numRuns: 60 },
    );
  });
});
