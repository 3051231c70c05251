/**
 * The two ways the database refuses work for a while rather than fail it: no connection became free
 * within the pool wait (`busy`), or a statement ran past the statement timeout and was cancelled
 * (`timeout`). Services answer both with 503 and `Retry-After` in their own format; neither is a fault of
 * the request or of the code, and nothing of the refused work was committed.
 */
export type UnavailableReason = 'busy' | 'timeout';

/** Seconds a client should wait before trying again, per reason. */
const RETRY_AFTER_SECONDS: Record<UnavailableReason, number> = { busy: 1, timeout: 5 };

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly retryAfterSeconds: number;
  constructor(readonly reason: UnavailableReason) {
    super(
      reason === 'busy'
        ? 'No database connection became free in time.'
        : 'A database statement ran past the statement timeout and was cancelled.',
    );
    this.retryAfterSeconds = RETRY_AFTER_SECONDS[reason];
  }
}

/** SQLSTATE query_canceled: also raised for a cancel request, so the message tells the timeout apart. */
const QUERY_CANCELED = '57014';
/** What pg-pool rejects with when `connectionTimeoutMillis` passes (it sets no code). */
const POOL_WAIT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/**
 * The database's refusal behind `error` (a driver error, possibly wrapped by Drizzle in `cause`), or
 * null when the error is something else.
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailableError | null {
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return e;
    const { code, message, name, reason } = e as Record<string, unknown>;
    // Thrown by another copy of this module (Next bundles its own): the same error by its name.
    if (name === 'DatabaseUnavailableError' && (reason === 'busy' || reason === 'timeout'))
      return new DatabaseUnavailableError(reason);
    if (typeof message !== 'string') continue;
    if (code === QUERY_CANCELED && message.includes('statement timeout'))
      return new DatabaseUnavailableError('timeout');
    if (POOL_WAIT_MESSAGES.includes(message)) return new DatabaseUnavailableError('busy');
  }
  return null;
}
