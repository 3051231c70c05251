import type { Translate } from '../i18n/translator';
import { formatDay } from './quote-format';
import { statusKey, statusTone, type Validity } from './quote-status';
import type { QuoteStatus } from './quote-wire';

/** A quote's status as a badge in the page's language; the tone is colour *and* text, never colour alone. */
export function StatusBadge({ status, t }: { status: QuoteStatus; t: Translate }) {
  return (
    <span className={`quote-badge quote-badge--${statusTone(status)}`} data-status={status}>
      {t(statusKey(status))}
    </span>
  );
}

/** "Valid until 3 March 2027", marked when it ends within three days. */
export function ValidityText({ validity, locale, t }: { validity: Validity; locale: string; t: Translate }) {
  if (validity.kind === 'none') return <>–</>;
  const date = formatDay(validity.until, locale);
  const time = <time dateTime={validity.until}>{date}</time>;
  if (validity.kind === 'soon') {
    const [before, after] = t('quotes.expiringSoon', { date: '\u0000' }).split('\u0000');
    return (
      <strong className="quote-validity quote-validity--soon" data-validity="soon">
        {before}
        {time}
        {after}
      </strong>
    );
  }
  const [before, after] = t('quotes.validUntil', { date: '\u0000' }).split('\u0000');
  return (
    <span className={`quote-validity quote-validity--${validity.kind}`} data-validity={validity.kind}>
      {before}
      {time}
      {after}
    </span>
  );
}
