import { type InputProblem, jsonProblem, urlProblem } from '@catalogue/service-kit/input-guard';
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';

/**
 * The search service's edge (issue 20 item 8): every request's path and query are checked before any
 * route runs, and each parsed JSON body (searches, events) with the same rules
 * (`@catalogue/service-kit/input-guard`: NUL, unpaired surrogates, nesting and width). A refusal is a 400
 * `invalid_request` in the service's error format naming where the problem is.
 */
export function inputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem = urlProblem(c.req.url);
    if (problem) return inputRefusal(problem);
    await next();
  };
}

/** The refusal of a parsed JSON body the guard's rules do not accept, or null for an acceptable one. */
export function jsonRefusal(body: unknown): Response | null {
  const problem = jsonProblem(body);
  return problem ? inputRefusal(problem) : null;
}

function inputRefusal(problem: InputProblem): Response {
  return errorResponse(400, [
    {
      code: 400,
      type: 'invalid_request',
      message: problem.message,
      severity: 'low',
      details: { field: problem.where },
    },
  ]);
}
