import { describe, expect, it } from 'vitest';
import { returnPathFromReferer, safeRedirectPath, withoutQuery } from './redirect-target';

const origin = 'https://catalogue.example.com';

describe('login return address', () => {
  it('keeps paths and absolute URLs of the site', () => {
    expect(safeRedirectPath('/de-eu/products/strut?sort=number', origin)).toBe(
      '/de-eu/products/strut?sort=number',
    );
    expect(safeRedirectPath(`${origin}/fr-ca#top`, origin)).toBe('/fr-ca#top');
  });

  it('refuses other origins, protocol-relative and backslash tricks, API routes and junk', () => {
    for (const bad of [
      'https://evil.example/phish',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/api/auth/logout',
      '',
      42,
      null,
      `/${'x'.repeat(3000)}`,
    ]) {
      expect(safeRedirectPath(bad, origin, '/home')).toBe('/home');
    }
  });

  it('drops the query string for the reload variant', () => {
    expect(withoutQuery('/products/strut?page=2#t')).toBe('/products/strut');
    expect(withoutQuery('/products')).toBe('/products');
  });
});

describe('return address from the referring page', () => {
  it('is the page of this site the visitor came from, query included', () => {
    expect(returnPathFromReferer(`${origin}/newsletter?from=test`, origin)).toBe('/newsletter?from=test');
    expect(returnPathFromReferer(`${origin}/de-eu/products/strut`, origin)).toBe('/de-eu/products/strut');
  });

  it('is nothing for another site, an API route, an account page or no referrer', () => {
    for (const referer of [
      null,
      '',
      'https://evil.example/newsletter',
      `${origin}/api/auth/logout`,
      `${origin}/login?redirectURI=%2F`,
      `${origin}/de-eu/register`,
      `${origin}/fr-ca/forgot-password`,
      `${origin}/reset-password?code=1`,
      'not a url',
    ]) {
      expect(returnPathFromReferer(referer, origin), String(referer)).toBeNull();
    }
  });
});
