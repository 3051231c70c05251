import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Localised content items of the content service: one row per item and locale.
 * `type` names the kind (dictionary, site, family-marketing, route, …); `data` is its fields.
 */
export const contentItems = pgTable(
  'content_items',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    locale: text('locale').notNull(),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id, t.locale] }),
    index('content_items_locale_idx').on(t.locale, t.type),
  ],
);

/**
 * Newsletter sign-ups of the content service (double opt-in): one row per address, stored trimmed and
 * lowercased. A sign-up is pending until the link mailed to the address is used (`confirmed_at`); only a
 * confirmed subscription counts. Pending rows lapse at `expires_at` and are then deleted. The token is
 * stored as its SHA-256 only. `confirmation_count` mails were sent since `confirmation_window_started_at`:
 * the per-address limit on confirmation mails, shared by every instance.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    email: text('email').primaryKey(),
    locale: text('locale').notNull(),
    /** The latest sign-up request. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    confirmationCount: integer('confirmation_count').notNull().default(0),
    confirmationWindowStartedAt: timestamp('confirmation_window_started_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_token_idx').on(t.tokenHash),
    index('newsletter_subscriptions_pending_idx').on(t.expiresAt).where(sql`${t.confirmedAt} is null`),
  ],
);
