import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox: work that must not be lost (emails, marketing pushes, webhooks) is written in
 * the same transaction as the change that causes it, and a worker delivers it with retries and backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do: `email`, `marketing-push`, `webhook`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Deduplication key: the same key is delivered once. */
    dedupeKey: text('dedupe_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * Set when delivery failed permanently (the receiver refused the request itself, e.g. HTTP 400): the row
     * is kept but no longer claimed. Clearing it (and setting next_attempt_at) queues the row again.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);
