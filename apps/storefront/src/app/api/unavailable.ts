import { databaseUnavailable } from '@catalogue/db/unavailable';

/**
 * "Busy, try again shortly" passed on by the storefront's `/api/*` routes: the database they write to
 * directly (outbox rows) refused the work for a while, or a service they call in-process (commerce
 * through the SDK, content, search) answered 503. The route answers 503 with the service's
 * `Retry-After` in its own error shape (`{error}`), instead of turning it into a 500 or 502.
 */

const FALLBACK_RETRY_AFTER_SECONDS = 1;

/** What an in-process service's 503 looks like once thrown: the SDK's OrderCloudError carries it. */
interface ServiceRefusal {
  status?: unknown;
  response?: { headers?: Record<string, unknown> };
  retryAfterSeconds?: unknown;
}

/** A 503 of a service the storefront calls with `callService` itself (not through the SDK). */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  readonly status = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  /** The error for a service's answer, or null when it is not a 503. */
  static of(service: string, answer: Response): ServiceUnavailableError | null {
    if (answer.status !== 503) return null;
    const header = Number(answer.headers.get('retry-after'));
    return new ServiceUnavailableError(
      `The ${service} service is busy (503).`,
      Number.isFinite(header) && header > 0 ? header : FALLBACK_RETRY_AFTER_SECONDS,
    );
  }
}

/**
 * Seconds to wait before retrying, when `error` or what it wraps (`cause`, e.g. a ProjectError around the
 * SDK's error) is such a refusal; else null.
 */
export function retryAfterOf503(error: unknown): number | null {
  let refused = false;
  for (let e: unknown = error, depth = 0; e && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const database = databaseUnavailable(e);
    if (database) return database.retryAfterSeconds;
    const { status, response, retryAfterSeconds } = e as ServiceRefusal;
    if (status !== 503) continue;
    refused = true;
    const header = Number(retryAfterSeconds ?? response?.headers?.['retry-after']);
    if (Number.isFinite(header) && header > 0) return header;
  }
  return refused ? FALLBACK_RETRY_AFTER_SECONDS : null;
}

/** The route's 503 answer for such a refusal, or null for any other error. */
export function unavailableAnswer(error: unknown): Response | null {
  const retryAfter = retryAfterOf503(error);
  if (retryAfter === null) return null;
  console.warn(`[api] a service is busy: answered 503 (retry after ${retryAfter} s)`);
  return Response.json(
    { error: 'The service is busy; nothing was changed. Try again in a moment.' },
    { status: 503, headers: { 'retry-after': String(retryAfter), 'cache-control': 'no-store' } },
  );
}

/**
 * A route handler that answers such a refusal with 503 instead of letting Next answer 500; any other
 * error goes on as before.
 */
export function answeringUnavailable<Args extends unknown[], R extends Response>(
  handler: (...args: Args) => Promise<R>,
): (...args: Args) => Promise<R | Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      const answer = unavailableAnswer(error);
      if (answer) return answer;
      throw error;
    }
  };
}
