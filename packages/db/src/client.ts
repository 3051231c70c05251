import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { auditedPglite, auditedPool } from './audit-actor';
import { type DatabaseConfig, DEFAULT_LIMITS } from './config';
import { pipelinedPglite } from './pglite-pipeline';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DriverName = DatabaseConfig['driver'];

export interface Database {
  db: Db;
  driver: DriverName;
  /** Where the data lives, for humans: a directory, `memory`, or the server URL without password. */
  location: string;
  /** Runs `select 1`; rejects when the database cannot answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `work` on one connection with no statement timeout, for the few jobs that may legitimately run
   * long (migrations). PGlite has one connection and no timeout, so there it is the database itself.
   */
  withoutStatementTimeout<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Internal handles for the migrator. */
  readonly raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

export interface OpenOptions {
  /** PGlite only: start from this dump of another PGlite's data directory (`dumpDataDir`). */
  loadDataDir?: Blob;
}

/**
 * Opens the database. Both drivers bound the wait for a connection (`poolWaitMs`, then
 * `DatabaseUnavailableError('busy')`); PostgreSQL also cancels statements running past
 * `statementTimeoutMs`. PGlite cannot: its WASM build has no timer signal, so `statement_timeout` is
 * accepted and never fires (tested in statement-timeout.security.db.test.ts), and a statement holds the
 * event loop until it ends. There the bound on a request's cost comes from the shape of the queries and
 * the limits on their inputs (e.g. commerce `list/limits.ts`).
 */
export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  const { statementTimeoutMs, poolWaitMs } = { ...DEFAULT_LIMITS, ...withoutUndefined(config) };
  if (config.driver === 'pglite') {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
      // No full-page images in the WAL. They guard against a page torn by an operating-system crash in
      // the middle of its write; PGlite already runs without fsync (its `-F`), which leaves such a crash
      // unguarded whatever the WAL holds, and a crash of the process itself leaves every written page
      // whole in the system's cache. Writing them cost the accept 5–12 ms of p99 at 20 clients (issue 23).
      startParams: [...PGlite.defaultStartParams, '-c', 'full_page_writes=off'],
    });
    // A new 16 MB WAL segment is written full of zeros by default, on PGlite inside the service's one
    // thread: every 16 MB of changes stalled every request for a tenth of a second or more (issue 23, the
    // accept's p99). Zeros only reserve the space ahead; PGlite keeps its files without fsync anyway.
    await client.exec('set wal_init_zero = off');
    // The audit actor of the work in progress goes with its writes (audit-actor.ts).
    const driver = auditedPglite(pipelinedPglite(client, { waitMs: poolWaitMs }));
    const db = drizzlePglite(driver, { schema }) as unknown as Db;
    return makeDatabase(
      db,
      'pglite',
      config.dataDir ?? 'memory',
      { kind: 'pglite', client },
      (work) => work(db),
      () => client.close(),
    );
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    // The bounded wait for a free connection (or a new one); past it pg-pool rejects the query, which
    // `databaseUnavailable` reads as busy.
    connectionTimeoutMillis: poolWaitMs,
    idleTimeoutMillis: 30_000,
    // Sent as a startup parameter: every connection of the pool has it, also after a reconnect.
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    // JIT off, also a startup parameter: our statements are short OLTP reads whose plans PostgreSQL can
    // price above jit_above_cost (a correlated subquery per row), and compiling 100+ functions took
    // ~500 ms for 10–20 ms of work (issue 21; ARCHITECTURE decision log).
    options: '-c jit=off',
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener that would
  // crash the process. The next query reports the problem instead (and /healthz answers 503).
  pool.on('error', (error) => {
    console.error(`[db] idle PostgreSQL connection failed: ${error.message}`);
  });
  // The audit actor of the work in progress goes with its writes (audit-actor.ts).
  const db = drizzleNodePg(auditedPool(pool), { schema }) as unknown as Db;
  return makeDatabase(
    db,
    'postgres',
    redactUrl(config.url),
    { kind: 'postgres', pool },
    (work) => withoutTimeoutOnPostgres(pool, work),
    () => pool.end(),
  );
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** One pool connection with `statement_timeout` 0 for the work, given back with the pool's own setting. */
async function withoutTimeoutOnPostgres<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let healthy = true;
  try {
    await client.query('set statement_timeout = 0');
    return await work(drizzleNodePg(client, { schema }) as unknown as Db);
  } catch (error) {
    healthy = false;
    throw error;
  } finally {
    // RESET returns to the startup parameter, the pool's timeout; a failed connection is not reused.
    if (healthy) await client.query('reset statement_timeout');
    client.release(!healthy);
  }
}

function makeDatabase(
  db: Db,
  driver: DriverName,
  location: string,
  raw: Database['raw'],
  withoutStatementTimeout: Database['withoutStatementTimeout'],
  closeDriver: () => Promise<void>,
): Database {
  let closed: Promise<void> | null = null;
  return {
    db,
    driver,
    location,
    raw,
    withoutStatementTimeout,
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([db.execute(sql`select 1`), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed ??= closeDriver();
      return closed;
    },
  };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a hot statement whose text repeats with other values: on PostgreSQL it runs as a named
 * prepared statement (named by a hash of its text), so each pooled connection parses and plans it once
 * and reuses the plan (issue 21: planning a list statement cost as much as running it). Only for
 * statements of a bounded number of shapes: each connection keeps every one it has prepared. Inside a
 * transaction, and on PGlite (no round trip, no plan cache to keep), it is `queryRows`.
 */
export async function queryRowsPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `q${createHash('sha1').update(text).digest('base64url')}`;
  const result = await client.query<T>({ name, text, values: params as unknown[] });
  return result.rows;
}

/**
 * Inside a transaction: no statement timeout until it ends (`set local`), for one long job such as the
 * dataset load. Without a transaction it would last one statement, so it takes the transaction's handle.
 */
export async function liftStatementTimeout(tx: Pick<Db, 'execute'>): Promise<void> {
  await tx.execute(sql`select set_config('statement_timeout', '0', true)`);
}

/** Refreshes the planner's statistics (PGlite has no autovacuum daemon to do it). */
export async function refreshStatistics(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}
