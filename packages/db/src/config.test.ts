import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseConfigError, databaseConfigFromEnv } from './config';

describe('database configuration', () => {
  it('defaults to PGlite with a statement timeout and a bounded wait for the connection', () => {
    expect(databaseConfigFromEnv({ DATA_DIR: '/tmp/x' })).toEqual({
      driver: 'pglite',
      dataDir: path.join('/tmp/x', 'pglite'),
      statementTimeoutMs: 5000,
      poolWaitMs: 5000,
    });
  });

  it('reads the pool size, statement timeout and pool wait for PostgreSQL', () => {
    expect(
      databaseConfigFromEnv({
        DATABASE_URL: 'postgres://u@db:5432/catalogue',
        DATABASE_POOL_SIZE: '4',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_POOL_WAIT_MS: '250',
      }),
    ).toEqual({
      driver: 'postgres',
      url: 'postgres://u@db:5432/catalogue',
      poolSize: 4,
      statementTimeoutMs: 0,
      poolWaitMs: 250,
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must start with postgres://'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 200'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_MS must be a number'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number'],
    [{ DATABASE_POOL_WAIT_MS: '0' }, 'DATABASE_POOL_WAIT_MS must be a whole number from 1 to 600000'],
  ])('refuses %j', (env, message) => {
    expect(() => databaseConfigFromEnv(env)).toThrow(DatabaseConfigError);
    expect(() => databaseConfigFromEnv(env)).toThrow(message);
  });
});
