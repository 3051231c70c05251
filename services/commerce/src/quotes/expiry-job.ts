import { type Db, databaseUnavailable } from '@catalogue/db';
import { expireQuotes } from './expiry';

/**
 * Marks expired quotes every `intervalSeconds` (COMMERCE_QUOTE_EXPIRY_INTERVAL_S; one run at a time per
 * instance, several instances are safe: `expireQuotes` locks with `skip locked`). Wired like the
 * subscription job (orders/subscription-job.ts). Returns the function that stops it; the timer does not
 * keep the process alive.
 */
export function startQuoteExpiryJob(db: Db, intervalSeconds: number, log = console): () => void {
  if (intervalSeconds <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const expired = await expireQuotes(db, new Date());
      if (expired.length > 0) log.log(`[commerce] quotes: ${expired.length} expired`);
    } catch (error) {
      if (stopped) return;
      const unavailable = databaseUnavailable(error);
      if (unavailable)
        log.error(`[commerce] quote expiry job: database ${unavailable.reason}, retried next run`);
      else log.error('[commerce] quote expiry job failed:', error);
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
