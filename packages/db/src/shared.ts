import type { Database } from './client';

/**
 * The one open database of this process. PGlite allows a single opener per data directory, and Next.js
 * bundles its own copy of this module, so the handle lives on `globalThis` under a registered symbol:
 * the server opens the database once and every copy of this module finds the same instance.
 */
const KEY = Symbol.for('catalogue.sharedDatabase');

type Holder = { [KEY]?: Database };

export function setSharedDatabase(database: Database | null): void {
  const holder = globalThis as Holder;
  if (database) holder[KEY] = database;
  else delete holder[KEY];
}

export function getSharedDatabase(): Database {
  const database = (globalThis as Holder)[KEY];
  if (!database) {
    throw new Error(
      'No database is open in this process: start the site with `npm start` (server/src/main.ts).',
    );
  }
  return database;
}
