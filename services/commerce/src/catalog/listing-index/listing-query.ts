import { MAX_FACET_VALUES } from '../facets';
import { compareC } from './listing-rows';
import { searchCandidates } from './listing-search';
import type { ListingStore } from './listing-store';
import type { SortName, SortOrder } from './sort-order';

/** `search` as the listing's text answers it: any or all of the words, or the phrase (one word). */
export interface IndexSearch {
  kind: 'any' | 'all' | 'phrase';
  words: string[];
}

/** A buyer's list as the index answers it: everything already resolved to the index's terms. */
export interface IndexQuery {
  /** The catalogs whose every product the buyer sees (assignments with ViewAllProducts). */
  viewAll: string[];
  /** Products granted one by one (in catalogs without ViewAllProducts): visible too. */
  granted: string[];
  /** A category with all its descendants (`within`), or categories placed directly (`placed`). */
  category?: { within: number | null } | { placed: number[] };
  /** Filter terms: each a list of lowercased filter tokens, any of which matches. */
  terms: string[][];
  search: IndexSearch | null;
  sort: SortName;
  descending: boolean;
  offset: number;
  pageSize: number;
  /** A search selects, counts and facets at most this many matches, the first in list order. */
  searchLimit: number;
  facets: { path: string; minCount: number }[];
}

export interface IndexAnswer {
  ids: string[];
  total: number;
  /** (facet number, value, count), each facet's values most frequent first. */
  facets: [number, string, number][];
}

/** Per-request scratch arrays, reused: a request runs to its end without yielding. */
class Scratch {
  stamp = 0;
  seen = new Uint32Array(0);
  hit = new Uint32Array(0);
  granted = new Uint32Array(0);
  counts = new Int32Array(0);
  catalogFlags = new Uint8Array(0);
  private sets = new Int32Array(0);

  /** A zeroed count per facet set (each use leaves it zeroed again). */
  perSet(size: number): Int32Array {
    if (this.sets.length < size) this.sets = new Int32Array(size * 2);
    return this.sets;
  }

  next(slots: number, tokens: number, catalogs: number): number {
    if (this.seen.length < slots) {
      this.seen = new Uint32Array(slots * 2);
      this.hit = new Uint32Array(slots * 2);
      this.granted = new Uint32Array(slots * 2);
    }
    if (this.counts.length < tokens) this.counts = new Int32Array(tokens * 2);
    if (this.catalogFlags.length < catalogs) this.catalogFlags = new Uint8Array(catalogs * 2);
    this.catalogFlags.fill(0);
    this.stamp = this.stamp >= 0xfffffffe ? 1 : this.stamp + 1;
    if (this.stamp === 1) {
      this.seen.fill(0);
      this.hit.fill(0);
      this.granted.fill(0);
    }
    return this.stamp;
  }
}

const scratch = new Scratch();

type Slots = ArrayLike<number>;
const NONE: Slots = [];

/**
 * How a list's slots are found: the condition with the fewest candidates (`driver`, posting lists that
 * may overlap) and the test of every condition but the search. Null: nothing can match.
 */
interface Plan {
  driver: Slots[];
  driverSize: number;
  /** The test of a slot of the driver's lists. */
  passes: (slot: number) => boolean;
  /** The test of any slot. */
  passesAll: (slot: number) => boolean;
}

