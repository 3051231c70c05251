import type { z } from 'zod';

/**
 * Errors of the buyer API (`/api/ordercloud/Buyer/*`), in the commerce service's own envelope
 * (`{Errors: [{ErrorCode, Message, Data?}]}`), so a caller reads every failure the same way whether it
 * came from this route or from the service behind it (spec §8: the message is the first error's Message).
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

  /** One `ValidationFailure` per zod issue, each naming the property (`data.newData.add.0`). */
  static fromZod(error: z.ZodError): BuyerApiError {
    return new BuyerApiError(
      400,
      error.issues.map((issue) => {
        const property = issue.path.map(String).join('.');
        return {
          ErrorCode: 'ValidationFailure',
          Message: property ? `${property}: ${issue.message}` : issue.message,
          Data: { Property: property, Issue: issue.code },
        };
      }),
    );
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

/** The JSON answer of a failure: ours as they are, the commerce service's with its status and Errors. */
export function errorResponse(error: unknown): Response {
  if (error instanceof BuyerApiError) return errorJson(error.status, error.errors);
  if (isCommerceRefusal(error) && error.status >= 400 && error.status < 500) {
    const errors = (error.errors ?? []).map((e) => ({
      ErrorCode: e.ErrorCode ?? 'Error',
      Message: e.Message ?? error.message,
      ...(e.Data && typeof e.Data === 'object' ? { Data: e.Data as Record<string, unknown> } : {}),
    }));
    return errorJson(
      error.status,
      errors.length > 0 ? errors : [{ ErrorCode: 'Error', Message: error.message }],
    );
  }
  // A fault of the service or of this code: logged here, the caller learns only that it failed.
  console.error('[buyer-api]', error);
  return errorJson(500, [
    { ErrorCode: 'InternalServerError', Message: 'The request could not be completed. Please try again.' },
  ]);
}

function errorJson(status: number, errors: BuyerApiErrorItem[]): Response {
  return Response.json({ Errors: errors }, { status, headers: { 'cache-control': 'no-store' } });
}
