import { DEFAULT_LOCALE } from '../email/texts';

/**
 * The storefront pages a quote mail opens: the buyer's quote (`/quotes/{id}`, issue 23 item 5) and the sales
 * desk's (`/sales/{id}`: a quote's ID is its project's, as the sales inbox's pages), in the reader's locale
 * (no prefix for en-US, `/fr-ca/…` otherwise, as the site routes them). The origin is configured
 * (SITE_ORIGIN) or the address the single server listens on — never anything a request sent; without one
 * the mail has no link.
 */
export function quotePageLink(
  origin: string | null,
  side: 'buyer' | 'seller',
  locale: string,
  quoteId: string,
): string | null {
  if (!origin || !URL.canParse(origin)) return null;
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale.toLowerCase()}`;
  const page = side === 'buyer' ? '/quotes' : '/sales';
  return new URL(`${prefix}${page}/${encodeURIComponent(quoteId)}`, new URL(origin).origin).href;
}