function plan(store: ListingStore, q: IndexQuery, stamp: number): Plan | null {
  const flags = scratch.catalogFlags;
  const catalogLists: Slots[] = [];
  for (const id of q.viewAll) {
    const n = store.catalogNumbers.get(id);
    if (n === undefined) continue;
    flags[n] = 1;
    catalogLists.push(store.catalogSlots.get(n)?.view() ?? NONE);
  }
  const granted = scratch.granted;
  const grantedSlots: number[] = [];
  for (const id of q.granted) {
    const slot = store.slotOf.get(id);
    if (slot === undefined) continue;
    granted[slot] = stamp;
    grantedSlots.push(slot);
  }
  catalogLists.push(grantedSlots);
  // Each condition: its posting lists (a slot passes when it is in one of them) and its test.
  const conditions: Slots[][] = [catalogLists];
  const tests: ((slot: number) => boolean)[] = [
    (slot) => granted[slot] === stamp || someIn(store.catalogs[slot] as Uint16Array, flags),
  ];
  if (q.category && 'within' in q.category) {
    const within = q.category.within;
    if (within === null) return null;
    conditions.push([store.withinSlots.get(within)?.view() ?? NONE]);
    tests.push((slot) => (store.within[slot] as Int32Array).includes(within));
  } else if (q.category) {
    const placed = q.category.placed;
    conditions.push(placed.map((k) => store.placedSlots.get(k)?.view() ?? NONE));
    tests.push((slot) => overlaps(store.placed[slot] as Int32Array, placed));
  }
  for (const tokens of q.terms) {
    const term = tokens.map((t) => store.filterTokens.find(t)).filter((n): n is number => n !== undefined);
    conditions.push(term.map((t) => store.filterSlots.get(t)?.view() ?? NONE));
    tests.push((slot) => overlaps(store.filters[slot] as Uint32Array, term));
  }
  const sizes = conditions.map((lists) => lists.reduce((sum, l) => sum + l.length, 0));
  const driverSize = Math.min(...sizes);
  const driver = sizes.indexOf(driverSize);
  // The driver's own test holds for every slot of its lists: only the others are asked (a category
  // page's slots come from the category's list and are tested for the catalog alone).
  const rest = tests.filter((_, i) => i !== driver);
  return {
    driver: conditions[driver] ?? [],
    driverSize,
    passes: allOf(rest),
    passesAll: allOf(tests),
  };
}

/** One test of all `tests` (called once per candidate slot: the usual one or two without a loop). */
function allOf(tests: ((slot: number) => boolean)[]): (slot: number) => boolean {
  const [a, b] = tests;
  if (a === undefined) return () => true;
  if (b === undefined) return a;
  if (tests.length === 2) return (slot) => a(slot) && b(slot);
  return (slot) => tests.every((test) => test(slot));
}

/** The driver's slots that pass (unordered, each once). */
function collect({ driver, passes }: Plan, stamp: number): number[] {
  const seen = scratch.seen;
  const hits: number[] = [];
  for (const list of driver) {
    for (let i = 0; i < list.length; i++) {
      const slot = list[i] as number;
      if (seen[slot] === stamp) continue;
      seen[slot] = stamp;
      if (passes(slot)) hits.push(slot);
    }
  }
  return hits;
}

function someIn(catalogs: Uint16Array, flags: Uint8Array): boolean {
  for (const c of catalogs) if (flags[c] === 1) return true;
  return false;
}

function overlaps(have: Int32Array | Uint32Array, wanted: number[]): boolean {
  for (const w of wanted) if (have.includes(w)) return true;
  return false;
}

/**
 * The hits that `accept` takes, in list order, until `stop` of them: from their ranks sorted when they
 * are few, otherwise by walking the sort order and picking the hits.
 */
function inOrder(
  hits: number[],
  order: SortOrder,
  descending: boolean,
  stop: number,
  accept: (slot: number) => boolean,
  stamp: number,
): number[] {
  if (hits.length * FEW < order.slots.length) {
    const out: number[] = [];
    const n = hits.length;
    const ranks = new Int32Array(n);
    for (let i = 0; i < n; i++) ranks[i] = order.rank[hits[i] as number] as number;
    ranks.sort();
    for (let i = 0; i < n && out.length < stop; i++) {
      const slot = order.slots[ranks[descending ? n - 1 - i : i] as number] as number;
      if (accept(slot)) out.push(slot);
    }
    return out;
  }
  const hit = scratch.hit;
  for (const slot of hits) hit[slot] = stamp;
  return walk(order, descending, stop, (slot) => hit[slot] === stamp && accept(slot));
}

/** Hits this few against all slots are sorted by rank; more are picked by walking the sort order. */
const FEW = 16;

/**
 * The slots `accept` takes, walking the sort order, until `stop` of them; with `marks`, only marked slots
 * are asked (a search's word marks: most slots fail them, and a byte costs less than a call).
 */
function walk(
  order: SortOrder,
  descending: boolean,
  stop: number,
  accept: (slot: number) => boolean,
  marks?: Uint8Array,
): number[] {
  const out: number[] = [];
  const n = order.slots.length;
  for (let i = 0; i < n && out.length < stop; i++) {
    const slot = order.slots[descending ? n - 1 - i : i] as number;
    if (marks !== undefined && marks[slot] !== 1) continue;
    if (accept(slot)) out.push(slot);
  }
  return out;
}

