import { allowedTypos, boundedDistance, type Language, squash, stem } from './analysis';
import type { Column } from './columns';
import type { DocTest } from './filter';
import { contentWords, type Synonyms } from './synonyms';
import type { TextIndex } from './text-index';

/**
 * Query evaluation over a TextIndex, synchronous from start to end (so the scratch arrays below are
 * shared safely by all requests of the process): keyphrase → scored candidates → scope, hard filters,
 * blacklist → facet selections and counts → order → rule slots → one page.
 */

/** Field weights: a word of the name counts more than one of the family trail, then the description. */
const WEIGHT = { name: 3, trail: 2, description: 1 };
const EXACT_NUMBER = 1_000_000;
const NUMBER_PREFIX = 10_000;
const MAX_PREFIX_WORDS = 40;
const MAX_NUMBER_PREFIX = 200;
/** A synonym's match counts a little less than the query's own words, so those rank first. */
const SYNONYM_QUALITY = 0.9;

export interface Expansion {
  term: string;
  quality: number;
}

/** A facet as the query evaluates it. */
export interface FacetQuery {
  name: string;
  column: Column;
  /** Value codes selected by the request, and how they combine. */
  selected: number[];
  mode: 'or' | 'and';
  /** filtering_options: which selections the facet's own counts respect. */
  applyHard: boolean;
  applyOther: boolean;
  applyOwn: boolean;
}

/** The failure bit of the hard filters (facets are at most 30: bits 0–29). */
const HARD = 1 << 30;
export const MAX_FACETS = 30;

export type SortKey =
  | { kind: 'relevance' }
  | { kind: 'name'; order: 'asc' | 'desc' }
  | { kind: 'column'; column: Column; order: 'asc' | 'desc' };

export interface SlotRule {
  id: string;
  /** 1-based positions. */
  slots: number[];
  /** Pinned documents (pin) or a test (boost with slots: among the results; include: any document). */
  docs?: number[];
  test?: DocTest;
  fromResults: boolean;
}

export interface QueryRules {
  blacklist: { id: string; test: DocTest }[];
  bury: { id: string; test: DocTest }[];
  boostWeight: { id: string; test: DocTest; weight: number }[];
  slots: SlotRule[];
}

export interface Query {
  language: Language;
  scopeMask: number;
  keyphrase: string;
  operator: 'and' | 'or';
  /** Complete the last word as a prefix (as-you-type). */
  prefixLast: boolean;
  filter: DocTest | null;
  facets: FacetQuery[];
  sort: SortKey;
  offset: number;
  limit: number;
  rules: QueryRules;
  /** Synonyms of the merchandising rules that apply to this search. */
  synonyms?: Synonyms | null;
  /** Say why each document of the page is where it is (the admin preview); costs a little. */
  explain?: boolean;
}

/** Why a document of the page is at its position (`Query.explain`). */
export interface Placement {
  /** The slot rule (pin, boost with slots, include) that put it there, if one did. */
  slotRule: string | null;
  /** Boost-by-weight rules it met. */
  boostRules: string[];
  /** The bury rule that moved it down, if one did. */
  buryRule: string | null;
  /** Its relevance score (keyphrase match plus boost weights); 0 without a keyphrase. */
  score: number;
}

export interface QueryResult {
  total: number;
  page: number[];
  /** Facet counts per value code, in the order of `query.facets`. */
  facetCounts: Int32Array[];
  /** Terms that matched, for highlighting. */
  terms: Set<string>;
  /** Rule ids that changed something. */
  applied: string[];
  /** Each result's document, for category suggestions (not ordered). */
  results: Int32Array;
  /** Query words that synonyms widened, with the alternatives that were searched too. */
  expanded: { words: string[]; alternatives: string[][] }[];
  /** With `Query.explain`: one entry per document of `page`. */
  placements?: Placement[];
}

// Scratch space shared by every query (evaluation never yields to another request).
let total = new Float32Array(0);
let tokenScore = new Float32Array(0);
let hits = new Uint8Array(0);

function ensureScratch(size: number): void {
  if (total.length >= size) return;
  const capacity = Math.max(size, Math.ceil(total.length * 1.5), 1024);
  total = new Float32Array(capacity);
  tokenScore = new Float32Array(capacity);
  hits = new Uint8Array(capacity);
}

const expansionCache = new Map<string, { version: number; list: Expansion[] }>();

