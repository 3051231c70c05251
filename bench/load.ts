import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Failed requests: connection errors and timeouts (autocannon counts timeouts among its errors). */
  errors: number;
  /** Of `errors`, requests without an answer within the timeout. */
  timeouts: number;
  non2xx: number;
  /** Answers received (any status). */
  answered: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** Paths (with query) each connection goes through in turn, instead of the URL's own. */
  paths?: string[];
  /**
   * Requests taken in turn by all connections together (one shared counter), so that no request repeats
   * within `rotate.length` consecutive requests, whatever the number of connections.
   */
  rotate?: { path: string; body?: string }[];
  /** Seconds a request may take before autocannon gives up on it and counts a timeout (default 10). */
  timeoutSeconds?: number;
  /** Stop after this many requests instead of after `seconds` (e.g. each request a resource of its own). */
  amount?: number;
}

/** Drives one endpoint with autocannon (20 connections by default) and returns throughput and latency. */
export async function load({
  url,
  method = 'GET',
  headers,
  body,
  connections = 20,
  seconds = 8,
  paths,
  rotate,
  timeoutSeconds = 10,
  amount,
}: LoadOptions) {
  let next = 0;
  const requests = rotate
    ? [
        {
          method,
          // Called before every request: the next entry of the shared rotation.
          setupRequest: (request: Request): Request => {
            const entry = rotate[next++ % rotate.length] ?? rotate[0];
            return {
              ...request,
              method,
              path: entry?.path ?? '/',
              ...(entry?.body ? { body: entry.body } : {}),
            };
          },
        },
      ]
    : paths?.map((path) => ({ method, path }));
  const result = await autocannon({
    url,
    method,
    connections,
    ...(amount === undefined ? { duration: seconds } : { amount }),
    ...(headers ? { headers } : {}),
    ...(body ? { body } : {}),
    timeout: timeoutSeconds,
    ...(requests ? { requests } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    answered: result.requests.total,
  } satisfies LoadResult;
}
