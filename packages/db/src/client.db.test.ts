import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows, queryRowsPrepared } from './client';
import { migrateDatabase } from './migrate';
import { appMeta, buyers } from './schema/index';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';

describe(`database on ${testDriver()}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('has the schema the migrations describe, identical on both drivers', async () => {
    const rows = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
      database.db,
      sql`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const columns = rows.map((r) => `${r.table_name}.${r.column_name}: ${r.data_type}`);
    // One file for both drivers: a difference between PGlite and PostgreSQL fails one of the two runs.
    await expect(`${columns.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/schema-columns.txt');
    const extensions = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname`,
    );
    expect(extensions.map((r) => r.extname)).toEqual(['pg_trgm', 'unaccent']);
  });

  it('applies migrations again without changing anything', async () => {
    await database.db.insert(appMeta).values({ key: 'probe', value: { n: 1 } });
    await migrateDatabase(database);
    const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(rows).toHaveLength(1);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(buyers).values({ id: 'TX-1', name: 'Rolled back' });
        await tx.insert(buyers).values({ id: 'TX-1', name: 'Duplicate key' });
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(buyers).where(eq(buyers.id, 'TX-1'))).toEqual([]);
  });

  it('runs without JIT compilation on every connection', async () => {
    // PostgreSQL: jit=off as a startup parameter (issue 21). PGlite is built without LLVM, so JIT is
    // never available there whatever the setting says.
    const probe = sql`select current_setting('jit') as jit, pg_jit_available() as available`;
    const seen = await Promise.all(
      [1, 2, 3].map(() => queryRows<{ jit: string; available: boolean }>(database.db, probe)),
    );
    const inMigrations = await database.withoutStatementTimeout((db) =>
      queryRows<{ jit: string; available: boolean }>(db, probe),
    );
    for (const [row] of [...seen, inMigrations]) {
      expect(row?.jit === 'off' || row?.available === false).toBe(true);
      if (database.driver === 'postgres') expect(row?.jit).toBe('off');
    }
  });

  it('runs prepared statements by their text: the same text with new values, other texts beside it', async () => {
    const sum = (a: number, b: number) =>
      queryRowsPrepared<{ n: number }>(database.db, sql`select ${a}::int + ${b}::int as n`);
    const product = (a: number, b: number) =>
      queryRowsPrepared<{ n: number }>(database.db, sql`select ${a}::int * ${b}::int as n`);
    // More calls than connections, so each connection meets both statements more than once.
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [sum(i, 1), product(i, 2)]));
    expect(answers.map(([row]) => row?.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [i + 1, i * 2]));
    // Inside a transaction it is an ordinary query on the transaction's connection.
    const inside = await database.db.transaction((tx) =>
      queryRowsPrepared<{ n: number }>(tx as never, sql`select ${40}::int + ${2}::int as n`),
    );
    expect(inside[0]?.n).toBe(42);
  });

  it.runIf(testDriver() === 'pglite')(
    'writes new WAL segments on PGlite without filling them with zeros',
    async () => {
      // 16 MB of zeros per segment, written on the service's one thread, stalled every request (issue 23).
      const [row] = await queryRows<{ value: string }>(
        database.db,
        sql`select current_setting('wal_init_zero') as value`,
      );
      expect(row?.value).toBe('off');
    },
  );

  it.runIf(testDriver() === 'pglite')(
    "keeps PGlite's own start parameters and writes no full-page images to its WAL",
    async () => {
      const [row] = await queryRows<{ fpw: string; fsync: string; search_path: string }>(
        database.db,
        sql`select current_setting('full_page_writes') as fpw, current_setting('fsync') as fsync,
          current_setting('search_path') as search_path`,
      );
      expect(row).toEqual({ fpw: 'off', fsync: 'off', search_path: 'public' });
    },
  );

  it('answers ping and refuses after close', async () => {
    await database.ping();
    const other = await createTestDatabase();
    await other.dispose();
    await expect(other.ping()).rejects.toThrow();
  });
});

describe(`test databases with content on ${testDriver()}`, () => {
  it('gives each database its own copy of the content, built once per run', async () => {
    let builds = 0;
    const content = {
      key: `probe-${randomBytes(4).toString('hex')}`,
      async fill(database: Database) {
        builds++;
        await database.db.insert(buyers).values({ id: 'PROBE-1', name: 'Probe Ltd', xp: {} });
      },
    };
    const first = await createTestDatabase(testDriver(), content);
    const second = await createTestDatabase(testDriver(), content);
    try {
      // Under Vitest the run's templates are on: the content is written once and copied.
      expect(builds).toBe(process.env.TEST_RUN_ID ? 1 : 2);
      await first.db.update(buyers).set({ name: 'Changed Ltd' }).where(eq(buyers.id, 'PROBE-1'));
      await first.db.insert(buyers).values({ id: 'PROBE-2', name: 'Second Ltd', xp: {} });
      const names = async (database: TestDatabase) =>
        (await database.db.select({ name: buyers.name }).from(buyers).orderBy(buyers.id)).map((b) => b.name);
      expect(await names(first)).toEqual(['Changed Ltd', 'Second Ltd']);
      expect(await names(second)).toEqual(['Probe Ltd']);
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });
});

describe.runIf(testDriver() === 'pglite')('PGlite data directory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every row across a close and reopen', async () => {
    const first = await openDatabase({ driver: 'pglite', dataDir: dir });
    await migrateDatabase(first);
    await first.db.insert(buyers).values({ id: 'KEEP-1', name: 'Kept Ltd', xp: { Region: 'US' } });
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir: dir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(buyers);
    await second.close();
    expect(rows.map((r) => [r.id, r.name, r.xp])).toEqual([['KEEP-1', 'Kept Ltd', { Region: 'US' }]]);
  });
});
