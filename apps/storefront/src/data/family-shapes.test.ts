import { describe, expect, it } from 'vitest';
import { parseAttributeLabels, parseCategoryMarketing } from './family-content';
import { toSkuRow } from './family-products';

describe('family data shapes', () => {
  it('reads a SKU row in the page language, with the English name as fallback', () => {
    const product = {
      ID: 'EMT-075-10',
      Name: 'EMT conduit 3/4 in',
      xp: {
        Names: { de: 'EMT-Rohr 21 mm', fr: '' },
        TradeSize: { imperial: '3/4 in', metric: '21 mm' },
        Material: 'steel-galvanized',
        LengthMm: 3048,
        WeightKg: 1.2,
        PackagingQuantity: 1,
        MadeToOrder: true,
        CategoryID: 'conduit-fittings.metallic-conduit.emt-conduit.steel.zinc.emt-075',
      },
    };
    expect(toSkuRow(product, 'de')).toEqual({
      id: 'EMT-075-10',
      name: 'EMT-Rohr 21 mm',
      categoryId: 'conduit-fittings.metallic-conduit.emt-conduit.steel.zinc.emt-075',
      tradeSize: { imperial: '3/4 in', metric: '21 mm' },
      material: 'steel-galvanized',
      lengthMm: 3048,
      weightKg: 1.2,
      packagingQuantity: 1,
      madeToOrder: true,
    });
    expect(toSkuRow(product, 'fr').name).toBe('EMT conduit 3/4 in');
    expect(toSkuRow({ ID: 'X', Name: 'X', xp: { LengthMm: null, TradeSize: null } }, 'en')).toMatchObject({
      tradeSize: null,
      lengthMm: null,
      weightKg: null,
      packagingQuantity: null,
      madeToOrder: false,
    });
  });

  it('checks marketing items and attribute labels', () => {
    expect(parseCategoryMarketing({ Message: 'Strong.', Bullets: ['A', 3, ''] })).toEqual({
      message: 'Strong.',
      bullets: ['A'],
    });
    expect(parseCategoryMarketing({ Message: ' ' })).toBeNull();
    const labels = parseAttributeLabels(
      [
        {
          id: 'material',
          label: { en: 'Material', de: 'Werkstoff' },
          options: [{ code: 'pvc', label: { de: 'PVC' } }],
        },
        { id: 'broken' },
      ],
      'de',
    );
    expect([...labels.keys()]).toEqual(['material']);
    expect(labels.get('material')?.label).toBe('Werkstoff');
    expect(labels.get('material')?.options.get('pvc')).toBe('PVC');
  });
});
