import { type Db, queryRows, queryRowsPrepared } from '@catalogue/db';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import type { FoldedTokenCheck, StateRow } from '../auth/token-state';
import {
  arrayParam,
  isNumber,
  likePattern,
  type SortKey,
  sortKeys,
  sortTerms,
  whereClause,
} from '../list/compile';
import type { FilterTerm, ListParams } from '../list/params';
import type { ListSchema } from '../list/schema';
import { MAX_FACET_VALUES } from './facets';
import { indexQuery, indexSearch } from './listing-index/index-list';
import type { ContextGenerations, ContextKey, Facet, ListingContext } from './listing-index/listing-context';
import type { ListingIndex } from './listing-index/listing-index';
import {
  grantedInOtherCatalogs,
  type ListingCatalogs,
  listingCatalogsSql,
  visibleInListing,
} from './visibility';

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
 * A list with `search` selects, counts and facets at most this many matches: the first ones in the
 * list's own order, read in that order from the sort indexes (ID, Name) and stopped there, so a common
 * word costs no more than a rare one. Pages within them are exactly the pages of the whole result; past
 * it TotalCount says this number (docs/ARCHITECTURE.md, decision log).
 */
export const SEARCH_MATCH_LIMIT = 1000;

/** The listing row's own columns, for sorts that need nothing else (the default, ID, Name). */
const narrowSchema = (products: ListSchema): ListSchema => ({
  ...products,
  fields: {
    ID: { expr: sql`l.product_id`, type: 'string' },
    Name: { expr: sql`l.name`, type: 'string' },
  },
  xp: null,
  keys: [sql`l.product_id`],
});

/**
 * `xp.<facet path>=a|b` with plain values (no wildcard, negation, comparison or number) is answered by
 * the listing's lowercased tokens, the GIN index's job; any other filter needs the product row.
 */
function tokenPath(term: FilterTerm, facetPaths: Set<string>): string | null {
  const [head, ...rest] = term.path;
  const path = rest.join('.');
  if (head?.toLowerCase() !== 'xp' || !facetPaths.has(path)) return null;
  const plain = term.values.every((v) => !v.negate && v.op === 'eq' && !isNumber(v.value));
  return plain ? path : null;
}

/** Every filter term's values, in order, for the context statement to lowercase. */
function plainValues(filters: FilterTerm[]): string[] {
  return filters.flatMap((term) => term.values.map((v) => v.value));
}

function tokenCondition(path: string, term: FilterTerm): SQL {
  const values = arrayParam(
    term.values.map((v) => v.value),
    'text',
  );
  return sql`l.filter_tokens && array(select ${path} || chr(31) || lower(v) from unnest(${values}) as v)`;
}

/**
 * `search` over the default properties (ID, Name, Description) as one condition on the listing's
 * `search_text`, which holds them one per line: a term matches in the text exactly when it matches in
 * one of them, since no term holds a line break. Wildcards (which could span lines) and the search types
 * that compare per property (AllTermsSameField, ExactPhrasePrefix) read the product row instead.
 */
function listingSearch(params: ListParams): SQL | null {
  // The same reading of `search` as the in-memory index's, so both paths match the same products.
  const search = indexSearch(params);
  if (!search) return null;
  const pattern = (term: string) => `%${likePattern(term)}%`;
  const patterns = arrayParam(search.words.map(pattern), 'text');
  switch (search.kind) {
    case 'any':
      return sql`l.search_text like any(${patterns})`;
    case 'all':
      return sql`l.search_text like all(${patterns})`;
    case 'phrase':
      return sql`l.search_text like ${pattern(search.words[0] ?? '')}`;
  }
}

function categoryCondition(scope: ListingScope): SQL | undefined {
  const category = scope.category;
  if (!category) return undefined;
  if (!Number.isFinite(category.depth)) {
    // A missing category has no key: array[null] contains nothing, so the list is empty.
    return sql`l.within @> array[(select k.listing_key from categories k
      where k.catalog_id = ${category.catalogId} and k.id = ${category.id})]`;
  }
  return sql`l.placed && array(select k.listing_key from categories k
    where k.catalog_id = ${category.catalogId} and k.id = any(${arrayParam([category.id, ...category.below], 'text')}))`;
}

