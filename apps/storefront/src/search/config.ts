import type { LocaleCode } from '@catalogue/dataset/model';

/**
 * How the storefront configures the official `@sitecore-search/react` SDK against our own search
 * service (issue 10, spec §4/§7/§9). Pure values and functions, shared by the browser modules and their
 * unit tests; nothing here imports the SDK, so importing it costs no bundle size.
 */

/** Widget ids (`rfk_id`) configured in the search service's data. */
export const RFK_ID = {
  searchResults: 'rfkid_7',
  previewSearch: 'rfkid_6',
  similar: 'rfkid_1',
  trending: 'rfkid_2',
  together: 'rfkid_3',
  recentlyViewed: 'rfkid_4',
  questions: 'rfkid_qa',
} as const;

/**
 * The customer key the SDK requires (digits, dash, digits; spec §5). With a `serviceHost` and no api key
 * the SDK calls `{serviceHost}/api/discover/v2` and `{serviceHost}/api/event/v4/publish` and uses the
 * key's first part only as the prefix of its browser id.
 */
export const SEARCH_CUSTOMER_KEY = '11111-2222222';

/** Where the single server mounts the search service. */
export const SEARCH_SERVICE_PATH = '/discover';

export interface SearchSetupOptions {
  customerKey: string;
  serviceHost: string;
  env: 'prod';
  trackConsent: boolean;
  /** Cookies on the exact host (not the registrable domain): the site may share a domain with others. */
  publicSuffix: boolean;
  useStorage: boolean;
}

/** The `WidgetsProvider` options for a page served from `origin`. */
export function searchSetupOptions(origin: string, trackConsent: boolean): SearchSetupOptions {
  return {
    customerKey: SEARCH_CUSTOMER_KEY,
    serviceHost: `${origin.replace(/\/+$/, '')}${SEARCH_SERVICE_PATH}`,
    env: 'prod',
    trackConsent,
    publicSuffix: true,
    useStorage: false,
  };
}

/**
 * The widget defaults of spec §4/§9. Batching (250 ms per group, same widget id + entity + instance
 * deduplicated keeping the latest), the 50 ms refetch after a context change and the 0.2 visibility
 * threshold triggering once are the SDK's own behaviour (verified by `config.test.ts` against the
 * installed SDK); the retries are ours, because the SDK's default query client turns them off.
 */
export const WIDGET_DEFAULTS = {
  batchMs: 250,
  contextRefetchMs: 50,
  visibilityThreshold: 0.2,
  retries: 3,
  offset: 0,
  facetAll: true,
  sortChoices: true,
  relatedQuestionsLimit: 5,
} as const;

/** Backoff before retry `attempt` (0-based): min(1000 · 2^n, 30000) ms. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** The options of the react-query client the widgets run on (spec §4/§9). */
export function widgetQueryDefaults() {
  return {
    queries: {
      retry: WIDGET_DEFAULTS.retries,
      retryDelay: retryDelayMs,
      keepPreviousData: true,
      refetchOnWindowFocus: false,
    },
  };
}

/** `context.locale` of the search request: `fr-CA` → `{country: 'ca', language: 'fr'}`. */
export function searchLocaleOf(locale: LocaleCode): { country: string; language: string } {
  const [language = 'en', country = 'us'] = locale.toLowerCase().split('-');
  return { country, language };
}
