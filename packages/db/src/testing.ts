import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client';
import { migrateDatabase } from './migrate';

export type TestDriver = 'pglite' | 'postgres';

/** The driver of this test run: TEST_DB_DRIVER=pglite (default) or postgres. */
export function testDriver(): TestDriver {
  const value = process.env.TEST_DB_DRIVER ?? 'pglite';
  if (value !== 'pglite' && value !== 'postgres') {
    throw new Error(`TEST_DB_DRIVER must be pglite or postgres (got ${value})`);
  }
  return value;
}

/** Administrative connection for creating test databases (TEST_POSTGRES_URL, default local trust auth). */
export function testPostgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database (postgres driver only), e.g. for a server under test. */
  url: string | null;
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated, empty database of its own: in-memory PGlite, or a new PostgreSQL database named
 * `catalogue_test_<random>` that `dispose()` drops. Runs never see each other's data.
 */
export async function createTestDatabase(driver: TestDriver = testDriver()): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: null });
    await migrateDatabase(database);
    return { ...database, url: null, dispose: () => database.close() };
  }
  const adminUrl = testPostgresAdminUrl();
  const name = `catalogue_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 5 });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await dropDatabase(adminUrl, name);
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL at ${adminUrl} for the postgres test run (${(error as Error).message}). ` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
