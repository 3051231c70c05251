import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedPglite } from './pglite-pipeline';
import { testDriver } from './testing';

// The parsers drizzle-orm/pglite passes (dates and intervals stay text; Drizzle maps them itself).
const DRIZZLE_OPTIONS: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

describe.runIf(testDriver() === 'pglite')('pipelined PGlite client', () => {
  let pg: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    client = pipelinedPglite(pg, { waitMs: 5000 });
    await pg.exec(`
      create table sample (
        id serial primary key,
        name text not null unique,
        amount numeric(12, 2),
        count integer,
        big bigint,
        ratio double precision,
        flag boolean,
        doc jsonb,
        raw json,
        tags text[],
        numbers integer[],
        at timestamptz,
        day date,
        blob bytea
      )`);
  });
  afterAll(async () => {
    await pg?.close();
  });

  const row = [
    'first',
    '12.50',
    7,
    '9007199254740993',
    0.25,
    true,
    { nested: { list: [1, 'two', null] }, 'quote"d': "it's" },
    [1, 2],
    ['a', 'b,c', 'd"e', null],
    [3, 4],
    new Date('2026-11-22T10:00:00.000Z'),
    '2026-11-22',
    new Uint8Array([0, 1, 255]),
  ];
  const insert = `insert into sample (name, amount, count, big, ratio, flag, doc, raw, tags, numbers, at, day, blob)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning *`;

  it('gives the same rows, fields and counts as PGlite’s own query, in both row modes', async () => {
    const ours = await client.query(insert, row);
    const select = 'select * from sample where name = $1';
    for (const options of [undefined, DRIZZLE_OPTIONS, { rowMode: 'object' as const }]) {
      const expected = await pg.query(select, ['first'], options);
      const actual = await client.query(select, ['first'], options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
      expect(actual.affectedRows).toBe(expected.affectedRows);
    }
    const theirs = await pg.query(insert, ['second', ...row.slice(1)]);
    expect({ ...(ours.rows[0] as object), id: 0, name: '' }).toEqual({
      ...(theirs.rows[0] as object),
      id: 0,
      name: '',
    });
    const update = 'update sample set count = count + $1 where count = $2';
    const updated = await client.query(update, [1, 7]);
    expect(updated).toMatchObject({ rows: [], affectedRows: 2 });
  });

  it('passes nulls, and repeats a prepared statement with new values', async () => {
    const select = 'select $1::text as a, $2::int as b, $3::jsonb as c';
    expect((await client.query(select, [null, null, null])).rows).toEqual([{ a: null, b: null, c: null }]);
    for (let i = 0; i < 12; i++) {
      const result = await client.query(select, [`v${i}`, i, { i }]);
      expect(result.rows).toEqual([{ a: `v${i}`, b: i, c: { i } }]);
    }
  });

  it('throws the database’s error with the statement, and the client stays usable', async () => {
    const error = await client.query(insert, row).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'sample_name_key', query: insert });
    const syntax = await client.query('selec $1', [1]).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await client.query('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('runs a transaction’s statements inside it, and a rollback undoes them', async () => {
    const failed = await client
      .transaction(async (tx) => {
        await tx.query('insert into sample (name) values ($1)', ['rolled back']);
        const inside = await tx.query('select count(*)::int as n from sample where name = $1', [
          'rolled back',
        ]);
        expect(inside.rows).toEqual([{ n: 1 }]);
        await tx.query('insert into sample (name) values ($1)', ['first']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    const after = await client.query('select count(*)::int as n from sample where name = $1', [
      'rolled back',
    ]);
    expect(after.rows).toEqual([{ n: 0 }]);
    const committed = await client.transaction(async (tx) => {
      await tx.query('insert into sample (name) values ($1)', ['committed']);
      return 'done';
    });
    expect(committed).toBe('done');
    expect(
      (await client.query('select count(*)::int as n from sample where name = $1', ['committed'])).rows,
    ).toEqual([{ n: 1 }]);
  });

  it('makes a statement outside a transaction wait until the transaction ends', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into sample (name) values ($1)', ['pending']);
      await gate;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query('select count(*)::int as n from sample where name = $1', ['pending']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    // Had it run inside the open transaction, it would have seen the row, and the rollback undone it.
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('lets the event loop turn between the statements of a transaction', async () => {
    // PGlite settles its answers at once: without a turn of the event loop between statements, a
    // transaction would hold every socket read and timer until it ends.
    let turned = false;
    let turnedBeforeTheEnd = false;
    setImmediate(() => {
      turned = true;
    });
    await client.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await tx.query('select $1::int as n', [i]);
      turnedBeforeTheEnd = turned;
    });
    expect(turnedBeforeTheEnd).toBe(true);
  });

  it('prepares again after a schema change', async () => {
    const select = 'select amount from sample where name = $1';
    expect((await client.query(select, ['first'])).rows).toEqual([{ amount: '12.50' }]);
    await client.query('alter table sample alter column amount type text');
    expect((await client.query(select, ['first'])).rows).toEqual([{ amount: '12.50' }]);
    const described = await pg.query(select, ['first']);
    expect((await client.query(select, ['first'])).fields).toEqual(described.fields);
  });

  it('hands everything else to PGlite itself', async () => {
    expect((await client.exec('select 1 as one'))[0]?.rows).toEqual([{ one: 1 }]);
    expect(client.isInTransaction()).toBe(false);
    expect(client.closed).toBe(false);
  });
});
