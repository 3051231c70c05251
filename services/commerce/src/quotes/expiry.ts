import type { Db } from '@catalogue/db';
import { recordEvent, SYSTEM } from './audit';
import { lockExpiredQuotes, lockQuotesToWarn, type QuoteRow, type Tx, updateQuote } from './repository';
import { transition } from './transitions';

/**
 * Expiry (docs/quotes-wire.md "Expiry"): a Quoted quote whose sent revision's validity has passed becomes
 * Expired, recorded in the audit trail as done by the system. Quotes are taken in batches with
 * `skip locked`, so a quote an accept or a withdrawal holds is left to the next run, which sees the
 * outcome: of an accept racing the expiry exactly one wins.
 */
export const EXPIRY_BATCH = 200;

export async function expireQuotes(db: Db, now: Date): Promise<string[]> {
  const expired: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await lockExpiredQuotes(tx, now, EXPIRY_BATCH);
      for (const quote of due) await expire(tx, quote, now);
      return due.map((q) => q.id);
    });
    expired.push(...batch);
    if (batch.length < EXPIRY_BATCH) return expired;
  }
}

async function expire(tx: Tx, quote: QuoteRow, now: Date): Promise<void> {
  const to = transition(quote, 'expire');
  await updateQuote(tx, quote.id, { status: to, dateExpired: now });
  await recordEvent(tx, {
    quote,
    action: 'expire',
    to,
    actor: SYSTEM,
    changes: { Status: [quote.status, to], ValidUntil: [quote.sentValidUntil?.toISOString() ?? null, null] },
    at: now,
  });
}

/**
 * For the buyer's "expires soon" mail (issue 23 item 6): the Quoted quotes whose sent revision expires
 * within `days` of `now` and whose buyer was not warned about it yet, stamped `expiry_warned_at` (and
 * audited) in the caller's transaction — which queues the mail in the same transaction, so each
 * revision's warning is sent once. Every send clears the stamp.
 */
export async function claimExpiryWarnings(tx: Tx, now: Date, days = 3): Promise<QuoteRow[]> {
  const due = await lockQuotesToWarn(tx, now, days, EXPIRY_BATCH);
  const warned: QuoteRow[] = [];
  for (const quote of due) {
    warned.push(await updateQuote(tx, quote.id, { expiryWarnedAt: now }));
    await recordEvent(tx, {
      quote,
      action: 'warnExpiry',
      to: 'Quoted',
      actor: SYSTEM,
      changes: { DateExpiryWarned: [null, now.toISOString()] },
      at: now,
    });
  }
  return warned;
}
