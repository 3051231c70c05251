import { DatabaseUnavailableError } from '@catalogue/db';
import { describe, expect, it } from 'vitest';
import { databaseRefusal, RefusalBackoff } from './refusal';
import { memoryLog } from './testing';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database refusals', () => {
  it('recognises refusals, also wrapped in a cause, and answers the error that says so', () => {
    const busy = new DatabaseUnavailableError('busy');
    expect(databaseRefusal(new Error('Failed query: select 1', { cause: busy }))?.message).toBe(busy.message);
    expect(databaseRefusal(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))?.message).toMatch(
      /ECONNREFUSED/,
    );
    expect(databaseRefusal(new Error('wrapped', { cause: coded('57P01') }))).not.toBeNull();
    expect(databaseRefusal(coded('08006'))).not.toBeNull();
    expect(databaseRefusal(new Error('Connection terminated unexpectedly'))).not.toBeNull();
  });

  it('leaves faults of the query alone', () => {
    expect(databaseRefusal(coded('42P01', 'relation "outbox" does not exist'))).toBeNull();
    expect(databaseRefusal(coded('23505'))).toBeNull();
    expect(databaseRefusal('text')).toBeNull();
  });

  it('doubles the wait per refusal up to the cap, pauses for it, and resets on an answer', () => {
    let now = 1000;
    const log = memoryLog();
    const backoff = new RefusalBackoff({ firstMs: 100, capMs: 350 }, log, () => now);
    expect([1, 2, 3, 4].map(() => backoff.refused(new DatabaseUnavailableError('timeout')))).toEqual([
      100, 200, 350, 350,
    ]);
    expect(backoff.paused).toBe(true);
    now += 349;
    expect(backoff.paused).toBe(true);
    now += 1;
    expect(backoff.paused).toBe(false);
    backoff.answered();
    backoff.answered();
    expect(backoff.waitMs).toBe(0);
    expect(log.lines.map((l) => l.level)).toEqual(['warn', 'log']);
  });
});
