import type { Db } from '@catalogue/db';
import { getSharedDatabase } from '@catalogue/db/shared';
import { connection } from 'next/server';

/**
 * The database the server opened for this process (server/src/main.ts), through `@catalogue/db/shared`
 * (the entry without the migrator, which the Next bundle must not pull in). Waits for a request first, so
 * every page that reads data is rendered per request and never at build time, when there is no database.
 */
export async function catalogueDb(): Promise<Db> {
  await connection();
  return getSharedDatabase().db;
}
