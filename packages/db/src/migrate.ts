import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client';

/** The generated SQL migrations, the same files for both drivers. */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant for pg_advisory_lock: serialises migrations of instances starting together. */
const MIGRATION_LOCK_KEY = 7_305_118_042;

/** Applies every pending migration. Safe to call on every start and from several processes at once. */
export async function migrateDatabase(database: Database): Promise<void> {
  const { raw } = database;
  if (raw.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const lockClient = await raw.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
      console.error(`[db] could not release the migration lock: ${error.message}`);
    });
    lockClient.release();
  }
}
