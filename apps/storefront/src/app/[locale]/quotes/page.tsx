import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDictionary } from '../../../data/content';
import { createTranslator } from '../../../i18n/translator';
import { buyerTokenOrRedirect, QuoteSessionRenewal } from '../../../quotes/quote-gate';
import { QuoteFilter, QuotePager, QuoteTable } from '../../../quotes/quote-list-view';
import { parseQuoteListQuery, quoteListHref } from '../../../quotes/quote-query';
import { listMyQuotes } from '../../../quotes/quote-service';
import { localeFromSegment, localizedPath } from '../../../routing/locales';
import { pageMetadata } from '../../../shell/shell-metadata';
import '../../../quotes/quotes.css';

/** Per user (their token from the UserToken cookie) and per query: never cached. */
export const dynamic = 'force-dynamic';

interface QuotesPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const locale = localeFromSegment((await params).locale);
  if (!locale) return {};
  const t = createTranslator(await getDictionary(locale));
  return {
    ...(await pageMetadata(locale, '/quotes')),
    title: { absolute: t('quotes.title') },
    robots: { index: false, follow: false },
  };
}

/**
 * `/quotes` (issue 23 item 5): the buyer's quotes from `GET /v1/me/quotes`, newest first, 20 a page, with
 * their status, validity (expiring soon marked) and total, filtered by status (`?status=`, a GET form).
 */
export default async function QuotesPage({ params, searchParams }: QuotesPageProps) {
  const locale = localeFromSegment((await params).locale);
  if (!locale) notFound();
  const [dictionary, search] = await Promise.all([getDictionary(locale), searchParams]);
  const t = createTranslator(dictionary);
  const base = localizedPath(locale, '/quotes');
  const query = parseQuoteListQuery(search);
  const here = quoteListHref(base, query);
  const access = await buyerTokenOrRedirect(locale, here);
  const header = (
    <header className="page-header">
      <h1 className="page-header__title">{t('quotes.title')}</h1>
      <p className="page-header__intro">{t('quotes.intro')}</p>
    </header>
  );
  if ('renewing' in access) {
    return (
      <div className="container section quotes">
        {header}
        <QuoteSessionRenewal locale={locale} here={here} t={t} />
      </div>
    );
  }
  const list = await listMyQuotes(access.token, query);
  const now = new Date();
  return (
    <div className="container section quotes">
      {header}
      <QuoteFilter query={query} base={base} t={t} />
      {list.Items.length === 0 ? (
        <p className="panel" role="status">
          {query.status ? t('quotes.emptyFiltered') : t('quotes.empty')}
        </p>
      ) : (
        <QuoteTable list={list} base={base} locale={locale} now={now} t={t} />
      )}
      <QuotePager list={list} query={query} base={base} t={t} />
    </div>
  );
}
