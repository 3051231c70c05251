import type { Translate } from '../i18n/translator';
import { formatDay } from './quote-format';
import { statusKey } from './quote-status';
import { QUOTE_STATUSES, type QuoteStatus } from './quote-wire';

/**
 * What the buyer reads when the commerce service refuses a quote action (docs/quotes-wire.md "Errors"):
 * the quote errors in the page's language with what to do next; any other refusal of the input (stock,
 * a product no longer sold) in the service's own words; the service down as "try again".
 */

export interface RefusalLike {
  status: number;
  code: string;
  message: string;
  data: Record<string, unknown>;
}

export interface RefusalText {
  message: string;
  /** The page no longer shows the quote as it is: offer a reload. */
  reload: boolean;
}

const isStatus = (value: unknown): value is QuoteStatus =>
  typeof value === 'string' && (QUOTE_STATUSES as readonly string[]).includes(value);

export function refusalText(refusal: RefusalLike, t: Translate, locale: string): RefusalText {
  const { code, data } = refusal;
  if (refusal.status === 401) return { message: t('login.sessionEnded'), reload: false };
  if (code === 'Quote.Expired') {
    const until = typeof data.ValidUntil === 'string' ? formatDay(data.ValidUntil, locale) : '–';
    return { message: t('quotes.error.expired', { date: until }), reload: true };
  }
  if (code === 'Quote.RevisionChanged') {
    return {
      message: t('quotes.error.revisionChanged', { revision: String(data.Revision ?? '') }),
      reload: true,
    };
  }
  if (/^Quote\.Cannot\w+BadStatus$/.test(code)) {
    const status = isStatus(data.Status) ? t(statusKey(data.Status)) : String(data.Status ?? '');
    return { message: t('quotes.error.badStatus', { status }), reload: true };
  }
  if (code === 'Quote.NotYours') return { message: t('quotes.error.notYours'), reload: false };
  if (refusal.status === 404 && data.ObjectType === 'Quote')
    return { message: t('quotes.notFound'), reload: false };
  if (refusal.status >= 400 && refusal.status < 500 && refusal.status !== 409 && refusal.message) {
    return { message: refusal.message, reload: false };
  }
  return { message: t('quotes.error.unavailable'), reload: false };
}

/** Whether the answer settles the submission (a new form key), or leaves its outcome open (keep the key). */
export function isDefiniteAnswer(status: number, code: string): boolean {
  if (status >= 500 || status === 0) return false;
  return !(status === 409 && code.startsWith('Idempotency.'));
}