/**
 * Whether the slot's text matches the search, as `listingSearch`'s LIKE patterns do, and passes `also`
 * (checked after the word postings' marks and before the text, the costly part); `candidates`, the slots
 * the word postings mark, when they are few enough to sort (null: walk the sort order instead).
 */
function searchTest(
  store: ListingStore,
  search: IndexSearch,
  few: number,
): {
  test: (slot: number, also?: (slot: number) => boolean) => boolean;
  candidates: number[] | null;
  marks?: Uint8Array;
} {
  const { kind, words } = search;
  const text = (slot: number) => {
    const t = store.searchTexts[slot] as string;
    return kind === 'any' ? words.some((w) => t.includes(w)) : words.every((w) => t.includes(w));
  };
  const found = searchCandidates(store, search);
  if (found === null)
    return { test: (slot, also) => (also === undefined || also(slot)) && text(slot), candidates: null };
  const { marks, verify, slots } = found;
  return {
    test: (slot, also) => marks[slot] === 1 && (also === undefined || also(slot)) && (!verify || text(slot)),
    candidates: slots !== null && slots.length <= few ? slots : null,
    marks,
  };
}

/** The facets' values among `slots`, as `facetSql` shapes them. */
function countFacets(store: ListingStore, slots: number[], facets: IndexQuery['facets']) {
  // How many of the slots hold each facet set, then each set's values that many times.
  const perSet = scratch.perSet(store.facetSets.length);
  const sets: number[] = [];
  for (const slot of slots) {
    const set = store.facetSetOf[slot] as number;
    const n = perSet[set] as number;
    if (n === 0) sets.push(set);
    perSet[set] = n + 1;
  }
  const counts = scratch.counts;
  const touched: number[] = [];
  for (const set of sets) {
    const times = perSet[set] as number;
    perSet[set] = 0;
    for (const t of store.facetSets[set] as Uint32Array) {
      const n = counts[t] as number;
      if (n === 0) touched.push(t);
      counts[t] = n + times;
    }
  }
  const byPath = new Map<string, [string, number][]>();
  for (const t of touched) {
    const path = store.tokens.paths[t] as string;
    let values = byPath.get(path);
    if (!values) {
      values = [];
      byPath.set(path, values);
    }
    values.push([store.tokens.values[t] as string, counts[t] as number]);
    counts[t] = 0;
  }
  const out: [number, string, number][] = [];
  facets.forEach((facet, i) => {
    const values = (byPath.get(facet.path) ?? [])
      .filter(([, n]) => n >= facet.minCount)
      .sort((a, b) => b[1] - a[1] || compareC(a[0], b[0]))
      .slice(0, MAX_FACET_VALUES);
    for (const [value, n] of values) out.push([i, value, n]);
  });
  return out;
}

/** One page of a buyer's list with its total and facet counts, from the index alone. */
export function answerFromIndex(store: ListingStore, order: SortOrder, q: IndexQuery): IndexAnswer {
  const stamp = scratch.next(store.slotCount, store.tokens.texts.length, store.catalogNumbers.size);
  const found = plan(store, q, stamp);
  const end = q.offset + q.pageSize;
  if (found === null) return { ids: [], total: 0, facets: countFacets(store, [], q.facets) };
  if (q.search) {
    // The first `searchLimit` matches in list order: from few candidates sorted, or by walking the
    // order until enough are found (a common word stops early; the index checks are cheap).
    // A rare word's few candidates are sorted too: walking the whole order for them costs more.
    const few = Math.floor(order.slots.length / FEW);
    const { test: matchesText, candidates, marks } = searchTest(store, q.search, few);
    const matches =
      found.driverSize <= few
        ? inOrder(collect(found, stamp), order, q.descending, q.searchLimit, matchesText, stamp)
        : candidates !== null
          ? inOrder(
              candidates,
              order,
              q.descending,
              q.searchLimit,
              (slot) => matchesText(slot, found.passesAll),
              stamp,
            )
          : walk(order, q.descending, q.searchLimit, (slot) => matchesText(slot, found.passesAll), marks);
    return {
      ids: matches.slice(q.offset, end).map((s) => store.ids[s] as string),
      total: matches.length,
      facets: countFacets(store, matches, q.facets),
    };
  }
  const hits = collect(found, stamp);
  const page = inOrder(hits, order, q.descending, end, () => true, stamp).slice(q.offset);
  return {
    ids: page.map((s) => store.ids[s] as string),
    total: hits.length,
    facets: countFacets(store, hits, q.facets),
  };
}
