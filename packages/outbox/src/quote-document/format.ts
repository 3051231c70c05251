/**
 * Money and dates in the reader's locale. Amounts arrive as JSON numbers of at most four decimals (the
 * commerce service's `numeric(14,4)`); they are handed to Intl as decimal strings, so no figure is ever
 * computed in floating point here — the document prints what the server computed.
 */

/** `en-EU` is no locale Intl knows by region; its language is what matters for the separators. */
function intlLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0
      ? locale
      : (locale.split('-')[0] ?? 'en');
  } catch {
    return 'en';
  }
}

/** A decimal string of a JSON number the server wrote with at most four decimals. */
function decimal(value: number): `${number}` {
  // toFixed(4) of a number with at most four decimals is exact; it also avoids exponent notation.
  return value.toFixed(4) as `${number}`;
}

export interface Formats {
  /** An amount in the currency: cents, or up to four decimals when the figure has them (unit prices). */
  money(value: number | null, precise?: boolean): string;
  percent(value: number): string;
  date(iso: string | Date | null): string;
  integer(value: number): string;
}

export function formatsFor(locale: string, currency: string): Formats {
  const tag = intlLocale(locale);
  const cents = new Intl.NumberFormat(tag, { style: 'currency', currency });
  const fine = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 4 });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    money: (value, precise = false) =>
      value === null ? '–' : (precise ? fine : cents).format(decimal(value)),
    percent: (value) => `${number.format(decimal(value))} %`,
    date: (value) => (value === null ? '–' : day.format(new Date(value))),
    integer: (value) => number.format(value),
  };
}
