import { describe, expect, it } from 'vitest';
import {
  attributeSimilarity,
  familyOf,
  inScope,
  type RecipeCatalogue,
  type RecipeProduct,
  similarProducts,
} from './recipes';

function product(id: string, family: string, attrs: RecipeProduct['attrs'], scopes = ['US', 'CA']) {
  return { id, family, line: 'channel', scopes, attrs: { id: [id], ...attrs } };
}

const products: RecipeProduct[] = [
  product('SC-1', 'solid', { material: ['steel'], finish: ['pre-galvanized'], length_mm: [3048] }),
  product('SC-2', 'solid', { material: ['steel'], finish: ['pre-galvanized'], length_mm: [6096] }),
  product('SC-3', 'solid', { material: ['steel'], finish: ['hot-dip'], length_mm: [3048] }),
  product('SC-4', 'solid', { material: ['steel'], finish: ['pre-galvanized'], length_mm: [3048] }, ['GB']),
  product('SL-1', 'slotted', { material: ['steel'], finish: ['pre-galvanized'], length_mm: [3048] }),
  product('TR-1', 'tray', { material: ['aluminium'] }),
];

const catalogue: RecipeCatalogue = {
  product: (id) => products.find((p) => p.id === id),
  family: (family) => products.filter((p) => p.family === family),
  familiesOf: (line) => (line === 'channel' ? ['solid', 'slotted'] : []),
};

describe('recommendation recipes', () => {
  it('reads family and line from the category trail', () => {
    expect(familyOf(['strut', 'strut.channel', 'strut.channel.solid', 'strut.channel.solid.pg'])).toEqual({
      family: 'strut.channel.solid',
      line: 'strut.channel',
    });
    expect(familyOf([])).toEqual({ family: null, line: null });
  });

  it('measures attribute similarity, numeric attributes by closeness', () => {
    const [a, b, c] = products as [RecipeProduct, RecipeProduct, RecipeProduct];
    expect(attributeSimilarity(a, a)).toBe(1);
    expect(attributeSimilarity(a, b)).toBeCloseTo((1 + 1 + 0.5) / 3);
    expect(attributeSimilarity(a, c)).toBeCloseTo(2 / 3);
  });

  it('ranks the family by closest attributes, then sibling families, in the region, without the seed', () => {
    const scope = { scopes: new Set(['US']), exclude: new Set(['SC-1']) };
    // SC-2 differs in length only (0.5), SC-3 in finish (0): SC-2 first; SC-4 is not sold in the US.
    expect(similarProducts(catalogue, ['SC-1'], scope, 10)).toEqual(['SC-2', 'SC-3', 'SL-1']);
    expect(similarProducts(catalogue, ['SC-1'], scope, 1)).toEqual(['SC-2']);
    expect(
      similarProducts(catalogue, ['SC-1'], { scopes: new Set(['GB']), exclude: new Set(['SC-1']) }, 10),
    ).toEqual(['SC-4']);
    expect(similarProducts(catalogue, ['nope'], scope, 10)).toEqual([]);
  });

  it('keeps a ranked list to the region, once each, without the context products', () => {
    const ranked = ['TR-1', 'SC-4', 'SC-1', 'TR-1', 'gone', 'SC-2'];
    expect(inScope(catalogue, ranked, { scopes: new Set(['US']), exclude: new Set(['SC-1']) }, 10)).toEqual([
      'TR-1',
      'SC-2',
    ]);
    expect(inScope(catalogue, ranked, { scopes: new Set(['US']), exclude: new Set() }, 2)).toEqual([
      'TR-1',
      'SC-1',
    ]);
  });
});
