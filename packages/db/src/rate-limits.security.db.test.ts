import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client';
import { takeRateLimits } from './rate-limits';
import { createTestDatabase, type TestDatabase, testDriver } from './testing';

/**
 * Rate limits counted in the database (issue 20 item 3): `limit` uses per period whoever asks — parallel
 * callers on a pool, another instance — and several limits taken all or none.
 */
describe(`rate limits in the database on ${testDriver()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const hour = (bucket: string, limit: number) => ({ bucket, limit, periodSeconds: 3600 });

  it('allows the limit at once, then refuses with the wait until the next use', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await takeRateLimits(database.db, [hour('burst', 3)]));
    expect(answers.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const refused = answers[3];
    expect(refused).toMatchObject({ ok: false, bucket: 'burst' });
    // One use comes back every period/limit: 20 minutes, give or take the test's own duration.
    const wait = refused?.ok === false ? refused.retryAfterSeconds : 0;
    expect(wait).toBeGreaterThan(1100);
    expect(wait).toBeLessThanOrEqual(1200);
  });

  it('takes several limits all or none', async () => {
    expect(await takeRateLimits(database.db, [hour('narrow', 1)])).toEqual({ ok: true });
    const refused = await takeRateLimits(database.db, [hour('wide', 2), hour('narrow', 1)]);
    expect(refused).toMatchObject({ ok: false, bucket: 'narrow' });
    // 'wide' gave its use back: both of its uses are still there.
    expect(await takeRateLimits(database.db, [hour('wide', 2)])).toEqual({ ok: true });
    expect(await takeRateLimits(database.db, [hour('wide', 2)])).toEqual({ ok: true });
    expect(await takeRateLimits(database.db, [hour('wide', 2)])).toMatchObject({ ok: false });
  });

  it('refuses inside a caller’s transaction without spoiling it', async () => {
    const written = await database.db.transaction(async (tx) => {
      await takeRateLimits(tx as never, [hour('inside', 1)]);
      const second = await takeRateLimits(tx as never, [hour('inside', 1)]);
      await tx.execute(sql`insert into app_meta (key, value) values ('rate-limit-test', '1')`);
      return second;
    });
    expect(written).toMatchObject({ ok: false, bucket: 'inside' });
    const rows = await queryRows(database.db, sql`select 1 from app_meta where key = 'rate-limit-test'`);
    expect(rows).toHaveLength(1);
  });

  it('counts parallel callers exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => takeRateLimits(database.db, [hour('parallel', 5)])),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
  });
});
