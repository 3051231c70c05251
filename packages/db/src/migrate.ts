import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Schema } from './client';

/** The generated SQL migrations, the same files for both drivers. */
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant for pg_advisory_lock: serialises migrations of instances starting together. */
const MIGRATION_LOCK_KEY = 7_305_118_042;

/**
 * Applies every pending migration. Safe to call on every start and from several processes at once. Runs
 * without the statement timeout: an index built on a large table may take longer than any request may.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.raw.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  await database.withoutStatementTimeout(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch((error: Error) => {
        console.error(`[db] could not release the migration lock: ${error.message}`);
      });
    }
  });
}
