import { createTestDatabase, type TestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { parseListParams } from './params';
import { type RefRow, type RefSchema, referenceList } from './reference';
import { runList } from './run';
import type { ListSchema } from './schema';

const probe = pgTable('list_probe', {
  id: text('id').primaryKey(),
  name: text('name'),
  count: integer('count'),
  active: boolean('active').notNull(),
  dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
  xp: jsonb('xp').notNull(),
});

const schema: ListSchema = {
  objectType: 'Probe',
  fields: {
    ID: { expr: sql`${probe.id}`, type: 'string' },
    Name: { expr: sql`${probe.name}`, type: 'string' },
    Count: { expr: sql`${probe.count}`, type: 'number' },
    Active: { expr: sql`${probe.active}`, type: 'boolean' },
    DateCreated: { expr: sql`${probe.dateCreated}`, type: 'date' },
  },
  xp: sql`${probe.xp}`,
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
  keys: [sql`${probe.id}`],
};
const refSchema: RefSchema = {
  fields: { ID: 'string', Name: 'string', Count: 'number', Active: 'boolean', DateCreated: 'date' },
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
  key: 'ID',
};

const words = ['conduit', 'Conduit', 'STRUT', 'tray', 'Étrier', 'box', 'a_b', '50%', 'zinc', 'é'];
const colors = ['red', 'Red', 'blue', 'green', '10', 'true'];

const rowArb = fc.record({
  ID: fc.stringMatching(/^[A-Za-z0-9-]{1,6}$/),
  Name: fc.option(
    fc.oneof(
      fc.constantFrom(...words),
      fc.array(fc.constantFrom(...words), { minLength: 2, maxLength: 3 }).map((w) => w.join(' ')),
    ),
    { nil: null },
  ),
  Count: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }),
  Active: fc.boolean(),
  DateCreated: fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2026-12-31T00:00:00Z'),
    noInvalidDate: true,
  }),
  xp: fc.record(
    {
      color: fc.oneof(fc.constantFrom(...colors), fc.constant(null)),
      size: fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constantFrom('7', 'big')),
      tags: fc.array(fc.oneof(fc.constantFrom(...colors), fc.integer({ min: 0, max: 12 })), { maxLength: 3 }),
      flag: fc.boolean(),
      nested: fc.record({ code: fc.constantFrom('A1', 'b2', 'C3') }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  ),
});
const rowsArb = fc.uniqueArray(rowArb, { minLength: 0, maxLength: 60, selector: (r) => r.ID.toLowerCase() });

