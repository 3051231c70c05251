import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';

// Only types from ./client: the storefront bundles this module (`@catalogue/db/rate-limits`) without the drivers.
const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** At most `limit` uses per `periodSeconds` for one bucket (`send-email:user:<id>`, `verify-mail:<email>`). */
export interface RateLimit {
  bucket: string;
  limit: number;
  periodSeconds: number;
}

export type RateLimitAnswer = { ok: true } | { ok: false; bucket: string; retryAfterSeconds: number };

class Refused extends Error {
  constructor(readonly answer: Extract<RateLimitAnswer, { ok: false }>) {
    super(`rate limit ${answer.bucket} reached`);
  }
}

/**
 * Takes one use from every limit, all or none, counted in the database so that every instance sharing it
 * counts together. The generic cell rate algorithm keeps one row per bucket: its theoretical arrival time
 * `tat` moves on by period/limit per use, and a use is allowed while `tat` is at most
 * period − period/limit ahead of now, so `limit` uses may come at once and then one per period/limit. The
 * check and the update are one statement on the bucket's row (concurrent callers queue on its lock), and
 * the limits are taken inside a savepoint of `db` (a transaction of its own when `db` is none), so a refused
 * limit gives back what the others took. The clock is the database's `now()`.
 */
export async function takeRateLimits(db: Db, limits: readonly RateLimit[]): Promise<RateLimitAnswer> {
  try {
    await db.transaction(async (tx) => {
      for (const limit of limits) await take(tx as unknown as Db, limit);
    });
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
  await forgetPassedBuckets(db);
  return { ok: true };
}

async function take(db: Db, { bucket, limit, periodSeconds }: RateLimit): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit ${bucket}: limit must be ≥ 1`);
  const periodMs = periodSeconds * 1000;
  const step = periodMs / limit;
  // One millisecond of slack: the steps are rounded to microseconds as they add up.
  const tolerance = periodMs - step + 1;
  const taken = await rows<{ tat: unknown }>(
    db,
    sql`insert into rate_limits as r (bucket, tat)
        values (${bucket}, now() + ${step} * interval '1 millisecond')
        on conflict (bucket) do update
          set tat = greatest(r.tat, now()) + ${step} * interval '1 millisecond'
          where greatest(r.tat, now()) <= now() + ${tolerance} * interval '1 millisecond'
        returning tat`,
  );
  if (taken.length > 0) return;
  const [row] = await rows<{ wait: string | number }>(
    db,
    sql`select extract(epoch from tat - now()) * 1000 - ${tolerance} as wait
        from rate_limits where bucket = ${bucket}`,
  );
  const waitMs = Number(row?.wait ?? step);
  throw new Refused({ ok: false, bucket, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** Buckets whose time has passed hold nothing: a few are dropped with each use, so the table stays small. */
async function forgetPassedBuckets(db: Db): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where bucket in (
          select bucket from rate_limits where tat < now() limit 20 for update skip locked)`,
  );
}
