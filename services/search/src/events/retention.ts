import { type Database, queryRows } from '@catalogue/db';
import { type PeriodicJobLog, startPeriodicJob } from '@catalogue/service-kit';
import { sql } from 'drizzle-orm';

/** Events deleted per statement: each is a short transaction (PGlite runs one statement at a time). */
const BATCH = 5000;

/**
 * Deletes the events received more than `retentionDays` ago, oldest first, a batch per statement,
 * through `search_events_delete_before` — the one way a row leaves the append-only table (migration
 * `anonymous_writes_rules`). Instances running it at once share the work: one holds the advisory lock,
 * the others' batches delete nothing and stop. Answers how many were deleted.
 */
export async function deleteExpiredEvents(database: Database, retentionDays: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ deleted: number | string | null }>(
      database.db,
      sql`select search_events_delete_before(now() - make_interval(days => ${retentionDays}::int), ${BATCH}::int) as deleted`,
    );
    const deleted = Number(row?.deleted ?? 0);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Runs `deleteExpiredEvents` every `intervalSeconds` (0: not on this instance). Answers the stop function. */
export function startEventRetention(
  database: Database,
  retentionDays: number,
  intervalSeconds: number,
  log: PeriodicJobLog = console,
): () => void {
  return startPeriodicJob(
    'search event retention',
    intervalSeconds * 1000,
    async () => {
      const deleted = await deleteExpiredEvents(database, retentionDays);
      if (deleted > 0) log.log(`[search] deleted ${deleted} events older than ${retentionDays} days`);
    },
    log,
  );
}
