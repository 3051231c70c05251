declare global {
  interface Window {
    /** GTM's data layer: an array the tag manager reads and later replaces with its own `push`. */
    dataLayer?: unknown[];
    /** gtag.js reads its commands from the data layer. */
    gtag?: (...args: unknown[]) => void;
    /** Analytics ids configured on this page, so turning consent off can disable each of them. */
    __catalogueAnalyticsIds?: string[];
  }
}

/** Appends an entry to `window.dataLayer`, creating it when the page has none yet. */
export function pushToDataLayer(entry: object): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/**
 * The analytics (gtag) command function: gtag.js expects the `arguments` object of each call in the
 * data layer, not an array.
 */
export function installGtag(): (...args: unknown[]) => void {
  window.dataLayer ??= [];
  const layer = window.dataLayer;
  window.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js recognises its commands by the Arguments object
    layer.push(arguments);
  };
  return window.gtag;
}

/** Google Analytics' documented opt-out flag, set for every id configured on the page. */
export function disableAnalytics(): void {
  for (const id of window.__catalogueAnalyticsIds ?? []) {
    (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = true;
  }
}

export function enableAnalytics(id: string): void {
  window.__catalogueAnalyticsIds = [...new Set([...(window.__catalogueAnalyticsIds ?? []), id])];
  (window as unknown as Record<string, unknown>)[`ga-disable-${id}`] = false;
}
