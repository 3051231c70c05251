import { type Database, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/**
 * What the recommendation recipes read from the database: stored events (search_events, append-only)
 * and project line items. Each query is one indexed statement; the trending scores, which scan a window
 * of events, are cached by the recipes (see cache.ts). Interest is counted in distinct people, never in
 * events: what one client sends repeatedly weighs what one person's interest weighs.
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
  /**
   * Visitors of one network counted per product, the most interested first: whoever can mint browser ids
   * (each a new "visitor") gets no more weight than a few people sharing an office connection.
   */
  visitorsPerNetwork: number;
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
  visitorsPerNetwork: 3,
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
 * Decayed interest per product over the recent window, counted in people, not events: product views,
 * widget clicks and adds from the events, plus lines added to projects. Each visitor (signed-in user, else
 * browser id) counts once per product — their strongest interaction, decayed from when it happened — so
 * repeating an event adds nothing; and of the visitors coming from one network only the
 * `visitorsPerNetwork` most interested count, so new browser ids from one place add little. Project
 * lines count their project's sender once per product. Best first.
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
          select e.received_at as at, item.id, e.source,
                 case when e.user_id is not null then 'user:' || coalesce(e.company_id, '') || '/' || e.user_id
                      else 'uuid:' || e.uuid end as visitor,
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
          select l.date_added as at, l.product_id as id, null as source,
                 'user:' || o.from_company_id || '/' || o.from_user_id as visitor,
                 ${TRENDING_WEIGHTS.projectLine}::float8 as weight
          from line_items l join orders o on o.id = l.order_id
          where l.date_added > now() - ${window}::interval
        ),
        visitors as (
          select id, visitor, min(source) as source,
                 max(weight * exp(-ln(2) * extract(epoch from (now() - at)) / ${halfLife}::float8)) as score
          from interactions
          group by id, visitor
        ),
        counted as (
          select id, score,
                 row_number() over (partition by id, coalesce(source, visitor) order by score desc, visitor) as rank
          from visitors
        )
        select id, sum(score) as score
        from counted
        where rank <= ${options.visitorsPerNetwork}
        group by id
        order by score desc, id
        limit ${options.max}`,
  );
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/**
 * Who the recommendations are for: the SDK's anonymous browser id `uuid`, and the signed-in user when the
 * caller proved one (a commerce token's user and company; an api key's `user_id`, company unknown).
 */
export interface Visitor {
  uuid: string | null;
  user: { userId: string; companyId: string | null } | null;
}

/**
 * The products a visitor viewed last (`entity_page` views, newest first, each once), from the partial
 * indexes on (uuid, id) and (user_id, id).
 */
export async function recentlyViewed(database: Database, visitor: Visitor, max = 50): Promise<string[]> {
  const { uuid, user } = visitor;
  if (!uuid && !user) return [];
  const byUser = user
    ? sql`(user_id = ${user.userId} and company_id is not distinct from ${user.companyId})`
    : null;
  const who = uuid && byUser ? sql`(uuid = ${uuid} or ${byUser})` : uuid ? sql`uuid = ${uuid}` : byUser;
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
 * Products most often quoted together with the given ones: in the same project (order) submitted for
 * quote — a draft says nothing about what buyers ask for together — counted in people: the number of
 * distinct users (company and user) with a submitted project holding both, however many projects each
 * made; best first. Reads the line_items product index, then each project's lines by primary key.
 */
export async function addedTogether(
  database: Database,
  productIds: string[],
  max = 200,
): Promise<{ id: string; users: number }[]> {
  if (productIds.length === 0) return [];
  const list = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; users: number | string }>(
    database.db,
    sql`select other.product_id as id, count(distinct (o.from_company_id, o.from_user_id)) as users
        from line_items mine
        join line_items other on other.order_id = mine.order_id
        join orders o on o.id = mine.order_id
        where mine.product_id in (${list})
          and other.product_id not in (${list})
          and o.is_submitted
        group by other.product_id
        order by users desc, other.product_id
        limit ${max}`,
  );
  return rows.map((r) => ({ id: r.id, users: Number(r.users) }));
}
