/** A product facet as the list needs it. */
export interface Facet {
  name: string;
  xpPath: string;
  minCount: number;
  xp: unknown;
}

/** What a buyer's list is built from besides its request: the list's context statement's answer. */
export interface ListingContext {
  facets: Facet[];
  /** The company's catalogs with ViewAllProducts, and its others (products granted one by one). */
  viewAll: string[];
  other: string[];
  /** The products granted one by one in the other catalogs (at most the index's limit, plus one). */
  granted: string[];
  /** The listing keys of the list's categories that exist. */
  categoryKeys: number[];
  /** Every filter value of the request, lowercased by the database (`lower`), in order. */
  lowered: string[];
  listingVersion: number;
}

/** The generations the context was read at: a list from memory holds only while both stand. */
export interface ContextGenerations {
  catalogue: string;
  listing: string;
}

/** What identifies a list's context: whose list, which catalog, which category, which filter values. */
export interface ContextKey {
  companyId: string;
  userId: string;
  catalogId: string;
  /** One category with all its descendants, or none (lists of a finite depth are not remembered). */
  categoryId: string | null;
  values: string[];
}

/** Bounds on what is remembered (entries), so that no request pattern can grow the memory without end. */
const MAX_COMPANIES = 10_000;
const MAX_CATEGORIES = 50_000;
const MAX_VALUES = 10_000;
/** Users' grants are remembered only when few (the usual case), for at most this many users. */
const MAX_GRANTS_USERS = 1000;
const MAX_GRANTS_PER_USER = 200;

const join = (...parts: string[]) => parts.join('\x1f');

/**
 * The parts of the list context that do not depend on the request's user, remembered per service
 * instance for the catalogue and listing generations they were read at (issue 21): the product facets,
 * each company's catalogs, each category's listing key and each filter value's lowercase form. With them
 * a list of the in-memory index needs one statement instead of two: the page's, which also reads both
 * generations and the token's state, and the list is answered only when neither generation moved (any
 * catalogue write moves `catalogue`: catalogs, assignments, categories, facets and user groups
 * included). Otherwise everything is forgotten and the list is read again the full way. The products a
 * user sees one by one (in catalogs without ViewAllProducts) are remembered per user when few.
 */
export class ListingContextMemory {
  private generations: ContextGenerations | null = null;
  private facets: Facet[] = [];
  private catalogs = new Map<string, { viewAll: string[]; other: string[] }>();
  private categoryKeys = new Map<string, number | null>();
  private lowered = new Map<string, string>();
  private grants = new Map<string, string[]>();

  /** Lists answered from memory, for tests. */
  recalled = 0;

  /** The context of `key` with the generations it holds at, or null when some part of it is not known. */
  recall(key: ContextKey): { context: ListingContext; generations: ContextGenerations } | null {
    const generations = this.generations;
    if (generations === null) return null;
    const catalogs = this.catalogs.get(join(key.companyId, key.catalogId));
    if (!catalogs) return null;
    const granted =
      catalogs.other.length > 0 ? this.grants.get(join(key.companyId, key.userId, key.catalogId)) : [];
    if (granted === undefined) return null;
    let categoryKeys: number[] = [];
    if (key.categoryId !== null) {
      const found = this.categoryKeys.get(join(key.catalogId, key.categoryId));
      if (found === undefined) return null;
      categoryKeys = found === null ? [] : [found];
    }
    const lowered: string[] = [];
    for (const value of key.values) {
      const lower = this.lowered.get(value);
      if (lower === undefined) return null;
      lowered.push(lower);
    }
    this.recalled++;
    const context = { facets: this.facets, ...catalogs, granted, categoryKeys, lowered };
    return { context: { ...context, listingVersion: Number(generations.listing) }, generations };
  }

  /** Keeps what the full way read for `key`; a context read at other generations replaces everything. */
  remember(key: ContextKey, context: ListingContext, generations: ContextGenerations): void {
    const known = this.generations;
    if (
      known === null ||
      known.catalogue !== generations.catalogue ||
      known.listing !== generations.listing
    ) {
      this.forget();
      this.generations = generations;
    }
    this.facets = context.facets;
    bounded(this.catalogs, MAX_COMPANIES).set(join(key.companyId, key.catalogId), {
      viewAll: context.viewAll,
      other: context.other,
    });
    if (context.other.length > 0 && context.granted.length <= MAX_GRANTS_PER_USER)
      bounded(this.grants, MAX_GRANTS_USERS).set(
        join(key.companyId, key.userId, key.catalogId),
        context.granted,
      );
    if (key.categoryId !== null)
      bounded(this.categoryKeys, MAX_CATEGORIES).set(
        join(key.catalogId, key.categoryId),
        context.categoryKeys[0] ?? null,
      );
    key.values.forEach((value, i) => {
      const lower = context.lowered[i];
      if (lower !== undefined) bounded(this.lowered, MAX_VALUES).set(value, lower);
    });
  }

  /** Forgets everything: the generations moved. */
  forget(): void {
    this.generations = null;
    this.facets = [];
    this.catalogs.clear();
    this.categoryKeys.clear();
    this.lowered.clear();
    this.grants.clear();
  }
}

/** The map, emptied first when it is full (cheaper than an LRU, and a full map means unusual traffic). */
function bounded<K, V>(map: Map<K, V>, max: number): Map<K, V> {
  if (map.size >= max) map.clear();
  return map;
}
