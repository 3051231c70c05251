/** The local-storage key spec §2 names. */
export const PREVIOUS_PAGE_KEY = 'previousPageURL';
/** Session-storage key holding the page this tab showed last, which becomes the next page's "previous". */
export const CURRENT_PAGE_KEY = 'catalogue.currentPageURL';

/** A page's URL without query string (spec §2) and without fragment: origin + path. */
export function pageUrlWithoutQuery(href: string): string {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
}

export interface PageChange {
  /** The URL of the page now shown, without query. */
  current: string;
  /** What this tab recorded as its current page before (null on a tab's first page). */
  lastSeen: string | null;
  /** `document.referrer` ('' when none). */
  referrer: string;
}

/**
 * What previousPageURL becomes when a page is shown, on a client-side route change or a full load
 * *(our reading of spec §2's "previous page")*: the page this tab showed just before, on this site.
 * - after A → B it is A, after B → C it is B, whether B and C came by client-side navigation or by a
 *   full page load (a locale switch);
 * - showing the same page again (a reload) changes nothing (`keep`);
 * - a tab's first page takes a same-site referrer (a link opened in a new tab); a visit arriving from
 *   another site or typed in has no previous page on this site, so the value is removed (`null`).
 */
export function previousPageAfter({ current, lastSeen, referrer }: PageChange): string | null | 'keep' {
  if (lastSeen === current) return 'keep';
  if (lastSeen) return lastSeen;
  if (!referrer) return null;
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    // An unparsable referrer is no page of this site.
    return null;
  }
  return from.origin === new URL(current).origin ? pageUrlWithoutQuery(referrer) : null;
}