/** The terms a query word stands for: its own, completions of a last word, and near spellings. */
export function expandWord(
  index: TextIndex,
  language: Language,
  word: string,
  asPrefix: boolean,
): Expansion[] {
  const key = `${language}|${asPrefix ? 'p' : 'w'}|${word}`;
  const cached = expansionCache.get(key);
  if (cached && cached.version === index.version) return cached.list;
  const lang = index.language(language);
  const list: Expansion[] = [];
  const seen = new Set<string>();
  const push = (term: string, quality: number) => {
    if (seen.has(term)) return;
    seen.add(term);
    list.push({ term, quality });
  };
  const own = stem(word, language);
  const known = lang.name.has(own) || lang.description.has(own) || lang.trail.has(own);
  if (known) push(own, 1);
  if (asPrefix && word.length >= 2) {
    const sorted = index.sortedWords(language);
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid] as string) < word) low = mid + 1;
      else high = mid;
    }
    for (let i = low, n = 0; i < sorted.length && n < MAX_PREFIX_WORDS; i++, n++) {
      const candidate = sorted[i] as string;
      if (!candidate.startsWith(word)) break;
      const term = index.termOf(language, candidate);
      if (term) push(term, candidate === word ? 1 : 0.8);
    }
  }
  const typos = allowedTypos(word);
  if (!known && typos > 0) {
    for (let length = word.length - typos; length <= word.length + typos; length++) {
      for (const candidate of index.wordsOfLength(language, length)) {
        const distance = boundedDistance(word, candidate, typos);
        if (distance > typos) continue;
        const term = index.termOf(language, candidate);
        if (term) push(term, distance === 1 ? 0.7 : 0.5);
      }
    }
  }
  if (expansionCache.size > 20_000) expansionCache.clear();
  expansionCache.set(key, { version: index.version, list });
  return list;
}

interface Matched {
  candidates: Int32Array;
  count: number;
  terms: Set<string>;
  expanded: QueryResult['expanded'];
}

/**
 * The best score of a group of words that synonyms widened, per document: an alternative is met by a
 * document having all of its words (any of them with `or`), scored as the mean of its words' scores (a
 * group is one token, worth as much as one word whatever its length); a synonym's alternative counts
 * SYNONYM_QUALITY of that. Maps, not the scratch arrays: this runs only when a synonym applies.
 */
function groupScores(
  alternatives: string[][],
  operator: 'and' | 'or',
  prefixLastWord: boolean,
  scoreWord: (word: string, asPrefix: boolean, mark: (doc: number, score: number) => void) => void,
): Map<number, number> {
  const best = new Map<number, number>();
  alternatives.forEach((alternative, a) => {
    let sum: Map<number, number> | null = null;
    alternative.forEach((word, k) => {
      const scores = new Map<number, number>();
      const asPrefix = prefixLastWord && a === 0 && k === alternative.length - 1;
      scoreWord(word, asPrefix, (doc, score) => {
        if (score > (scores.get(doc) ?? 0)) scores.set(doc, score);
      });
      if (sum === null) {
        sum = scores;
        return;
      }
      const next = new Map<number, number>();
      for (const [doc, score] of scores) {
        const before = sum.get(doc);
        if (before !== undefined) next.set(doc, before + score);
        else if (operator === 'or') next.set(doc, score);
      }
      if (operator === 'or') for (const [doc, score] of sum) if (!next.has(doc)) next.set(doc, score);
      sum = next;
    });
    const quality = (a === 0 ? 1 : SYNONYM_QUALITY) / alternative.length;
    for (const [doc, score] of sum ?? new Map<number, number>()) {
      if (score * quality > (best.get(doc) ?? 0)) best.set(doc, score * quality);
    }
  });
  return best;
}

