import type { Db } from '@catalogue/db';
import { activeCarts, orders } from '@catalogue/db/schema';
import { type PeriodicJobLog, startPeriodicJob } from '@catalogue/service-kit';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';

/** Orders deleted per transaction: each is short (PGlite runs one statement at a time). */
const BATCH = 500;

/**
 * Deletes anonymous shoppers' carts nobody touched for `days` days: unsubmitted orders of an anonymous
 * token (`anonymous_key`), with their lines, payments and promotions (foreign keys cascade), as DELETE
 * /cart would. Anyone can mint anonymous tokens, so without this their orders would only ever grow.
 * Submitted orders are never touched; nothing of an unsubmitted order (stock, redemptions, spending
 * accounts) has been taken yet. Safe with several instances: each batch is one transaction, and a row
 * another instance deleted first is simply not there. Answers how many orders were deleted.
 */
export async function deleteAbandonedAnonymousCarts(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const ids = (
        await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              isNotNull(orders.anonymousKey),
              eq(orders.status, 'Unsubmitted'),
              lt(orders.lastUpdated, sql`now() - make_interval(days => ${days}::int)`),
            ),
          )
          .limit(BATCH)
          .for('update', { skipLocked: true })
      ).map((row) => row.id);
      if (ids.length === 0) return 0;
      await tx.delete(activeCarts).where(inArray(activeCarts.orderId, ids));
      await tx.delete(orders).where(inArray(orders.id, ids));
      return ids.length;
    });
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Runs `deleteAbandonedAnonymousCarts` every hour (`days` 0: never). Answers the stop function. */
export function startAnonymousCartRetention(db: Db, days: number, log: PeriodicJobLog = console): () => void {
  if (days <= 0) return () => undefined;
  return startPeriodicJob(
    'commerce anonymous cart retention',
    3_600_000,
    async () => {
      const deleted = await deleteAbandonedAnonymousCarts(db, days);
      if (deleted > 0) log.log(`[commerce] deleted ${deleted} anonymous carts untouched for ${days} days`);
    },
    log,
  );
}
