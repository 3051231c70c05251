import type { ApiError as ApiErrorBody } from './errors';

/**
 * The one error type of the commerce service: an OrderCloud ErrorCode, an HTTP status and optional
 * Data. `app.ts` turns it into the `{"Errors": [...]}` envelope; nothing else writes error bodies.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly errors: ApiErrorBody[],
    /** Headers the refusal carries (`Retry-After` of a 429). */
    public headers: Readonly<Record<string, string>> = {},
  ) {
    super(errors.map((e) => `${e.ErrorCode}: ${e.Message}`).join('; '));
  }

  /** The same error, answered with these headers too. */
  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  /** 429 `TooManyRequests` with `Retry-After`. */
  static tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
    return new ApiError(429, [{ ErrorCode: 'TooManyRequests', Message: message }], {
      'retry-after': String(retryAfterSeconds),
    });
  }

  static of(status: number, errorCode: string, message: string, data?: unknown): ApiError {
    return new ApiError(status, [
      { ErrorCode: errorCode, Message: message, ...(data === undefined ? {} : { Data: data }) },
    ]);
  }

  static notFound(objectType: string, objectId: string): ApiError {
    return ApiError.of(404, 'NotFound', `${objectType} ${objectId} not found`, {
      ObjectType: objectType,
      ObjectID: objectId,
    });
  }

  static invalidRequest(message: string, data?: unknown): ApiError {
    return ApiError.of(400, 'InvalidRequest', message, data);
  }
}
