import type { OrderCloudError } from 'ordercloud-javascript-sdk';
import { configureInProcessCommerce } from '../data/commerce-sdk';

/**
 * The console's calls to the commerce service through the official SDK, with the signed-in user's own
 * token: what the console may do is exactly what the API lets that user do. A refusal becomes an
 * `AdminCallError` with the service's status, error code and message, which the pages show as they are.
 */

export class AdminCallError extends Error {
  override name = 'AdminCallError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** The wire property the refusal is about (`Errors[0].Data.Property`), when it names one. */
    readonly property: string | null = null,
  ) {
    super(message);
  }
}

export function adminCallErrorOf(error: unknown): AdminCallError {
  const failure = error as Partial<OrderCloudError>;
  if (!failure.isOrderCloudError) {
    return new AdminCallError(
      'The commerce service could not be reached. Try again shortly.',
      502,
      'Unavailable',
    );
  }
  const first = failure.errors?.[0] as { Message?: string; ErrorCode?: string; Data?: unknown } | undefined;
  const data = first?.Data as { Property?: unknown; PropertyName?: unknown } | undefined;
  const property =
    typeof data?.Property === 'string'
      ? data.Property
      : typeof data?.PropertyName === 'string'
        ? data.PropertyName
        : null;
  return new AdminCallError(
    first?.Message || failure.statusText || 'The request failed.',
    failure.status && failure.status >= 400 ? failure.status : 502,
    first?.ErrorCode ?? 'Unknown',
    property,
  );
}

export const withToken = (token: string) => ({ accessToken: token });

/** Runs an SDK call; a refusal is thrown as `AdminCallError`. */
export async function commerceCall<T>(work: () => Promise<T>): Promise<T> {
  configureInProcessCommerce();
  try {
    return await work();
  } catch (error) {
    throw adminCallErrorOf(error);
  }
}

/** The call's answer, or its refusal as a value (a page shows it in place of what it could not read). */
export function orRefusal<T>(call: Promise<T>): Promise<T | AdminCallError> {
  return call.catch((error: unknown) => {
    if (error instanceof AdminCallError) return error;
    throw error;
  });
}
