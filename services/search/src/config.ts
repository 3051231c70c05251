import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Settings of the search service (environment variables prefixed SEARCH_, plus the commerce link). */
const schema = z.object({
  /** Raw api keys accepted in the Authorization header (comma-separated); none by default. */
  SEARCH_API_KEYS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  /** Whether searches without an Authorization header are answered (public storefront search). */
  SEARCH_PUBLIC_READS: flag.default(true),
  /**
   * Whether events without an Authorization header are stored (the storefront's SDK publishes from the
   * browser, which holds no api key). Unset: yes while no api key is configured, no once one is. With an
   * api key or a commerce token, events are always accepted.
   */
  SEARCH_PUBLIC_EVENTS: flag.optional(),
  /** Bytes of one event publish body (one event or a batch). */
  SEARCH_EVENT_MAX_BODY_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1024)
    .max(1_048_576)
    .default(65_536),
  /**
   * Events one client address may publish per minute, and one visitor (browser id `uuid`, or signed-in
   * user) — at once up to the same number. Api-key publishers (a trusted back end) are not limited.
   */
  SEARCH_EVENT_RATE_PER_ADDRESS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100)
    .max(1_000_000)
    .default(1200),
  SEARCH_EVENT_RATE_PER_VISITOR: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(100, 'must be at least 100 (one full batch)')
    .max(1_000_000)
    .default(120),
  /** Days events are kept; older ones are deleted by the retention job (at least 1). */
  SEARCH_EVENT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(3650)
    .default(90),
  /** How often the retention job runs, in seconds (0 = not on this instance). */
  SEARCH_EVENT_RETENTION_INTERVAL_S: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(86_400)
    .default(3600),
  /** Behind a reverse proxy that appends the client's address to X-Forwarded-For (as the single server's). */
  TRUST_PROXY: flag.default(false),
  /** How often the index reads the change feed when no change signal arrives (ms). */
  SEARCH_FEED_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(50)
    .max(60_000)
    .default(1000),
  /** Search answers kept in memory per instance, keyed by the index version (0 = none). */
  SEARCH_CACHE_ENTRIES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(0)
    .max(1_000_000)
    .default(2000),
  /** Bytes of one request body. */
  SEARCH_MAX_BODY_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1024)
    .max(10_485_760)
    .default(262_144),
  /** The commerce service's URL when it runs in another process (its `/oauth/certs` verify bearer tokens). */
  COMMERCE_SERVICE_URL: z
    .url({ error: 'must be a URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COMMERCE_TOKEN_ISSUER: z.string().min(1).default('catalogue-commerce'),
  COMMERCE_TOKEN_AUDIENCE: z.string().min(1).default('catalogue-commerce-api'),
});

export type SearchConfig = z.output<typeof schema>;

export function searchConfigFromEnv(env: EnvVars = process.env): SearchConfig {
  return parseEnv(schema, env);
}
