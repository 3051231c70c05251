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
