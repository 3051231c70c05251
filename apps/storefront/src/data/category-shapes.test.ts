import { describe, expect, it } from 'vitest';
import { toCategorySummary } from './category-shapes';

const row = {
  id: 'conduit-fittings',
  name: 'Conduit & Fittings',
  description: 'Rigid and EMT conduit.',
  xp: {
    Slug: 'conduit-fittings',
    Level: 1,
    Names: { en: 'Conduit & Fittings', fr: 'Conduits et raccords', de: 'Rohre', nl: 'Buizen' },
    Descriptions: { en: 'Rigid and EMT conduit.', fr: 'Conduits rigides et EMT.', de: '', nl: 'Buizen.' },
  },
};

describe('toCategorySummary', () => {
  it('takes the name and description in the page language', () => {
    expect(toCategorySummary(row, 'fr')).toEqual({
      id: 'conduit-fittings',
      slug: 'conduit-fittings',
      name: 'Conduits et raccords',
      description: 'Conduits rigides et EMT.',
    });
  });

  it('falls back to the English columns when a translation is empty or missing', () => {
    expect(toCategorySummary(row, 'de')?.description).toBe('Rigid and EMT conduit.');
    expect(toCategorySummary({ ...row, xp: { Slug: 'conduit-fittings' } }, 'nl')?.name).toBe(
      'Conduit & Fittings',
    );
  });

  it('drops a row without a usable slug, since it could not be linked to', () => {
    expect(toCategorySummary({ ...row, xp: {} }, 'en')).toBeNull();
    expect(toCategorySummary({ ...row, xp: { Slug: '../admin' } }, 'en')).toBeNull();
    expect(toCategorySummary({ ...row, xp: null }, 'en')).toBeNull();
  });
});
