import type { ExecutionResult } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === 'object' && value !== null && 'errors' in value && !(Symbol.asyncIterator in value);
}

function httpOf(http: unknown): { status: number; headers?: unknown } {
  if (typeof http !== 'object' || http === null) return { status: 400 };
  const status = 'status' in http && typeof http.status === 'number' ? http.status : 400;
  return 'headers' in http ? { status, headers: http.headers } : { status };
}

/**
 * A request the service refuses before running it (it does not parse, fails validation or one of the
 * limits) answers HTTP 400, also to clients that accept plain `application/json` (for which
 * GraphQL-over-HTTP would allow 200). Results with `data` — field errors such as an unknown language —
 * stay 200.
 */
export function useRefusalStatus(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (!isExecutionResult(result) || 'data' in result || !result.errors?.length) return;
      setResult({
        ...result,
        errors: result.errors.map((error) =>
          createGraphQLError(error.message, {
            nodes: error.nodes,
            source: error.source,
            positions: error.positions,
            path: error.path,
            originalError: error.originalError,
            extensions: {
              ...error.extensions,
              code: error.extensions?.code ?? 'GRAPHQL_VALIDATION_FAILED',
              // Keep what yoga chose (405 and Allow for a mutation over GET), but not its `spec` flag.
              http: httpOf(error.extensions?.http),
            },
          }),
        ),
      });
    },
  };
}
