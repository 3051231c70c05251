import { describe, expect, it } from 'vitest';
import { localeFromHeader } from './locale-header';

describe('localeFromHeader', () => {
  it('reads the locale the proxy set and falls back to the default locale', () => {
    expect(localeFromHeader('fr-CA')).toBe('fr-CA');
    expect(localeFromHeader('fr-ca')).toBe('en-US');
    expect(localeFromHeader('<script>')).toBe('en-US');
    expect(localeFromHeader(null)).toBe('en-US');
  });
});
