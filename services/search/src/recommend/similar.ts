import {
  type AttrValue,
  attributeOverlap,
  isCompared,
  type RecipeProduct,
  type RecipeScope,
} from './recipes';

/** One compared attribute across a family: each group's value list as a number into `lists` (-1: none). */
interface FamilyColumn {
  of: Int32Array;
  lists: (readonly AttrValue[])[];
}

/** Members of a family with the very same compared attributes, by id (`<`, as the recipe breaks ties). */
interface Group {
  ids: string[];
  scopes: (readonly string[])[];
  /** The distinct scope lists of its members: a group nobody in the request's scopes sees is skipped whole. */
  scopeLists: (readonly string[])[];
}

/**
 * A family's products grouped by their compared attributes, built when first asked and again after a
 * change of one of them (catalogue.ts). The index shares one array between equal value lists
 * (ListInterner), so a column holds a few distinct lists however large the family, and the variants of
 * a series (same trail, material, weight, …) form one group: a request compares the seed with each
 * distinct list once and scores each group once. (Equal lists held in distinct arrays only make more
 * groups: the scores stay the same.)
 */
export interface FamilyBlock {
  groups: Group[];
  /** How many compared attributes with values each group's members have. */
  counts: Int32Array;
  columns: Map<string, FamilyColumn>;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each product's number of its value list per compared attribute (-1: none). */
function listNumbers(products: readonly RecipeProduct[]): {
  of: Map<string, Int32Array>;
  lists: Map<string, (readonly AttrValue[])[]>;
} {
  const of = new Map<string, Int32Array>();
  const lists = new Map<string, (readonly AttrValue[])[]>();
  const numbers = new Map<string, Map<readonly AttrValue[], number>>();
  products.forEach((product, member) => {
    for (const [name, list] of Object.entries(product.attrs)) {
      if (!isCompared(name) || list.length === 0) continue;
      let column = of.get(name);
      let known = numbers.get(name);
      let distinct = lists.get(name);
      if (!column || !known || !distinct) {
        column = new Int32Array(products.length).fill(-1);
        known = new Map();
        distinct = [];
        of.set(name, column);
        numbers.set(name, known);
        lists.set(name, distinct);
      }
      let number = known.get(list);
      if (number === undefined) {
        number = distinct.length;
        distinct.push(list);
        known.set(list, number);
      }
      column[member] = number;
    }
  });
  return { of, lists };
}

export function familyBlock(products: readonly RecipeProduct[]): FamilyBlock {
  const { of, lists } = listNumbers(products);
  const names = [...of.keys()];
  const groupOf = new Map<string, number>();
  const members: RecipeProduct[][] = [];
  const signatures: number[][] = [];
  products.forEach((product, member) => {
    const signature = names.map((name) => (of.get(name) as Int32Array)[member] as number);
    const key = signature.join(',');
    let group = groupOf.get(key);
    if (group === undefined) {
      group = members.length;
      groupOf.set(key, group);
      members.push([]);
      signatures.push(signature);
    }
    members[group]?.push(product);
  });
  const columns = new Map<string, FamilyColumn>(
    names.map((name, i) => [
      name,
      {
        of: Int32Array.from(signatures, (signature) => signature[i] as number),
        lists: lists.get(name) ?? [],
      },
    ]),
  );
  const counts = Int32Array.from(signatures, (signature) => signature.filter((n) => n >= 0).length);
  const groups = members.map((list) => {
    const sorted = [...list].sort((a, b) => byId(a.id, b.id));
    const scopes = sorted.map((p) => p.scopes);
    return { ids: sorted.map((p) => p.id), scopes, scopeLists: [...new Set(scopes)] };
  });
  return { groups, counts, columns };
}

/**
 * Every group's similarity to the closest seed: `attributeSimilarity` (recipes.ts) term for term —
 * the same overlaps added in the seed's attribute order, divided by the same count.
 */
function scoreBlock(block: FamilyBlock, seeds: readonly RecipeProduct[]): Float64Array {
  const size = block.groups.length;
  const best = new Float64Array(size);
  const totals = new Float64Array(size);
  const shared = new Int32Array(size);
  seeds.forEach((seed, s) => {
    totals.fill(0);
    shared.fill(0);
    let seedCount = 0;
    for (const name of Object.keys(seed.attrs)) {
      const left = seed.attrs[name] ?? [];
      if (!isCompared(name) || left.length === 0) continue;
      seedCount += 1;
      const column = block.columns.get(name);
      if (!column) continue;
      const strings = new Set(left.map(String));
      const terms = Float64Array.from(column.lists, (list) => attributeOverlap(name, left, list, strings));
      const of = column.of;
      for (let g = 0; g < size; g++) {
        const k = of[g] as number;
        if (k < 0) continue;
        totals[g] = (totals[g] as number) + (terms[k] as number);
        shared[g] = (shared[g] as number) + 1;
      }
    }
    for (let g = 0; g < size; g++) {
      const counted = seedCount + (block.counts[g] as number) - (shared[g] as number);
      const score = counted === 0 ? 0 : (totals[g] as number) / counted;
      best[g] = s === 0 ? score : Math.max(best[g] as number, score);
    }
  });
  return best;
}

/**
 * The products of groups with one score, by id: a group's own order, or several groups' merged (rare
 * but possible: two groups alike to a seed in different ways).
 */
function tied(groups: Group[]): Group {
  if (groups.length === 1) return groups[0] as Group;
  const products = groups
    .flatMap((group) => group.ids.map((id, m) => ({ id, scopes: group.scopes[m] ?? [] })))
    .sort((a, b) => byId(a.id, b.id));
  return { ids: products.map((p) => p.id), scopes: products.map((p) => p.scopes), scopeLists: [] };
}

/** What `rankSimilar` needs of the catalogue: products by id, families as blocks, lines' families. */
export interface SimilarCatalogue {
  product(id: string): RecipeProduct | undefined;
  block(family: string): FamilyBlock;
  familiesOf(lineId: string): string[];
}

/**
 * `similarProducts` (recipes.ts) without scoring product by product nor sorting whole families: the same
 * answer, from the families' groups taken best first until `max` products are found.
 */
export function rankSimilar(
  catalogue: SimilarCatalogue,
  seedIds: string[],
  scope: RecipeScope,
  max: number,
): string[] {
  const seeds = seedIds.map((id) => catalogue.product(id)).filter((p): p is RecipeProduct => p !== undefined);
  // Products share their scope lists (ListInterner): one test per distinct list.
  const visible = new Map<readonly string[], boolean>();
  const sold = (scopes: readonly string[]) => {
    let answer = visible.get(scopes);
    if (answer === undefined) {
      answer = scopes.some((s) => scope.scopes.has(s));
      visible.set(scopes, answer);
    }
    return answer;
  };
  const result: string[] = [];
  const rank = (families: Iterable<string>) => {
    const scored: { score: number; group: Group }[] = [];
    for (const family of families) {
      const block = catalogue.block(family);
      const scores = scoreBlock(block, seeds);
      block.groups.forEach((group, g) => {
        scored.push({ score: scores[g] as number, group });
      });
    }
    scored.sort((x, y) => y.score - x.score);
    for (let i = 0; i < scored.length && result.length < max; ) {
      const { score } = scored[i] as { score: number };
      const run: Group[] = [];
      do {
        const { group } = scored[i] as { group: Group };
        if (group.scopeLists.some(sold)) run.push(group);
        i++;
      } while (i < scored.length && scored[i]?.score === score);
      if (run.length === 0) continue;
      const { ids, scopes } = tied(run);
      for (let m = 0; m < ids.length && result.length < max; m++) {
        const id = ids[m] as string;
        if (sold(scopes[m] as readonly string[]) && !scope.exclude.has(id)) result.push(id);
      }
    }
  };
  const families = [...new Set(seeds.map((s) => s.family).filter((f): f is string => f !== null))];
  rank(families);
  if (result.length < max) {
    const siblings = new Set<string>();
    for (const line of new Set(seeds.map((s) => s.line).filter((l): l is string => l !== null))) {
      for (const family of catalogue.familiesOf(line)) if (!families.includes(family)) siblings.add(family);
    }
    rank(siblings);
  }
  return result;
}
