import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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

/**
 * The working copy of a content item, edited through the content service's write API (one per item and
 * locale, shared by the editors): published by copying `data` into `content_items`. `base_version` is the
 * published version the draft started from (0: the item as the dataset loaded it, or none);
 * `restored_from` the version a restore copied in. `saved_by` is the audit actor of the last save.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    locale: text('locale').notNull(),
    data: jsonb('data').notNull(),
    baseVersion: integer('base_version'),
    restoredFrom: integer('restored_from'),
    savedBy: jsonb('saved_by').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id, t.locale] }),
    index('content_drafts_locale_idx').on(t.locale, t.type),
  ],
);

/**
 * Every publication of a content item, kept whole and numbered from 1 per item and locale: `data` is what
 * was published (null for an unpublish). `baseline` keeps the item as it was before its first change
 * through the write API (the dataset's version, `by` null), so it can be restored too.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data'),
    action: text('action').notNull(),
    restoredFrom: integer('restored_from'),
    by: jsonb('by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id, t.locale, t.version] }),
    check('content_versions_version_check', sql`${t.version} > 0`),
    check(
      'content_versions_action_check',
      sql`${t.action} in ('baseline', 'publish', 'unpublish', 'restore')`,
    ),
    check('content_versions_data_check', sql`(${t.data} is null) = (${t.action} = 'unpublish')`),
  ],
);

/**
 * Scheduled publications: at `publish_at` the service's periodic job publishes `data` (the draft as it was
 * when scheduled) unless the item was published since `base_version` (then `failed`, with the reason in
 * `outcome`). At most one `pending` row per item and locale.
 */
export const contentSchedule = pgTable(
  'content_schedule',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    id: text('id').notNull(),
    locale: text('locale').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    baseVersion: integer('base_version').notNull(),
    restoredFrom: integer('restored_from'),
    by: jsonb('by').notNull(),
    state: text('state').notNull().default('pending'),
    /** The version the job published, or why it did not. */
    version: integer('version'),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('content_schedule_state_check', sql`${t.state} in ('pending', 'done', 'failed', 'cancelled')`),
    uniqueIndex('content_schedule_pending_idx').on(t.type, t.id, t.locale).where(sql`${t.state} = 'pending'`),
    index('content_schedule_due_idx').on(t.publishAt).where(sql`${t.state} = 'pending'`),
  ],
);
