import path from 'node:path';

type EnvVars = Record<string, string | undefined>;

/** How to reach the database: PGlite under a data directory, or a PostgreSQL server. */
export type DatabaseConfig =
  | { driver: 'pglite'; dataDir: string | null }
  | { driver: 'postgres'; url: string; poolSize: number };

export class DatabaseConfigError extends Error {
  override name = 'DatabaseConfigError';
}

/**
 * Reads DATABASE_URL, DATA_DIR and DATABASE_POOL_SIZE. With DATABASE_URL unset the embedded PGlite
 * keeps its files under `$DATA_DIR/pglite` (DATA_DIR defaults to `.data` in the working directory).
 */
export function databaseConfigFromEnv(env: EnvVars = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DatabaseConfigError(`DATABASE_URL is not a valid URL: ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      throw new DatabaseConfigError(
        `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//)`,
      );
    }
    const poolSize = Number(env.DATABASE_POOL_SIZE ?? '10');
    if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 200) {
      throw new DatabaseConfigError(
        `DATABASE_POOL_SIZE must be a whole number from 1 to 200 (got ${env.DATABASE_POOL_SIZE})`,
      );
    }
    return { driver: 'postgres', url, poolSize };
  }
  return { driver: 'pglite', dataDir: path.join(dataDirFromEnv(env), 'pglite') };
}

/** The directory for everything the platform stores on disk (database files, mail, generated files). */
export function dataDirFromEnv(env: EnvVars = process.env): string {
  return path.resolve(env.DATA_DIR?.trim() || '.data');
}
