/**
 * The recommendation recipes, as pure functions over the catalogue the search engine holds in memory
 * and the signals read from the database (signals.ts). Every recipe answers products sold in the
 * request's region (and those restricted to the caller's company or user groups there) and never the
 * context's own products.
 */

export type AttrValue = string | number | boolean;

/** What a recipe needs to know of a product. */
export interface RecipeProduct {
  id: string;
  /** Region codes whose catalogue sells it. */
  scopes: string[];
  /** Its family (the level-3 category of its trail) and product line (level 2). */
  family: string | null;
  line: string | null;
  /** Attributes, `category` being the trail of category ids from the top. */
  attrs: Record<string, AttrValue[]>;
}

export interface RecipeCatalogue {
  product(id: string): RecipeProduct | undefined;
  /** Every product of a family (at any depth below it). */
  family(familyId: string): RecipeProduct[];
  /** The other families of a product line. */
  familiesOf(lineId: string): string[];
}

/** Family and line of a category trail (ids from the top category down to the product's leaf). */
export function familyOf(trail: readonly AttrValue[]): { family: string | null; line: string | null } {
  const ids = trail.map(String);
  return { family: ids[2] ?? ids.at(-1) ?? null, line: ids[1] ?? null };
}

export const RECIPES = ['similar', 'trending', 'together', 'recently_viewed'] as const;
export type RecipeId = (typeof RECIPES)[number];

export function isRecipe(value: unknown): value is RecipeId {
  return typeof value === 'string' && (RECIPES as readonly string[]).includes(value);
}

/**
 * Attributes that say which product, not what it is. The category trail counts: products of the same
 * sub-family and series share more of it.
 */
const IGNORED_ATTRIBUTES = new Set(['id', 'sku', 'type', 'region']);
/** Numeric attributes compared by closeness rather than equality. */
const NUMERIC_ATTRIBUTES = new Set(['length_mm', 'weight_kg', 'packaging_quantity']);

/** Whether an attribute takes part in the similarity (not one that only says which product). */
export function isCompared(name: string): boolean {
  return !IGNORED_ATTRIBUTES.has(name);
}

/**
 * How alike two non-empty value lists of one attribute are, from 0 to 1: the overlap of their values
 * (Jaccard, the right list counted with its repeats), numeric attributes by relative closeness.
 * `leftStrings` is the left list's values as strings, for a caller comparing one list with many.
 */
export function attributeOverlap(
  name: string,
  left: readonly AttrValue[],
  right: readonly AttrValue[],
  leftStrings: ReadonlySet<string> = new Set(left.map(String)),
): number {
  if (NUMERIC_ATTRIBUTES.has(name) && typeof left[0] === 'number' && typeof right[0] === 'number') {
    const x = left[0];
    const y = right[0];
    const largest = Math.max(Math.abs(x), Math.abs(y));
    return largest === 0 ? 1 : 1 - Math.min(1, Math.abs(x - y) / largest);
  }
  let shared = 0;
  for (const value of right) if (leftStrings.has(String(value))) shared += 1;
  return shared / (leftStrings.size + right.length - shared);
}

/**
 * How alike two products are, from 0 to 1: the mean over the attributes either has of the overlap of
 * their values (`attributeOverlap`), summed in the order of the first product's attributes (the fast
 * ranking of similar.ts adds the same terms in the same order, so both give the very same number).
 */
export function attributeSimilarity(a: RecipeProduct, b: RecipeProduct): number {
  const names = new Set([...Object.keys(a.attrs), ...Object.keys(b.attrs)]);
  let total = 0;
  let counted = 0;
  for (const name of names) {
    if (!isCompared(name)) continue;
    const left = a.attrs[name] ?? [];
    const right = b.attrs[name] ?? [];
    if (left.length === 0 && right.length === 0) continue;
    counted += 1;
    if (left.length === 0 || right.length === 0) continue;
    total += attributeOverlap(name, left, right);
  }
  return counted === 0 ? 0 : total / counted;
}

export interface RecipeScope {
  /**
   * The product scopes the caller sees (`engine.productScopes`): the request's sales region, plus the
   * audience scopes of a signed-in buyer's company and user groups there.
   */
  scopes: ReadonlySet<string>;
  /** The context's products (`context.ids.product`): never recommended. */
  exclude: ReadonlySet<string>;
}

function eligible(product: RecipeProduct | undefined, scope: RecipeScope): product is RecipeProduct {
  if (!product) return false;
  return product.scopes.some((s) => scope.scopes.has(s)) && !scope.exclude.has(product.id);
}

/**
 * Similar products: the same family first, ranked by closest attributes (the category trail among them);
 * when the family is too small, its sibling families (same product line) follow, also by attributes.
 * The definition of the recipe, scoring every product of the families one by one: the widget answers
 * with `rankSimilar` (similar.ts), which must give the same list (similar.test.ts compares them).
 */
export function similarProducts(
  catalogue: RecipeCatalogue,
  seedIds: string[],
  scope: RecipeScope,
  max: number,
): string[] {
  const seeds = seedIds.map((id) => catalogue.product(id)).filter((p): p is RecipeProduct => p !== undefined);
  const result: string[] = [];
  const taken = new Set<string>();
  const rank = (candidates: RecipeProduct[]) => {
    const scored = candidates
      .filter((c) => !taken.has(c.id) && eligible(c, scope))
      .map((c) => ({ id: c.id, score: Math.max(...seeds.map((s) => attributeSimilarity(s, c))) }))
      .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    for (const { id } of scored) {
      if (result.length >= max) return;
      taken.add(id);
      result.push(id);
    }
  };
  const families = [...new Set(seeds.map((s) => s.family).filter((f): f is string => f !== null))];
  rank(families.flatMap((family) => catalogue.family(family)));
  if (result.length < max) {
    const siblings = new Set<string>();
    for (const line of new Set(seeds.map((s) => s.line).filter((l): l is string => l !== null))) {
      for (const family of catalogue.familiesOf(line)) if (!families.includes(family)) siblings.add(family);
    }
    rank([...siblings].flatMap((family) => catalogue.family(family)));
  }
  return result;
}

/** The products of a ranked list (trending, together, recently viewed) that the scope allows, in order. */
export function inScope(
  catalogue: RecipeCatalogue,
  rankedIds: Iterable<string>,
  scope: RecipeScope,
  max: number,
): string[] {
  const result: string[] = [];
  const taken = new Set<string>();
  for (const id of rankedIds) {
    if (result.length >= max) break;
    if (taken.has(id) || !eligible(catalogue.product(id), scope)) continue;
    taken.add(id);
    result.push(id);
  }
  return result;
}
