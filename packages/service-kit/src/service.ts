/** What the single server and the standalone runner need to know about one service. */
export type ServiceState = 'ready' | 'stopping';

export interface Service {
  /** Short name used in logs and in /healthz (`commerce`, `search`, `content`). */
  name: string;
  /** Path prefix the service answers under: '/ordercloud' in the single server, '' standalone. */
  basePath: string;
  /** Web-standard handler (a Hono app's `fetch`). */
  fetch: (request: Request) => Response | Promise<Response>;
  state(): ServiceState;
  /** Marks the service as stopping (reported by /healthz) before the HTTP server closes. */
  stop(): void;
}

export interface ServiceOptions {
  basePath: string;
}

/** Wraps a service's handler with the lifecycle every service shares. */
export function defineService(
  name: string,
  basePath: string,
  fetch: (request: Request) => Response | Promise<Response>,
): Service {
  let stopping = false;
  return {
    name,
    basePath,
    fetch,
    state: () => (stopping ? 'stopping' : 'ready'),
    stop: () => {
      stopping = true;
    },
  };
}

/** One route of a service: method and path pattern (`/v1/buyers/:buyerID`). */
export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * A Hono app's route table (`app.routes`) without its middleware (`ALL`) and duplicates: what the
 * authorisation matrix and the input fuzz call, so a new route is tested without being listed anywhere.
 */
export function routeTable(routes: readonly RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return routes
    .filter((route) => route.method !== 'ALL')
    .map(({ method, path }) => ({ method, path }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
