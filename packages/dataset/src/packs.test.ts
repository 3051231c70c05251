import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from './generate';
import type { Dataset, DatasetProduct } from './model';

/** A pack's piece SKU: `EMT-050-10-P50` (50 pieces) → `EMT-050-10`; null when the ID does not say so. */
function pieceIdOf(pack: DatasetProduct): string | null {
  const suffix = `-P${pack.attributes.packagingQuantity}`;
  return pack.id.endsWith(suffix) ? pack.id.slice(0, -suffix.length) : null;
}

/** The unit price of a SKU's first price break, in minor units. */
function firstPrice(dataset: Dataset, product: DatasetProduct): number {
  const schedule = dataset.priceSchedules.find((s) => s.id === product.priceScheduleId);
  const price = schedule?.priceBreaks[0]?.priceMinor;
  if (price === undefined) throw new Error(`${product.id} has no price`);
  return price;
}

// Issue 22 item 3: one unit of a SKU is one piece or one whole pack, and a pack is its pieces.
describe('pack SKUs against their piece SKUs', () => {
  let dataset: Dataset;
  let byId: Map<string, DatasetProduct>;
  let packs: { pack: DatasetProduct; piece: DatasetProduct; pieces: number }[];

  beforeAll(() => {
    dataset = generateDataset({ skus: 3000 });
    byId = new Map(dataset.products.map((p) => [p.id, p]));
    packs = dataset.products
      .filter((p) => p.attributes.packagingQuantity > 1)
      .map((pack) => ({
        pack,
        piece: byId.get(pieceIdOf(pack) ?? ''),
        pieces: pack.attributes.packagingQuantity,
      }))
      .flatMap((p) => (p.piece ? [{ ...p, piece: p.piece }] : []));
  });

  it('names every SKU of more than one piece as a pack of its piece SKU (…-P50 of 50 pieces)', () => {
    const several = dataset.products.filter((p) => p.attributes.packagingQuantity > 1);
    expect(packs.map((p) => p.pack.id)).toEqual(several.map((p) => p.id));
    expect(packs.length).toBeGreaterThan(100);
    expect(packs.map((p) => p.pack.id)).toContain('EMT-050-10-P50');
    for (const { piece } of packs) expect(piece.attributes.packagingQuantity, piece.id).toBe(1);
  });

  it('a pack of 50 weighs 50 pieces (EMT-050-10-P50 was 14.99 lb where 50 sticks weigh 150 lb)', () => {
    for (const { pack, piece, pieces } of packs) {
      expect(pack.attributes.packagingQuantity, pack.id).toBe(pieces);
      expect(Math.round(pack.attributes.weightKg * 1000), pack.id).toBe(
        Math.round(piece.attributes.weightKg * 1000) * pieces,
      );
    }
    const stick = byId.get('EMT-050-10');
    expect(stick?.attributes.weightKg).toBeCloseTo(1.36, 2); // about 3 lb
    expect(byId.get('EMT-050-10-P50')?.attributes.weightKg).toBeCloseTo(68, 1); // about 150 lb
    expect(byId.get('MRC-16-3M-P125')?.attributes.weightKg).toBeCloseTo(125 * 0.35, 3);
  });

  it('a piece SKU is one piece, never "sold in packs of 10" (EMT-050-10 weighs one stick)', () => {
    const stick = byId.get('EMT-050-10');
    expect(stick?.description.en).toContain('Sales unit: piece');
    expect(byId.get('EMT-050-10-P50')?.description.en).toContain('Sales unit: pack of 50');
    expect(byId.get('EMT-050-10-P50')?.name.en).toMatch(/, pack of 50$/);
  });

  it('a pack costs about its pieces, a little less (3 % off, within the ±6 % spread of list prices)', () => {
    for (const { pack, piece, pieces } of packs) {
      const perPiece = firstPrice(dataset, pack) / pieces;
      const ratio = perPiece / firstPrice(dataset, piece);
      expect(ratio, pack.id).toBeGreaterThan(0.8);
      expect(ratio, pack.id).toBeLessThan(1.1);
    }
  });
});
