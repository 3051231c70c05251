import { describe, expect, it } from 'vitest';
import { storefrontConfig } from './config';

describe('storefrontConfig', () => {
  it('lets only production pages be indexed', () => {
    expect(storefrontConfig({ APP_ENV: 'production' }).production).toBe(true);
    expect(storefrontConfig({ APP_ENV: 'staging' }).production).toBe(false);
    expect(storefrontConfig({}).production).toBe(false);
  });

  it('reduces SITE_ORIGIN to an origin and rejects other schemes', () => {
    expect(storefrontConfig({ SITE_ORIGIN: 'https://shop.example.com/x?y' }).siteOrigin?.href).toBe(
      'https://shop.example.com/',
    );
    expect(storefrontConfig({}).siteOrigin).toBeNull();
    expect(() => storefrontConfig({ SITE_ORIGIN: 'ftp://example.com' })).toThrow(/SITE_ORIGIN/);
  });

  it('takes CONTENT_SERVICE_URL as an http(s) base URL without trailing slash, else calls in-process', () => {
    expect(storefrontConfig({ CONTENT_SERVICE_URL: 'http://content:4003/content/' }).contentServiceUrl).toBe(
      'http://content:4003/content',
    );
    expect(storefrontConfig({}).contentServiceUrl).toBeNull();
    expect(() => storefrontConfig({ CONTENT_SERVICE_URL: 'content:4003' })).toThrow(/CONTENT_SERVICE_URL/);
    expect(() => storefrontConfig({ CONTENT_SERVICE_URL: 'not a url' })).toThrow(/CONTENT_SERVICE_URL/);
  });
});
