import { createHash } from 'node:crypto';
import { type Db, queryRows } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Attempt counters in `auth_throttles`, shared by every instance on the database. Each call counts an
 * attempt *before* the caller does the work it guards, in one statement that also decides whether the
 * attempt is allowed: parallel attempts queue on the row and see each other's count, so they cannot all
 * pass the same check. Clock: `clock_timestamp()` (the time the row is locked), not `now()` (the time the
 * statement began, which for a queued statement can be earlier than a block written in front of it).
 */

/**
 * The row key of what is counted: a kind (readable in the table) and a SHA-256 of each counted name, so a
 * key starts with the keys of its first names (`forgetKeysStartingWith`).
 */
export function throttleKey(kind: string, ...parts: string[]): string {
  return [kind, ...parts.map((part) => createHash('sha256').update(part).digest('base64url'))].join(':');
}

/** Growing delays: `free` attempts, then a wait of `firstDelayS` doubling up to `maxDelayS`. */
export interface Backoff {
  free: number;
  firstDelayS: number;
  maxDelayS: number;
  /** After this long without attempts (counted from the end of the last delay) the count starts over. */
  forgetS: number;
}

/** Seconds to wait before the attempt after the `count`-th one (0 while attempts are free). */
export function backoffDelay(count: number, policy: Backoff): number {
  if (count < policy.free) return 0;
  return Math.min(policy.maxDelayS, policy.firstDelayS * 2 ** Math.min(count - policy.free, 30));
}

const expired = sql`t.expires_at <= clock_timestamp()`;

function delayAfter(count: SQL, policy: Backoff): SQL {
  return sql`case when ${count} >= ${policy.free}
    then least(${policy.maxDelayS}::float8, ${policy.firstDelayS}::float8 * power(2, least(${count} - ${policy.free}, 30)))
    else 0 end`;
}

/**
 * Counts one attempt under `key` unless the key is waiting out a delay. Null when the attempt may go on,
 * else the seconds left to wait (nothing is counted then).
 */
export async function reserveWithBackoff(db: Db, key: string, policy: Backoff): Promise<number | null> {
  const next = sql`(case when ${expired} then 1 else t.count + 1 end)`;
  const until = (count: SQL) =>
    sql`case when ${delayAfter(count, policy)} > 0
      then clock_timestamp() + make_interval(secs => ${delayAfter(count, policy)}) end`;
  const forget = sql`make_interval(secs => ${policy.forgetS})`;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into auth_throttles as t (key, count, blocked_until, expires_at)
      values (${key}, 1, ${until(sql`1`)}, coalesce(${until(sql`1`)}, clock_timestamp()) + ${forget})
      on conflict (key) do update set
        count = ${next},
        blocked_until = ${until(next)},
        expires_at = coalesce(${until(next)}, clock_timestamp()) + ${forget}
      where t.blocked_until is null or t.blocked_until <= clock_timestamp()
      returning t.count`,
  );
  if (rows.length > 0) return null;
  return secondsLeft(db, key, sql`blocked_until`);
}

/**
 * Counts one attempt under `key` in a fixed window of `windowS` seconds holding at most `limit`. Null
 * when the attempt may go on, else the seconds until the window ends (nothing is counted then).
 */
export async function reserveInWindow(
  db: Db,
  key: string,
  limit: number,
  windowS: number,
): Promise<number | null> {
  const window = sql`make_interval(secs => ${windowS})`;
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into auth_throttles as t (key, count, expires_at)
      values (${key}, 1, clock_timestamp() + ${window})
      on conflict (key) do update set
        count = case when ${expired} then 1 else t.count + 1 end,
        expires_at = case when ${expired} then clock_timestamp() + ${window} else t.expires_at end
      where ${expired} or t.count < ${limit}
      returning t.count`,
  );
  if (rows.length > 0) return null;
  return secondsLeft(db, key, sql`expires_at`);
}

async function secondsLeft(db: Db, key: string, column: SQL): Promise<number> {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`select ceil(extract(epoch from ${column} - clock_timestamp())) as seconds
      from auth_throttles where key = ${key}`,
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/** Gives back one counted attempt (it turned out to be a success, which the ceilings do not count). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update auth_throttles set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Forgets keys altogether (a successful login, an administrator's unlock). */
export async function forgetKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from auth_throttles where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** Forgets every key that starts with `prefix` (all the pairs of one username). */
export async function forgetKeysStartingWith(db: Db, prefix: string): Promise<void> {
  await db.execute(sql`delete from auth_throttles where starts_with(key, ${prefix})`);
}

/** Deletes rows past their expiry (they would start over anyway); returns how many. */
export async function pruneThrottles(db: Db): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from auth_throttles where expires_at < clock_timestamp() returning key`,
  );
  return rows.length;
}