/**
 * The facets' values, most frequent first, as `facetCounts` shapes them, from `tokenCounts`: rows of
 * (token, n), a facet value's token as `product_listing.facets` writes it and its count.
 */
function facetSql(facets: Facet[], tokenCounts: SQL): SQL {
  const paths = sql.join(
    facets.map((facet, i) => sql`(${i}::int, ${facet.xpPath}::text, ${facet.minCount}::int)`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_array(r.facet, r.value, r.n) order by r.facet, r.rank), '[]')
    from (select c.*, row_number() over (partition by c.facet order by c.n desc, c.value collate "C") as rank
      from (select f.facet, substr(t.token, length(f.path) + 2) as value, t.n, f.min_count
        from (${tokenCounts}) t
        join (values ${paths}) as f (facet, path, min_count)
          on split_part(t.token, chr(31), 1) = f.path and t.n >= f.min_count) c) r
    where r.rank <= ${MAX_FACET_VALUES})`;
}

/** The facet values of the selected rows `s`, counted. */
const countedTokens = sql`select token, count(*)::int as n from s cross join unnest(s.facets) as u (token) group by token`;

/**
 * The catalog whose `listing_facet_counts` answer this list's total and facet counts, or null: a list
 * without filters or search, sorted by ID or Name, of one ViewAllProducts catalog (and no other catalog
 * the company sees product by product), over the whole catalog or one category with all its descendants.
 */
function precountedCatalog(scope: ListingScope, catalogs: ListingCatalogs, filtered: boolean): string | null {
  const [catalog, ...more] = catalogs.viewAll;
  if (filtered || catalog === undefined || more.length > 0 || catalogs.other.length > 0) return null;
  const category = scope.category;
  if (category && (Number.isFinite(category.depth) || category.catalogId !== catalog)) return null;
  return catalog;
}

/** The counts' category key of the list: the category's, or 0 for the whole catalog. */
function countsKey(scope: ListingScope): SQL {
  const category = scope.category;
  return category
    ? sql`(select k.listing_key from categories k where k.catalog_id = ${category.catalogId} and k.id = ${category.id})`
    : sql`0`;
}

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

/** The list's filters split into the listing's facet-value tokens (with their lowercased index terms) and the rest. */
function splitFilters(params: ListParams, context: ListingContext) {
  const facetPaths = new Set(context.facets.map((f) => f.xpPath));
  const tokens: SQL[] = [];
  const rest: FilterTerm[] = [];
  const tokenTerms: string[][] = [];
  let valueAt = 0;
  for (const term of params.filters) {
    const path = tokenPath(term, facetPaths);
    const lowered = context.lowered.slice(valueAt, valueAt + term.values.length);
    valueAt += term.values.length;
    if (path === null) rest.push(term);
    else {
      tokens.push(tokenCondition(path, term));
      tokenTerms.push(lowered.map((v) => `${path}\x1f${v}`));
    }
  }
  return { tokens, rest, tokenTerms };
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

/**
 * The list in ONE statement over the `product_listing` read model: the visible, active, filtered rows
 * are selected once into `s` (narrow: ID, facet values, sort keys), then counted, paged and faceted from
 * there. The product row is joined only when a filter, a search or a sort needs a property the listing
 * does not hold.
 */
async function listFromSql(
  db: Db,
  products: ListSchema,
  params: ListParams,
  scope: ListingScope,
  context: ListingContext,
  options: ListOptions,
): Promise<ListingAnswer> {
  const { renderPage, precounted: mayPrecount = true, searchMatchLimit = SEARCH_MATCH_LIMIT } = options;
  const { facets } = context;
  const catalogs = { viewAll: context.viewAll, other: context.other };
  const { tokens, rest } = splitFilters(params, context);
  const sorts = sortTerms(products, params).map((t) => (t.path.length === 1 ? t.path[0]?.toLowerCase() : ''));
  const narrowSort = sorts.every((path) => path === 'id' || path === 'name');
  // Sorted by ID alone, a precounted list's page is a range of `listing_positions`' ID order.
  const idSort = sorts.every((path) => path === 'id');
  const search = listingSearch(params);
  const generic = whereClause(products, { ...params, filters: rest, ...(search ? { search: null } : {}) });
  const joinProducts = generic !== undefined || !narrowSort;
  const keys: SortKey[] = sortKeys(narrowSort ? narrowSchema(products) : products, params);
  const where = and(
    sql`l.active`,
    visibleInListing(scope.principal, catalogs),
    categoryCondition(scope),
    ...tokens,
    search ?? undefined,
    generic,
  );
  const keyColumns = sql.join(
    keys.map((key, i) => sql`${key.expr} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map((key, i) => sql`${sql.raw(`k${i}`)} ${key.dir}`),
    sql`, `,
  );
  const offset = (params.page - 1) * params.pageSize;
  // A list on the listing alone (category, facet values, ID or Name order) has few shapes: prepared once
  // per connection. Other filters have unbounded shapes, and a search's plan depends on its words.
  const run = joinProducts || params.search ? queryRows : queryRowsPrepared;
  const renderedPage = renderPage ? sql`(${renderPage(sql`page.ids`)})::text` : sql`null::text`;
  const precounted = mayPrecount
    ? precountedCatalog(
        scope,
        catalogs,
        tokens.length > 0 || search !== null || generic !== undefined || !narrowSort,
      )
    : null;
  const pageOf = (rows: SQL) =>
    sql`page as (select array_agg(pg.product_id order by ${order}) as ids from (
      select * from ${rows} order by ${order} limit ${params.pageSize} offset ${offset}) pg)`;
  const statement =
    precounted !== null
      ? // The page alone (by ID: a range of the positions' index), its total and facets from the counts.
        sql`with counts as (select f.token, f.n from listing_facet_counts f
            where f.catalog_id = ${precounted} and f.category_key = ${countsKey(scope)}),
          ${pageOf(
            idSort
              ? sql`(select l.product_id, ${keyColumns} from listing_positions l
                  where l.catalog_id = ${precounted} and l.category_key = ${countsKey(scope)}) s`
              : sql`(select l.product_id, ${keyColumns} from product_listing l where ${where}) s`,
          )}
          select coalesce((select n from counts where token = ''), 0) as total, page.ids,
            ${facets.length > 0 ? facetSql(facets, sql`select token, n from counts where token <> ''`) : sql`'[]'::json`} as facets,
            ${renderedPage} as page
          from page`
      : sql`with s as materialized (
            select l.product_id, l.facets, ${keyColumns} from product_listing l
            ${joinProducts ? sql`join products on products.id = l.product_id` : sql``}
            where ${where}
            ${params.search ? sql`order by ${order} limit ${searchMatchLimit}` : sql``}),
          ${pageOf(sql`s`)}
          select (select count(*)::int from s) as total, page.ids,
            ${facets.length > 0 ? facetSql(facets, countedTokens) : sql`'[]'::json`} as facets,
            ${renderedPage} as page
          from page`;
  const [row] = await run<{
    total: number;
    ids: string[] | null;
    facets: [number, string, number][];
    page: string | null;
  }>(db, statement);
  return shapeAnswer(facets, {
    ids: row?.ids ?? [],
    total: row?.total ?? 0,
    page: row?.page ?? null,
    facets: row?.facets ?? [],
  });
}

/** The answer with each facet's counted values, `counts` being (facet number, value, count) rows. */
function shapeAnswer(
  facets: Facet[],
  answer: { ids: string[]; total: number; page: string | null; facets: [number, string, number][] },
): ListingAnswer {
  return {
    ...answer,
    facets: facets.map((facet, i) => ({
      Name: facet.name,
      XpPath: facet.xpPath,
      Values: answer.facets.filter(([f]) => f === i).map(([, value, n]) => ({ Value: value, Count: n })),
      xp: facet.xp,
    })),
  };
}
