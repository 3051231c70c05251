import { describe, expect, it } from 'vitest';
import { type CatalogProduct, representativeSku } from './representative-sku';

const product = (id: string, path: string, madeToOrder = false): CatalogProduct => ({
  id,
  path: `conduit-fittings.non-metallic-conduit.rigid-pvc-conduit-ul.${path}`.split('.'),
  madeToOrder,
});

describe('representativeSku', () => {
  const products = [
    product('PVC-S80-BE-075-10', 'schedule-80.belled-end.3-4-in'),
    product('PVC-S80-075-10-P50', 'schedule-80.plain-end.3-4-in'),
    product('PVC-S80-075-10', 'schedule-80.plain-end.3-4-in'),
    product('PVC-075-10', 'schedule-40.plain-end.3-4-in'),
    product('PVC-S80-100-10-M01', 'schedule-80.plain-end.1-in', true),
    product('PVC-S80-100-10-P50', 'schedule-80.plain-end.1-in'),
  ];

  it('picks the standard catalogue number of the segments', () => {
    expect(representativeSku(products, ['schedule-80', '3-4-in'])).toBe('PVC-S80-075-10');
    expect(representativeSku(products, ['schedule-40', '3-4-in'])).toBe('PVC-075-10');
  });

  it('falls back to a bulk pack before a made-to-order product, and answers null without a match', () => {
    expect(representativeSku(products, ['schedule-80', '1-in'])).toBe('PVC-S80-100-10-P50');
    expect(representativeSku(products.slice(4, 5), ['1-in'])).toBe('PVC-S80-100-10-M01');
    expect(representativeSku(products, ['schedule-80', '2-in'])).toBeNull();
  });
});
