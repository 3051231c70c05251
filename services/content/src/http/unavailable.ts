import { databaseUnavailable } from '@catalogue/db';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, createLogger, maskError, type YogaLogger } from 'graphql-yoga';
import { errorResponse } from './errors';

/**
 * When the database refused the work for a while (no connection free within the pool wait, or a
 * statement cancelled by the statement timeout), the service answers 503 with `Retry-After` in GraphQL's
 * error shape (`extensions.code` SERVICE_UNAVAILABLE), never a 500 or a masked "Unexpected error", and
 * logs one line without the statement.
 */
function unavailableError(error: unknown, where: string) {
  const unavailable = databaseUnavailable(error);
  if (!unavailable) return null;
  console.warn(`[content] ${where}: database ${unavailable.reason}, answered 503`);
  return {
    message:
      unavailable.reason === 'busy'
        ? 'The service is busy; try again shortly.'
        : 'The request took too long and was stopped; try again later.',
    code: 'SERVICE_UNAVAILABLE',
    retryAfter: String(unavailable.retryAfterSeconds),
  };
}

/** For yoga's `maskedErrors`: a resolver's database refusal becomes the response's 503; others masked as usual. */
export function maskUnavailable(error: unknown, message: string, isDev?: boolean): Error {
  const original = (error as GraphQLError).originalError ?? error;
  const unavailable = unavailableError(original, 'GraphQL');
  if (!unavailable) return maskError(error, message, isDev);
  const located = error as Partial<GraphQLError>;
  return createGraphQLError(unavailable.message, {
    ...(located.nodes ? { nodes: located.nodes } : {}),
    ...(located.path ? { path: located.path } : {}),
    extensions: {
      code: unavailable.code,
      http: { status: 503, headers: { 'retry-after': unavailable.retryAfter } },
    },
  });
}

/** For the Hono app's error handler: the 503 answer, or null for any other error. */
export function unavailableResponse(error: unknown, where: string): Response | null {
  const unavailable = unavailableError(error, where);
  if (!unavailable) return null;
  return errorResponse(503, [{ message: unavailable.message, extensions: { code: unavailable.code } }], {
    'retry-after': unavailable.retryAfter,
  });
}

/**
 * yoga's logger at `warn`, except that it does not print a database refusal again: yoga logs every error
 * it masks with its full text (Drizzle's includes the SQL), and `maskUnavailable` has logged one line.
 */
export function quietOnUnavailable(): YogaLogger {
  const base = createLogger('warn');
  return {
    ...base,
    error: (...args: unknown[]) => {
      const refusal = (arg: unknown) =>
        databaseUnavailable(arg) ?? databaseUnavailable((arg as Partial<GraphQLError> | null)?.originalError);
      if (args.some(refusal)) return;
      base.error(...args);
    },
  };
}
