import { queryRows } from '@catalogue/db';
import { searchEvents } from '@catalogue/db/schema';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchConfigFromEnv } from '../config';
import { deleteExpiredEvents, startEventRetention } from './retention';

/**
 * Issue 20 item 6: events were kept for ever. They are deleted once older than the retention, by a job
 * that is safe with several instances; the table stays append-only for everything else.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

const DAY = 24 * 3600 * 1000;

async function remaining(): Promise<string[]> {
  const rows = await queryRows<{ uuid: string }>(
    database.db,
    sql`select uuid from search_events order by id`,
  );
  return rows.map((r) => r.uuid);
}

/** The database's own message of a refused statement (Drizzle wraps it as the error's cause). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : String(error);
  }
  return 'not refused';
}

async function insertAged(uuid: string, daysAgo: number): Promise<void> {
  await database.db.insert(searchEvents).values({
    name: 'entity_page',
    action: 'view',
    uuid,
    entityType: 'product',
    entityIds: ['T-1'],
    receivedAt: new Date(Date.now() - daysAgo * DAY),
  });
}

describe('event retention', () => {
  it('deletes the events older than the retention and nothing else, also with two instances at once', async () => {
    for (let i = 0; i < 12; i++) await insertAged(`old-${i}`, 40 + i);
    await insertAged('recent', 29);
    await insertAged('today', 0);
    const deleted = await Promise.all([deleteExpiredEvents(database, 30), deleteExpiredEvents(database, 30)]);
    expect(deleted[0] + deleted[1]).toBe(12);
    expect(await remaining()).toEqual(['recent', 'today']);
  });

  it('runs as a periodic job', async () => {
    await insertAged('expired', 100);
    const stop = startEventRetention(database, 30, 1, { log: () => undefined, error: console.error });
    try {
      await expect.poll(remaining, { timeout: 15_000, interval: 200 }).not.toContain('expired');
    } finally {
      stop();
    }
    expect(await remaining()).toEqual(['recent', 'today']);
  });

  it('is the only way events leave the table: deletes, truncation and updates are refused', async () => {
    await insertAged('kept', 365);
    for (const statement of [
      sql`delete from search_events`,
      sql`delete from search_events where uuid = 'kept'`,
      sql`truncate search_events`,
      sql`update search_events set uuid = 'x'`,
    ]) {
      expect(await refusal(database.db.execute(statement))).toMatch(/append-only/);
    }
    // Nor can the retention function be asked to take recent events.
    expect(
      await refusal(
        database.db.execute(sql`select search_events_delete_before(now() - interval '1 hour', 1000)`),
      ),
    ).toMatch(/at least one day/);
    expect(await remaining()).toEqual(['recent', 'today', 'kept']);
  });

  it('takes its retention and interval from the configuration, refusing less than a day', () => {
    expect(searchConfigFromEnv({})).toMatchObject({
      SEARCH_EVENT_RETENTION_DAYS: 90,
      SEARCH_EVENT_RETENTION_INTERVAL_S: 3600,
    });
    expect(() => searchConfigFromEnv({ SEARCH_EVENT_RETENTION_DAYS: '0' })).toThrow(
      /SEARCH_EVENT_RETENTION_DAYS/,
    );
  });
});