const valueArb = fc.oneof(
  { arbitrary: fc.constantFrom(...words, ...colors), weight: 2 },
  fc.constantFrom(
    ...words,
    ...colors,
    'con*',
    '*duit',
    '*t*',
    'str*',
    '*',
    '!*',
    '5',
    '-3',
    '0',
    '12',
    'true',
    'false',
  ),
  fc.integer({ min: -10, max: 25 }).map(String),
);
const opArb = fc.constantFrom('', '!', '>', '<', '>=', '<=', '!>');
const filterArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'Name',
        'name',
        'Name',
        'ID',
        'xp.color',
        'xp.color',
        'xp.size',
        'xp.tags',
        'xp.flag',
        'xp.nested.code',
        'xp.missing',
      ),
      fc.array(fc.tuple(opArb, valueArb), { minLength: 1, maxLength: 3 }),
    )
    .map(
      ([key, parts]) =>
        [key, parts.map(([op, v]) => (v === '*' || v === '!*' ? v : op + v)).join('|')] as const,
    ),
  fc
    .tuple(fc.constant('Count'), fc.tuple(opArb, fc.integer({ min: -20, max: 20 })))
    .map(([k, [op, v]]) => [k, `${op}${v}`] as const),
  fc.tuple(fc.constant('Active'), fc.constantFrom('true', 'false', '!true')).map(([k, v]) => [k, v] as const),
  fc
    .tuple(
      fc.constant('DateCreated'),
      fc.constantFrom('>2025-06-01', '<2025-01-15T12:00:00Z', '2025-03-03', '<=2026-01-01'),
    )
    .map(([k, v]) => [k, v] as const),
);
const queryArb = fc.record({
  filters: fc.array(filterArb, { maxLength: 2 }),
  search: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.constantFrom('conduit', 'STR', 'tray box', 'étrier', '50%', 'a_b', 'red'), weight: 2 },
  ),
  searchOn: fc.option(fc.constantFrom('Name', 'ID', 'Name,xp.color', 'xp.color'), { nil: null }),
  searchType: fc.constantFrom(
    'AnyTerm',
    'AllTermsAnyField',
    'AllTermsSameField',
    'ExactPhrase',
    'ExactPhrasePrefix',
  ),
  sortBy: fc.option(
    fc
      .array(
        fc.constantFrom(
          'Name',
          '!Name',
          'ID',
          '!ID',
          'Count',
          '!Count',
          'Active',
          '!DateCreated',
          'xp.size',
          '!xp.size',
          'xp.color',
          '!xp.color',
        ),
        {
          minLength: 1,
          maxLength: 2,
        },
      )
      .map((s) => s.join(',')),
    { nil: null },
  ),
  page: fc.oneof(
    { arbitrary: fc.constant(1), weight: 3 },
    { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 },
  ),
  pageSize: fc.integer({ min: 1, max: 40 }),
});

