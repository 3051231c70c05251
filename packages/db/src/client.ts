import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseConfig } from './config';
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
  /** Internal handles for the migrator. */
  readonly raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
}

export interface OpenOptions {
  /** PGlite only: start from this dump of another PGlite's data directory (`dumpDataDir`). */
  loadDataDir?: Blob;
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  if (config.driver === 'pglite') {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(pipelinedPglite(client), { schema }) as unknown as Db;
    return makeDatabase(db, 'pglite', config.dataDir ?? 'memory', { kind: 'pglite', client }, () =>
      client.close(),
    );
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener that would
  // crash the process. The next query reports the problem instead (and /healthz answers 503).
  pool.on('error', (error) => {
    console.error(`[db] idle PostgreSQL connection failed: ${error.message}`);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return makeDatabase(db, 'postgres', redactUrl(config.url), { kind: 'postgres', pool }, () => pool.end());
}

function makeDatabase(
  db: Db,
  driver: DriverName,
  location: string,
  raw: Database['raw'],
  closeDriver: () => Promise<void>,
): Database {
  let closed: Promise<void> | null = null;
  return {
    db,
    driver,
    location,
    raw,
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

/** Refreshes the planner's statistics (PGlite has no autovacuum daemon to do it). */
export async function refreshStatistics(database: Database): Promise<void> {
  await database.db.execute(sql`analyze`);
}
