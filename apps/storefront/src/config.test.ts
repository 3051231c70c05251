import { describe, expect, it } from 'vitest';
import { StorefrontConfigError, storefrontConfig } from './config';

describe('storefrontConfig', () => {
  it('lets only production pages be indexed', () => {
    expect(storefrontConfig({ APP_ENV: 'production' }).production).toBe(true);
    expect(storefrontConfig({ APP_ENV: 'staging' }).production).toBe(false);
    expect(storefrontConfig({}).production).toBe(false);
  });

  it('takes an http(s) PREFAB_APP_URL and defaults to the storefront prefab page (null)', () => {
    expect(storefrontConfig({}).prefabAppUrl).toBeNull();
    expect(
      storefrontConfig({ PREFAB_APP_URL: 'https://prefab.example.com/?sku={productId}' }).prefabAppUrl,
    ).toBe('https://prefab.example.com/?sku={productId}');
    expect(() => storefrontConfig({ PREFAB_APP_URL: 'javascript:alert(1)' })).toThrow(/PREFAB_APP_URL/);
  });

  it('reduces SITE_ORIGIN to an origin and rejects other schemes', () => {
    expect(storefrontConfig({ SITE_ORIGIN: 'https://shop.example.com/x?y' }).siteOrigin?.href).toBe(
      'https://shop.example.com/',
    );
    expect(storefrontConfig({}).siteOrigin).toBeNull();
    expect(() => storefrontConfig({ SITE_ORIGIN: 'ftp://example.com' })).toThrow(/SITE_ORIGIN/);
  });

  it('turns every script off when nothing is configured (empty values count as unset)', () => {
    const config = storefrontConfig({ TAG_MANAGER_ID: '', CONSENT_SCRIPT_URL: '  ' });
    expect(config.tracking).toEqual({
      tagManager: null,
      analytics: null,
      consent: null,
      sessionRecording: null,
    });
    expect(config.siteVerificationToken).toBeNull();
  });

  it('builds the tag-manager and analytics script URLs from their ids', () => {
    const config = storefrontConfig({
      TAG_MANAGER_ID: 'GTM-AB12CD3',
      ANALYTICS_MEASUREMENT_ID: 'G-XYZ123ABC',
      ANALYTICS_SCRIPT_URL: 'http://127.0.0.1:9999/gtag/js',
      CONSENT_SCRIPT_URL: 'http://127.0.0.1:9999/consent.js',
    });
    expect(config.tracking.tagManager).toEqual({
      id: 'GTM-AB12CD3',
      src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
    });
    expect(config.tracking.analytics?.src).toBe('http://127.0.0.1:9999/gtag/js?id=G-XYZ123ABC');
    expect(config.tracking.consent?.src).toBe('http://127.0.0.1:9999/consent.js');
  });

  it('keeps the session recording and the site verification to Production', () => {
    const env = {
      SESSION_RECORDING_SCRIPT_URL: 'https://www.clarity.ms/tag/{id}',
      SESSION_RECORDING_ID: 'abc123',
      SITE_VERIFICATION_TOKEN: 'token-1234567890',
    };
    const staging = storefrontConfig({ ...env, APP_ENV: 'staging' });
    expect(staging.tracking.sessionRecording).toBeNull();
    expect(staging.siteVerificationToken).toBeNull();
    const production = storefrontConfig({ ...env, APP_ENV: 'production' });
    expect(production.tracking.sessionRecording).toEqual({ src: 'https://www.clarity.ms/tag/abc123' });
    expect(production.siteVerificationToken).toBe('token-1234567890');
  });

  it('names every bad variable and its value in one error', () => {
    const read = () =>
      storefrontConfig({
        TAG_MANAGER_ID: 'UA-1234',
        ANALYTICS_MEASUREMENT_ID: 'G-ok12',
        CONSENT_SCRIPT_URL: 'javascript:alert(1)',
        SITE_VERIFICATION_TOKEN: 'a b',
        APP_ENV: 'prod',
      });
    expect(read).toThrow(StorefrontConfigError);
    expect(read).toThrow(/TAG_MANAGER_ID="UA-1234": must look like GTM-/);
    expect(read).toThrow(/ANALYTICS_MEASUREMENT_ID="G-ok12"/);
    expect(read).toThrow(/CONSENT_SCRIPT_URL="javascript:alert\(1\)": must be an http\(s\) URL/);
    expect(read).toThrow(/SITE_VERIFICATION_TOKEN/);
    expect(read).toThrow(/APP_ENV="prod"/);
  });

  it('needs the session-recording id the URL asks for, and a URL for an id', () => {
    expect(() =>
      storefrontConfig({ SESSION_RECORDING_SCRIPT_URL: 'https://rec.example.com/{id}.js' }),
    ).toThrow(/SESSION_RECORDING_ID=\(unset\): is required/);
    expect(() => storefrontConfig({ SESSION_RECORDING_ID: 'abc' })).toThrow(/SESSION_RECORDING_SCRIPT_URL/);
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
