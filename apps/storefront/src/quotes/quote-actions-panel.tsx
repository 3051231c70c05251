import type { LocaleCode } from '@catalogue/dataset/model';
import type { Translate } from '../i18n/translator';
import { freshFormKey } from './action-key';
import { acceptQuoteAction, declineQuoteAction, requestChangesAction } from './quote-actions';
import { AcceptForm, ChangesForm, DeclineForm, type QuoteFormTexts } from './quote-forms';
import type { BuyerActions } from './quote-status';
import type { BuyerQuote } from './quote-wire';

/**
 * What the buyer may do with the quote now: accept (with the revision the page shows, so a newer offer
 * is never accepted unread), request changes (a message and quantities per line), decline with a reason.
 * Each form gets its own idempotency key, fresh with every rendering of the page.
 */
export function QuoteActions({
  quote,
  allowed,
  locale,
  t,
  formTexts,
}: {
  quote: BuyerQuote;
  allowed: BuyerActions;
  locale: LocaleCode;
  t: Translate;
  formTexts: (submit: string, labels: Record<string, string>) => QuoteFormTexts;
}) {
  if (!allowed.accept && !allowed.requestChanges && !allowed.decline) return null;
  const lines = (quote.LineItems ?? []).map((line) => ({
    id: line.ID,
    sku: line.ProductID,
    quantity: line.Quantity,
    label: t('quotes.changes.quantity', { sku: line.ProductID }),
  }));
  return (
    <div className="quote-actions">
      {allowed.accept && (
        <section className="panel quote__section quote-action" aria-labelledby="quote-accept-title">
          <h2 id="quote-accept-title" className="section__title">
            {t('quotes.accept.title')}
          </h2>
          <p>{t('quotes.accept.intro', { revision: quote.Revision })}</p>
          <AcceptForm
            action={acceptQuoteAction.bind(null, locale, quote.ID, quote.Revision)}
            formKey={freshFormKey()}
            texts={formTexts(t('quotes.accept.submit'), { comments: t('quotes.accept.comments') })}
          />
        </section>
      )}
      {allowed.requestChanges && (
        <section className="panel quote__section quote-action" aria-labelledby="quote-changes-title">
          <h2 id="quote-changes-title" className="section__title">
            {t('quotes.changes.title')}
          </h2>
          <p>{t('quotes.changes.intro')}</p>
          <ChangesForm
            action={requestChangesAction.bind(null, locale, quote.ID)}
            formKey={freshFormKey()}
            texts={formTexts(t('quotes.changes.submit'), { message: t('quotes.changes.message') })}
            lines={lines}
          />
        </section>
      )}
      {allowed.decline && (
        <section className="panel quote__section quote-action" aria-labelledby="quote-decline-title">
          <h2 id="quote-decline-title" className="section__title">
            {t('quotes.decline.title')}
          </h2>
          <DeclineForm
            action={declineQuoteAction.bind(null, locale, quote.ID)}
            formKey={freshFormKey()}
            texts={formTexts(t('quotes.decline.submit'), { reason: t('quotes.decline.reason') })}
          />
        </section>
      )}
    </div>
  );
}
