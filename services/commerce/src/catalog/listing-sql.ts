import { type Db, queryRows, queryRowsPrepared } from '@catalogue/db';
import { and, type SQL, sql } from 'drizzle-orm';
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
import { indexSearch } from './listing-index/index-list';
import type { Facet, ListingContext } from './listing-index/listing-context';
import type { ListingAnswer, ListingScope, ListOptions } from './product-listing';
import { type ListingCatalogs, visibleInListing } from './visibility';

/**
 * A buyer's product list answered by SQL over the `product_listing` read model (issue 21), for the lists
 * the in-memory index does not take (`product-listing.ts` chooses), and what both ways share: the
 * filters split into facet-value tokens and the rest, and the answer's shape.
 */

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
export function plainValues(filters: FilterTerm[]): string[] {
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

/** The list's filters split into the listing's facet-value tokens (with their lowercased index terms) and the rest. */
export function splitFilters(params: ListParams, context: ListingContext) {
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
 * The list in ONE statement over the `product_listing` read model: the visible, active, filtered rows
 * are selected once into `s` (narrow: ID, facet values, sort keys), then counted, paged and faceted from
 * there. The product row is joined only when a filter, a search or a sort needs a property the listing
 * does not hold.
 */
export async function listFromSql(
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
export function shapeAnswer(
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
