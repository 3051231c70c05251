import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { StatusBadge, ValidityText } from './quote-badges';
import { formatDay, formatMoney } from './quote-format';
import { type QuoteListQuery, quoteListHref } from './quote-query';
import { statusKey, validityOf } from './quote-status';
import { type BuyerQuoteList, QUOTE_STATUSES } from './quote-wire';

interface ListProps {
  list: BuyerQuoteList;
  query: QuoteListQuery;
  /** The list's own path (`/fr-ca/quotes`). */
  base: string;
  locale: string;
  now: Date;
  t: Translate;
}

/** The status filter: a GET form, so the list's state lives in the URL and works without JavaScript. */
export function QuoteFilter({ query, base, t }: Pick<ListProps, 'query' | 'base' | 't'>) {
  return (
    <form className="quote-filter" method="get" action={base}>
      <div className="form-field">
        <label className="form-field__label" htmlFor="quote-filter-status">
          {t('quotes.filter.label')}
        </label>
        <select
          id="quote-filter-status"
          name="status"
          className="form-field__input"
          defaultValue={query.status ?? ''}
        >
          <option value="">{t('quotes.filter.all')}</option>
          {QUOTE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(statusKey(status))}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        {t('quotes.filter.submit')}
      </button>
    </form>
  );
}

export function QuoteTable({ list, base, locale, now, t }: Omit<ListProps, 'query'>) {
  return (
    <div className="sku-table__scroll">
      <table className="sku-table quote-list">
        <caption className="visually-hidden">{t('quotes.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quotes.col.project')}</th>
            <th scope="col">{t('quotes.col.status')}</th>
            <th scope="col">{t('quotes.col.submitted')}</th>
            <th scope="col">{t('quotes.col.validity')}</th>
            <th scope="col" className="quote-list__total">
              {t('quotes.col.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.Items.map((quote) => (
            <tr key={quote.ID} data-quote-id={quote.ID} data-status={quote.Status}>
              <td data-label={t('quotes.col.project')}>
                <Link href={`${base}/${encodeURIComponent(quote.ID)}`} prefetch={false}>
                  {quote.Name || quote.ID}
                </Link>
              </td>
              <td data-label={t('quotes.col.status')}>
                <StatusBadge status={quote.Status} t={t} />
              </td>
              <td data-label={t('quotes.col.submitted')}>
                <time dateTime={quote.DateSubmitted}>{formatDay(quote.DateSubmitted, locale)}</time>
              </td>
              <td data-label={t('quotes.col.validity')}>
                <ValidityText validity={validityOf(quote, now)} locale={locale} t={t} />
              </td>
              <td data-label={t('quotes.col.total')} className="sku-table__number quote-list__total">
                {quote.Total === null
                  ? t('quotes.notPriced')
                  : formatMoney(quote.Total, quote.Currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QuotePager({ list, query, base, t }: Omit<ListProps, 'locale' | 'now'>) {
  const pages = list.Meta.TotalPages;
  if (pages <= 1) return null;
  const page = list.Meta.Page;
  const href = (target: number) => quoteListHref(base, { ...query, page: target });
  return (
    <nav className="pagination" aria-label={t('quotes.pagination')}>
      {page > 1 && (
        <Link href={href(page - 1)} prefetch={false} rel="prev">
          {t('quotes.previous')}
        </Link>
      )}
      <span className="pagination__status">{t('quotes.page', { page, pages })}</span>
      {page < pages && (
        <Link href={href(page + 1)} prefetch={false} rel="next">
          {t('quotes.next')}
        </Link>
      )}
    </nav>
  );
}
