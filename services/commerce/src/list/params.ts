import { ApiError } from '../http/api-error';
import {
  checkFilterCount,
  checkFilterValues,
  checkPath,
  checkQueryLength,
  checkSearch,
  checkSearchOn,
  checkSortTerms,
} from './limits';

/** A parsed OrderCloud list query (docs/ordercloud-wire.md "Lists"). */
export const SEARCH_TYPES = [
  'AnyTerm',
  'AllTermsAnyField',
  'AllTermsSameField',
  'ExactPhrase',
  'ExactPhrasePrefix',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export type FilterOp = 'eq' | 'like' | 'gt' | 'gte' | 'lt' | 'lte' | 'null' | 'notnull';

export interface FilterValue {
  negate: boolean;
  op: FilterOp;
  /** The literal (for `like`, the pattern with `*` wildcards). Empty for null/notnull. */
  value: string;
}

/** One `key=value` pair: its values are OR-ed (`a|b`); separate pairs, even of the same key, are AND-ed. */
export interface FilterTerm {
  /** Property path as written, split on dots: `['Name']`, `['xp', 'regionName']`. */
  path: string[];
  values: FilterValue[];
}

export interface SortTerm {
  path: string[];
  descending: boolean;
}

export interface ListParams {
  page: number;
  pageSize: number;
  search: string | null;
  searchOn: string[][] | null;
  searchType: SearchType;
  sortBy: SortTerm[];
  filters: FilterTerm[];
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const RESERVED = new Set(['page', 'pagesize', 'search', 'searchon', 'searchtype', 'sortby']);

/**
 * Parses the query string of a list request. `extra` names endpoint parameters that are not filters
 * (e.g. `depth`, `catalogID`); they are left to the endpoint. A query larger than `LIST_LIMITS` allows
 * is refused with its `List.*` error before anything else is read.
 */
export function parseListParams(query: URLSearchParams, extra: readonly string[] = []): ListParams {
  checkQueryLength(query.toString().length);
  const extraLower = new Set(extra.map((e) => e.toLowerCase()));
  const single = (name: string): string | null => {
    for (const [key, value] of query) if (key.toLowerCase() === name) return value;
    return null;
  };

  const page = parsePositiveInt(single('page'), 1);
  if (page === null) throw ApiError.invalidRequest('page must be a whole number of at least 1.');
  const pageSize = parsePositiveInt(single('pagesize'), DEFAULT_PAGE_SIZE);
  if (pageSize === null || pageSize > MAX_PAGE_SIZE) {
    throw ApiError.of(400, 'List.InvalidPageSize', `pageSize must be from 1 to ${MAX_PAGE_SIZE}.`, {
      PageSize: single('pagesize'),
      MaxPageSize: MAX_PAGE_SIZE,
    });
  }

  const searchType = single('searchtype') ?? 'AnyTerm';
  const matchedType = SEARCH_TYPES.find((t) => t.toLowerCase() === searchType.toLowerCase());
  if (!matchedType) {
    throw ApiError.invalidRequest(`searchType must be one of ${SEARCH_TYPES.join(', ')}.`, {
      SearchType: searchType,
    });
  }
  const search = single('search')?.trim() || null;
  if (search) checkSearch(search);
  const searchOnRaw = single('searchon');
  const searchOn = searchOnRaw ? splitList(searchOnRaw).map((p) => p.split('.')) : null;
  if (searchOn) {
    checkSearchOn(searchOn.length);
    searchOn.forEach(checkPath);
  }

  const sortRaw = single('sortby');
  const sortBy = sortRaw
    ? splitList(sortRaw).map((term) => {
        const descending = term.startsWith('!');
        return { path: (descending ? term.slice(1) : term).split('.'), descending };
      })
    : [];
  checkSortTerms(sortBy.length);
  for (const term of sortBy) checkPath(term.path);

  const filterEntries = [...query].filter(([key]) => {
    const lower = key.toLowerCase();
    return !RESERVED.has(lower) && !extraLower.has(lower);
  });
  checkFilterCount(filterEntries.length);
  const filters: FilterTerm[] = [];
  for (const [key, value] of filterEntries) {
    if (key.trim() === '' || key.split('.').some((part) => part === '')) {
      throw ApiError.of(400, 'List.InvalidProperty', `Invalid filter property: ${JSON.stringify(key)}.`, {
        Property: key,
      });
    }
    const path = key.split('.');
    checkPath(path);
    const values = value.split('|');
    checkFilterValues(key, values.length);
    filters.push({ path, values: values.map(parseFilterValue) });
  }
  return { page, pageSize, search, searchOn, searchType: matchedType, sortBy, filters };
}

function parsePositiveInt(raw: string | null, fallback: number): number | null {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** `*` has a value, `!*` has none, `!x` not x, `>x` `<x` `>=x` `<=x`, `a*b` wildcard, else equality. */
export function parseFilterValue(raw: string): FilterValue {
  if (raw === '*') return { negate: false, op: 'notnull', value: '' };
  if (raw === '!*') return { negate: false, op: 'null', value: '' };
  const negate = raw.startsWith('!');
  const rest = negate ? raw.slice(1) : raw;
  for (const [prefix, op] of [
    ['>=', 'gte'],
    ['<=', 'lte'],
    ['>', 'gt'],
    ['<', 'lt'],
  ] as const) {
    if (rest.startsWith(prefix)) return { negate, op, value: rest.slice(prefix.length) };
  }
  if (rest.includes('*')) return { negate, op: 'like', value: rest };
  return { negate, op: 'eq', value: rest };
}

/** Only `page` and `pageSize` of a query, for endpoints whose other parameters are not list filters. */
export function parsePaging(query: URLSearchParams): { page: number; pageSize: number } {
  const paging = new URLSearchParams(
    [...query].filter(([k]) => ['page', 'pagesize'].includes(k.toLowerCase())),
  );
  const { page, pageSize } = parseListParams(paging);
  return { page, pageSize };
}
