import { ApiError } from '../http/api-error';

/**
 * How large a list query may be, in one place. The compiled SQL costs one condition per filter and per
 * operator, whatever the number of values (`compile.ts`), so these limits bound the rest: how many
 * conditions, sort keys and search patterns one request can make, and how much text the database reads.
 * OrderCloud documents no numbers; these are far above what its clients send (the storefront's family
 * pages send at most 8 facets of 100 values, `families/sku-query.ts`) and far below what would hold the
 * database. Every refusal is a 400 `List.*` error naming the limit.
 */
export const LIST_LIMITS = {
  /** Characters of the whole query string, as the service reads it (URL-encoded). */
  queryLength: 16_384,
  /** Filter parameters (`key=value` pairs other than page, pageSize, search, searchOn, searchType, sortBy). */
  filters: 30,
  /** `|` alternatives in one filter. */
  valuesPerFilter: 100,
  /** Properties in `sortBy`. */
  sortTerms: 10,
  /** Properties in `searchOn`. */
  searchOnPaths: 10,
  /** Characters of `search`. */
  searchLength: 256,
  /** Words of `search` (each is a pattern matched against every searched property). */
  searchTerms: 16,
  /** Segments of a property path (`xp.TradeSize.metric` has 3). */
  pathSegments: 10,
  /** Characters of one segment of a property path. */
  pathSegmentLength: 100,
} as const;

function tooLarge(code: string, message: string, data: Record<string, unknown>): ApiError {
  return ApiError.of(400, code, message, data);
}

export function checkQueryLength(length: number): void {
  if (length > LIST_LIMITS.queryLength)
    throw tooLarge(
      'List.QueryTooLong',
      `The query string has ${length} characters; at most ${LIST_LIMITS.queryLength} are allowed.`,
      { Length: length, MaxLength: LIST_LIMITS.queryLength },
    );
}

export function checkFilterCount(count: number): void {
  if (count > LIST_LIMITS.filters)
    throw tooLarge(
      'List.TooManyFilters',
      `The query has ${count} filters; at most ${LIST_LIMITS.filters} are allowed.`,
      { Count: count, MaxCount: LIST_LIMITS.filters },
    );
}

export function checkFilterValues(property: string, count: number): void {
  if (count > LIST_LIMITS.valuesPerFilter)
    throw tooLarge(
      'List.TooManyFilterValues',
      `The filter on ${property} has ${count} values; at most ${LIST_LIMITS.valuesPerFilter} are allowed.`,
      { Property: property, Count: count, MaxCount: LIST_LIMITS.valuesPerFilter },
    );
}

export function checkSortTerms(count: number): void {
  if (count > LIST_LIMITS.sortTerms)
    throw tooLarge(
      'List.TooManySortTerms',
      `sortBy names ${count} properties; at most ${LIST_LIMITS.sortTerms} are allowed.`,
      { Count: count, MaxCount: LIST_LIMITS.sortTerms },
    );
}

export function checkSearchOn(count: number): void {
  if (count > LIST_LIMITS.searchOnPaths)
    throw tooLarge(
      'List.TooManySearchProperties',
      `searchOn names ${count} properties; at most ${LIST_LIMITS.searchOnPaths} are allowed.`,
      { Count: count, MaxCount: LIST_LIMITS.searchOnPaths },
    );
}

export function checkSearch(search: string): void {
  const terms = search.split(/\s+/).filter(Boolean).length;
  if (search.length > LIST_LIMITS.searchLength || terms > LIST_LIMITS.searchTerms)
    throw tooLarge(
      'List.SearchTooLong',
      `search has ${search.length} characters in ${terms} words; at most ${LIST_LIMITS.searchLength} characters and ${LIST_LIMITS.searchTerms} words are allowed.`,
      {
        Length: search.length,
        Terms: terms,
        MaxLength: LIST_LIMITS.searchLength,
        MaxTerms: LIST_LIMITS.searchTerms,
      },
    );
}

/** A property path (`xp.a.b`, already split on dots) that is too deep or has an overlong segment. */
export function checkPath(path: readonly string[]): void {
  const longest = Math.max(0, ...path.map((segment) => segment.length));
  if (path.length > LIST_LIMITS.pathSegments || longest > LIST_LIMITS.pathSegmentLength) {
    const shown = path.join('.');
    throw tooLarge(
      'List.PropertyPathTooLong',
      `The property path ${shown.length > 120 ? `${shown.slice(0, 120)}…` : shown} has ${path.length} segments; at most ${LIST_LIMITS.pathSegments} segments of at most ${LIST_LIMITS.pathSegmentLength} characters are allowed.`,
      {
        Segments: path.length,
        MaxSegments: LIST_LIMITS.pathSegments,
        MaxSegmentLength: LIST_LIMITS.pathSegmentLength,
      },
    );
  }
}
