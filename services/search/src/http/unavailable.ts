import { databaseUnavailable } from '@catalogue/db';
import { errorResponse } from './errors';

/**
 * The answer when the database refused the work for a while (no connection free within the pool wait, or
 * a statement cancelled by the statement timeout): 503 `unavailable` in the service's error format with
 * `Retry-After`, never a 500, logged as one line without the statement. Null for any other error.
 */
export function unavailableResponse(error: unknown, what: string): Response | null {
  const unavailable = databaseUnavailable(error);
  if (!unavailable) return null;
  console.warn(`[search] ${what}: database ${unavailable.reason}, answered 503`);
  return errorResponse(
    503,
    [
      {
        code: 503,
        type: 'unavailable',
        message:
          unavailable.reason === 'busy'
            ? 'The service is busy; try again shortly.'
            : 'The request took too long and was stopped; try again later.',
        severity: 'high',
        details: { reason: unavailable.reason, retry_after: unavailable.retryAfterSeconds },
      },
    ],
    { 'retry-after': String(unavailable.retryAfterSeconds) },
  );
}

/** Rethrows a database refusal as it is, so that the whole request answers 503 rather than one widget. */
export function rethrowUnavailable(error: unknown): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) throw unavailable;
}

/** Logs a failed background task: a database refusal as one line (no SQL), anything else in full. */
export function logFailure(what: string, error: unknown): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) console.warn(`[search] ${what}: database ${unavailable.reason}; retried later`);
  else console.error(`[search] ${what}:`, error);
}
