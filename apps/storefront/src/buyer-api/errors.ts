import { unavailableAnswer } from '../app/api/unavailable';

/**
 * Refusals of the buyer routes, answered as the other storefront routes answer (`{error}` with the
 * status, `auth/route-guards.ts`), plus `code` and `data` for programs: ours as raised, the commerce
 * service's with its status and its first error's Message (spec §8).
 */

export interface BuyerApiErrorItem {
  ErrorCode: string;
  Message: string;
  Data?: Record<string, unknown>;
}

export class BuyerApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: BuyerApiErrorItem[],
  ) {
    super(errors[0]?.Message ?? `Request failed with status code ${status}`);
    this.name = 'BuyerApiError';
  }

  static of(status: number, code: string, message: string, data?: Record<string, unknown>): BuyerApiError {
    return new BuyerApiError(status, [
      { ErrorCode: code, Message: message, ...(data ? { Data: data } : {}) },
    ]);
  }

  static notFound(objectType: string, objectId: string, message?: string): BuyerApiError {
    return BuyerApiError.of(404, 'NotFound', message ?? `${objectType} not found: ${objectId}`, {
      ObjectType: objectType,
      ObjectID: objectId,
    });
  }
}

/** What the SDK throws for a refusal of the commerce service (`OrderCloudError`), without importing it. */
interface CommerceRefusal {
  isOrderCloudError: true;
  status: number;
  message: string;
  errors?: { ErrorCode?: string; Message?: string; Data?: unknown }[];
}

function isCommerceRefusal(error: unknown): error is CommerceRefusal {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isOrderCloudError?: unknown }).isOrderCloudError === true &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** The JSON answer of a failure: `{error, code, data}` with the status. */
export function errorResponse(error: unknown): Response {
  const unavailable = unavailableAnswer(error);
  if (unavailable) return unavailable;
  if (error instanceof BuyerApiError) return errorJson(error.status, error.errors[0]);
  if (isCommerceRefusal(error) && error.status >= 400 && error.status < 500) {
    const first = error.errors?.[0];
    return errorJson(error.status, {
      ErrorCode: first?.ErrorCode ?? 'Error',
      Message: first?.Message ?? error.message,
      ...(first?.Data && typeof first.Data === 'object'
        ? { Data: first.Data as Record<string, unknown> }
        : {}),
    });
  }
  // A fault of the service or of this code: logged here, the caller learns only that it failed.
  console.error('[buyer-api] unexpected failure:', error);
  return errorJson(502, {
    ErrorCode: 'ServiceFailed',
    Message: 'The favourites service failed; nothing was changed.',
  });
}

function errorJson(status: number, error: BuyerApiErrorItem | undefined): Response {
  return Response.json(
    {
      error: error?.Message ?? `Request failed with status code ${status}`,
      code: error?.ErrorCode,
      data: error?.Data,
    },
    { status, headers: { 'cache-control': 'no-store' } },
  );
}
