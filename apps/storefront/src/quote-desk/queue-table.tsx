import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { localizedPath } from '../routing/locales';
import { SubmittedDate } from '../sales/sales-parts';
import { DeskActionForm } from './desk-action-form';
import { assignToMeAction } from './desk-actions';
import { personName } from './desk-directory';
import { newActionKey } from './desk-form-state';
import type { DeskQuote } from './desk-types';
import { formatMoney } from './quote-money';
import { ASSIGNABLE, StatusBadge } from './status-badge';

/**
 * The quote queue's rows: project (the link to the quote), company, requester, region, lines, submitted
 * (with its age), status, assignee, value and "assign to me". On narrow screens each row is a card.
 */
export function QueueTable({
  quotes,
  locale,
  language,
  search,
  me,
  repNames,
  regions,
  regionNames,
  t,
}: {
  quotes: DeskQuote[];
  locale: LocaleCode;
  language: string;
  /** The queue's query string, to come back to after "assign to me". */
  search: string;
  me: string;
  repNames: ReadonlyMap<string, string>;
  /** The region code of each quote's project. */
  regions: ReadonlyMap<string, string>;
  regionNames: Readonly<Record<string, string>>;
  t: Translate;
}) {
  return (
    <div className="sku-table__scroll">
      <table className="sku-table sales__table desk-queue">
        <caption className="visually-hidden">{t('quoteDesk.queueCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sales.project')}</th>
            <th scope="col">{t('sales.company')}</th>
            <th scope="col">{t('sales.user')}</th>
            <th scope="col">{t('sales.region')}</th>
            <th scope="col">{t('sales.lines')}</th>
            <th scope="col">{t('sales.submitted')}</th>
            <th scope="col">{t('quoteDesk.status')}</th>
            <th scope="col">{t('quoteDesk.assignee')}</th>
            <th scope="col">{t('quoteDesk.value')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('quoteDesk.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((quote) => {
            const region = regions.get(quote.ID) ?? '';
            const assigned = quote.AssignedUserID;
            const regionName = (regionNames[region] ?? region) || '–';
            return (
              <tr key={quote.ID} data-order-id={quote.ID} data-status={quote.Status}>
                <th scope="row" data-label={t('sales.project')}>
                  <Link
                    href={localizedPath(locale, `/sales/${encodeURIComponent(quote.ID)}`)}
                    prefetch={false}
                  >
                    {quote.Name || quote.ID}
                  </Link>
                </th>
                <td data-label={t('sales.company')}>{quote.FromCompanyName || quote.FromCompanyID}</td>
                <td data-label={t('sales.user')}>{personName(quote.FromUser) || quote.FromUserID}</td>
                <td data-label={t('sales.region')}>{regionName}</td>
                <td data-label={t('sales.lines')} className="sku-table__number">
                  {quote.LineItemCount}
                </td>
                <td data-label={t('sales.submitted')}>
                  <span className="desk-queue__age">{t('quoteDesk.ageDays', { days: quote.AgeDays })}</span>{' '}
                  <SubmittedDate iso={quote.DateSubmitted} language={language} />
                </td>
                <td data-label={t('quoteDesk.status')}>
                  <StatusBadge status={quote.Status} t={t} />
                </td>
                <td data-label={t('quoteDesk.assignee')}>
                  {assigned === me
                    ? t('quoteDesk.rep.you')
                    : assigned
                      ? (repNames.get(assigned) ?? assigned)
                      : '–'}
                </td>
                <td data-label={t('quoteDesk.value')} className="sku-table__number">
                  {formatMoney(quote.Total, quote.Currency, language)}
                </td>
                <td>
                  {assigned !== me && ASSIGNABLE.includes(quote.Status) && (
                    <DeskActionForm
                      idPrefix={`assign-${quote.ID}`}
                      action={assignToMeAction.bind(null, locale, quote.ID, search)}
                      actionKey={newActionKey()}
                      submitLabel={t('quoteDesk.assignToMe')}
                      submitContext={quote.Name || quote.ID}
                      pendingLabel={t('quoteDesk.assigning')}
                      buttonClassName="button button--secondary desk-queue__assign"
                      className="desk-queue__assign-form"
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
