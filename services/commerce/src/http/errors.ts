/** OrderCloud's error envelope: `{"Errors": [{ErrorCode, Message, Data}]}` (docs/ordercloud-wire.md). */
export interface ApiError {
  ErrorCode: string;
  Message: string;
  Data?: unknown;
}

export function errorBody(errors: ApiError[]): { Errors: ApiError[] } {
  return { Errors: errors };
}

export function errorResponse(
  status: number,
  errors: ApiError[],
  headers?: Record<string, string>,
): Response {
  return Response.json(errorBody(errors), { status, ...(headers ? { headers } : {}) });
}
