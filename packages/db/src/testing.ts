import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from './client';
import type { DatabaseLimits } from './config';
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

/** What a test database holds beyond the migrations, shared by every database made from the same key. */
export interface TestDatabaseContent {
  /** Names the content within the run: databases with the same key hold the same rows. */
  key: string;
  /** Writes the content into a freshly migrated database. */
  fill(database: Database): Promise<void>;
}

const MIGRATED_ONLY: TestDatabaseContent = { key: 'migrated', fill: () => Promise.resolve() };

/**
 * A fresh database of its own, migrated and holding `content` (nothing by default): in-memory PGlite,
 * or a new PostgreSQL database named `catalogue_test_<random>` that `dispose()` drops. Runs never see
 * each other's data.
 *
 * Under Vitest (`tools/test-templates.ts` sets `TEST_RUN_ID` and `TEST_TEMPLATE_DIR`) the first
 * database of each content key is built once per run and copied after that: PostgreSQL clones a
 * template database (`create database … template`), PGlite starts from a dump of the built data
 * directory. A copy takes a fraction of migrating and loading again; what it holds is the same.
 */
export async function createTestDatabase(
  driver: TestDriver = testDriver(),
  content: TestDatabaseContent = MIGRATED_ONLY,
  connection: TestConnectionOptions = {},
): Promise<TestDatabase> {
  return driver === 'pglite'
    ? createPgliteDatabase(content, connection)
    : createPostgresDatabase(content, connection);
}

/** How the test's handle connects: the production defaults unless a test needs a tiny pool or timeout. */
export type TestConnectionOptions = Partial<DatabaseLimits> & { poolSize?: number };

async function createPgliteDatabase(
  content: TestDatabaseContent,
  { poolSize: _onlyOne, ...limits }: TestConnectionOptions,
): Promise<TestDatabase> {
  const templateDir = process.env.TEST_TEMPLATE_DIR;
  if (!templateDir) {
    const database = await openDatabase({ driver: 'pglite', dataDir: null, ...limits });
    await build(database, content);
    return { ...database, url: null, dispose: () => database.close() };
  }
  const file = await pgliteTemplate(templateDir, content);
  const database = await openDatabase(
    { driver: 'pglite', dataDir: null, ...limits },
    { loadDataDir: new Blob([await readFile(file)]) },
  );
  return { ...database, url: null, dispose: () => database.close() };
}

async function createPostgresDatabase(
  content: TestDatabaseContent,
  { poolSize = 5, ...limits }: TestConnectionOptions,
): Promise<TestDatabase> {
  const adminUrl = testPostgresAdminUrl();
  const runId = process.env.TEST_RUN_ID;
  const template = runId ? await postgresTemplate(adminUrl, runId, content) : null;
  const name = `catalogue_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const database = await openDatabase({
    driver: 'postgres',
    url: databaseUrl(adminUrl, name),
    poolSize,
    ...limits,
  });
  if (!template) {
    try {
      await build(database, content);
    } catch (error) {
      await database.close();
      await dropDatabase(adminUrl, name);
      throw error;
    }
  }
  return {
    ...database,
    url: databaseUrl(adminUrl, name),
    async dispose() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function build(database: Database, content: TestDatabaseContent): Promise<void> {
  await migrateDatabase(database);
  await content.fill(database);
}

function templateName(content: TestDatabaseContent): string {
  const key = content.key.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  if (!key || key.length > 30)
    throw new Error(`test database content key must be 1–30 characters: ${content.key}`);
  return key;
}

/** Template files made by this process, by path: each is built (or found on disk) once. */
const pgliteTemplates = new Map<string, Promise<string>>();

function pgliteTemplate(templateDir: string, content: TestDatabaseContent): Promise<string> {
  const file = path.join(templateDir, `${templateName(content)}.tar`);
  let ready = pgliteTemplates.get(file);
  if (!ready) {
    ready = (async () => {
      if (existsSync(file)) return file;
      const database = await openDatabase({ driver: 'pglite', dataDir: null });
      try {
        await build(database, content);
        if (database.raw.kind !== 'pglite') throw new Error('expected a PGlite database');
        const dump = await database.raw.client.dumpDataDir('none');
        // Another worker may be writing the same template: each writes its own file and renames it.
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
      } finally {
        await database.close();
      }
      return file;
    })();
    pgliteTemplates.set(file, ready);
  }
  return ready;
}

/** Template databases made or found by this process, by name. */
const postgresTemplates = new Map<string, Promise<string>>();

/** Prefix of every template database of the run `runId`; `dropTestTemplates` drops them. */
function templatePrefix(runId: string): string {
  return `catalogue_tpl_${runId.toLowerCase().replace(/[^a-z0-9]+/g, '')}_`;
}

function postgresTemplate(adminUrl: string, runId: string, content: TestDatabaseContent): Promise<string> {
  const name = `${templatePrefix(runId)}${templateName(content)}`;
  let ready = postgresTemplates.get(name);
  if (!ready) {
    ready = withAdminClient(adminUrl, async (client) => {
      // Workers building the same template take turns; the second finds it made.
      await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      // Built under another name and renamed when complete, so a crash never leaves half a template.
      const building = `${name}_b`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"`);
      const database = await openDatabase({
        driver: 'postgres',
        url: databaseUrl(adminUrl, building),
        poolSize: 5,
      });
      try {
        await build(database, content);
      } finally {
        await database.close();
      }
      await client.query(`alter database "${building}" rename to "${name}"`);
      return name;
    });
    postgresTemplates.set(name, ready);
  }
  return ready;
}

/**
 * Drops the template databases of the run `runId` (at the end of a Vitest run). Quiet when
 * PostgreSQL cannot be reached: then the run made none.
 */
export async function dropTestTemplates(runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    return;
  }
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [templatePrefix(runId)],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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

/**
 * Takes every connection of `database` until the returned function is called: PGlite's one connection by
 * an open transaction, a PostgreSQL pool's by checking out as many clients as it may open.
 * Work arriving meanwhile waits for a connection — to test what a full pool answers.
 */
export async function holdAllConnections(database: Database): Promise<() => Promise<void>> {
  if (database.raw.kind === 'pglite') {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await held;
    });
    await inside;
    return async () => {
      release();
      await holder;
    };
  }
  const { pool } = database.raw;
  const clients: pg.PoolClient[] = [];
  // Every connection the pool may open; a slow new connection can miss the pool wait, so try again.
  for (let attempt = 0; clients.length < (pool.options.max ?? 10) && attempt < 100; attempt++) {
    try {
      clients.push(await pool.connect());
    } catch {
      // tried again
    }
  }
  return async () => {
    for (const client of clients) client.release();
  };
}
