import type { ExecutionResult } from 'graphql';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === 'object' && value !== null && 'errors' in value && !(Symbol.asyncIterator in value);
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
        errors: result.errors.map(
          (error) =>
            new GraphQLError(error.message, {
              nodes: error.nodes,
              source: error.source,
              positions: error.positions,
              path: error.path,
              originalError: error.originalError,
              extensions: {
                ...error.extensions,
                code: error.extensions?.code ?? 'GRAPHQL_VALIDATION_FAILED',
                http: { status: 400 },
              },
            }),
        ),
      });
    },
  };
}
