import { type Db, databaseUnavailable } from '@catalogue/db';
import { claimExpiryWarnings, EXPIRY_BATCH, expireQuotes } from './expiry';

/** Buyers are warned this many days before the revision on offer expires (issue 23 item 3). */
export const EXPIRY_WARNING_DAYS = 3;

/**
 * Warns the buyers of quotes expiring within `EXPIRY_WARNING_DAYS`: `claimExpiryWarnings` stamps and
 * audits each quote, and the audit trail queues its mail (`mails.ts`), all in one transaction — so each
 * revision's warning is queued exactly once, however many instances run the job. Answers the quotes warned.
 */
export async function warnExpiringQuotes(db: Db, now: Date): Promise<string[]> {
  const warned: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) =>
      (await claimExpiryWarnings(tx, now, EXPIRY_WARNING_DAYS)).map((q) => q.id),
    );
    warned.push(...batch);
    if (batch.length < EXPIRY_BATCH) return warned;
  }
}

/**
 * Marks expired quotes, then warns those expiring soon, every `intervalSeconds`
 * (COMMERCE_QUOTE_EXPIRY_INTERVAL_S; one run at a time per instance, several instances are safe: both
 * lock with `skip locked`). Wired like the subscription job (orders/subscription-job.ts). Returns the
 * function that stops it; the timer does not keep the process alive.
 */
export function startQuoteExpiryJob(db: Db, intervalSeconds: number, log = console): () => void {
  if (intervalSeconds <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const now = new Date();
      const expired = await expireQuotes(db, now);
      if (expired.length > 0) log.log(`[commerce] quotes: ${expired.length} expired`);
      const warned = await warnExpiringQuotes(db, now);
      if (warned.length > 0) log.log(`[commerce] quotes: ${warned.length} buyers warned of expiry`);
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
