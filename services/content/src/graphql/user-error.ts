import { GraphQLError } from 'graphql';

/** Error codes the service answers with in `errors[].extensions.code`. */
export type ContentErrorCode = 'BAD_USER_INPUT' | 'ALREADY_SUBSCRIBED' | 'UNKNOWN_LANGUAGE';

/** An error the caller can fix, reported in the GraphQL response's `errors[]` with a code. */
export function userError(code: ContentErrorCode, message: string, extensions: Record<string, unknown> = {}) {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}
