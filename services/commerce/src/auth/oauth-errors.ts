import { fieldsProblem } from '@catalogue/service-kit/input-guard';
import type { Context } from 'hono';

/** A refused request of an OAuth endpoint: OAuth 2.0's `error` fields plus OrderCloud's `Errors` envelope. */
export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly oauthError: string,
    readonly errorCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function tokenErrorResponse(error: TokenError): Response {
  return Response.json(
    {
      error: error.oauthError,
      error_description: error.message,
      Errors: [{ ErrorCode: error.errorCode, Message: error.message }],
    },
    { status: error.status, headers: { 'cache-control': 'no-store', ...error.headers } },
  );
}

/** Too many attempts: 429 with Retry-After. */
export function tooManyAttempts(seconds: number, message: string): TokenError {
  return new TokenError(429, 'slow_down', 'TooManyRequests', `${message}: try again in ${seconds} s.`, {
    'retry-after': String(seconds),
  });
}

/** The form of an OAuth request (RFC 6749 §4: application/x-www-form-urlencoded; multipart accepted). */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
    throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'The request must be form-encoded.');
  }
  // A body that does not parse as its content type says (e.g. "multipart" without a boundary) is the
  // client's error, not ours.
  const body = await c.req.parseBody().catch(() => {
    throw new TokenError(400, 'invalid_request', 'InvalidRequest', 'The request body is not a valid form.');
  });
  const problem = fieldsProblem(Object.entries(body));
  if (problem) throw new TokenError(400, 'invalid_request', 'InvalidRequest', problem.message);
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
  return form;
}
