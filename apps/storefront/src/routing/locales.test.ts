import { LOCALE_CODES } from '@catalogue/dataset/model';
import { describe, expect, it } from 'vitest';
import {
  localeFromSegment,
  localeFromSegmentIgnoringCase,
  localeOrDefault,
  localizedPath,
  splitLocalePath,
  switchLocalePath,
  urlPrefixOf,
} from './locales';

describe('locale URL prefixes', () => {
  it('gives the default locale no prefix and every other locale its lowercase code', () => {
    expect(urlPrefixOf('en-US')).toBe('');
    expect(urlPrefixOf('fr-CA')).toBe('fr-ca');
    expect(urlPrefixOf('de-EU')).toBe('de-eu');
    const prefixes = LOCALE_CODES.map(urlPrefixOf).filter(Boolean);
    expect(new Set(prefixes).size).toBe(LOCALE_CODES.length - 1);
  });

  it('reads a route segment back to the canonical code, lowercase only', () => {
    expect(localeFromSegment('fr-ca')).toBe('fr-CA');
    expect(localeFromSegment('en-us')).toBe('en-US');
    expect(localeFromSegment('FR-CA')).toBeNull();
    expect(localeFromSegment('xx-yy')).toBeNull();
    expect(localeFromSegment('products')).toBeNull();
    expect(localeFromSegmentIgnoringCase('FR-ca')).toBe('fr-CA');
  });
});

describe('splitLocalePath', () => {
  it('separates the locale prefix from the locale-neutral path', () => {
    expect(splitLocalePath('/fr-ca/products/conduit')).toEqual({
      locale: 'fr-CA',
      path: '/products/conduit',
    });
    expect(splitLocalePath('/nl-eu')).toEqual({ locale: 'nl-EU', path: '/' });
    expect(splitLocalePath('/en-us/products')).toEqual({ locale: 'en-US', path: '/products' });
  });

  it('treats a path without a known prefix as locale-neutral', () => {
    expect(splitLocalePath('/')).toEqual({ locale: null, path: '/' });
    expect(splitLocalePath('/products/conduit')).toEqual({ locale: null, path: '/products/conduit' });
    expect(splitLocalePath('/xx-yy/products')).toEqual({ locale: null, path: '/xx-yy/products' });
    expect(splitLocalePath('/fr-cab')).toEqual({ locale: null, path: '/fr-cab' });
  });
});

describe('localizedPath', () => {
  it('prefixes every locale but the default', () => {
    expect(localizedPath('en-US', '/products/conduit')).toBe('/products/conduit');
    expect(localizedPath('en-US', '/')).toBe('/');
    expect(localizedPath('fr-CA', '/products/conduit')).toBe('/fr-ca/products/conduit');
  });

  it('links the home page of a prefixed locale without a trailing slash', () => {
    expect(localizedPath('de-EU', '/')).toBe('/de-eu');
    expect(localizedPath('de-EU', '')).toBe('/de-eu');
  });
});

describe('switchLocalePath', () => {
  it('keeps the page and changes the locale', () => {
    expect(switchLocalePath('/fr-ca/products/conduit', 'de-EU')).toBe('/de-eu/products/conduit');
    expect(switchLocalePath('/products/conduit', 'en-GB')).toBe('/en-gb/products/conduit');
    expect(switchLocalePath('/en-gb/products/conduit', 'en-US')).toBe('/products/conduit');
    expect(switchLocalePath('/fr-ca', 'en-US')).toBe('/');
    expect(switchLocalePath('/', 'nl-EU')).toBe('/nl-eu');
  });

  it('gives the same answer for the internal en-us path as for the public one', () => {
    expect(switchLocalePath('/en-us/products', 'fr-EU')).toBe(switchLocalePath('/products', 'fr-EU'));
  });
});

describe('localeOrDefault', () => {
  it('falls back to the default locale for a segment the proxy did not route', () => {
    expect(localeOrDefault('fr-ca')).toBe('fr-CA');
    expect(localeOrDefault('favicon.ico')).toBe('en-US');
    expect(localeOrDefault(undefined)).toBe('en-US');
  });
});
