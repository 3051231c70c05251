import { type Db, databaseUnavailable } from '@catalogue/db';
import { placeDueSubscriptionOrders } from './subscriptions';

/**
 * Places the orders of due subscriptions every `intervalSeconds` (one run at a time per instance; several
 * instances are safe: `placeDueSubscriptionOrders` locks each subscription with `skip locked`). Returns the
 * function that stops it. The timer does not keep the process alive.
 */
export function startSubscriptionJob(db: Db, intervalSeconds: number, log = console): () => void {
  if (intervalSeconds <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const placed = await placeDueSubscriptionOrders(db, new Date());
      const failed = placed.filter((p) => p.Error);
      if (placed.length > 0) {
        log.log(
          `[commerce] subscriptions: ${placed.length - failed.length} orders placed, ${failed.length} failed`,
        );
      }
      for (const f of failed) log.error(`[commerce] subscription ${f.SubscriptionID}: ${f.Error}`);
    } catch (error) {
      if (!stopped) reportFailure(log, error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalSeconds * 1000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** A database busy for a moment is one line (no SQL; the next run retries); anything else in full. */
function reportFailure(log: Pick<Console, 'error'>, error: unknown): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) log.error(`[commerce] subscription job: database ${unavailable.reason}, retried next run`);
  else log.error('[commerce] subscription job failed:', error);
}
