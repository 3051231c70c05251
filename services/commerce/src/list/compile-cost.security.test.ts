import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { orderByClause, whereClause } from './compile';
import { LIST_LIMITS } from './limits';
import { parseListParams } from './params';
import type { ListSchema } from './schema';

/**
 * The cost of a list query is in the SQL it compiles to: a filter with many `|` values must compile to
 * the same statement as one with two (the values travel in one array parameter), and what can still grow
 * (filters, sort terms, search words and properties, path depth) is capped by LIST_LIMITS.
 */
const schema: ListSchema = {
  objectType: 'Product',
  fields: {
    ID: { expr: sql`products.id`, type: 'string' },
    Name: { expr: sql`products.name`, type: 'string' },
    QuantityMultiplier: { expr: sql`products.quantity_multiplier`, type: 'number' },
    Active: { expr: sql`products.active`, type: 'boolean' },
    DateCreated: { expr: sql`products.date_created`, type: 'date' },
  },
  xp: sql`products.xp`,
  searchOn: ['ID', 'Name'],
  defaultSort: ['ID'],
  keys: [sql`products.id`],
  xpLowerIndex: sql`(lower((products.xp)::text)::jsonb)`,
};

const dialect = new PgDialect();

function compile(query: string) {
  const params = parseListParams(new URLSearchParams(query));
  const where = whereClause(schema, params);
  const statement = dialect.sqlToQuery(
    sql`select 1 from products where ${where ?? sql`true`} order by ${sql.join(orderByClause(schema, params), sql`, `)}`,
  );
  return { text: statement.sql, parameters: statement.params.length };
}

/** `prefix` + n values joined with `|`. */
function values(n: number, make: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => make(i)).join('|');
}

function refusal(query: string): { status: number; code: string | undefined } | null {
  try {
    parseListParams(new URLSearchParams(query));
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.errors[0]?.ErrorCode };
  }
}

