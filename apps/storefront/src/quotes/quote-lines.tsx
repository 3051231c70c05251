import type { Translate } from '../i18n/translator';
import { formatMoney } from './quote-format';
import type { BuyerQuote, BuyerQuoteLine } from './quote-wire';

/**
 * The quote's lines as the revision sent last offers them: catalogue number, name, quantity, unit price
 * (with the list price when the rep priced below it), line total, lead time, the substitute offered and
 * the rep's note; then subtotal, discount, freight and total. Before the first revision: no prices.
 */

function LeadTime({ days, t }: { days: number | null; t: Translate }) {
  if (days === null) return <>–</>;
  return <>{t(days === 1 ? 'quotes.line.leadDay' : 'quotes.line.leadDays', { days })}</>;
}

function LineRow({
  line,
  currency,
  locale,
  t,
}: {
  line: BuyerQuoteLine;
  currency: string;
  locale: string;
  t: Translate;
}) {
  const money = (amount: number | null) => (amount === null ? '–' : formatMoney(amount, currency, locale));
  const below = line.ListUnitPrice !== null && line.UnitPrice !== null && line.UnitPrice < line.ListUnitPrice;
  return (
    <tr data-line-id={line.ID} data-product-id={line.ProductID}>
      <td data-label={t('product.catalogueNumber')} className="sku-table__number">
        {line.ProductID}
      </td>
      <td data-label={t('quotes.line.product')}>
        {line.Product.Name ?? line.ProductID}
        {line.SubstituteProduct && (
          <p className="quote-line__substitute">
            {t('quotes.line.substitute', {
              name: line.SubstituteProduct.Name ?? line.SubstituteProduct.ID,
              id: line.SubstituteProduct.ID,
            })}
          </p>
        )}
        {line.Note && (
          <p className="quote-line__note">
            <span className="quote-line__note-label">{t('quotes.line.note')}: </span>
            {line.Note}
          </p>
        )}
      </td>
      <td data-label={t('quotes.line.quantity')} className="sku-table__number">
        {line.Quantity}
      </td>
      <td
        data-label={t('quotes.line.unitPrice')}
        className="sku-table__number"
        data-unit-price={line.UnitPrice ?? ''}
      >
        {money(line.UnitPrice)}
        {below && line.ListUnitPrice !== null && (
          <span className="quote-line__list">
            {t('quotes.line.listPrice', { price: money(line.ListUnitPrice) })}
          </span>
        )}
      </td>
      <td data-label={t('quotes.line.lineTotal')} className="sku-table__number">
        {money(line.LineTotal)}
      </td>
      <td data-label={t('quotes.line.leadTime')} className="quote-lines__lead">
        <LeadTime days={line.LeadTimeDays} t={t} />
      </td>
    </tr>
  );
}

export function QuoteLines({ quote, locale, t }: { quote: BuyerQuote; locale: string; t: Translate }) {
  const lines = quote.LineItems ?? [];
  return (
    <div className="sku-table__scroll">
      <table className="sku-table quote-lines">
        <caption className="visually-hidden">{t('quotes.lines.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.catalogueNumber')}</th>
            <th scope="col">{t('quotes.line.product')}</th>
            <th scope="col">{t('quotes.line.quantity')}</th>
            <th scope="col">{t('quotes.line.unitPrice')}</th>
            <th scope="col">{t('quotes.line.lineTotal')}</th>
            <th scope="col">{t('quotes.line.leadTime')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <LineRow key={line.ID} line={line} currency={quote.Currency} locale={locale} t={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QuoteTotals({ quote, locale, t }: { quote: BuyerQuote; locale: string; t: Translate }) {
  if (quote.Total === null || quote.Subtotal === null) return null;
  const money = (amount: number) => formatMoney(amount, quote.Currency, locale);
  return (
    <dl className="quote-totals">
      <dt>{t('quotes.totals.subtotal')}</dt>
      <dd>{money(quote.Subtotal)}</dd>
      {quote.Discount !== null && quote.Discount > 0 && (
        <>
          <dt>{t('quotes.totals.discount')}</dt>
          <dd>−{money(quote.Discount)}</dd>
        </>
      )}
      <dt>{t('quotes.totals.freight')}</dt>
      <dd>{money(quote.FreightAmount ?? 0)}</dd>
      <dt className="quote-totals__total">{t('quotes.totals.total')}</dt>
      <dd className="quote-totals__total" data-total={quote.Total}>
        {money(quote.Total)}
      </dd>
    </dl>
  );
}
