import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getDictionary } from '../../../../data/content';
import { createTranslator } from '../../../../i18n/translator';
import { freshFormKey } from '../../../../quotes/action-key';
import { messageQuoteAction } from '../../../../quotes/quote-actions';
import { QuoteActions } from '../../../../quotes/quote-actions-panel';
import { DONE_ACTIONS, type DoneAction } from '../../../../quotes/quote-form-state';
import { MessageForm } from '../../../../quotes/quote-forms';
import { buyerTokenOrRedirect, QuoteSessionRenewal } from '../../../../quotes/quote-gate';
import { QuoteLines, QuoteTotals } from '../../../../quotes/quote-lines';
import { QuoteMessages } from '../../../../quotes/quote-messages';
import { myOrderStatus, myQuote, myQuoteMessages } from '../../../../quotes/quote-service';
import { buyerActions } from '../../../../quotes/quote-status';
import { QuoteOutcome, QuoteSummary } from '../../../../quotes/quote-summary';
import { localeFromSegment, localizedPath } from '../../../../routing/locales';
import { pageMetadata } from '../../../../shell/shell-metadata';
import '../../../../quotes/quotes.css';

/** Per user (their token from the UserToken cookie): never cached. */
export const dynamic = 'force-dynamic';

interface QuotePageProps {
  params: Promise<{ locale: string; quoteId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function quoteIdOf(segment: string): string | null {
  try {
    const id = decodeURIComponent(segment);
    return /^[\w-]{1,100}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export async function generateMetadata({ params }: QuotePageProps): Promise<Metadata> {
  const { locale: segment, quoteId } = await params;
  const locale = localeFromSegment(segment);
  const id = quoteIdOf(quoteId);
  if (!locale || !id) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, `/quotes/${encodeURIComponent(id)}`)),
    title: { absolute: t('quotes.title') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/quotes/{id}` (issue 23 item 5): one quote as the revision sent last offers it — lines, prices, lead
 * times, substitutes, the rep's notes, totals, validity, terms, the PDF — with what the buyer may do now
 * (accept, request changes, decline) and the conversation with the sales team.
 */
export default async function QuotePage({ params, searchParams }: QuotePageProps) {
  const { locale: segment, quoteId } = await params;
  const locale = localeFromSegment(segment);
  const id = quoteIdOf(quoteId);
  if (!locale) notFound();
  const [dictionary, search] = await Promise.all([getDictionary(locale), searchParams]);
  const t = createTranslator(dictionary);
  const list = localizedPath(locale, '/quotes');
  const here = `${list}/${encodeURIComponent(id ?? quoteId)}`;
  const access = await buyerTokenOrRedirect(locale, here);
  const back = (
    <p>
      <Link href={list} prefetch={false}>
        {t('quotes.back')}
      </Link>
    </p>
  );
  if ('renewing' in access) {
    return (
      <div className="container section quotes">
        <header className="page-header">
          <h1 className="page-header__title">{t('quotes.title')}</h1>
        </header>
        <QuoteSessionRenewal locale={locale} here={here} t={t} />
      </div>
    );
  }
  const quote = id ? await myQuote(access.token, id) : null;
  if (!quote) {
    return (
      <div className="container section quotes">
        {back}
        <header className="page-header">
          <h1 className="page-header__title">{t('quotes.title')}</h1>
        </header>
        <p className="panel" role="alert">
          {t('quotes.notFound')}
        </p>
      </div>
    );
  }
  const [messages, orderStatus] = await Promise.all([
    myQuoteMessages(access.token, quote.ID),
    quote.Status === 'Accepted' && quote.OrderID ? myOrderStatus(access.token, quote.OrderID) : null,
  ]);
  const now = new Date();
  const allowed = buyerActions(quote, now);
  const doneParam = Array.isArray(search.done) ? search.done[0] : search.done;
  const done = (DONE_ACTIONS as readonly string[]).includes(doneParam ?? '')
    ? (doneParam as DoneAction)
    : null;
  const formTexts = (submit: string, labels: Record<string, string>) => ({
    submit,
    reload: t('quotes.reload'),
    reloadHref: here,
    labels,
  });
  return (
    <div className="container section quotes quote" data-quote-id={quote.ID} data-status={quote.Status}>
      {back}
      <header className="page-header">
        <h1 className="page-header__title">{quote.Name || quote.ID}</h1>
        {quote.Revision > 0 && (
          <p className="page-header__intro">{t('quotes.messages.revision', { revision: quote.Revision })}</p>
        )}
      </header>
      {done && done !== 'message' && (
        <p id="outcome" className="form-success" role="status">
          {t(`quotes.done.${done}`)}
        </p>
      )}
      <section className="panel quote__section" aria-labelledby="quote-summary-title">
        <h2 id="quote-summary-title" className="section__title">
          {t('quotes.facts.title')}
        </h2>
        <QuoteSummary quote={quote} locale={locale} segment={segment} now={now} t={t} />
      </section>
      <QuoteOutcome quote={quote} orderStatus={orderStatus} locale={locale} now={now} t={t} />
      <section className="quote__section quote__lines" aria-labelledby="quote-lines-title">
        <h2 id="quote-lines-title" className="section__title">
          {t('quotes.lines.title')} ({quote.LineItems?.length ?? quote.LineItemCount})
        </h2>
        <QuoteLines quote={quote} locale={locale} t={t} />
        <QuoteTotals quote={quote} locale={locale} t={t} />
        {quote.Terms && (
          <div className="quote-terms">
            <h3 className="quote-terms__title">{t('quotes.terms')}</h3>
            <p className="quote-terms__text">{quote.Terms}</p>
          </div>
        )}
      </section>
      <QuoteActions quote={quote} allowed={allowed} locale={locale} t={t} formTexts={formTexts} />
      {allowed.message || messages.length > 0 ? (
        <section id="messages" className="panel quote__section" aria-labelledby="quote-messages-title">
          <h2 id="quote-messages-title" className="section__title">
            {t('quotes.messages.title')}
          </h2>
          {done === 'message' && (
            <p className="form-success" role="status">
              {t('quotes.done.message')}
            </p>
          )}
          <QuoteMessages messages={messages} locale={locale} t={t} />
          {allowed.message && (
            <MessageForm
              action={messageQuoteAction.bind(null, locale, quote.ID)}
              formKey={freshFormKey()}
              texts={formTexts(t('quotes.messages.submit'), { text: t('quotes.messages.text') })}
            />
          )}
        </section>
      ) : null}
    </div>
  );
}
