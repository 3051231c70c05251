import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(max)
    .default(fallback);

/** Settings of the content service (environment variables prefixed CONTENT_). */
const schema = z.object({
  /** Deepest selection a query may make (fields inside fields). */
  CONTENT_MAX_DEPTH: limit(8, 50),
  /** Highest static cost of a query (graphql-armor cost limit: objects 2, scalars 1, ×1.5 per level). */
  CONTENT_MAX_COST: limit(5000, 1_000_000),
  CONTENT_MAX_ALIASES: limit(15, 1000),
  CONTENT_MAX_DIRECTIVES: limit(20, 1000),
  /** Tokens of one query document. */
  CONTENT_MAX_TOKENS: limit(2000, 100_000),
  /** Bytes of one request body (query and variables). */
  CONTENT_MAX_BODY_BYTES: limit(65_536, 10_485_760),
  /** Locales whose content is kept in memory at once (each about 1 MB with the demo data). */
  CONTENT_CACHED_LOCALES: limit(20, 1000),
});

export type ContentConfig = z.output<typeof schema>;

export function contentConfigFromEnv(env: EnvVars = process.env): ContentConfig {
  return parseEnv(schema, env);
}
