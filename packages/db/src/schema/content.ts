import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
 * Newsletter sign-ups of the content service: one row per address, stored trimmed and lowercased, so a
 * second sign-up of the same address (even a concurrent one) is refused by the primary key.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  locale: text('locale').notNull(),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
});
