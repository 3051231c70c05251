import { describe, expect, it } from 'vitest';
import { relatedCategoryOf } from './product-detail';
import { familyIdOf, PRODUCT_ID, toProductDetail } from './product-shapes';

const buyerProduct = {
  ID: 'EMT-075-10',
  Name: 'EMT conduit, 3/4 in, 10 ft',
  Description: 'Steel conduit.',
  QuantityMultiplier: 10,
  xp: {
    CategoryID: 'conduit-fittings.metallic-conduit.emt-conduit.steel.zinc.emt-075',
    Names: { en: 'EMT conduit, 3/4 in, 10 ft', de: 'EMT-Rohr, 21 mm, 3,05 m' },
    Descriptions: { en: 'Steel conduit.', de: '' },
    TradeSize: { imperial: '3/4 in', metric: '21 mm' },
    Material: 'steel-galvanized',
    Finish: 'zinc',
    LengthMm: 3050,
    LoadClass: null,
    Certifications: ['UL'],
    WeightKg: 1.2,
    PackagingQuantity: 10,
    MadeToOrder: false,
    Downloads: [{ kind: 'specSheet', fileName: 'x.pdf', format: 'pdf', shouldAskLogin: false }],
  },
};

describe('product shapes', () => {
  it('takes the name in the language and falls back to English where a text is empty', () => {
    const product = toProductDetail(buyerProduct, 'de');
    expect(product.name).toBe('EMT-Rohr, 21 mm, 3,05 m');
    expect(product.description).toBe('Steel conduit.');
    expect(product.familyId).toBe('conduit-fittings.metallic-conduit.emt-conduit');
    expect(product).toMatchObject({
      id: 'EMT-075-10',
      lengthMm: 3050,
      loadClass: null,
      certifications: ['UL'],
      quantityMultiplier: 10,
      madeToOrder: false,
    });
    expect(product.downloads).toHaveLength(1);
  });

  it('drops malformed values one by one instead of failing the page', () => {
    const product = toProductDetail(
      {
        ID: 'X-1',
        Name: 'X',
        xp: { CategoryID: 'a.b.c.d', LengthMm: -5, WeightKg: 'heavy', Certifications: 'UL', Downloads: [{}] },
      },
      'fr',
    );
    expect(product).toMatchObject({
      name: 'X',
      lengthMm: null,
      weightKg: null,
      certifications: [],
      downloads: [],
      quantityMultiplier: 1,
      familyId: 'a.b.c',
    });
    expect(toProductDetail({ ID: 'Y', Name: 'Y', xp: null }, 'en').categoryId).toBe('');
  });

  it('accepts catalogue numbers and nothing that could be a filter or a path', () => {
    for (const ok of ['EMT-075-10', 'ENC-12106-P5', 'a_b'])
      expect(PRODUCT_ID.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['', '!EMT', 'EMT*', 'a/b', '-x', 'a b', 'x'.repeat(101)])
      expect(PRODUCT_ID.safeParse(bad).success, bad).toBe(false);
  });

  it('finds related SKUs one level up, never above the family', () => {
    expect(relatedCategoryOf('a.b.c.d.e.f')).toBe('a.b.c.d.e');
    expect(relatedCategoryOf('a.b.c.d')).toBe('a.b.c');
    expect(relatedCategoryOf('a.b.c')).toBe('a.b.c');
    expect(familyIdOf('a.b')).toBe('a.b');
  });
});
