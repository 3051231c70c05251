import type { Translate } from '../i18n/translator';
import { SubmittedDate } from '../sales/sales-parts';
import { auditChanges } from './audit-changes';
import { type DeskEvent, keyPart } from './desk-types';
import { changeRows, formatChangeValue } from './revision-changes';
import { propertyLabel, valueFormat } from './revision-history';

/**
 * The quote's audit trail (`GET /v1/quotes/{id}/events`), oldest first: when, who (a rep, the buyer or the
 * expiry job), what they did, the status it left the quote in, the revision on offer, and what changed.
 * For the sales team only: the trail holds internal notes.
 */
export function AuditTrail({
  events,
  lineNames,
  people,
  currency,
  language,
  t,
}: {
  events: DeskEvent[];
  lineNames: ReadonlyMap<string, string>;
  /** The names of the seller's users and of the quote's buyer, by user ID. */
  people: ReadonlyMap<string, string>;
  currency: string;
  language: string;
  t: Translate;
}) {
  const format = valueFormat(currency, language, t);
  const status = (value: string) => t(`quoteDesk.status.${keyPart(value)}`);
  return (
    <section id="audit" aria-labelledby="audit-title" className="desk-section">
      <h2 id="audit-title" className="section__title">
        {t('quoteDesk.audit')}
      </h2>
      {events.length === 0 ? (
        <p className="panel">{t('quoteDesk.audit.none')}</p>
      ) : (
        <div className="sku-table__scroll">
          <table className="sku-table desk-audit" aria-labelledby="audit-title">
            <thead>
              <tr>
                <th scope="col">{t('quoteDesk.audit.when')}</th>
                <th scope="col">{t('quoteDesk.audit.who')}</th>
                <th scope="col">{t('quoteDesk.audit.what')}</th>
                <th scope="col">{t('quoteDesk.audit.status')}</th>
                <th scope="col">{t('quoteDesk.audit.revision')}</th>
                <th scope="col">{t('quoteDesk.audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => {
                const rows = changeRows(auditChanges(event.Changes, people), lineNames);
                return (
                  <tr key={event.ID} data-event-id={event.ID} data-action={event.Action}>
                    <th scope="row">
                      <SubmittedDate iso={event.Date} language={language} />
                    </th>
                    <td data-label={t('quoteDesk.audit.who')} data-actor={event.ActorType}>
                      {actorName(event, people, t)}
                    </td>
                    <td data-label={t('quoteDesk.audit.what')}>{actionLabel(event.Action, t)}</td>
                    <td data-label={t('quoteDesk.audit.status')} data-status={event.ToStatus}>
                      {event.FromStatus && event.FromStatus !== event.ToStatus
                        ? `${status(event.FromStatus)} → ${status(event.ToStatus)}`
                        : status(event.ToStatus)}
                    </td>
                    <td data-label={t('quoteDesk.audit.revision')}>{event.Revision || '–'}</td>
                    <td data-label={t('quoteDesk.audit.changes')}>
                      {rows.length === 0 ? (
                        '–'
                      ) : (
                        <ul className="desk-audit__changes">
                          {rows.map((row) => (
                            <li key={`${row.line ?? ''}:${row.property}`}>
                              {row.line ? `${row.line}: ` : ''}
                              {propertyLabel(row.property, t)}:{' '}
                              {formatChangeValue(row.kind, row.before, format)} →{' '}
                              {formatChangeValue(row.kind, row.after, format)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function actorName(event: DeskEvent, people: ReadonlyMap<string, string>, t: Translate): string {
  if (event.ActorType === 'system' || !event.ActorUserID) return t('quoteDesk.audit.system');
  const name = people.get(event.ActorUserID) ?? event.ActorUserID;
  return `${name} (${t(`quoteDesk.side.${event.ActorType}`)})`;
}

/** An action in the seller's language; one the dictionary does not know, by its wire name. */
function actionLabel(action: string, t: Translate): string {
  const key = `quoteDesk.audit.action.${action}`;
  const label = t(key);
  return label === key ? action : label;
}
