import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
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
}: LoadOptions) {
  const result = await autocannon({
    url,
    method,
    connections,
    duration: seconds,
    ...(headers ? { headers } : {}),
    ...(body ? { body } : {}),
    ...(paths ? { requests: paths.map((path) => ({ method, path })) } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}
