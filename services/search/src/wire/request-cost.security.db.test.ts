import { testDriver } from '@catalogue/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchUnderTest, searchUnderTest } from '../testing/search-under-test';
import { FILTER_LIMITS } from './limits';

/**
 * Hostile discover requests (issue 20 item 1's siblings): big filter trees, anyOf and facet selections
 * of 1,000 values on the SKU column, many facets, widget items and rules. Each is answered 200 or a 400
 * in the service's own format — never 5xx — and the filters' size is limited (FILTER_LIMITS).
 */
describe(`hostile search requests on ${testDriver()}`, () => {
  let search: SearchUnderTest;
  beforeAll(async () => {
    search = await searchUnderTest({ skus: 200 });
  });
  afterAll(async () => {
    await search?.close();
  });

  const context = { locale: { country: 'us', language: 'en' } };
  const request = (items: unknown[]) => ({ context, widget: { items } });
  const results = (searchPart: unknown) => ({ entity: 'product', rfk_id: 'rfkid_7', search: searchPart });

  it('finds SKUs among a thousand values in anyOf and in a facet selection', async () => {
    const first = await search.post(request([results({ limit: 3 })]));
    const known: string[] = first.json.widgets[0].content.map((c: { id: string }) => c.id);
    expect(known).toHaveLength(3);
    const values = [...Array.from({ length: 997 }, (_, i) => `NOPE-${i}`), ...known];
    const anyOf = await search.post(
      request([results({ filter: { type: 'anyOf', name: 'sku', values }, limit: 10 })]),
    );
    expect(anyOf.status).toBe(200);
    expect(anyOf.json.widgets[0].content.map((c: { id: string }) => c.id).sort()).toEqual([...known].sort());
    const facet = await search.post(
      request([results({ facet: { types: [{ name: 'sku', filter: { type: 'or', values } }] }, limit: 10 })]),
    );
    expect(facet.status).toBe(200);
    expect(facet.json.widgets[0].total_item).toBe(known.length);
  });

  it(`refuses filters of more than ${FILTER_LIMITS.nodes} nodes or ${FILTER_LIMITS.depth} levels with 400`, async () => {
    const leaves = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'eq', name: 'sku', value: `S${i}` }));
    const wide = Array.from({ length: 3 }, () => results({ filter: { type: 'or', filters: leaves(70) } }));
    const tooWide = await search.post(request(wide));
    expect(tooWide.status).toBe(400);
    expect(tooWide.json.errors[0]).toMatchObject({ code: 400, type: 'invalid_request' });
    const nested = (d: number): unknown =>
      d === 0 ? { type: 'eq', name: 'sku', value: 'x' } : { type: 'not', filter: nested(d - 1) };
    expect((await search.post(request([results({ filter: nested(FILTER_LIMITS.depth) })]))).status).toBe(400);
    expect((await search.post(request([results({ filter: nested(FILTER_LIMITS.depth - 2) })]))).status).toBe(
      200,
    );
  });

  const attribute = fc.constantFrom(
    'sku',
    'id',
    'material',
    'finish',
    'type',
    'category',
    'length_mm',
    'nope',
  );
  const scalar = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 5000 }), fc.boolean());
  const filter: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ type: fc.constantFrom('eq', 'gt', 'lte'), name: attribute, value: scalar }),
      fc.record({
        type: fc.constantFrom('anyOf', 'allOf'),
        name: attribute,
        values: fc.array(scalar, { maxLength: 1000 }),
      }),
      fc.record({ type: fc.constant('exists'), name: attribute }),
      fc.record({ type: fc.constantFrom('and', 'or'), filters: fc.array(tie('node'), { maxLength: 40 }) }),
      fc.record({ type: fc.constant('not'), filter: tie('node') }),
    ),
  })).node;
  const facetType = fc.record({
    name: attribute,
    filter: fc.record({
      type: fc.constantFrom('or', 'and'),
      values: fc.array(fc.string({ maxLength: 10 }), { maxLength: 1000 }),
    }),
  });
  const item = fc.record(
    {
      entity: fc.constant('product'),
      rfk_id: fc.constantFrom('rfkid_7', 'rfkid_6', 'rfkid_1', 'rfkid_2'),
      search: fc.record(
        {
          query: fc.record({
            keyphrase: fc.string({ maxLength: 500 }),
            operator: fc.constantFrom('and', 'or'),
          }),
          filter,
          facet: fc.record({ types: fc.array(facetType, { maxLength: 12 }) }),
          sort: fc.record({
            value: fc.array(
              fc.record({
                name: fc.constantFrom('name', 'price', 'nope'),
                order: fc.constantFrom('asc', 'desc'),
              }),
              { maxLength: 3 },
            ),
          }),
          limit: fc.integer({ min: 0, max: 1000 }),
          offset: fc.integer({ min: 0, max: 1_000_000 }),
          rule: fc.record(
            {
              boost: fc.array(fc.record({ filter, weight: fc.integer({ min: -5, max: 5 }) }), {
                maxLength: 5,
              }),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['entity', 'rfk_id'] },
  );

  it('answers random hostile requests with 200 or a 400 in its own format, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 8 }), async (items) => {
        const body = JSON.stringify(request(items));
        fc.pre(body.length < 250_000);
        const answer = await search.post(body);
        const context = `${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`;
        expect([200, 400], context).toContain(answer.status);
        if (answer.status === 400) expect(answer.json.errors[0].type, context).toBe('invalid_request');
        // Nor a failure hidden in one widget of a 200 answer.
        const widgetErrors = (answer.json.widgets ?? []).flatMap(
          (w: { errors?: { code: number }[] }) => w.errors ?? [],
        );
        expect(
          widgetErrors.filter((e: { code: number }) => e.code >= 500),
          context,
        ).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});
