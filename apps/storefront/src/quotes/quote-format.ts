/**
 * Money and dates of a quote in the page's locale: amounts in the quote's currency with the locale's
 * grouping and decimals (`Intl.NumberFormat`, currency style), dates as the locale writes them. Amounts
 * are the service's exact decimals (at most four); they are only formatted here, never computed.
 */

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // A unit price may carry four decimals (a percentage discount): show them rather than round.
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(amount);
}

/** A calendar day, e.g. `March 3, 2027` / `3 mars 2027`; the quote's dates are UTC instants. */
export function formatDay(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A day and time, for messages: `Mar 3, 2027, 14:05 UTC` in the locale's own order. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}
