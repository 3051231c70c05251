import { describe, expect, it } from 'vitest';
import { localeFromHeader, pathFromHeader } from './locale-header';

describe('localeFromHeader', () => {
  it('reads the locale the proxy set and falls back to the default locale', () => {
    expect(localeFromHeader('fr-CA')).toBe('fr-CA');
    expect(localeFromHeader('fr-ca')).toBe('en-US');
    expect(localeFromHeader('<script>')).toBe('en-US');
    expect(localeFromHeader(null)).toBe('en-US');
  });
});

describe('pathFromHeader', () => {
  it('keeps absolute paths and falls back to the root', () => {
    expect(pathFromHeader('/products/x')).toBe('/products/x');
    expect(pathFromHeader(null)).toBe('/');
    expect(pathFromHeader('//evil.example/x')).toBe('/');
    expect(pathFromHeader('products')).toBe('/');
  });
});
