import { describe, expect, it } from 'vitest';
import { toFavouriteProduct } from './favourites-service';

describe('toFavouriteProduct', () => {
  it('gives the catalogue number, the names per language and the family path of a product', () => {
    expect(
      toFavouriteProduct({
        ID: 'EMT-075',
        Name: 'EMT conduit ¾ in',
        DateAdded: '2026-11-22T12:00:00.000Z',
        xp: {
          Names: { en: 'EMT conduit ¾ in', fr: 'Tube EMT ¾ po', de: '', nl: 7 },
          CategoryID: 'conduit-fittings.emt-conduit.emt-10ft',
        },
      }),
    ).toEqual({
      ID: 'EMT-075',
      CatalogueNumber: 'EMT-075',
      Name: 'EMT conduit ¾ in',
      Names: { en: 'EMT conduit ¾ in', fr: 'Tube EMT ¾ po' },
      CategoryID: 'conduit-fittings.emt-conduit.emt-10ft',
      FamilyPath: '/products/conduit-fittings/emt-conduit/emt-10ft',
      DateAdded: '2026-11-22T12:00:00.000Z',
    });
  });

  it('has no family path for a category ID that is not a slug path, and copes with missing fields', () => {
    for (const categoryId of ['Weird ID', 'a..b', 'a.b.c.d.e.f.g', '../etc']) {
      expect(toFavouriteProduct({ ID: 'X', xp: { CategoryID: categoryId } }).FamilyPath).toBeNull();
    }
    expect(toFavouriteProduct({ ID: 'X' })).toEqual({
      ID: 'X',
      CatalogueNumber: 'X',
      Name: 'X',
      Names: {},
      CategoryID: null,
      FamilyPath: null,
      DateAdded: null,
    });
  });
});
