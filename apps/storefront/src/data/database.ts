import type { Db } from '@catalogue/db';
import { getSharedDatabase } from '@catalogue/db/shared';

/**
 * The database the server opened for this process (server/src/main.ts), through `@catalogue/db/shared`
 * (the entry without the migrator, which the Next bundle must not pull in). Nothing is rendered at build
 * time, when there is no database: the locale layout lists no params to prerender (generateStaticParams),
 * and pages render on their first request, then stay in the page cache (caching/).
 */
export async function catalogueDb(): Promise<Db> {
  return getSharedDatabase().db;
}
