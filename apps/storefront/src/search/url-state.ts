/**
 * The search page's state in its URL (`/search?q=…&sort=…&page=…&size=…&f=facet:valueId…`), so a result
 * list is shareable and back/forward work. Pure: `readSearchUrl` turns a query string into the search
 * results widget's state, `searchUrlOf` turns the widget's state back into a query string. Unknown or
 * malformed parameters are ignored (the defaults apply), never thrown on: the URL is user input.
 */

export const RESULTS_PER_PAGE_CHOICES = [12, 24, 48] as const;
export const DEFAULT_RESULTS_PER_PAGE = 24;
/** The highest page the URL may ask for (the service refuses offsets past its window anyway). */
export const MAX_PAGE = 1000;
const MAX_KEYPHRASE = 200;
const MAX_FACETS = 50;

export interface SelectedFacet {
  /** The facet's name (`facet[].name` in the response). */
  facetId: string;
  /** The value's id (`facetid_…`), as the service gave it. */
  facetValueId: string;
}

export interface SearchUrlState {
  keyphrase: string;
  /** 1-based. */
  page: number;
  itemsPerPage: number;
  /** A sort choice name; '' = the service's default (relevance). */
  sortType: string;
  selectedFacets: SelectedFacet[];
}

const NAME = /^[\w.:-]{1,100}$/;
const VALUE_ID = /^[\w+/=.-]{1,2000}$/;

function positiveInt(text: string | null, max: number): number | null {
  if (!text || !/^\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** The widget state a query string asks for. */
export function readSearchUrl(search: string | URLSearchParams): SearchUrlState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const keyphrase = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_KEYPHRASE);
  const size = positiveInt(params.get('size'), 1000);
  const itemsPerPage =
    size !== null && (RESULTS_PER_PAGE_CHOICES as readonly number[]).includes(size)
      ? size
      : DEFAULT_RESULTS_PER_PAGE;
  const sort = params.get('sort') ?? '';
  const selectedFacets: SelectedFacet[] = [];
  const seen = new Set<string>();
  for (const entry of params.getAll('f')) {
    const at = entry.lastIndexOf(':');
    if (at <= 0) continue;
    const facetId = entry.slice(0, at);
    const facetValueId = entry.slice(at + 1);
    if (!NAME.test(facetId) || !VALUE_ID.test(facetValueId)) continue;
    const key = `${facetId}:${facetValueId}`;
    if (seen.has(key) || selectedFacets.length >= MAX_FACETS) continue;
    seen.add(key);
    selectedFacets.push({ facetId, facetValueId });
  }
  return {
    keyphrase,
    page: positiveInt(params.get('page'), MAX_PAGE) ?? 1,
    itemsPerPage,
    sortType: NAME.test(sort) ? sort : '',
    selectedFacets,
  };
}

/**
 * The query string (without `?`) for a state: defaults are left out, so the plain search is `q=…` only.
 * Parameters come in a fixed order so equal states give equal URLs.
 */
export function searchUrlOf(state: SearchUrlState): string {
  const params = new URLSearchParams();
  if (state.keyphrase) params.set('q', state.keyphrase);
  if (state.sortType) params.set('sort', state.sortType);
  if (state.itemsPerPage !== DEFAULT_RESULTS_PER_PAGE) params.set('size', String(state.itemsPerPage));
  for (const facet of state.selectedFacets) params.append('f', `${facet.facetId}:${facet.facetValueId}`);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** Whether two states ask for the same results. */
export function sameSearch(a: SearchUrlState, b: SearchUrlState): boolean {
  return searchUrlOf(a) === searchUrlOf(b);
}

/** The numbers a pager shows: first, last, the current page and its neighbours, with gaps as null. */
export function pagerPages(current: number, total: number): Array<number | null> {
  if (total <= 1) return total === 1 ? [1] : [];
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const page of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && page - last > 1) out.push(null);
    out.push(page);
  }
  return out;
}