describe(`list kernel on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`create table list_probe (
      id text primary key, name text, count integer, active boolean not null,
      date_created timestamptz not null, xp jsonb not null)`);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('agrees with the reference implementation on random data, filters, searches, sorts and pages', async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb, queryArb, async (rows, q) => {
        await database.db.execute(sql`delete from list_probe`);
        if (rows.length > 0) {
          await database.db.insert(probe).values(
            rows.map((r) => ({
              id: r.ID,
              name: r.Name,
              count: r.Count,
              active: r.Active,
              dateCreated: r.DateCreated,
              xp: JSON.parse(JSON.stringify(r.xp)),
            })),
          );
        }
        const query = new URLSearchParams();
        for (const [key, value] of q.filters) query.append(key, value);
        if (q.search) query.set('search', q.search);
        if (q.searchOn) query.set('searchOn', q.searchOn);
        query.set('searchType', q.searchType);
        if (q.sortBy) query.set('sortBy', q.sortBy);
        query.set('page', String(q.page));
        query.set('pageSize', String(q.pageSize));
        const params = parseListParams(query);

        const expected = referenceList(
          refSchema,
          JSON.parse(JSON.stringify(rows), (k, v) => (k === 'DateCreated' ? new Date(v) : v)) as RefRow[],
          params,
        );
        const actual = await runList(database.db, probe, schema, params);
        expect(actual.Items.map((r) => r.id)).toEqual(expected.items.map((r) => r.ID));
        expect(actual.Meta.TotalCount).toBe(expected.total);
        if (process.env.LIST_STATS) console.log('STAT', rows.length, expected.total, actual.Items.length);
        expect(actual.Meta.TotalPages).toBe(Math.ceil(expected.total / q.pageSize));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the reference on filters of many values, with and without the xp containment test', async () => {
    // A filter's values compile to one array comparison per operator; these many-value filters (up to
    // the limit) check that grouping them changes no answer, also through the containment test that
    // indexed xp columns add (`xpLowerIndex`).
    const indexed: ListSchema = { ...schema, xpLowerIndex: sql`(lower((${probe.xp})::text)::jsonb)` };
    // A Count filter's value keeps its operator and becomes a number (a value holding '|' splits into
    // parts of its own, which must be numbers too: a non-number is a 400 by design, not an answer).
    const numericValue = (part: string) => {
      const [, op = '', rest = ''] = /^(!?(?:>=|<=|>|<)?)(.*)$/.exec(part) ?? [];
      return op + (rest.replace(/[^0-9]/g, '').slice(0, 6) || '1');
    };
    const manyValuesArb = fc
      .tuple(
        fc.constantFrom('Name', 'ID', 'xp.color', 'xp.size', 'xp.tags', 'xp.flag', 'xp.nested.code', 'Count'),
        fc.array(fc.tuple(fc.constantFrom('', '', '', '!', '>', '<='), valueArb), {
          minLength: 1,
          maxLength: 100,
        }),
        fc.boolean(),
      )
      .map(([key, parts, equalityOnly]) => {
        const chosen = equalityOnly ? parts.map(([, v]) => ['', v.replace(/\*/g, '')] as const) : parts;
        const text = chosen
          .filter(([, v]) => v !== '')
          .map(([op, v]) => (v === '*' || v === '!*' ? v : op + v))
          .join('|');
        return [key, key === 'Count' ? text.split('|').map(numericValue).join('|') : text] as const;
      })
      .filter(([, text]) => text !== '' && !text.split('|').includes(''));
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.array(manyValuesArb, { minLength: 1, maxLength: 2 }),
        async (rows, filters) => {
          await database.db.execute(sql`delete from list_probe`);
          if (rows.length > 0) {
            await database.db.insert(probe).values(
              rows.map((r) => ({
                id: r.ID,
                name: r.Name,
                count: r.Count,
                active: r.Active,
                dateCreated: r.DateCreated,
                xp: JSON.parse(JSON.stringify(r.xp)),
              })),
            );
          }
          const query = new URLSearchParams();
          for (const [key, value] of filters) query.append(key, value);
          query.set('pageSize', '100');
          const params = parseListParams(query);
          const expected = referenceList(
            refSchema,
            JSON.parse(JSON.stringify(rows), (k, v) => (k === 'DateCreated' ? new Date(v) : v)) as RefRow[],
            params,
          );
          for (const variant of [schema, indexed]) {
            const actual = await runList(database.db, probe, variant, params);
            expect(actual.Items.map((r) => r.id)).toEqual(expected.items.map((r) => r.ID));
            expect(actual.Meta.TotalCount).toBe(expected.total);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('follows the documented semantics on hand-picked cases', async () => {
    await database.db.execute(sql`delete from list_probe`);
    const at = new Date('2025-03-03T10:00:00Z');
    await database.db.insert(probe).values([
      {
        id: 'A',
        name: 'Conduit',
        count: 5,
        active: true,
        dateCreated: at,
        xp: { color: 'Red', tags: ['x', 3], size: 10 },
      },
      {
        id: 'B',
        name: 'conduit body',
        count: null,
        active: false,
        dateCreated: new Date('2025-03-04T00:00:00Z'),
        xp: { color: 'blue', size: '10' },
      },
      {
        id: 'C',
        name: null,
        count: 12,
        active: true,
        dateCreated: new Date('2024-12-31T23:59:59Z'),
        xp: { tags: ['red'], size: 9 },
      },
      { id: 'D', name: 'Strut', count: -1, active: false, dateCreated: at, xp: { nested: { code: 'A1' } } },
    ]);
    const ids = async (query: string) =>
      (await runList(database.db, probe, schema, parseListParams(new URLSearchParams(query)))).Items.map(
        (r) => r.id,
      );
    const cases: [string, string[]][] = [
      ['Name=conduit&sortBy=ID', ['A']],
      ['Name=CONDUIT*&sortBy=ID', ['A', 'B']],
      ['Name=!conduit&sortBy=ID', ['B', 'C', 'D']],
      ['Name=!*&sortBy=ID', ['C']],
      ['Name=*&sortBy=ID', ['A', 'B', 'D']],
      ['ID=A|D&sortBy=ID', ['A', 'D']],
      ['ID=!A&ID=!D&sortBy=ID', ['B', 'C']],
      ['Count=>4&sortBy=ID', ['A', 'C']],
      ['Count=<=5&Active=false&sortBy=ID', ['D']],
      ['DateCreated=2025-03-03&sortBy=ID', ['A', 'D']],
      ['DateCreated=<2025-01-01&sortBy=ID', ['C']],
      ['xp.color=red&sortBy=ID', ['A']],
      ['xp.tags=RED&sortBy=ID', ['C']],
      ['xp.tags=3&sortBy=ID', ['A']],
      ['xp.size=>9&sortBy=ID', ['A']],
      ['xp.size=10&sortBy=ID', ['A', 'B']],
      ['xp.nested.code=a1', ['D']],
      ['xp.color=!*&sortBy=ID', ['C', 'D']],
      ['search=conduit body&searchType=ExactPhrase', ['B']],
      ['search=body strut&sortBy=ID', ['B', 'D']],
      ['search=con bo&searchType=AllTermsSameField', ['B']],
      ['sortBy=!Name', ['C', 'D', 'B', 'A']],
      ['sortBy=xp.size', ['C', 'A', 'B', 'D']],
    ];
    for (const [query, expected] of cases) expect(await ids(query), query).toEqual(expected);
  });

  it('refuses unknown properties, bad sort properties, bad page sizes and bad values', async () => {
    const attempt = async (query: string) => {
      try {
        await runList(database.db, probe, schema, parseListParams(new URLSearchParams(query)));
        return null;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { status: error.status, code: error.errors[0]?.ErrorCode };
      }
    };
    expect(await attempt('Colour=red')).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(await attempt('Name.first=x')).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(await attempt('sortBy=Colour')).toEqual({ status: 400, code: 'List.InvalidSortProperty' });
    expect(await attempt('searchOn=Colour&search=x')).toEqual({ status: 400, code: 'List.InvalidProperty' });
    expect(await attempt('pageSize=101')).toEqual({ status: 400, code: 'List.InvalidPageSize' });
    expect(await attempt('pageSize=0')).toEqual({ status: 400, code: 'List.InvalidPageSize' });
    expect(await attempt('pageSize=abc')).toEqual({ status: 400, code: 'List.InvalidPageSize' });
    expect(await attempt('page=0')).toEqual({ status: 400, code: 'InvalidRequest' });
    expect(await attempt('Count=ten')).toEqual({ status: 400, code: 'InvalidRequest' });
    expect(await attempt('Active=yes')).toEqual({ status: 400, code: 'InvalidRequest' });
    expect(await attempt('DateCreated=>yesterday')).toEqual({ status: 400, code: 'InvalidRequest' });
    expect(await attempt('searchType=Fuzzy&search=x')).toEqual({ status: 400, code: 'InvalidRequest' });
    expect(await attempt("Name=x'; drop table list_probe; --")).toBeNull();
    const stillThere = await database.db.execute(sql`select count(*) from list_probe`);
    expect(stillThere).toBeTruthy();
  });

  it('reports Meta with a 1-based ItemRange', async () => {
    await database.db.execute(sql`delete from list_probe`);
    await database.db.insert(probe).values(
      Array.from({ length: 45 }, (_, i) => ({
        id: `P${String(i).padStart(3, '0')}`,
        name: `Item ${i}`,
        active: true,
        dateCreated: new Date('2025-01-01T00:00:00Z'),
        xp: {},
      })),
    );
    const page3 = await runList(
      database.db,
      probe,
      schema,
      parseListParams(new URLSearchParams('page=3&sortBy=ID')),
    );
    expect(page3.Meta).toEqual({ Page: 3, PageSize: 20, TotalCount: 45, TotalPages: 3, ItemRange: [41, 45] });
    expect(page3.Items[0]?.id).toBe('P040');
    const beyond = await runList(database.db, probe, schema, parseListParams(new URLSearchParams('page=9')));
    expect(beyond.Items).toEqual([]);
    expect(beyond.Meta).toEqual({ Page: 9, PageSize: 20, TotalCount: 45, TotalPages: 3, ItemRange: [0, 0] });
  });
});
