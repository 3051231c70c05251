import { createGraphQLError } from 'graphql-yoga';

/** Error codes the service answers with in `errors[].extensions.code`. */
export type ContentErrorCode = 'BAD_USER_INPUT' | 'ALREADY_SUBSCRIBED' | 'UNKNOWN_LANGUAGE';

/**
 * An error the caller can fix, reported in the GraphQL response's `errors[]` with a code. Made with yoga's
 * own GraphQLError class, so yoga reports it as is instead of masking it as an unexpected error.
 */
export function userError(code: ContentErrorCode, message: string, extensions: Record<string, unknown> = {}) {
  return createGraphQLError(message, { extensions: { code, ...extensions } });
}
