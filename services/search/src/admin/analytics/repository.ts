import { type Db, queryRows } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Reports over `search_events` (what the storefront's SDK publishes: widget views carrying the search's
 * `request` {keyword, total_results, …}, widget clicks with `index` and the same request, recommendation
 * views and clicks). Each statement reads one time range of widget events of known widgets, which the
 * partial index on (rfk_id, received_at) where name = 'widget' answers without touching other events
 * (migration `search_event_reports`); the grouping runs in the database, one statement per report.
 */

/** Which events a report reads. */
export interface EventScope {
  from: Date;
  to: Date;
  /** `fr-CA`; null = every locale. */
  locale: string | null;
  /** The widgets (rfk_ids) whose events count; never empty. */
  widgets: string[];
}

/** The search's keyphrase as typed, folded to lower case with runs of spaces as one. */
const keyphrase = sql`lower(btrim(regexp_replace(value->'request'->>'keyword', '\\s+', ' ', 'g')))`;

/** The search's number of results when the event says (total over all pages, else this page's). */
const results = sql`case
  when jsonb_typeof(value->'request'->'total_results') = 'number' then (value->'request'->>'total_results')::numeric
  when jsonb_typeof(value->'request'->'num_results') = 'number' then (value->'request'->>'num_results')::numeric
end`;

function widgetEvents(scope: EventScope, action: 'view' | 'click' | null): SQL {
  const conditions = [
    sql`name = 'widget'`,
    sql`rfk_id in (${sql.join(
      scope.widgets.map((w) => sql`${w}`),
      sql`, `,
    )})`,
    sql`received_at >= ${scope.from.toISOString()}::timestamptz`,
    sql`received_at < ${scope.to.toISOString()}::timestamptz`,
  ];
  if (action) conditions.push(sql`action = ${action}`);
  if (action === 'click') conditions.push(sql`action_cause = 'entity'`);
  if (scope.locale) conditions.push(sql`lower(locale) = lower(${scope.locale})`);
  return sql.join(conditions, sql` and `);
}

export interface KeyphraseRow extends Record<string, unknown> {
  keyphrase: string;
  searches: number;
  visitors: number;
  without_results: number;
  clicks: number;
}

/**
 * The most searched keyphrases: searches, distinct visitors, searches without results, result clicks.
 * Searches and clicks are each grouped by keyphrase first, then joined: joined before grouping, the
 * planner compared every search with every click (13 s for 300,000 events on PGlite).
 */
export async function topKeyphrases(db: Db, scope: EventScope, limit: number): Promise<KeyphraseRow[]> {
  return queryRows<KeyphraseRow>(
    db,
    sql`with searches as materialized (
          select keyphrase, count(*)::int as searches, count(distinct uuid)::int as visitors,
                 (count(*) filter (where results = 0))::int as without_results
          from (
            select ${keyphrase} as keyphrase, uuid, ${results} as results
            from search_events where ${widgetEvents(scope, 'view')}
          ) viewed
          where keyphrase <> ''
          group by keyphrase
        ), clicks as materialized (
          select ${keyphrase} as keyphrase, count(*)::int as clicks
          from search_events where ${widgetEvents(scope, 'click')}
          group by 1
        )
        select s.keyphrase, s.searches, s.visitors, s.without_results, coalesce(c.clicks, 0)::int as clicks
        from searches s left join clicks c on c.keyphrase = s.keyphrase
        order by s.searches desc, s.keyphrase
        limit ${limit}`,
  );
}

export interface NoResultsRow extends Record<string, unknown> {
  keyphrase: string;
  searches: number;
  visitors: number;
  last_searched: Date | string;
}

/** Keyphrases whose searches found nothing, most frequent first. */
export async function keyphrasesWithoutResults(
  db: Db,
  scope: EventScope,
  limit: number,
): Promise<NoResultsRow[]> {
  return queryRows<NoResultsRow>(
    db,
    sql`select keyphrase, count(*)::int as searches, count(distinct uuid)::int as visitors,
               max(received_at) as last_searched
        from (
          select ${keyphrase} as keyphrase, uuid, received_at, ${results} as results
          from search_events where ${widgetEvents(scope, 'view')}
        ) s
        where results = 0 and keyphrase <> ''
        group by keyphrase
        order by searches desc, keyphrase
        limit ${limit}`,
  );
}

/** Searches in the scope, and result clicks per 1-based position (the SDK's `index` is 0-based). */
export async function clicksByPosition(
  db: Db,
  scope: EventScope,
  positions: number,
): Promise<{ searches: number; clicks: { position: number; clicks: number }[]; allClicks: number }> {
  const [searched, clicked] = await Promise.all([
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from search_events
          where ${widgetEvents(scope, 'view')} and ${keyphrase} <> ''`,
    ),
    queryRows<{ position: number; clicks: number }>(
      db,
      sql`select position + 1 as position, count(*)::int as clicks from search_events
          where ${widgetEvents(scope, 'click')} and position >= 0
          group by position order by position`,
    ),
  ]);
  return {
    searches: searched[0]?.n ?? 0,
    clicks: clicked.filter((c) => c.position <= positions),
    allClicks: clicked.reduce((sum, c) => sum + c.clicks, 0),
  };
}

export interface RecommendationRow extends Record<string, unknown> {
  rfk_id: string;
  views: number;
  clicks: number;
  visitors_clicking: number;
}

/** Views and product clicks per recommendation widget, and each widget's most clicked products. */
export async function recommendationActivity(
  db: Db,
  scope: EventScope,
  products: number,
): Promise<{ widgets: RecommendationRow[]; top: { rfk_id: string; id: string; clicks: number }[] }> {
  const [widgets, top] = await Promise.all([
    queryRows<RecommendationRow>(
      db,
      sql`select rfk_id,
                 (count(*) filter (where action = 'view'))::int as views,
                 (count(*) filter (where action = 'click' and action_cause = 'entity'))::int as clicks,
                 (count(distinct uuid) filter (where action = 'click' and action_cause = 'entity'))::int
                   as visitors_clicking
          from search_events where ${widgetEvents(scope, null)}
          group by rfk_id`,
    ),
    products === 0
      ? Promise.resolve([])
      : queryRows<{ rfk_id: string; id: string; clicks: number }>(
          db,
          sql`select rfk_id, id, clicks from (
                select rfk_id, entity_ids[1] as id, count(*)::int as clicks,
                       row_number() over (partition by rfk_id order by count(*) desc, entity_ids[1]) as rank
                from search_events
                where ${widgetEvents(scope, 'click')} and cardinality(entity_ids) > 0
                group by rfk_id, entity_ids[1]
              ) ranked
              where rank <= ${products}
              order by rfk_id, rank`,
        ),
  ]);
  return { widgets, top };
}
