import { describe, expect, it } from 'vitest';
import {
  type AttrValue,
  type RecipeCatalogue,
  type RecipeProduct,
  type RecipeScope,
  similarProducts,
} from './recipes';
import { type FamilyBlock, familyBlock, rankSimilar, type SimilarCatalogue } from './similar';

/** A small deterministic generator (the same catalogues at every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/**
 * Value lists as the index holds them: mostly shared arrays (one per distinct list), some private
 * copies; repeats, numbers written as strings, booleans, empty lists.
 */
const LISTS: Record<string, AttrValue[][]> = {
  material: [['steel'], ['aluminium'], ['steel', 'zinc'], [], ['1']],
  finish: [['pre-galvanized'], ['hot-dip'], ['hot-dip', 'hot-dip'], [1], []],
  certifications: [['UL'], ['UL', 'FM'], ['FM', 'UL', 'CSA'], []],
  length_mm: [[3048], [6096], ['3048'], [0], []],
  weight_kg: [[0.469], [1.2], [1.25], [0], [2.5, 3]],
  packaging_quantity: [[25], [50], [1]],
  made_to_order: [[true], [false], ['true']],
  sku: [['A'], ['B']],
  region: [['US'], ['GB', 'US']],
};
const SCOPES: string[][] = [['US'], ['GB'], ['US', 'CA'], ['CA', 'US', 'GB'], ['NZ']];

function catalogueOf(next: () => number): {
  products: RecipeProduct[];
  catalogue: RecipeCatalogue & SimilarCatalogue;
} {
  const lines = ['channel', 'wire'];
  const familiesOf = new Map(lines.map((line) => [line, [1, 2, 3].map((n) => `${line}.f${n}`)]));
  const products: RecipeProduct[] = [];
  for (let n = 0; n < 160; n++) {
    const variantOf = products.length > 0 && next() < 0.4 ? pick(next, products) : null;
    if (variantOf) {
      // A variant of a series: the same lists (one group), its own id and scopes.
      products.push({ ...variantOf, id: `${variantOf.id}-M${n}`, scopes: pick(next, SCOPES) });
      continue;
    }
    const line = pick(next, lines);
    const family = pick(next, familiesOf.get(line) ?? []);
    const leaf = `${family}.s${Math.floor(next() * 3)}`;
    const trail = next() < 0.9 ? ['root', line, family, leaf] : ['root', line, family];
    const names = Object.keys(LISTS).filter(() => next() < 0.8);
    // Attribute order differs from product to product (it decides the order the overlaps are added in).
    if (next() < 0.5) names.reverse();
    const attrs: Record<string, AttrValue[]> = { id: [`P${n}`], category: trail };
    for (const name of names) {
      const list = pick(next, LISTS[name] ?? []);
      attrs[name] = next() < 0.2 ? [...list] : list;
    }
    products.push({
      id: `P${String(Math.floor(next() * 1000)).padStart(3, '0')}-${n}`,
      scopes: pick(next, SCOPES),
      family: next() < 0.95 ? family : null,
      line: next() < 0.95 ? line : null,
      attrs,
    });
  }
  const blocks = new Map<string, FamilyBlock>();
  const members = (family: string) => products.filter((p) => p.family === family);
  return {
    products,
    catalogue: {
      product: (id) => products.find((p) => p.id === id),
      family: members,
      familiesOf: (line) => familiesOf.get(line) ?? [],
      block: (family) => {
        const block = blocks.get(family) ?? familyBlock(members(family));
        blocks.set(family, block);
        return block;
      },
    },
  };
}

describe('rankSimilar', () => {
  it('answers what the recipe’s definition (similarProducts) answers, ties and sibling families included', () => {
    const next = random(21);
    let compared = 0;
    for (let round = 0; round < 20; round++) {
      const { products, catalogue } = catalogueOf(next);
      for (let ask = 0; ask < 40; ask++) {
        const seeds = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
          next() < 0.05 ? 'unknown' : pick(next, products).id,
        );
        const scope: RecipeScope = {
          scopes: new Set(pick(next, [['US'], ['GB'], ['CA', 'NZ'], ['ZZ']])),
          exclude: new Set(next() < 0.8 ? seeds : [...seeds, pick(next, products).id]),
        };
        const max = pick(next, [0, 1, 3, 8, 40, 1000]);
        const expected = similarProducts(catalogue, seeds, scope, max);
        expect(rankSimilar(catalogue, seeds, scope, max), JSON.stringify({ round, seeds, max })).toEqual(
          expected,
        );
        compared += expected.length;
      }
    }
    // The catalogues are small enough for families to run out (sibling families answer) and for equal
    // scores across groups (ties broken by id).
    expect(compared).toBeGreaterThan(5_000);
  });

  it('scores each group of alike products once: variants with the same attributes share a group', () => {
    const shared = { material: ['steel'], category: ['root', 'channel', 'channel.f1'] };
    const block = familyBlock(
      ['B', 'A', 'C'].map((id) => ({
        id,
        scopes: ['US'],
        family: 'channel.f1',
        line: 'channel',
        attrs: { id: [id], ...shared },
      })),
    );
    expect(block.groups).toHaveLength(1);
    expect(block.groups[0]?.ids).toEqual(['A', 'B', 'C']);
  });
});
