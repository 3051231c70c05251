import { searchEvents } from '@catalogue/db/schema';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrendingCache } from './cache';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.dispose();
});

function view(id: string) {
  return { name: 'entity_page', action: 'view', uuid: 'v', entityType: 'product', entityIds: [id] };
}

describe('TrendingCache', () => {
  it('keeps the ranking while no event arrives, recomputes after new events (at most every minAge)', async () => {
    let now = 1_000_000;
    const cache = new TrendingCache(database, { minAgeMs: 1000, maxAgeMs: 60_000, now: () => now });
    await database.db.insert(searchEvents).values([view('A'), view('A'), view('B')]);
    expect(await cache.ranked()).toEqual(['A', 'B']);

    await database.db.insert(searchEvents).values([view('B'), view('B')]);
    // Within minAge: the ranking computed a moment ago.
    now += 500;
    expect(await cache.ranked()).toEqual(['A', 'B']);
    // After minAge the new generation is seen.
    now += 600;
    expect(await cache.ranked()).toEqual(['B', 'A']);

    // Without new events the ranking is kept until maxAge.
    now += 30_000;
    const kept = await cache.ranked();
    expect(kept).toEqual(['B', 'A']);
    expect(await cache.ranked()).toBe(kept);
    // Events of other entity types or widget views do not count.
    await database.db.insert(searchEvents).values([
      { name: 'widget', action: 'view', uuid: 'v', entityType: 'product', entityIds: ['C', 'C', 'C'] },
      { name: 'entity_page', action: 'view', uuid: 'v', entityType: 'content', entityIds: ['D'] },
    ]);
    now += 60_000;
    expect(await cache.ranked()).toEqual(['B', 'A']);
  });
});