/** Scores the documents that match the keyphrase into `total`; returns them. */
function matchKeyphrase(index: TextIndex, query: Query): Matched {
  const lang = index.language(query.language);
  const queryWordList = contentWords(query.keyphrase, query.language);
  const groups =
    query.synonyms && query.synonyms.size > 0
      ? query.synonyms.group(queryWordList, query.language)
      : queryWordList.map((word) => [[word]]);
  const terms = new Set<string>();
  const touched: number[] = [];
  const expanded: Matched['expanded'] = [];
  const tokens = groups.length;
  /** Marks every document a query word finds (its own stem, completions, near spellings) with a score. */
  const scoreWord = (word: string, asPrefix: boolean, mark: (doc: number, score: number) => void) => {
    for (const { term, quality } of expandWord(index, query.language, word, asPrefix)) {
      terms.add(term);
      const name = lang.name.get(term);
      if (name) {
        const ids = name.ids;
        const score = WEIGHT.name * quality;
        for (let i = 0; i < name.length; i++) mark(ids[i] as number, score);
      }
      const description = lang.description.get(term);
      if (description) {
        const ids = description.ids;
        const score = WEIGHT.description * quality;
        for (let i = 0; i < description.length; i++) mark(ids[i] as number, score);
      }
      const categories = lang.trail.get(term);
      if (categories) {
        const score = WEIGHT.trail * quality;
        for (const category of categories) {
          const docs = index.categoryDocs.get(category);
          if (!docs) continue;
          const ids = docs.ids;
          for (let i = 0; i < docs.length; i++) mark(ids[i] as number, score);
        }
      }
    }
  };
  groups.forEach((alternatives, position) => {
    const isLast = position === tokens - 1;
    const own = alternatives[0] as string[];
    if (alternatives.length === 1 && own.length === 1) {
      const tokenTouched: number[] = [];
      scoreWord(own[0] as string, query.prefixLast && isLast, (doc, score) => {
        if ((tokenScore[doc] as number) === 0) tokenTouched.push(doc);
        if (score > (tokenScore[doc] as number)) tokenScore[doc] = score;
      });
      for (const doc of tokenTouched) {
        if ((hits[doc] as number) === 0) touched.push(doc);
        hits[doc] = (hits[doc] as number) + 1;
        total[doc] = (total[doc] as number) + (tokenScore[doc] as number);
        tokenScore[doc] = 0;
      }
      return;
    }
    expanded.push({ words: own, alternatives: alternatives.slice(1) });
    const scores = groupScores(alternatives, query.operator, query.prefixLast && isLast, scoreWord);
    for (const [doc, score] of scores) {
      if ((hits[doc] as number) === 0) touched.push(doc);
      hits[doc] = (hits[doc] as number) + 1;
      total[doc] = (total[doc] as number) + score;
    }
  });
  // Catalogue numbers, with or without dashes and spaces: an exact match first, then prefixes.
  const number = squash(query.keyphrase);
  const numberDocs = new Map<number, number>();
  if (number.length >= 3 && /\d/.test(number)) {
    const exact = index.catalogue.get(number);
    if (exact !== undefined) numberDocs.set(exact, EXACT_NUMBER);
    const sorted = index.sortedCatalogueNumbers();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((sorted[mid] as string) < number) low = mid + 1;
      else high = mid;
    }
    for (let i = low, n = 0; i < sorted.length && n < MAX_NUMBER_PREFIX; i++, n++) {
      const candidate = sorted[i] as string;
      if (!candidate.startsWith(number)) break;
      const doc = index.catalogue.get(candidate);
      if (doc !== undefined && !numberDocs.has(doc))
        numberDocs.set(doc, NUMBER_PREFIX - (candidate.length - number.length));
    }
  }
  const needed = query.operator === 'or' ? 1 : tokens;
  const candidates = new Int32Array(touched.length + numberDocs.size);
  let count = 0;
  for (const doc of touched) {
    const bonus = numberDocs.get(doc);
    if ((hits[doc] as number) >= needed || bonus !== undefined) {
      if (bonus !== undefined) {
        total[doc] = (total[doc] as number) + bonus;
        numberDocs.delete(doc);
      }
      candidates[count++] = doc;
    } else total[doc] = 0;
    hits[doc] = 0;
  }
  for (const [doc, bonus] of numberDocs) {
    total[doc] = bonus;
    candidates[count++] = doc;
  }
  return { candidates, count, terms, expanded };
}

function facetPasses(facet: FacetQuery, doc: number, tables: Uint8Array | null): boolean {
  if (facet.selected.length === 0) return true;
  if (facet.mode === 'or') return facet.column.anyAccepted(doc, tables as Uint8Array);
  const codes = facet.column.codes(doc);
  for (const code of facet.selected) if (!codes.includes(code)) return false;
  return true;
}

/** A binary heap keeping the best `capacity` documents under `better`. */
function topK(
  docs: Int32Array,
  count: number,
  k: number,
  better: (a: number, b: number) => boolean,
): number[] {
  if (k <= 0) return [];
  if (count <= k * 4 || count <= 2000) {
    const all = Array.from(docs.subarray(0, count));
    all.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
    return all.slice(0, k);
  }
  // Min-heap by "better": the root is the worst kept document.
  const heap: number[] = [];
  const worse = (a: number, b: number) => better(b, a);
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (worse(heap[i] as number, heap[parent] as number)) {
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      } else break;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && worse(heap[l] as number, heap[m] as number)) m = l;
      if (r < heap.length && worse(heap[r] as number, heap[m] as number)) m = r;
      if (m === i) return;
      [heap[i], heap[m]] = [heap[m] as number, heap[i] as number];
      i = m;
    }
  };
  for (let i = 0; i < count; i++) {
    const doc = docs[i] as number;
    if (heap.length < k) {
      heap.push(doc);
      up(heap.length - 1);
    } else if (better(doc, heap[0] as number)) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}

