import path from 'node:path';
import { z } from 'zod';

type EnvVars = Record<string, string | undefined>;

/** How long statements and the wait for a connection may take; both drivers read them. */
export interface DatabaseLimits {
  /**
   * PostgreSQL cancels a statement running longer (`statement_timeout` of every pool connection); 0 = no
   * limit. Migrations and the dataset load run without it. PGlite ignores it (see `client.ts`).
   */
  statementTimeoutMs: number;
  /** How long a query waits for a free connection (PGlite: for its single connection) before it is refused. */
  poolWaitMs: number;
}

/** How to reach the database: PGlite under a data directory, or a PostgreSQL server. */
export type DatabaseConfig = (
  | { driver: 'pglite'; dataDir: string | null }
  | { driver: 'postgres'; url: string; poolSize: number }
) &
  Partial<DatabaseLimits>;

export const DEFAULT_LIMITS: DatabaseLimits = { statementTimeoutMs: 5000, poolWaitMs: 5000 };

export class DatabaseConfigError extends Error {
  override name = 'DatabaseConfigError';
}

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`)
    .default(fallback);

const schema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((url) => url || undefined)
    .refine((url) => url === undefined || URL.canParse(url), { error: 'is not a valid URL', abort: true })
    .refine(
      (url) => url === undefined || /^postgres(ql)?:$/.test(new URL(url).protocol),
      'must start with postgres:// or postgresql://',
    ),
  DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 600_000, DEFAULT_LIMITS.statementTimeoutMs),
  DATABASE_POOL_WAIT_MS: wholeNumber(1, 600_000, DEFAULT_LIMITS.poolWaitMs),
});

/**
 * Reads DATABASE_URL, DATA_DIR, DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS and
 * DATABASE_POOL_WAIT_MS. With DATABASE_URL unset the embedded PGlite keeps its files under
 * `$DATA_DIR/pglite` (DATA_DIR defaults to `.data` in the working directory).
 */
export function databaseConfigFromEnv(env: EnvVars = process.env): DatabaseConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (got ${JSON.stringify(env[name])})`;
    });
    throw new DatabaseConfigError(problems.join('; '));
  }
  const settings = result.data;
  const limits = {
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    poolWaitMs: settings.DATABASE_POOL_WAIT_MS,
  };
  if (settings.DATABASE_URL) {
    return {
      driver: 'postgres',
      url: settings.DATABASE_URL,
      poolSize: settings.DATABASE_POOL_SIZE,
      ...limits,
    };
  }
  return { driver: 'pglite', dataDir: path.join(dataDirFromEnv(env), 'pglite'), ...limits };
}

/** The directory for everything the platform stores on disk (database files, mail, generated files). */
export function dataDirFromEnv(env: EnvVars = process.env): string {
  return path.resolve(env.DATA_DIR?.trim() || '.data');
}
