import { type Db, queryRowsPrepared } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import type { FoldedTokenCheck, StateRow } from '../auth/token-state';
import { arrayParam, sortTerms } from '../list/compile';
import type { ListParams } from '../list/params';
import type { ListSchema } from '../list/schema';
import { indexQuery, indexSearch } from './listing-index/index-list';
import type { ContextGenerations, ContextKey, Facet, ListingContext } from './listing-index/listing-context';
import type { ListingIndex } from './listing-index/listing-index';
import { listFromSql, plainValues, SEARCH_MATCH_LIMIT, shapeAnswer, splitFilters } from './listing-sql';
import { grantedInOtherCatalogs, listingCatalogsSql } from './visibility';

/**
 * Where a buyer's list looks: a catalog, or one category of it down to `depth` levels (Infinity: all);
 * with a finite depth, `below` names the categories down to it.
 */
export interface ListingScope {
  principal: Principal;
  catalogId?: string;
  category?: { catalogId: string; id: string; depth: number; below: string[] };
}

export interface FacetCount {
  Name: string;
  XpPath: string;
  Values: { Value: string; Count: number }[];
  xp: unknown;
}

export interface ListingAnswer {
  /** The IDs of the page's products, in the list's order. */
  ids: string[];
  total: number;
  facets: FacetCount[];
  /** What `renderPage` made of the page's IDs, when it was given. */
  page: string | null;
}

/**
 * An expression over the page's IDs (a text array, in the list's order) whose text the statement also
 * returns: the page's products as the caller shows them, so a list is one round trip.
 */
export type PageRenderer = (ids: SQL) => SQL;

export interface ListOptions {
  renderPage?: PageRenderer;
  /** A search selects, counts and facets at most this many matches (`SEARCH_MATCH_LIMIT`). */
  searchMatchLimit?: number;
  /** False: count every list's facets, never from `listing_facet_counts` (tests compare both ways). */
  precounted?: boolean;
  /** The in-memory listing index, which answers most lists without counting in SQL (`listing-index/`). */
  index?: ListingIndex;
  /** The request's token check, read with the list's context (one round trip less). */
  tokenCheck?: FoldedTokenCheck;
}

/**
 * The in-memory index answers a list when the user's products granted one by one (in catalogs without
 * ViewAllProducts) are at most this many: they are read with the list's context on every request.
 */
const MAX_INDEX_GRANTS = 5000;

/**
 * One page of a buyer's product list with its total and facet counts (issue 21). The in-memory index
 * answers most lists and the database renders their page: in one statement when the list's context is
 * remembered (`listing-index/listing-context.ts`), after the context statement otherwise. The rest come
 * from the `product_listing` read model in one statement (`listFromSql`).
 */
export async function listProducts(
  db: Db,
  products: ListSchema,
  params: ListParams,
  scope: ListingScope,
  options: ListOptions = {},
): Promise<ListingAnswer> {
  const key = contextKey(scope, params);
  const remembered = key && options.index?.context.recall(key);
  if (remembered) {
    const answer = await listFromIndex(db, products, params, scope, remembered.context, options, remembered);
    if (answer !== 'stale' && answer !== null) return answer;
    if (answer === 'stale') options.index?.context.forget();
  }
  const context = await readContext(db, params, scope, options.tokenCheck);
  if (key) options.index?.context.remember(key, context, context.generations);
  const fromIndex = await listFromIndex(db, products, params, scope, context, options, null);
  if (fromIndex !== null && fromIndex !== 'stale') return fromIndex;
  return listFromSql(db, products, params, scope, context, options);
}

/** What identifies the list's context in memory, or null for a list whose context is not remembered. */
function contextKey(scope: ListingScope, params: ListParams): ContextKey | null {
  const category = scope.category;
  if (category && Number.isFinite(category.depth)) return null;
  return {
    companyId: scope.principal.companyId,
    userId: scope.principal.userId,
    catalogId: scope.catalogId ?? '',
    categoryId: category?.id ?? null,
    values: plainValues(params.filters),
  };
}

/**
 * The list's context in one round trip (prepared: two shapes, with and without a catalog): the facets,
 * the company's catalogs split by ViewAllProducts (so the statement names them, and the planner can
 * weigh them), the category's keys, the user's grants, the filter values lowercased, both generations,
 * and, when folded, the token's state — settled before anything of the list is used.
 */