export function runQuery(index: TextIndex, query: Query): QueryResult {
  ensureScratch(index.size);
  const keyed = query.keyphrase.trim() !== '';
  let candidates: Int32Array;
  let count: number;
  let terms = new Set<string>();
  let expanded: QueryResult['expanded'] = [];
  if (keyed) {
    const matched = matchKeyphrase(index, query);
    candidates = matched.candidates;
    count = matched.count;
    terms = matched.terms;
    expanded = matched.expanded;
  } else {
    candidates = new Int32Array(index.size);
    count = 0;
    for (let doc = 0; doc < index.size; doc++) if (index.has(doc)) candidates[count++] = doc;
  }
  const applied = new Set<string>();
  try {
    // Scope, hard filters, blacklist; then which facet selections each document fails.
    const facets = query.facets;
    const tables = facets.map((f) => {
      if (f.mode !== 'or' || f.selected.length === 0) return null;
      const table = new Uint8Array(f.column.values.length);
      for (const code of f.selected) table[code] = 1;
      return table;
    });
    const countsWithoutHard = query.filter !== null && facets.some((f) => !f.applyHard);
    const kept = new Int32Array(count);
    const failed = new Int32Array(count);
    let keptCount = 0;
    const { blacklist, bury, boostWeight } = query.rules;
    for (let i = 0; i < count; i++) {
      const doc = candidates[i] as number;
      if ((index.scopeMaskOf(doc) & query.scopeMask) === 0) continue;
      let mask = 0;
      if (query.filter && !query.filter(doc)) {
        // Kept only for the counts of a facet that ignores the hard filters.
        if (!countsWithoutHard) continue;
        mask = HARD;
      }
      let banned = false;
      for (const rule of blacklist) {
        if (rule.test(doc)) {
          applied.add(rule.id);
          banned = true;
          break;
        }
      }
      if (banned) continue;
      for (let f = 0; f < facets.length; f++) {
        if (!facetPasses(facets[f] as FacetQuery, doc, tables[f] ?? null)) mask |= 1 << f;
      }
      kept[keptCount] = doc;
      failed[keptCount] = mask;
      keptCount++;
    }
    // Facet counts: over the documents that pass the other facets' selections (and their own if asked).
    const allBits = (1 << facets.length) - 1;
    const facetCounts = facets.map((facet, f) => {
      const bit = 1 << f;
      const required =
        (facet.applyOther ? allBits & ~bit : 0) | (facet.applyOwn ? bit : 0) | (facet.applyHard ? HARD : 0);
      const counts = new Int32Array(facet.column.values.length);
      for (let i = 0; i < keptCount; i++) {
        if (((failed[i] as number) & required) === 0) facet.column.count(kept[i] as number, counts);
      }
      return counts;
    });
    const results = new Int32Array(keptCount);
    let resultCount = 0;
    for (let i = 0; i < keptCount; i++)
      if ((failed[i] as number) === 0) results[resultCount++] = kept[i] as number;

    // Boost weights and bury; with `explain`, which rules met each document.
    const boostedBy = query.explain ? new Map<number, string[]>() : null;
    for (const rule of boostWeight) {
      for (let i = 0; i < resultCount; i++) {
        const doc = results[i] as number;
        if (rule.test(doc)) {
          total[doc] = (total[doc] as number) + rule.weight;
          applied.add(rule.id);
          if (boostedBy) boostedBy.set(doc, [...(boostedBy.get(doc) ?? []), rule.id]);
        }
      }
    }
    const buried = new Map<number, string>();
    for (const rule of bury) {
      for (let i = 0; i < resultCount; i++) {
        const doc = results[i] as number;
        if (rule.test(doc)) {
          if (!buried.has(doc)) buried.set(doc, rule.id);
          applied.add(rule.id);
        }
      }
    }
    const better = comparator(index, query, buried);

    // Slots: pins, boosts with slots (among the results), includes (any document in scope). A pinned
    // or included document must still pass the request's filters and facet selections: a shopper who
    // narrowed the results to one material never gets another one placed among them.
    const admissible = (doc: number) =>
      (index.scopeMaskOf(doc) & query.scopeMask) !== 0 &&
      (query.filter === null || query.filter(doc)) &&
      facets.every((facet, f) => facetPasses(facet, doc, tables[f] ?? null));
    const placed = new Map<number, number>(); // position (0-based) → document
    const placedDocs = new Map<number, string>(); // document → the slot rule that placed it
    const resultSet = query.rules.slots.length > 0 ? new Set(results.subarray(0, resultCount)) : null;
    let extra = 0;
    for (const rule of query.rules.slots) {
      let pool: number[];
      if (rule.docs) {
        pool = rule.docs.filter(admissible);
      } else if (rule.fromResults) {
        const matching: number[] = [];
        for (let i = 0; i < resultCount; i++) {
          const doc = results[i] as number;
          if (rule.test?.(doc) && !placedDocs.has(doc)) matching.push(doc);
        }
        pool = topK(Int32Array.from(matching), matching.length, rule.slots.length, better);
      } else {
        const matching: number[] = [];
        for (let doc = 0; doc < index.size; doc++) {
          if (!index.has(doc) || !rule.test?.(doc) || placedDocs.has(doc)) continue;
          if (admissible(doc)) matching.push(doc);
        }
        pool = topK(Int32Array.from(matching), matching.length, rule.slots.length, better);
      }
      pool = pool.filter((doc) => !blacklist.some((b) => b.test(doc)));
      let used = false;
      rule.slots.forEach((slot, i) => {
        const doc = rule.docs ? pool[Math.min(i, pool.length - 1)] : pool[i];
        if (doc === undefined || placedDocs.has(doc) || placed.has(slot - 1)) return;
        placed.set(slot - 1, doc);
        placedDocs.set(doc, rule.id);
        if (!resultSet?.has(doc)) extra++;
        used = true;
      });
      if (used) applied.add(rule.id);
    }

    const end = query.offset + query.limit;
    const ordered = topK(results, resultCount, end + placedDocs.size, better).filter(
      (doc) => !placedDocs.has(doc),
    );
    const page: number[] = [];
    let next = 0;
    for (let position = 0; position < end; position++) {
      let doc = placed.get(position);
      if (doc === undefined) {
        doc = ordered[next++];
        if (doc === undefined) {
          // Only slotted documents beyond the results remain.
          const rest = [...placed.entries()].filter(([p]) => p > position).sort((a, b) => a[0] - b[0]);
          const moved = rest[0];
          if (!moved) break;
          placed.delete(moved[0]);
          doc = moved[1];
        }
      }
      if (position >= query.offset) page.push(doc);
    }
    return {
      total: resultCount + extra,
      page,
      facetCounts,
      terms,
      applied: [...applied],
      results: results.subarray(0, resultCount),
      expanded,
      ...(query.explain
        ? {
            placements: page.map((doc) => ({
              slotRule: placedDocs.get(doc) ?? null,
              boostRules: boostedBy?.get(doc) ?? [],
              buryRule: buried.get(doc) ?? null,
              score: total[doc] as number,
            })),
          }
        : {}),
    };
  } finally {
    for (let i = 0; i < count; i++) total[candidates[i] as number] = 0;
  }
}

