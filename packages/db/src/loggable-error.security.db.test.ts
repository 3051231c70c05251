import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSafeErrorLogging, loggableError } from './loggable-error';
import { users } from './schema/index';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';

/** What a log line would show for each argument, as Node prints it. */
function printed(args: unknown[]): string {
  return args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' ');
}

describe(`logged database errors on ${testDriver()}`, () => {
  let database: TestDatabase;
  let failure: unknown;
  beforeAll(async () => {
    database = await createTestDatabase();
    // The statement of the hostile test's log: every column of users, the password hash included.
    failure = await database.db
      .select()
      .from(users)
      .where(eq(users.username, 'secret-name\u0000'))
      .then(
        () => null,
        (error: unknown) => error,
      );
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('show the SQLSTATE and a statement fingerprint, never the statement, its columns or its parameters', () => {
    expect(printed([failure])).toContain('password_hash'); // what an unfiltered log printed
    const line = printed([loggableError(failure)]);
    expect(line).toMatch(/DatabaseError: statement [0-9a-f]{12} failed with SQLSTATE 22021/);
    expect(line).not.toMatch(/password_hash|select|users|secret-name/i);
    expect(line).toContain('loggable-error.security.db.test.ts'); // the call sites stay
  });

  it('give the same fingerprint for the same statement, and name a violated constraint', async () => {
    const again = await database.db
      .select()
      .from(users)
      .where(eq(users.username, 'other\u0000'))
      .catch((error: unknown) => error);
    const fingerprintOf = (error: unknown) =>
      /statement ([0-9a-f]{12})/.exec(String(loggableError(error)))?.[1];
    expect(fingerprintOf(again)).toBe(fingerprintOf(failure));
    const row = {
      companyType: 'seller' as const,
      companyId: '',
      id: 'dup',
      username: 'dup-user',
      passwordHash: 'scrypt$not-a-real-hash',
    };
    await database.db.insert(users).values(row);
    const duplicate = await database.db
      .insert(users)
      .values({ ...row, id: 'dup-2' })
      .catch((error: unknown) => error);
    const line = printed([loggableError(duplicate)]);
    expect(line).toMatch(/SQLSTATE 23505 \(constraint [a-z_]+\)/);
    expect(line).not.toMatch(/dup-user|password_hash|scrypt/);
  });

  it('are filtered from every console method once installed, whoever logs them', () => {
    const lines: string[] = [];
    const sink = {
      error: (...args: unknown[]) => lines.push(printed(args)),
      warn: (...args: unknown[]) => lines.push(printed(args)),
      info: (...args: unknown[]) => lines.push(printed(args)),
      log: (...args: unknown[]) => lines.push(printed(args)),
      debug: (...args: unknown[]) => lines.push(printed(args)),
    };
    installSafeErrorLogging(sink);
    installSafeErrorLogging(sink); // idempotent
    sink.error(' ⨯', failure);
    sink.warn('[x] failed:', new Error('wrapped', { cause: failure }));
    sink.log('plain text', { n: 1 });
    expect(lines[0]).toMatch(/⨯ DatabaseError: statement [0-9a-f]{12} failed with SQLSTATE 22021/);
    expect(lines[1]).toMatch(/DatabaseError: statement/);
    expect(lines.join('\n')).not.toMatch(/password_hash|secret-name/);
    expect(lines[2]).toBe('plain text { n: 1 }');
  });
});
