import type { Translate } from '../i18n/translator';
import { SubmittedDate } from '../sales/sales-parts';
import { type DeskRevision, keyPart } from './desk-types';
import { formatMoney } from './quote-money';
import { changeRows, formatChangeValue, type ValueFormat } from './revision-changes';

/**
 * The revisions sent to the buyer, newest first, each with what changed against the one before
 * (`Changes` of `GET /v1/quotes/{id}/revisions`) as a table: what, before, after.
 */
export function RevisionHistory({
  revisions,
  lineNames,
  repNames,
  language,
  t,
}: {
  revisions: DeskRevision[];
  lineNames: ReadonlyMap<string, string>;
  repNames: ReadonlyMap<string, string>;
  language: string;
  t: Translate;
}) {
  const ordered = [...revisions].sort((a, b) => b.Revision - a.Revision);
  return (
    <section id="revisions" aria-labelledby="revisions-title" className="desk-section">
      <h2 id="revisions-title" className="section__title">
        {t('quoteDesk.revisions')}
      </h2>
      {ordered.length === 0 && <p className="panel">{t('quoteDesk.revisions.none')}</p>}
      <ol className="desk-revisions">
        {ordered.map((revision) => {
          const format = valueFormat(revision.Content.Currency, language, t);
          const rows = changeRows(revision.Changes, lineNames);
          const titleId = `revision-${revision.Revision}`;
          return (
            <li key={revision.Revision} className="panel desk-revision" data-revision={revision.Revision}>
              <h3 id={titleId} className="desk-revision__title">
                {t('quoteDesk.revision', { revision: revision.Revision })}
              </h3>
              <p className="desk-revision__meta">
                <SubmittedDate iso={revision.DateSent} language={language} />
                {revision.SentByUserID &&
                  ` · ${repNames.get(revision.SentByUserID) ?? revision.SentByUserID}`}
                {' · '}
                {t('quoteDesk.validUntil')}: {format.date(revision.ValidUntil)}
                {' · '}
                {t('quoteDesk.total')}: {format.money(revision.Content.Total, false)}
              </p>
              {revision.Revision > 1 && rows.length === 0 && <p>{t('quoteDesk.revisions.noChanges')}</p>}
              {rows.length > 0 && (
                <div className="sku-table__scroll">
                  <table className="sku-table desk-changes" aria-labelledby={titleId}>
                    <thead>
                      <tr>
                        <th scope="col">{t('quoteDesk.change.what')}</th>
                        <th scope="col">{t('quoteDesk.change.before')}</th>
                        <th scope="col">{t('quoteDesk.change.after')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a revision's changes never reorder
                        <tr key={index}>
                          <th scope="row">
                            {row.line ? `${row.line}: ` : ''}
                            {propertyLabel(row.property, t)}
                          </th>
                          <td data-label={t('quoteDesk.change.before')}>
                            {formatChangeValue(row.kind, row.before, format)}
                          </td>
                          <td data-label={t('quoteDesk.change.after')}>
                            {formatChangeValue(row.kind, row.after, format)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A property's name in the seller's language; one the dictionary does not know, by its wire name. */
export function propertyLabel(property: string, t: Translate): string {
  const key = `quoteDesk.property.${keyPart(property)}`;
  const label = t(key);
  return label === key ? property : label;
}

/** How the desk writes a changed value: money in the quote's currency, dates, percentages, days. */
export function valueFormat(currency: string, language: string, t: Translate): ValueFormat {
  return {
    money: (value, unit) => formatMoney(value, currency, language, unit),
    date: (iso) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)),
    percent: (value) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(value)} %`,
    days: (value) => t('quoteDesk.days', { days: value }),
    priceType: (value) => t(`quoteDesk.priceType.${keyPart(value)}`),
    none: '–',
  };
}
