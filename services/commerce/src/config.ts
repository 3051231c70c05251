import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';

const count = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().min(1).default(fallback);

/** Settings of the commerce service (environment variables prefixed COMMERCE_). */
const schema = z.object({
  COMMERCE_TOKEN_ISSUER: z.string().min(1).default('catalogue-commerce'),
  COMMERCE_TOKEN_AUDIENCE: z.string().min(1).default('catalogue-commerce-api'),
  /** Consecutive wrong passwords before a user is locked out, and for how long. */
  COMMERCE_LOCKOUT_ATTEMPTS: count(5),
  COMMERCE_LOCKOUT_MINUTES: count(15),
  /** Token requests allowed per minute from one client address, and password attempts per username. */
  COMMERCE_TOKEN_RATE_PER_ADDRESS: count(300),
  COMMERCE_TOKEN_RATE_PER_USERNAME: count(30),
  /** User xp fields only administrators may set (comma-separated): self-service writes keep them. */
  COMMERCE_SELF_SERVICE_LOCKED_XP: z.string().default('RoleVerified'),
  /** Self-registrations (PUT /me/register) allowed per hour from one client address. */
  COMMERCE_REGISTER_RATE_PER_ADDRESS: count(10),
  /** Memory for the catalogue read cache of buyers' /me/products, /me/catalogs and /me/categories; 0 turns it off. */
  COMMERCE_CACHE_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of megabytes')
    .min(0)
    .max(65536)
    .default(64),
  /** How often due subscriptions are turned into orders, in seconds; 0 turns the job off. */
  COMMERCE_SUBSCRIPTION_INTERVAL_S: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of seconds')
    .min(0)
    .max(86_400)
    .default(60),
  /** Largest request body (JSON or form); larger ones are refused with 413 before they are read. */
  COMMERCE_MAX_BODY_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number of bytes')
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(1024 * 1024),
});

export type CommerceConfig = z.output<typeof schema>;

export function commerceConfigFromEnv(env: EnvVars = process.env): CommerceConfig {
  return parseEnv(schema, env);
}
