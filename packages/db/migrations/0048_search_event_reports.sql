-- The search admin API's reports (services/search src/admin/analytics) read the widget events of some
-- widgets in a time range; this partial index finds them without the product page views and funnel
-- events around them (300,000 events, 30 days: PostgreSQL 416 -> 138 ms, PGlite 875 -> 690 ms for the top
-- keyphrases, the other reports 3-4x on PostgreSQL, about 2x on PGlite).
CREATE INDEX "search_events_widget_time_idx" ON "search_events" USING btree ("rfk_id","received_at") WHERE "search_events"."name" = 'widget';
