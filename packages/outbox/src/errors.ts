/**
 * Thrown by a handler when retrying cannot help (the receiver refused the request itself, the payload can
 * never be delivered): the worker keeps the row with `failed_at` and `last_error` and stops claiming it.
 * Any other error is transient and retried with backoff.
 */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/**
 * Work this version does not know (an unknown kind or mail template), perhaps queued by a newer version
 * of the platform sharing the database: kept and looked at again at the backoff cap, never dropped.
 */
export class UnknownWorkError extends Error {
  override name = 'UnknownWorkError';
}

/** A one-line description of a failure for `outbox.last_error` and the logs. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text =
      typeof code === 'string' && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
    return text.slice(0, 2000);
  }
  return String(error).slice(0, 2000);
}
