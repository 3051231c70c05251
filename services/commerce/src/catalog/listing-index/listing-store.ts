import type { ListingRow } from './listing-rows';
import { type Postings, postingsAt } from './postings';

/**
 * The active rows of `product_listing` in memory (issue 21): each product in a slot, its categories,
 * catalogs and facet values as numbers, and posting lists from each number to the slots that hold it, so
 * that a list's candidates are one short list and its facets are counted in typed arrays. Slots of removed
 * products are reused. Equal lists (a product's catalogs, its category trail) are shared.
 */
export class ListingStore {
  /** Product ID per slot; null: free. */
  readonly ids: (string | null)[] = [];
  readonly idKeys: string[] = [];
  readonly names: string[] = [];
  readonly nameKeys: string[] = [];
  readonly searchTexts: string[] = [];
  readonly catalogs: Uint16Array[] = [];
  readonly within: Int32Array[] = [];
  readonly placed: Int32Array[] = [];
  /**
   * The slot's set of facet values (numbers of `tokens`: what `Meta.Facets` counts), as a number of
   * `facetSets`: products share a few hundred sets, so facets are counted per set, not per product.
   */
  readonly facetSetOf: number[] = [];
  readonly facetSets: Uint32Array[] = [];
  private readonly facetSetNumbers = new Map<string, number>();
  /** Lowercased facet value numbers (`filterTokens`): what `xp.<facet>=` filters match. */
  readonly filters: Uint32Array[] = [];
  /** Catalog ID → number, and per number the slots of its products. */
  readonly catalogNumbers = new Map<string, number>();
  readonly catalogSlots = new Map<number, Postings>();
  readonly withinSlots = new Map<number, Postings>();
  readonly placedSlots = new Map<number, Postings>();
  readonly filterSlots = new Map<number, Postings>();
  /** The words of the search texts (runs of letters and digits), each with the slots holding it. */
  readonly words = new Interner();
  readonly wordSlots = new Map<number, Postings>();
  /** Facet value tokens as `product_listing.facets` writes them (`path` U+001F `value`). */
  readonly tokens = new Interner();
  readonly filterTokens = new Interner();
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private readonly shared = new Map<string, Uint16Array | Int32Array | Uint32Array>();
  /** Moves on with every change, so sort orders know when to be made again. */
  revision = 0;
  /** The slots changed at each revision since `logFrom` (sort orders catch up from it). */
  readonly changeLog: { revision: number; slot: number }[] = [];
  logFrom = 0;

  get slotCount(): number {
    return this.ids.length;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Puts the row in, replacing the product's earlier row; an inactive or missing row only removes. */
  put(productId: string, row: ListingRow | null): void {
    this.remove(productId);
    if (row === null) return;
    const slot = this.free.pop() ?? this.ids.length;
    this.ids[slot] = row.product_id;
    this.idKeys[slot] = row.id_key;
    this.names[slot] = row.name;
    this.nameKeys[slot] = row.name_key;
    this.searchTexts[slot] = row.search_text;
    const catalogs = row.catalogs.map((c) => this.catalogNumber(c));
    this.catalogs[slot] = this.share('c', Uint16Array.from(catalogs));
    this.within[slot] = this.share('w', Int32Array.from(row.within));
    this.placed[slot] = this.share('p', Int32Array.from(row.placed));
    this.facetSetOf[slot] = this.facetSet(Uint32Array.from(row.facets, (t) => this.tokens.number(t)));
    const filters = this.share(
      't',
      Uint32Array.from(row.filter_tokens, (t) => this.filterTokens.number(t)),
    );
    this.filters[slot] = filters;
    this.slotOf.set(row.product_id, slot);
    this.logChange(slot);
    for (const c of catalogs) postingsAt(this.catalogSlots, c).push(slot);
    for (const k of row.within) postingsAt(this.withinSlots, k).push(slot);
    for (const k of row.placed) postingsAt(this.placedSlots, k).push(slot);
    for (const t of filters) postingsAt(this.filterSlots, t).push(slot);
    for (const w of wordsOf(row.search_text)) postingsAt(this.wordSlots, this.words.number(w)).push(slot);
  }

  private remove(productId: string): void {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return;
    for (const c of this.catalogs[slot] ?? []) this.catalogSlots.get(c)?.remove(slot);
    for (const k of this.within[slot] ?? []) this.withinSlots.get(k)?.remove(slot);
    for (const k of this.placed[slot] ?? []) this.placedSlots.get(k)?.remove(slot);
    for (const t of this.filters[slot] ?? []) this.filterSlots.get(t)?.remove(slot);
    for (const w of wordsOf(this.searchTexts[slot] ?? '')) {
      const n = this.words.find(w);
      if (n !== undefined) this.wordSlots.get(n)?.remove(slot);
    }
    this.ids[slot] = null;
    this.searchTexts[slot] = '';
    this.slotOf.delete(productId);
    this.free.push(slot);
    this.logChange(slot);
  }

  private facetSet(tokens: Uint32Array): number {
    const key = tokens.join(',');
    let n = this.facetSetNumbers.get(key);
    if (n === undefined) {
      n = this.facetSets.length;
      this.facetSetNumbers.set(key, n);
      this.facetSets.push(tokens);
    }
    return n;
  }

  private logChange(slot: number): void {
    this.revision++;
    if (this.changeLog.length >= MAX_LOGGED_CHANGES) {
      // Orders older than this are made again in full: cheaper than merging this many changes.
      this.changeLog.length = 0;
      this.logFrom = this.revision - 1;
    }
    this.changeLog.push({ revision: this.revision, slot });
  }

  /** Gives back the posting lists' spare room (after loading every row). */
  trim(): void {
    for (const map of [
      this.catalogSlots,
      this.withinSlots,
      this.placedSlots,
      this.filterSlots,
      this.wordSlots,
    ]) {
      for (const postings of map.values()) postings.trim();
    }
  }

  catalogNumber(id: string): number {
    let n = this.catalogNumbers.get(id);
    if (n === undefined) {
      n = this.catalogNumbers.size;
      this.catalogNumbers.set(id, n);
    }
    return n;
  }

  /** One array for every equal list (most products share their catalogs; many their category trail). */
  private share<T extends Uint16Array | Int32Array | Uint32Array>(kind: string, list: T): T {
    if (list.length === 0) return list;
    const key = `${kind}${list.join(',')}`;
    const known = this.shared.get(key);
    if (known) return known as T;
    this.shared.set(key, list);
    return list;
  }
}

/** Strings numbered in the order first seen, with their facet path and value apart. */
export class Interner {
  readonly texts: string[] = [];
  readonly paths: string[] = [];
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  number(text: string): number {
    let n = this.numbers.get(text);
    if (n === undefined) {
      n = this.texts.length;
      this.numbers.set(text, n);
      this.texts.push(text);
      const cut = text.indexOf('\x1f');
      this.paths.push(cut < 0 ? text : text.slice(0, cut));
      this.values.push(cut < 0 ? '' : text.slice(cut + 1));
    }
    return n;
  }

  find(text: string): number | undefined {
    return this.numbers.get(text);
  }
}

/** Changes kept for sort orders to catch up with (beyond: a full sort, ~100 ms at 100,000 SKUs). */
const MAX_LOGGED_CHANGES = 20_000;

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct words of a search text: runs of letters and digits. */
export function wordsOf(text: string): Set<string> {
  return new Set(text.match(WORD) ?? []);
}
