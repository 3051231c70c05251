import type { ListParams, SortTerm } from '../../list/params';
import type { IndexQuery, IndexSearch } from './listing-query';
import type { SortName } from './sort-order';

/** What the list's context statement resolved for the index. */
export interface IndexContext {
  viewAll: string[];
  /** Products granted one by one in the company's other catalogs. */
  granted: string[];
  /** The listing keys of the category (and, with a finite depth, those below it) that exist. */
  categoryKeys: number[];
  facets: { xpPath: string; minCount: number }[];
}

/** The index's sort for the list's sort terms, or null when it has none (more than one, or another field). */
function indexSort(terms: SortTerm[]): { sort: SortName; descending: boolean } | null {
  const [term, ...more] = terms;
  if (!term || more.length > 0 || term.path.length !== 1) return null;
  const field = term.path[0]?.toLowerCase();
  if (field === 'id') return { sort: 'id', descending: term.descending };
  if (field === 'name') return { sort: term.descending ? '!name' : 'name', descending: false };
  return null;
}

/**
 * The list as an index query, or null when the index cannot answer it exactly as the SQL path would:
 * filters other than facet values, a search the listing's text cannot answer, sorts on other fields.
 */
export function indexQuery(
  params: ListParams,
  sorts: SortTerm[],
  list: {
    /** Facet value filters: each a list of lowercased filter tokens, any of which matches. */
    terms: string[][];
    otherFilters: number;
    search: IndexSearch | null | undefined;
    category: { allDepths: boolean } | null;
  },
  context: IndexContext,
  searchLimit: number,
): IndexQuery | null {
  const sort = indexSort(sorts);
  if (sort === null || list.otherFilters > 0 || list.search === undefined) return null;
  const keys = context.categoryKeys;
  return {
    viewAll: context.viewAll,
    granted: context.granted,
    ...(list.category
      ? { category: list.category.allDepths ? { within: keys[0] ?? null } : { placed: keys } }
      : {}),
    terms: list.terms,
    search: list.search,
    ...sort,
    offset: (params.page - 1) * params.pageSize,
    pageSize: params.pageSize,
    searchLimit,
    facets: context.facets.map((f) => ({ path: f.xpPath, minCount: f.minCount })),
  };
}

/**
 * `search` as the listing's text answers it (the index's test and `listingSearch`'s LIKE patterns): null
 * without a search, undefined when the listing cannot answer it (`searchOn`, wildcards, per-property types).
 */
export function indexSearch(params: ListParams): IndexSearch | null | undefined {
  if (!params.search) return null;
  if (params.searchOn !== null) return undefined;
  const phrase = params.search.toLowerCase();
  if (phrase.includes('*')) return undefined;
  const words = phrase.split(/\s+/).filter(Boolean);
  switch (params.searchType) {
    case 'AnyTerm':
      return { kind: 'any', words };
    case 'AllTermsAnyField':
      return { kind: 'all', words };
    case 'ExactPhrase':
      return { kind: 'phrase', words: [phrase] };
    default:
      return undefined;
  }
}
