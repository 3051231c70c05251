export { clientAddressOf, networkOf } from './client-address';
export type { EnvVars } from './env';
export { ConfigError, parseEnv, portSchema } from './env';
export { closeGracefully, listen, onShutdownSignal } from './http-server';
export { type PeriodicJobLog, startPeriodicJob } from './periodic-job';
export type { RouteEntry, Service, ServiceOptions, ServiceState } from './service';
export { defineService, routeTable } from './service';
export { runStandalone } from './standalone';
export { TokenBuckets } from './token-buckets';
