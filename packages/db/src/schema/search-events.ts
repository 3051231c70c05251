import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tracking events of the search service (Sitecore Search's v4 publish): append-only, one row per accepted
 * event. The columns are what the recommendation recipes query (trending: entity views, clicks and adds in
 * a recent window; recently viewed: a visitor's last `entity_page` views); `value` keeps the event's
 * payload exactly as it was sent. Triggers refuse updates, and deletes except the retention job's
 * (`search_events_delete_before`, migration `search_events_retention`).
 */
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The browser's clock (`client_time_ms`) when the event was sent, if it said. */
    clientTime: timestamp('client_time', { withTimezone: true }),
    name: text('name').notNull(),
    action: text('action').notNull(),
    actionCause: text('action_cause'),
    actionSubType: text('action_sub_type'),
    /** The anonymous visitor id the SDK generates (`uuid`) and/or the site's own user id (`user_id`). */
    uuid: text('uuid'),
    /**
     * A user id only ever comes from the publisher's proven identity: the commerce token's user (with its
     * company, as user IDs are unique per company only) or an api key's caller; never from an anonymous body.
     */
    userId: text('user_id'),
    companyId: text('company_id'),
    /**
     * The network the event came from (the client address cut to its /24 or /48 network, never the whole
     * address); null for api-key publishers. Recommendations count at most a few visitors per network.
     */
    source: text('source'),
    rfkId: text('rfk_id'),
    /** The entity type of the event's items (`value.entity`, else the first item's `entity_type`). */
    entityType: text('entity_type'),
    entityIds: text('entity_ids').array().notNull().default(sql`'{}'::text[]`),
    /** Widget click position (`value.index`). */
    position: integer('position'),
    /** `language-country` from `value.context.page` (e.g. `fr-CA`), when sent. */
    locale: text('locale'),
    pageUri: text('page_uri'),
    value: jsonb('value').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('search_events_received_idx').on(t.receivedAt),
    /**
     * The search admin API's reports (services/search `admin/analytics`): widget events of given widgets in
     * a time range, without reading the product page views and funnel events around them.
     */
    index('search_events_widget_time_idx').on(t.rfkId, t.receivedAt).where(sql`${t.name} = 'widget'`),
    index('search_events_uuid_views_idx')
      .on(t.uuid, t.id)
      .where(sql`${t.name} = 'entity_page' and ${t.action} = 'view'`),
    index('search_events_user_views_idx')
      .on(t.userId, t.id)
      .where(sql`${t.name} = 'entity_page' and ${t.action} = 'view'`),
  ],
);
