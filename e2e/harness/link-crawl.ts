/**
 * A small crawler for "no dead link" (issue 22 item 4): the links of a page's HTML, and a walk down the
 * catalogue from the home page. Plain HTTP, no browser: what a crawler or a visitor without JavaScript
 * would follow.
 */

/** The same-site links of `<a href>` in an HTML page, resolved and without fragments. */
export function siteLinks(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/g)) {
    const raw = (match[1] ?? '').replaceAll('&amp;', '&');
    if (raw === '' || raw.startsWith('#') || /^(?:mailto|tel|javascript):/i.test(raw)) continue;
    const url = new URL(raw, pageUrl);
    if (url.origin !== origin) continue;
    url.hash = '';
    links.add(url.toString());
  }
  return [...links];
}

/** How many path segments a category link has below `/products` (`/fr-ca/products/a/b` → 2), else 0. */
export function categoryDepth(link: string): number {
  const segments = new URL(link).pathname.split('/').filter(Boolean);
  const at = segments.indexOf('products');
  return at < 0 || segments[at + 1]?.startsWith('~') ? 0 : segments.length - at - 1;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
