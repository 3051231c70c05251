import { errorResponse } from '../http/errors';

/** What went wrong with an admin request, named once; each maps to one HTTP status (`STATUS`). */
export type AdminErrorType =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unavailable';

const STATUS: Record<AdminErrorType, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unavailable: 503,
};

/** The admin API's one domain error: the use cases throw it, the routes' error hook answers it. */
export class AdminError extends Error {
  constructor(
    readonly type: AdminErrorType,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS[this.type];
  }
}

/** An AdminError in the search service's error format (`{ts, errors: [{code, type, message, …}]}`). */
export function adminErrorResponse(error: AdminError): Response {
  return errorResponse(
    error.status,
    [
      {
        code: error.status,
        type: error.type,
        message: error.message,
        severity: error.status >= 500 ? 'high' : error.status === 404 ? 'low' : 'medium',
        ...(error.details ? { details: error.details } : {}),
      },
    ],
    error.headers,
  );
}
