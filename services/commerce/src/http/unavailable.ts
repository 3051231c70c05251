import { databaseUnavailable } from '@catalogue/db';
import { errorResponse } from './errors';

/**
 * The answer when the database refused the work for a while (no connection free within the pool wait, or
 * a statement cancelled by the statement timeout): 503 `ServiceUnavailable` in OrderCloud's envelope with
 * `Retry-After`, never a 500. Logged as one line without the statement (Drizzle's error carries the SQL
 * text, column lists included). Null for any other error.
 */
export function unavailableResponse(error: unknown, method: string, path: string): Response | null {
  const unavailable = databaseUnavailable(error);
  if (!unavailable) return null;
  console.warn(`[commerce] ${method} ${path}: database ${unavailable.reason}, answered 503`);
  return errorResponse(
    503,
    [
      {
        ErrorCode: 'ServiceUnavailable',
        Message:
          unavailable.reason === 'busy'
            ? 'The service is busy; nothing was changed. Try again shortly.'
            : 'The request took too long and was stopped; nothing was changed. Try again later or narrow the request.',
        Data: { Reason: unavailable.reason, RetryAfter: unavailable.retryAfterSeconds },
      },
    ],
    { 'Retry-After': String(unavailable.retryAfterSeconds) },
  );
}
