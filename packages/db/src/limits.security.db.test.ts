import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { liftStatementTimeout, queryRows } from './client';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';
import { type DatabaseUnavailableError, databaseUnavailable } from './unavailable';

/** What a call was refused with, read the way the services read it. */
async function refusal(promise: Promise<unknown>): Promise<DatabaseUnavailableError | null> {
  try {
    await promise;
  } catch (error) {
    const unavailable = databaseUnavailable(error);
    if (!unavailable) throw error;
    return unavailable;
  }
  return null;
}

describe(`database limits on ${testDriver()}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('refuses a query that waited past the pool wait, and runs nothing of it', async () => {
    database = await createTestDatabase(undefined, undefined, { poolSize: 1, poolWaitMs: 100 });
    const db = database.db;
    await db.execute(sql`create table burst_probe (n int)`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The only connection is in a transaction until the refused insert has answered.
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`insert into burst_probe values (1)`);
      await held;
    });
    const refused = await refusal(db.execute(sql`insert into burst_probe values (2)`));
    release();
    await holder;
    expect(refused?.reason).toBe('busy');
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    const rows = await queryRows<{ n: number }>(db, sql`select n from burst_probe order by n`);
    expect(rows.map((r) => r.n)).toEqual([1]);
  });

  it('queues work arriving together within the wait and runs all of it', async () => {
    database = await createTestDatabase(undefined, undefined, { poolSize: 1, poolWaitMs: 10_000 });
    const db = database.db;
    await db.execute(sql`create table queue_probe (n int)`);
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        n % 3 === 0
          ? db.transaction(async (tx) => {
              await tx.execute(sql`insert into queue_probe values (${n})`);
            })
          : db.execute(sql`insert into queue_probe values (${n})`),
      ),
    );
    const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from queue_probe`);
    expect(row?.count).toBe(30);
  });
});

describe(`GIN indexes on ${testDriver()}`, () => {
  it('keep a small pending list, so no probe reads megabytes of unmerged entries', async () => {
    // PGlite has no autovacuum: with the default 4 MB list, each probe after the dataset load took 10–25 ms.
    const database = await createTestDatabase();
    try {
      const rows = await queryRows<{ relname: string; reloptions: string[] | null }>(
        database.db,
        sql`select c.relname, c.reloptions from pg_class c join pg_am am on am.oid = c.relam
          where am.amname = 'gin' and c.relkind = 'i' order by c.relname`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.reloptions, row.relname).toContain('gin_pending_list_limit=64');
    } finally {
      await database.dispose();
    }
  });
});

describe.runIf(testDriver() === 'postgres')('statement timeout on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('cancels a statement running past it, as a timeout the services answer with 503', async () => {
    database = await createTestDatabase(undefined, undefined, { poolSize: 1, statementTimeoutMs: 100 });
    const refused = await refusal(database.db.execute(sql`select pg_sleep(5)`));
    expect(refused?.reason).toBe('timeout');
    // The connection stays usable.
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('lets migrations and the dataset load run past it, and gives the connection back with it', async () => {
    database = await createTestDatabase(undefined, undefined, { poolSize: 1, statementTimeoutMs: 100 });
    const db = database.db;
    await database.withoutStatementTimeout((own) => own.execute(sql`select pg_sleep(0.3)`));
    await db.transaction(async (tx) => {
      await liftStatementTimeout(tx);
      await tx.execute(sql`select pg_sleep(0.3)`);
    });
    const [setting] = await queryRows<{ statement_timeout: string }>(db, sql`show statement_timeout`);
    expect(setting?.statement_timeout).toBe('100ms');
    expect((await refusal(db.execute(sql`select pg_sleep(5)`)))?.reason).toBe('timeout');
  });
});

describe.runIf(testDriver() === 'pglite')('statement timeout on PGlite', () => {
  it('is accepted and never fires: its WASM build has no timer signal', async () => {
    // If this fails, PGlite honours statement_timeout now: set it in client.ts as on PostgreSQL.
    const database = await createTestDatabase();
    try {
      const rows = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 1`);
        return queryRows<{ slept: string }>(tx, sql`select pg_sleep(0.05)::text as slept`);
      });
      expect(rows).toEqual([{ slept: '' }]);
    } finally {
      await database.dispose();
    }
  });
});
