import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/**
 * What the recommendation recipes read from the database: stored events (search_events, append-only)
 * and project line items. Each query is one indexed statement; the trending scores, which scan a window
 * of events, are cached by the recipes (see cache.ts).
 */

/** How much each kind of interaction says about interest in a product (trending). */
export const TRENDING_WEIGHTS = {
  /** A product page seen (`entity_page` / `view`). */
  view: 1,
  /** A product clicked in a widget (search results, recommendations, preview search). */
  click: 2,
  /** Added to a cart, wishlist or project (`add` events). */
  add: 4,
  /** A line added to a project in the commerce service (line_items.date_added). */
  projectLine: 4,
} as const;

export interface TrendingOptions {
  /** Only interactions of the last `windowDays` count. */
  windowDays: number;
  /** An interaction counts half after `halfLifeHours` (exponential decay). */
  halfLifeHours: number;
  /** Most products kept (best first). */
  max: number;
  /** Only the last `maxEvents` events are read, however busy the window was (bounds the scan). */
  maxEvents: number;
}

export const DEFAULT_TRENDING: TrendingOptions = {
  windowDays: 14,
  halfLifeHours: 72,
  max: 2000,
  maxEvents: 200_000,
};

/**
 * The event generation: the id of the last stored event. Events are append-only with a sequence id, so
 * anything computed from events up to id N is exact while the generation is N (one index-only read).
 */
export async function eventGeneration(database: Database): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(
    database.db,
    sql`select max(id) as id from search_events`,
  );
  return Number(row?.id ?? 0);
}

/**
 * Decayed interest per product over the recent window: product views, widget clicks and adds from the
 * events, plus lines added to projects. Best first.
 */
export async function trendingScores(
  database: Database,
  options: TrendingOptions = DEFAULT_TRENDING,
): Promise<{ id: string; score: number }[]> {
  const window = `${options.windowDays} days`;
  const halfLife = options.halfLifeHours * 3600;
  const rows = await queryRows<{ id: string; score: number | string }>(
    database.db,
    sql`with interactions as (
          select e.received_at as at, item.id,
                 case when e.action = 'add' then ${TRENDING_WEIGHTS.add}::float8
                      when e.action = 'click' then ${TRENDING_WEIGHTS.click}::float8
                      else ${TRENDING_WEIGHTS.view}::float8 end as weight
          from search_events e, unnest(e.entity_ids) as item(id)
          where e.received_at > now() - ${window}::interval
            and e.id > (select coalesce(max(id), 0) from search_events) - ${options.maxEvents}
            and e.entity_type = 'product'
            and ((e.name = 'entity_page' and e.action = 'view')
                 or (e.name = 'widget' and e.action = 'click')
                 or e.action = 'add')
          union all
          select l.date_added as at, l.product_id as id, ${TRENDING_WEIGHTS.projectLine}::float8 as weight
          from line_items l
          where l.date_added > now() - ${window}::interval
        )
        select id, sum(weight * exp(-ln(2) * extract(epoch from (now() - at)) / ${halfLife}::float8)) as score
        from interactions
        group by id
        order by score desc, id
        limit ${options.max}`,
  );
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/** Who the recommendations are for: the SDK's anonymous `uuid` and/or the site's `user_id`. */
export interface Visitor {
  uuid: string | null;
  userId: string | null;
}

/**
 * The products a visitor viewed last (`entity_page` views, newest first, each once), from the partial
 * indexes on (uuid, id) and (user_id, id).
 */
export async function recentlyViewed(database: Database, visitor: Visitor, max = 50): Promise<string[]> {
  if (!visitor.uuid && !visitor.userId) return [];
  const who =
    visitor.uuid && visitor.userId
      ? sql`(uuid = ${visitor.uuid} or user_id = ${visitor.userId})`
      : visitor.uuid
        ? sql`uuid = ${visitor.uuid}`
        : sql`user_id = ${visitor.userId}`;
  const rows = await queryRows<{ entity_ids: string[] }>(
    database.db,
    sql`select entity_ids from search_events
        where ${who} and name = 'entity_page' and action = 'view' and entity_type = 'product'
        order by id desc
        limit ${max * 2}`,
  );
  const seen = new Set<string>();
  for (const row of rows) {
    for (const id of row.entity_ids) {
      if (seen.size >= max) break;
      seen.add(id);
    }
  }
  return [...seen];
}

/**
 * Products most often in the same project (order) as the given ones: the number of projects holding
 * both, best first. Reads the line_items product index, then each project's lines by primary key.
 */
export async function addedTogether(
  database: Database,
  productIds: string[],
  max = 200,
): Promise<{ id: string; projects: number }[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<{ id: string; projects: number | string }>(
    database.db,
    sql`select other.product_id as id, count(distinct other.order_id) as projects
        from line_items mine
        join line_items other on other.order_id = mine.order_id
        where mine.product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and other.product_id not in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by other.product_id
        order by projects desc, other.product_id
        limit ${max}`,
  );
  return rows.map((r) => ({ id: r.id, projects: Number(r.projects) }));
}