async function readContext(
  db: Db,
  params: ListParams,
  scope: ListingScope,
  tokenCheck: FoldedTokenCheck | undefined,
): Promise<ListingContext & { generations: ContextGenerations }> {
  const category = scope.category;
  const [row] = await queryRowsPrepared<{
    facets: Facet[];
    view_all: string[];
    other: string[];
    listing_version: string;
    catalogue_version: string;
    category_keys: number[];
    granted: string[];
    lowered: string[];
    token_state?: StateRow | null;
  }>(
    db,
    sql`select coalesce((select json_agg(json_build_object('name', f.name, 'xpPath', f.xp_path,
          'minCount', f.min_count, 'xp', f.xp) order by f.list_order, f.id) from product_facets f), '[]') as facets,
        c.view_all, c.other,
        (select generation::text from cache_generations where name = 'listing') as listing_version,
        (select generation::text from cache_generations where name = 'catalogue') as catalogue_version,
        array(select k.listing_key from categories k where k.catalog_id = ${category?.catalogId ?? ''}
          and k.id = any(${arrayParam(category ? [category.id, ...(Number.isFinite(category.depth) ? category.below : [])] : [], 'text')})) as category_keys,
        -- In a CASE, so that a company without such catalogs (the usual case) never runs the subquery.
        case when cardinality(c.other) = 0 then '{}'::text[] else
          array(select g.product_id from ${grantedInOtherCatalogs(scope.principal, scope.catalogId)} as g (product_id)
            limit ${MAX_INDEX_GRANTS + 1}) end as granted,
        array(select lower(u.v) from unnest(${arrayParam(plainValues(params.filters), 'text')}) with ordinality as u (v, i) order by u.i) as lowered
        ${tokenCheck ? sql`, ${tokenCheck.sql()} as token_state` : sql``}
      from (${listingCatalogsSql(scope.principal, scope.catalogId)}) c`,
  );
  tokenCheck?.settle(row?.token_state ?? null);
  return {
    facets: row?.facets ?? [],
    viewAll: row?.view_all ?? [],
    other: row?.other ?? [],
    granted: row?.granted ?? [],
    categoryKeys: row?.category_keys ?? [],
    lowered: row?.lowered ?? [],
    listingVersion: Number(row?.listing_version ?? 0),
    generations: { catalogue: row?.catalogue_version ?? '', listing: row?.listing_version ?? '' },
  };
}

/**
 * The list from the in-memory index, its page rendered by one statement; null when the index cannot
 * answer it. With `remembered` (the context came from memory), that statement also reads both
 * generations and the token's state: 'stale' when a generation moved since the context was read.
 */
async function listFromIndex(
  db: Db,
  products: ListSchema,
  params: ListParams,
  scope: ListingScope,
  context: ListingContext,
  options: ListOptions,
  remembered: { generations: ContextGenerations } | null,
): Promise<ListingAnswer | 'stale' | null> {
  const { index, renderPage } = options;
  if (!index || context.granted.length > MAX_INDEX_GRANTS) return null;
  const { rest, tokenTerms } = splitFilters(params, context);
  const query = indexQuery(
    params,
    sortTerms(products, params),
    {
      terms: tokenTerms,
      otherFilters: rest.length,
      search: indexSearch(params),
      category: scope.category ? { allDepths: !Number.isFinite(scope.category.depth) } : null,
    },
    {
      viewAll: context.viewAll,
      granted: context.granted,
      categoryKeys: context.categoryKeys,
      facets: context.facets,
    },
    options.searchMatchLimit ?? SEARCH_MATCH_LIMIT,
  );
  const answer = query && (await index.answer(context.listingVersion, query));
  if (!answer) return null;
  const page = renderPage ? renderPage(arrayParam(answer.ids, 'text')) : sql`null`;
  const check = remembered ? options.tokenCheck : undefined;
  const [row] = await queryRowsPrepared<{
    page: string | null;
    listing_version?: string;
    catalogue_version?: string;
    token_state?: StateRow | null;
  }>(
    db,
    remembered
      ? sql`select (${page})::text as page,
          (select generation::text from cache_generations where name = 'listing') as listing_version,
          (select generation::text from cache_generations where name = 'catalogue') as catalogue_version
          ${check ? sql`, ${check.sql()} as token_state` : sql``}`
      : sql`select (${page})::text as page`,
  );
  check?.settle(row?.token_state ?? null);
  if (
    remembered &&
    (row?.listing_version !== remembered.generations.listing ||
      row?.catalogue_version !== remembered.generations.catalogue)
  )
    return 'stale';
  return shapeAnswer(context.facets, { ...answer, page: row?.page ?? null });
}
