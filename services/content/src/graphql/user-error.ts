import { createGraphQLError } from 'graphql-yoga';

/** Error codes the service answers with in `errors[].extensions.code`. */
export type ContentErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNKNOWN_LANGUAGE'
  | 'INVALID_CONFIRMATION'
  | 'RATE_LIMITED'
  | 'UNKNOWN_TYPE'
  | 'INVALID_CONTENT'
  | 'NOT_FOUND'
  | 'CONFLICT';

/**
 * An error the caller can fix, reported in the GraphQL response's `errors[]` with a code. Made with yoga's
 * own GraphQLError class, so yoga reports it as is instead of masking it as an unexpected error.
 */
export function userError(code: ContentErrorCode, message: string, extensions: Record<string, unknown> = {}) {
  return createGraphQLError(message, { extensions: { code, ...extensions } });
}

/** Too many requests: HTTP 429 with Retry-After (yoga takes both from `extensions.http`), code RATE_LIMITED. */
export function rateLimited(message: string, retryAfterSeconds: number) {
  return createGraphQLError(message, {
    extensions: {
      code: 'RATE_LIMITED',
      retryAfter: retryAfterSeconds,
      http: { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } },
    },
  });
}
