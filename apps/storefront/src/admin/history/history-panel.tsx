import { SubmittedDate } from '../../sales/sales-parts';
import type { AuditEvent } from './history-api';

const ACTIONS: Record<AuditEvent['Action'], string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
};

/** A value as the history shows it: text as it is, nothing as a dash, anything else as JSON. */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function actorName(event: AuditEvent): string {
  if (!event.Actor) return 'System (a script or the data loader)';
  const impersonated = event.Actor.ImpersonatedBy ? ` (impersonated by ${event.Actor.ImpersonatedBy})` : '';
  return `${event.Actor.Username}${impersonated}`;
}

/**
 * The history of one object, newest first: when, who, what, and each changed property before and after.
 * `total` beyond the shown events is said, not hidden.
 */
export function HistoryPanel({
  events,
  total,
  error,
}: {
  events: AuditEvent[];
  total: number;
  error?: string;
}) {
  return (
    <section className="admin-history" aria-labelledby="history-title">
      <h2 id="history-title" className="section__title">
        History
      </h2>
      {error ? (
        <p className="admin-notice admin-notice--error">{error}</p>
      ) : events.length === 0 ? (
        <p>No change has been recorded yet.</p>
      ) : (
        <>
          <ol>
            {events.map((event) => (
              <li key={event.ID} data-audit-event={event.ID}>
                <p>
                  <strong>{ACTIONS[event.Action] ?? event.Action}</strong> by {actorName(event)},{' '}
                  <SubmittedDate iso={event.Date} language="en" />
                </p>
                {event.Changes.length > 0 && (
                  <dl>
                    {event.Changes.map((change) => (
                      <div key={change.Property} className="admin-history__change">
                        <dt>{change.Property}</dt>
                        <dd>
                          <span className="visually-hidden">Before: </span>
                          <del>{historyValue(change.Before)}</del>
                        </dd>
                        <dd>
                          <span className="visually-hidden">After: </span>
                          <ins>{historyValue(change.After)}</ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ol>
          {total > events.length && (
            <p>
              The {events.length} latest of {total} changes are shown.
            </p>
          )}
        </>
      )}
    </section>
  );
}
