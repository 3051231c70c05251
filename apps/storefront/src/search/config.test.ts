import { describe, expect, it } from 'vitest';
import {
  retryDelayMs,
  SEARCH_CUSTOMER_KEY,
  searchLocaleOf,
  searchSetupOptions,
  WIDGET_DEFAULTS,
  widgetQueryDefaults,
} from './config';

describe('search SDK configuration', () => {
  it('points the SDK at our service with a valid customer key', async () => {
    const options = searchSetupOptions('http://127.0.0.1:3000/', true);
    expect(options.serviceHost).toBe('http://127.0.0.1:3000/discover');
    expect(SEARCH_CUSTOMER_KEY).toMatch(/^\d+-\d+$/);
    // The SDK's own config builder accepts it and derives the service-host endpoints.
    const { setup, getServiceConfig } = await import('@sitecore-search/data');
    setup(options);
    const built = getServiceConfig();
    expect(built.searchUrl).toBe('http://127.0.0.1:3000/discover/api/discover/v2');
    expect(built.eventUrl).toBe('http://127.0.0.1:3000/discover/api/event/v4/publish');
    expect(built.connector).toBe('sitecore');
    expect(built.trackConsent).toBe(true);
    expect(searchSetupOptions('http://x', false).trackConsent).toBe(false);
  });

  it('retries a failed widget query 3 times with backoff min(1000·2^n, 30000)', () => {
    const { queries } = widgetQueryDefaults();
    expect(queries.retry).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(queries.keepPreviousData).toBe(true);
    expect(queries.refetchOnWindowFocus).toBe(false);
  });

  it('matches the defaults the installed SDK applies itself (spec §4/§9)', async () => {
    const fs = await import('node:fs');
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const source = (pkg: string, file: string) =>
      fs.readFileSync(require.resolve(pkg).replace(/index\.js$/, file), 'utf8');
    // 250 ms debounce per request group, accumulating (batching), latest request per widget kept.
    const adapter = source('@sitecore-search/core', 'widgetDataAdapter/index.js');
    expect(adapter).toContain(`debounce(handleWidgetRequests, ${WIDGET_DEFAULTS.batchMs}`);
    expect(adapter).toContain('options.abortController.abort()');
    // 50 ms refetch after a page-context or request change.
    const query = source('@sitecore-search/react', 'query.js');
    expect(query).toMatch(new RegExp(`\\}, ${WIDGET_DEFAULTS.contextRefetchMs}\\);`));
    // Widget appears once at 20 % visibility.
    const { defaultWidgetConfig } = (await import('@sitecore-search/widgets')) as unknown as {
      defaultWidgetConfig?: { visibility: { threshold: number } };
    };
    const visibility = source('@sitecore-search/widgets', 'ui/defaultWidgetConfig.js');
    expect(
      defaultWidgetConfig?.visibility.threshold ?? Number(/threshold: ([\d.]+)/.exec(visibility)?.[1]),
    ).toBe(WIDGET_DEFAULTS.visibilityThreshold);
    expect(source('@sitecore-search/react', 'hooks/useWidgetVisibility.js')).toContain('triggerOnce = true');
    // Search results start at offset 0 with all facets and the sort choices on.
    const results = source('@sitecore-search/data', 'defaults/searchResults.js');
    expect(results).toContain(`setSearchFacetAll(${WIDGET_DEFAULTS.facetAll})`);
    expect(results).toContain(`setSearchOffset(${WIDGET_DEFAULTS.offset})`);
    expect(results).toContain(`setSearchSortChoices(${WIDGET_DEFAULTS.sortChoices})`);
    // Questions: related-questions limit 5.
    expect(source('@sitecore-search/data', 'defaults/questions.js')).toContain(
      `setQuestionsRelatedQuestionsLimit(${WIDGET_DEFAULTS.relatedQuestionsLimit})`,
    );
  });

  it('maps storefront locales to the request locale', () => {
    expect(searchLocaleOf('fr-CA')).toEqual({ country: 'ca', language: 'fr' });
    expect(searchLocaleOf('en-US')).toEqual({ country: 'us', language: 'en' });
    expect(searchLocaleOf('de-EU')).toEqual({ country: 'eu', language: 'de' });
  });
});