describe('compiled list queries', () => {
  const many = LIST_LIMITS.valuesPerFilter;
  it.each([
    ['xp equality (indexed containment and exact test)', 'xp.Material', (i: number) => `m${i}`],
    [
      'xp equality with numbers and booleans',
      'xp.Size',
      (i: number) => (i % 3 === 0 ? String(i) : i % 3 === 1 ? 'true' : `s${i}`),
    ],
    ['xp wildcard', 'xp.Material', (i: number) => `m${i}*`],
    ['xp ordering', 'xp.Size', (i: number) => (i % 2 ? `>${i}` : `<s${i}`)],
    ['xp negation', 'xp.Material', (i: number) => `!m${i}`],
    ['string equality', 'ID', (i: number) => `SKU-${i}`],
    ['string wildcard and negation', 'Name', (i: number) => (i % 2 ? `*${i}*` : `!n${i}`)],
    ['number comparison', 'QuantityMultiplier', (i: number) => `>=${i}`],
    ['boolean', 'Active', (i: number) => (i % 2 ? 'true' : 'false')],
    [
      'dates: days and instants',
      'DateCreated',
      (i: number) =>
        i % 2 ? `2025-01-${String((i % 28) + 1).padStart(2, '0')}` : `>2024-0${(i % 9) + 1}-01T00:00:00Z`,
    ],
    ['null tests', 'xp.Material', (i: number) => (i % 2 ? '*' : '!*')],
  ])('%s: the most values compile to the statement of two', (_name, key, make) => {
    const two = compile(`${key}=${encodeURIComponent(values(2, make))}`);
    const hundred = compile(`${key}=${encodeURIComponent(values(many, make))}`);
    expect(hundred.text).toBe(two.text);
    expect(hundred.parameters).toBe(two.parameters);
    expect(hundred.parameters).toBeLessThan(30);
  });

  it('searches for any or all words with one pattern parameter per property', () => {
    for (const searchType of ['AnyTerm', 'AllTermsSameField', 'ExactPhrase', 'ExactPhrasePrefix']) {
      const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
      const two = compile(`search=${words(2)}&searchType=${searchType}&searchOn=ID,Name,xp.Code`);
      const most = compile(
        `search=${words(LIST_LIMITS.searchTerms)}&searchType=${searchType}&searchOn=ID,Name,xp.Code`,
      );
      expect(most.text, searchType).toBe(two.text);
      expect(most.parameters, searchType).toBe(two.parameters);
    }
  });

  it('keeps the largest query the limits allow small', () => {
    const filters = Array.from(
      { length: LIST_LIMITS.filters },
      (_, f) => `xp.F${f}=${values(20, (i) => `v${i}`)}`,
    ).join('&');
    const sortBy = Array.from({ length: LIST_LIMITS.sortTerms }, (_, i) => `xp.S${i}`).join(',');
    const searchOn = Array.from({ length: LIST_LIMITS.searchOnPaths }, (_, i) => `xp.T${i}`).join(',');
    const search = Array.from({ length: LIST_LIMITS.searchTerms }, (_, i) => `w${i}`).join(' ');
    const largest = compile(
      `${filters}&sortBy=${sortBy}&searchOn=${searchOn}&search=${search}&searchType=AllTermsAnyField`,
    );
    // Every filter (at most 20 parameters), sort key (4) and word × property pattern (1) is one bounded
    // piece of SQL, whatever the values.
    expect(largest.parameters).toBeLessThanOrEqual(
      LIST_LIMITS.filters * 20 +
        LIST_LIMITS.sortTerms * 4 +
        LIST_LIMITS.searchTerms * LIST_LIMITS.searchOnPaths,
    );
  });

  it.each([
    [`xp.Material=${values(LIST_LIMITS.valuesPerFilter + 1, (i) => `m${i}`)}`, 'List.TooManyFilterValues'],
    [
      Array.from({ length: LIST_LIMITS.filters + 1 }, (_, i) => `xp.F${i}=x`).join('&'),
      'List.TooManyFilters',
    ],
    [`ID=${'x'.repeat(LIST_LIMITS.queryLength)}`, 'List.QueryTooLong'],
    [
      `sortBy=${Array.from({ length: LIST_LIMITS.sortTerms + 1 }, () => 'ID').join(',')}`,
      'List.TooManySortTerms',
    ],
    [
      `search=x&searchOn=${Array.from({ length: LIST_LIMITS.searchOnPaths + 1 }, () => 'ID').join(',')}`,
      'List.TooManySearchProperties',
    ],
    [`search=${'x'.repeat(LIST_LIMITS.searchLength + 1)}`, 'List.SearchTooLong'],
    [
      `search=${Array.from({ length: LIST_LIMITS.searchTerms + 1 }, (_, i) => `w${i}`).join('+')}`,
      'List.SearchTooLong',
    ],
    [
      `xp.${Array.from({ length: LIST_LIMITS.pathSegments }, () => 'a').join('.')}=1`,
      'List.PropertyPathTooLong',
    ],
    [`xp.${'a'.repeat(LIST_LIMITS.pathSegmentLength + 1)}=1`, 'List.PropertyPathTooLong'],
    [`sortBy=xp.${Array.from({ length: 400 }, () => 'a').join('.')}`, 'List.PropertyPathTooLong'],
  ])('refuses query %# with its List error', (query, code) => {
    expect(refusal(query)).toEqual({ status: 400, code });
  });

  it('accepts queries at the limits', () => {
    expect(refusal(`xp.Material=${values(LIST_LIMITS.valuesPerFilter, (i) => `m${i}`)}`)).toBeNull();
    expect(
      refusal(`xp.${Array.from({ length: LIST_LIMITS.pathSegments - 1 }, () => 'a').join('.')}=1`),
    ).toBeNull();
    expect(refusal(Array.from({ length: LIST_LIMITS.filters }, (_, i) => `xp.F${i}=x`).join('&'))).toBeNull();
  });
});
