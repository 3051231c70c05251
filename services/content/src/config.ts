import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';

const limit = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(max)
    .default(fallback);

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Settings of the content service (environment variables prefixed CONTENT_, plus the site's). */
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
  /** Hours a newsletter confirmation link works; an unconfirmed sign-up is deleted after that. */
  CONTENT_NEWSLETTER_CONFIRM_HOURS: limit(48, 24 * 30),
  /** Newsletter sign-ups one client address may make per hour (in memory, per instance). */
  CONTENT_NEWSLETTER_RATE_PER_ADDRESS: limit(10, 100_000),
  /** Confirmation mails one e-mail address receives per 24 hours (in the database: every instance). */
  CONTENT_NEWSLETTER_MAILS_PER_EMAIL: limit(3, 100),
  /** How often lapsed sign-ups are deleted, in seconds (0 = not on this instance). */
  CONTENT_NEWSLETTER_CLEANUP_INTERVAL_S: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(86_400)
    .default(3600),
  /**
   * The site's public origin, which confirmation links point to; unset, the address the single server
   * listens on. Never taken from a request: a mail must not link to wherever a caller says.
   */
  SITE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The largest data of one content item a draft may hold, in bytes of UTF-8 JSON (the write API). */
  CONTENT_MAX_ITEM_BYTES: limit(262_144, 10_485_760),
  /**
   * Bytes of one request body that carries `Authorization: Bearer` (an editor's save holds a whole item:
   * a locale's dictionary is about 50 KB); other requests keep CONTENT_MAX_BODY_BYTES.
   */
  CONTENT_MAX_WRITE_BODY_BYTES: limit(524_288, 20_971_520),
  /**
   * How often scheduled publications that are due are carried out, in seconds (0 = not on this instance):
   * a publication goes out at most this long after its time.
   */
  CONTENT_SCHEDULE_INTERVAL_S: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .max(3600)
    .default(30),
  /**
   * The commerce service's URL when it runs in another process: editors' access tokens are verified
   * against its published keys and introspection. Unset: in-process (the single server).
   */
  COMMERCE_SERVICE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COMMERCE_TOKEN_ISSUER: z.string().min(1).default('catalogue-commerce'),
  COMMERCE_TOKEN_AUDIENCE: z.string().min(1).default('catalogue-commerce-api'),
  /** Behind a reverse proxy that appends the client's address to X-Forwarded-For. */
  TRUST_PROXY: flag.default(false),
});

export type ContentConfig = z.output<typeof schema>;

export function contentConfigFromEnv(env: EnvVars = process.env): ContentConfig {
  return parseEnv(schema, env);
}
