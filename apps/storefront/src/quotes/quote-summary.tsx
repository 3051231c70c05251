import type { Translate } from '../i18n/translator';
import { StatusBadge, ValidityText } from './quote-badges';
import { formatDay } from './quote-format';
import { hasLapsed, validityOf } from './quote-status';
import type { BuyerQuote } from './quote-wire';

/** The quote's facts: status, dates, validity, revision, and the quote document of the revision on offer. */
export function QuoteSummary({
  quote,
  locale,
  segment,
  now,
  t,
}: {
  quote: BuyerQuote;
  locale: string;
  /** The URL's locale segment (`fr-ca`), for the document's language. */
  segment: string;
  now: Date;
  t: Translate;
}) {
  const day = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDay(iso, locale)}</time> : '–');
  // The document route belongs to the quote PDF's builder (issue 23 item 4); this page only links it.
  const pdf =
    quote.Revision > 0
      ? `/api/quotes/${encodeURIComponent(quote.ID)}/document.pdf?revision=${quote.Revision}&locale=${encodeURIComponent(segment)}`
      : null;
  return (
    <dl className="sales__facts quote-facts">
      <dt>{t('quotes.facts.status')}</dt>
      <dd>
        <StatusBadge status={quote.Status} t={t} />
      </dd>
      <dt>{t('quotes.facts.submitted')}</dt>
      <dd>{day(quote.DateSubmitted)}</dd>
      <dt>{t('quotes.facts.quoted')}</dt>
      <dd>{day(quote.DateQuoted)}</dd>
      <dt>{t('quotes.facts.validity')}</dt>
      <dd>
        <ValidityText validity={validityOf(quote, now)} locale={locale} t={t} />
      </dd>
      <dt>{t('quotes.facts.revision')}</dt>
      <dd data-revision={quote.Revision}>{quote.Revision > 0 ? quote.Revision : '–'}</dd>
      {pdf && (
        <>
          <dt>{t('quotes.facts.document')}</dt>
          <dd>
            <a href={pdf} className="quote-pdf" type="application/pdf">
              {t('quotes.pdf', { revision: quote.Revision })}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}

/** Where the quote stands when it is not an open offer: waiting, changes asked, over, or its order. */
export function QuoteOutcome({
  quote,
  orderStatus,
  locale,
  now,
  t,
}: {
  quote: BuyerQuote;
  orderStatus: string | null;
  locale: string;
  now: Date;
  t: Translate;
}) {
  const note = (text: string) => <p className="quote-note">{text}</p>;
  const expired = () =>
    note(t('quotes.note.expired', { date: quote.ValidUntil ? formatDay(quote.ValidUntil, locale) : '–' }));
  switch (quote.Status) {
    case 'Quoted':
      // Past its validity before the expiry job has marked it: accepting would be refused.
      return hasLapsed(quote, now) ? expired() : null;
    case 'Submitted':
    case 'InReview':
      return note(t('quotes.note.waiting'));
    case 'ChangesRequested':
      return note(t('quotes.note.changesRequested'));
    case 'Withdrawn':
      return note(t('quotes.note.withdrawn'));
    case 'Declined':
      return note(t('quotes.note.declined', { reason: quote.DeclineReason ?? '–' }));
    case 'Expired':
      return expired();
    case 'Accepted': {
      const id = quote.OrderID ?? '–';
      return (
        <section
          className="panel quote-order"
          aria-labelledby="quote-order-title"
          data-order-id={quote.OrderID ?? ''}
        >
          <h2 id="quote-order-title" className="section__title">
            {t('quotes.order.title')}
          </h2>
          <p>{t('quotes.order.placed', { id })}</p>
          {orderStatus === 'AwaitingApproval' && (
            <p data-order-status={orderStatus}>{t('quotes.order.approval')}</p>
          )}
          {orderStatus !== null && orderStatus !== 'AwaitingApproval' && (
            <p data-order-status={orderStatus}>{t('quotes.order.open')}</p>
          )}
          {/* The storefront has no order pages (yet): the number is what the buyer keeps. */}
          <p>{t('quotes.order.noPage', { id })}</p>
        </section>
      );
    }
    default:
      return null;
  }
}
