import { describe, expect, it } from 'vitest';
import { parseLocaleInfo, parseRegionInfo } from './content-shapes';

describe('content item shapes', () => {
  it('accepts a locale item with the fields the storefront reads', () => {
    const data = {
      code: 'fr-CA',
      language: 'fr',
      region: 'CA',
      urlPrefix: 'fr-ca',
      nativeName: 'Français (Canada)',
      loginLocale: 'fr-CA',
    };
    expect(parseLocaleInfo(data)).toMatchObject(data);
    expect(parseLocaleInfo({ ...data, code: 'fr-FR' })).toBeNull();
    expect(parseLocaleInfo({ ...data, language: 'es' })).toBeNull();
    expect(parseLocaleInfo('fr-CA')).toBeNull();
    expect(parseLocaleInfo({ ...data, loginLocale: undefined })).toBeNull();
  });

  it('needs a catalog on a region item', () => {
    expect(parseRegionInfo({ code: 'EU', catalogId: 'catalog-eu' })).toMatchObject({
      catalogId: 'catalog-eu',
    });
    expect(parseRegionInfo({ code: 'EU' })).toBeNull();
    expect(parseRegionInfo({ code: 'XX', catalogId: 'catalog-eu' })).toBeNull();
  });
});