function comparator(
  index: TextIndex,
  query: Query,
  buried: ReadonlyMap<number, string>,
): (a: number, b: number) => boolean {
  const buriedFirst = (a: number, b: number): number => {
    if (buried.size === 0) return 0;
    const ba = buried.has(a) ? 1 : 0;
    const bb = buried.has(b) ? 1 : 0;
    return ba - bb;
  };
  const sort = query.sort;
  if (sort.kind === 'relevance') {
    return (a, b) => {
      const bu = buriedFirst(a, b);
      if (bu !== 0) return bu < 0;
      const sa = total[a] as number;
      const sb = total[b] as number;
      if (sa !== sb) return sa > sb;
      return a < b;
    };
  }
  if (sort.kind === 'name') {
    const rank = index.nameRank(query.language);
    const sign = sort.order === 'desc' ? -1 : 1;
    return (a, b) => {
      const bu = buriedFirst(a, b);
      if (bu !== 0) return bu < 0;
      return sign * ((rank[a] as number) - (rank[b] as number)) < 0;
    };
  }
  const { column, order } = sort;
  const sign = order === 'desc' ? -1 : 1;
  const sortValue = (doc: number): number | string | null => {
    const code = column.firstCode(doc);
    if (code < 0) return null;
    const value = column.values[code];
    return typeof value === 'number' ? value : (column.folded[code] as string);
  };
  return (a, b) => {
    const bu = buriedFirst(a, b);
    if (bu !== 0) return bu < 0;
    const va = sortValue(a);
    const vb = sortValue(b);
    if (va === vb) return a < b;
    if (va === null) return false; // documents without the value last
    if (vb === null) return true;
    return sign * (va < vb ? -1 : 1) < 0;
  };
}
