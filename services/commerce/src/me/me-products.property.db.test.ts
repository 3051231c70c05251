import { testDriver } from '@catalogue/db/testing';
import fc from 'fast-check';
import { Me } from 'ordercloud-javascript-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseListParams, SEARCH_TYPES } from '../list/params';
import { type RefRow, type RefSchema, referenceList } from '../list/reference';
import { commerceForTests, loginAs } from '../testing/sdk';

/**
 * /me/products pages, sorts and filters exactly like the in-memory reference applied to everything the
 * user may see.
 */
describe(`/me/products against the reference on ${testDriver()}`, () => {
  commerceForTests({ skus: 200 });
  const refSchema: RefSchema = {
    fields: {
      ID: 'string',
      Name: 'string',
      Description: 'string',
      QuantityMultiplier: 'number',
      Active: 'boolean',
    },
    searchOn: ['ID', 'Name', 'Description'],
    defaultSort: ['ID'],
    key: 'ID',
  };
  let visible: RefRow[] = [];

  beforeAll(async () => {
    await loginAs('engineer');
    for (let page = 1; ; page++) {
      const result = await Me.ListProducts({ page, pageSize: 100 });
      visible.push(
        ...result.Items.map((p) => ({
          ID: p.ID,
          Name: p.Name,
          Description: p.Description,
          QuantityMultiplier: p.QuantityMultiplier,
          Active: p.Active,
          xp: p.xp as Record<string, unknown>,
        })),
      );
      if (page >= result.Meta.TotalPages) break;
    }
    visible = visible.filter((p, i, all) => all.findIndex((q) => q.ID === p.ID) === i);
  });

  it('agrees on random filters, sorts and pages', async () => {
    expect(visible.length).toBeGreaterThan(50);
    const materials = [...new Set(visible.map((p) => String(p.xp.Material)))];
    const filterArb = fc.oneof(
      fc.constantFrom(...materials).map((m) => ['xp.Material', m] as const),
      // A facet path: answered by the listing's lowercased tokens, case-insensitively like any filter.
      fc.constantFrom(...materials).map((m) => ['xp.Material', `${m.toUpperCase()}|none`] as const),
      fc.constantFrom('EMT*', '*-10', 'PVC*', '!*-P*', 'S*|R*').map((v) => ['ID', v] as const),
      fc.constantFrom('true', 'false').map((v) => ['xp.MadeToOrder', v] as const),
      fc.integer({ min: 1, max: 50 }).map((n) => ['QuantityMultiplier', `>=${n}`] as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(filterArb, { maxLength: 2 }),
        fc.option(fc.constantFrom('Name', '!Name', 'ID', '!ID', 'QuantityMultiplier,!ID'), { nil: null }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 30 }),
        // Searches: the listing's one-text-per-product path (plain terms) and the per-property one.
        fc.option(fc.constantFrom('steel', 'EMT conduit', 'galv', 'PVC box', '10 ft', 'st*el', 'zzz'), {
          nil: null,
        }),
        fc.constantFrom(...SEARCH_TYPES),
        async (filters, sortBy, page, pageSize, search, searchType) => {
          // The SDK's filters object cannot repeat a key; repeated keys are covered by the kernel's own tests.
          if (new Set(filters.map(([k]) => k)).size !== filters.length) return;
          const query = new URLSearchParams();
          for (const [k, v] of filters) query.append(k, v);
          if (sortBy) query.set('sortBy', sortBy);
          query.set('page', String(page));
          query.set('pageSize', String(pageSize));
          if (search) {
            query.set('search', search);
            query.set('searchType', searchType);
          }
          const expected = referenceList(refSchema, visible, parseListParams(query));
          const actual = await Me.ListProducts({
            filters: Object.fromEntries(filters.map(([k, v]) => [k, v])),
            ...(sortBy ? { sortBy: sortBy.split(',') as never } : {}),
            page,
            pageSize,
            ...(search ? { search, searchType } : {}),
          });
          expect(actual.Items.map((p) => p.ID)).toEqual(expected.items.map((p) => p.ID));
          expect(actual.Meta.TotalCount).toBe(expected.total);
        },
      ),
      { numRuns: 40 },
    );
  });
});
