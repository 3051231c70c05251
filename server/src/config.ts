import { dataDirFromEnv } from '@catalogue/db';
import { type EnvVars, parseEnv, portSchema } from '@catalogue/service-kit';
import { z } from 'zod';

/**
 * The single server's settings, read once from the environment. DATABASE_URL, DATA_DIR and
 * DATABASE_POOL_SIZE are read by @catalogue/db (databaseConfigFromEnv).
 */
const schema = z.object({
  PORT: portSchema.default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  APP_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
  DATASET_SKUS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(3000),
  DATASET_SEED: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .default(20261122),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(600_000)
    .default(10_000),
  /** Public origin for canonical links; read by the storefront, checked here so a bad value stops the start. */
  SITE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://catalogue.example.com' })
    .optional(),
  /** Memory for rendered pages (page cache, server/src/page-cache/); 0 turns page caching off. */
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(65_536, 'must be at most 65536')
    .default(256),
  /** Set to `never` to start without building the storefront (fails when no build exists). */
  STOREFRONT_BUILD: z.enum(['auto', 'never', 'always']).default('auto'),
  /**
   * `true` behind a reverse proxy that sets X-Forwarded-For: pages then see the proxy's client address.
   * Otherwise the header a visitor sends is replaced by the socket's address, so nobody can pose as
   * another address to the login rate limits.
   */
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export type ServerConfig = z.output<typeof schema> & { DATA_DIR: string };

export function serverConfigFromEnv(env: EnvVars = process.env): ServerConfig {
  return { ...parseEnv(schema, env), DATA_DIR: dataDirFromEnv(env) };
}
