import { jsonProblem, urlProblem } from '@catalogue/service-kit/input-guard';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';

/**
 * The content service's edge (issue 20 item 8), with the rules of `@catalogue/service-kit/input-guard`
 * (NUL, unpaired surrogates, nesting and width): every request's path and query are checked before
 * anything runs, and the GraphQL request's parameters (query, variables, operation name, extensions),
 * however they came (GET query string or POST body), as soon as yoga has read them. A refusal is a
 * GraphQL error `BAD_REQUEST` with HTTP 400.
 */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem = urlProblem(c.req.url);
    if (problem) {
      return errorResponse(400, [
        { message: problem.message, extensions: { code: 'BAD_REQUEST', field: problem.where } },
      ]);
    }
    await next();
  };
}

export function useInputGuard(): Plugin {
  return {
    onParams({ params }) {
      const problem = jsonProblem(params, 'request');
      if (problem) {
        throw createGraphQLError(problem.message, {
          extensions: { code: 'BAD_REQUEST', field: problem.where, http: { status: 400 } },
        });
      }
    },
  };
}
