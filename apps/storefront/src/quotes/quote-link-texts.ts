import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import { statusKey } from './quote-status';
import { QUOTE_STATUSES, type QuoteStatus } from './quote-wire';

/** What the projects screens need to link a submitted project to its quote (built on the server). */
export interface QuoteLinkTexts {
  /** The column's and the detail's heading: "Quotes". */
  heading: string;
  /** "Quote: {status}" (the placeholder kept, filled in the browser). */
  link: string;
  statuses: Record<QuoteStatus, string>;
  /** The quotes page in the page's locale (`/fr-ca/quotes`); a quote is `${quotesPath}/{id}`. */
  quotesPath: string;
}

export function quoteLinkTexts(t: Translate, locale: LocaleCode): QuoteLinkTexts {
  return {
    heading: t('quotes.title'),
    link: t('quotes.projectLink', { status: '{status}' }),
    statuses: Object.fromEntries(QUOTE_STATUSES.map((status) => [status, t(statusKey(status))])) as Record<
      QuoteStatus,
      string
    >,
    quotesPath: localizedPath(locale, '/quotes'),
  };
}
