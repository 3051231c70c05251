'use client';

import type { LocaleCode } from '@catalogue/dataset/model';
import { getServiceConfig, PageController, trackAddEvent, WidgetsProvider } from '@sitecore-search/react';
import { QueryClient } from '@tanstack/react-query-v4';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { readBrowserSession } from '../auth/browser-session';
import { splitLocalePath } from '../routing/locales';
import { useConsent } from '../tracking/consent-store';
import { isSearchAccessToken } from './access-token';
import { ContentBlocks } from './blocks';
import { searchLocaleOf, searchSetupOptions, widgetQueryDefaults } from './config';
import { PreviewSearch } from './preview';
import type { ProjectAdd } from './project-event';
import { SearchResults } from './results';
import { currentSlots, type Slot, subscribeSlots } from './slots';

/**
 * The search runtime: everything of the official `@sitecore-search/react` SDK, loaded on demand by
 * `slots.ts`. One React root, one `WidgetsProvider` (and one query client) for the page's lifetime;
 * each registered slot is rendered through a portal into its owner's element.
 */

let started = false;
let markReady: () => void = () => undefined;
/** Resolves once the provider has set the SDK up (events need its configuration). */
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function startSearchRuntime(): void {
  if (started) return;
  started = true;
  const host = document.createElement('div');
  host.hidden = true;
  host.dataset.searchRuntime = '';
  document.body.append(host);
  createRoot(host).render(<SearchRuntime />);
}

let queryClient: QueryClient | null = null;

/** The widgets' query client: 3 retries with backoff (spec §9), previous data kept, no refetch on focus. */
function searchQueryClient(): QueryClient {
  queryClient ??= new QueryClient({ defaultOptions: widgetQueryDefaults() });
  return queryClient;
}

let credentials: { token: string; authorization: string; expiresAt: number } | null = null;

/**
 * Before each widget request (the SDK's `requestMiddleware`): a logged-in commerce user's searches
 * carry `Bearer <identity token>` (from POST /api/discover/accessToken, kept until the token changes or
 * expires); a visitor's carry no Authorization (public storefront search). The SDK sends its configured
 * key as the Authorization header, so that is where the value goes.
 */
export async function authoriseSearch(): Promise<void> {
  const session = readBrowserSession();
  if (!session) {
    credentials = null;
  } else if (!credentials || credentials.token !== session.token || credentials.expiresAt <= Date.now()) {
    credentials = null;
    try {
      const response = await fetch('/api/discover/accessToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: encodeURIComponent(session.token) }),
      });
      const answer: unknown = response.ok ? await response.json() : null;
      if (isSearchAccessToken(answer)) {
        credentials = {
          token: session.token,
          authorization: answer.authorization,
          expiresAt: answer.expiresAt,
        };
      }
    } catch {
      // Searched as a visitor this time.
    }
  }
  getServiceConfig().apiKey = credentials?.authorization ?? '';
}

/** `context.page.uri`: the locale-neutral path (`/fr-ca/search` → `/search`); the locale goes alongside. */
function pageUriOf(pathname: string): string {
  return splitLocalePath(pathname || '/').path;
}

function SearchRuntime() {
  const slots = useSyncExternalStore(subscribeSlots, currentSlots, currentSlots);
  const { enabled: consent } = useConsent(null);
  const [options] = useState(() => searchSetupOptions(window.location.origin, consent));
  const locale = (slots[0]?.spec.props.locale ?? 'en-US') as LocaleCode;
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;

  // The request context (spec §3): locale, page URI, the SDK's browser id. A change refetches the
  // widgets after 50 ms (the SDK's own behaviour).
  useEffect(() => markReady(), []);

  useEffect(() => {
    const context = PageController.getContext();
    const { country, language } = searchLocaleOf(locale);
    if (context.getLocaleLanguage() !== language) context.setLocaleLanguage(language);
    if (context.getLocaleCountry() !== country) context.setLocaleCountry(country);
    const uri = pageUriOf(path);
    if (context.getPageUri() !== uri) context.setPageUri(uri);
  }, [locale, path]);

  return (
    <WidgetsProvider
      {...options}
      trackConsent={consent}
      requestMiddleware={authoriseSearch}
      client={searchQueryClient()}
    >
      {slots.map((slot) => createPortal(<SlotContent slot={slot} />, slot.element, slot.id))}
    </WidgetsProvider>
  );
}

function SlotContent({ slot }: { slot: Slot }) {
  const { spec } = slot;
  switch (spec.kind) {
    case 'preview':
      return <PreviewSearch {...spec.props} />;
    case 'results':
      return <SearchResults {...spec.props} />;
    case 'blocks':
      return <ContentBlocks {...spec.props} />;
  }
}

/**
 * `a2w` for an add to a project made on a product page (spec §7/§9): the SDK's add-to-wishlist event (a
 * project is this site's wishlist) with the SKU and quantity 1, `custom_attributes.event = 'a2w'`.
 * The SDK sends nothing while tracking consent is off.
 */
export async function trackProjectAdd(locale: string, add: ProjectAdd): Promise<void> {
  startSearchRuntime();
  await ready;
  // Events carry the search credentials too: make sure they are current (or cleared).
  await authoriseSearch();
  const context = PageController.getContext();
  const { country, language } = searchLocaleOf(locale as LocaleCode);
  context.setLocaleLanguage(language);
  context.setLocaleCountry(country);
  await trackAddEvent('product', 'wishlist', {
    items: [{ id: add.productId, quantity: 1 }],
    customAttributes: { event: 'a2w', project_id: add.projectId, source: add.source },
  });
}
