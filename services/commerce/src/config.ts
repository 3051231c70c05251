import { type EnvVars, parseEnv } from '@catalogue/service-kit';
import { z } from 'zod';
import { attemptsInWindowFromOneAddress } from './auth/login-throttle';

const count = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().min(1).default(fallback);

const between = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`)
    .default(fallback);

/** Settings that no longer exist, and what replaced them (a start with one set is refused). */
const REPLACED: Record<string, string> = {
  COMMERCE_LOCKOUT_ATTEMPTS:
    'was replaced by COMMERCE_LOGIN_FREE_ATTEMPTS (accounts are no longer locked: wrong passwords are throttled)',
  COMMERCE_LOCKOUT_MINUTES: 'was replaced by COMMERCE_LOGIN_MAX_DELAY_S and COMMERCE_LOGIN_WINDOW_MINUTES',
  COMMERCE_TOKEN_RATE_PER_USERNAME:
    'was replaced by COMMERCE_LOGIN_LIMIT_PER_USERNAME (failed logins per window, shared by every instance)',
};

const httpOrigin = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://catalogue.example.com' })
    .optional(),
);

/** Settings of the commerce service (environment variables prefixed COMMERCE_). */
const schema = z
  .object({
    COMMERCE_TOKEN_ISSUER: z.string().min(1).default('catalogue-commerce'),
    COMMERCE_TOKEN_AUDIENCE: z.string().min(1).default('catalogue-commerce-api'),
    /** Token requests allowed per minute from one client address (each instance counts its own). */
    COMMERCE_TOKEN_RATE_PER_ADDRESS: count(300),
    /**
     * Password logins (auth/login-throttle.ts): wrong passwords for one username from one address before
     * each attempt has to wait, the first wait (doubling after every further failure) and the longest.
     */
    COMMERCE_LOGIN_FREE_ATTEMPTS: between(1, 100, 5),
    COMMERCE_LOGIN_FIRST_DELAY_S: between(1, 3600, 2),
    COMMERCE_LOGIN_MAX_DELAY_S: between(1, 86_400, 900),
    /** The window of the two ceilings below; a pair's failures are also forgotten after a window without any. */
    COMMERCE_LOGIN_WINDOW_MINUTES: between(1, 1440, 15),
    /** Failed logins per window for one username from all addresses, and from one address for all usernames. */
    COMMERCE_LOGIN_LIMIT_PER_USERNAME: between(2, 100_000, 100),
    COMMERCE_LOGIN_LIMIT_PER_ADDRESS: between(1, 100_000, 60),
    /** How long a password reset code works. */
    COMMERCE_RESET_CODE_MINUTES: between(5, 1440, 60),
    /** Password reset requests per hour for one e-mail address (more send nothing) and from one address. */
    COMMERCE_RESET_LIMIT_PER_EMAIL: between(1, 1000, 3),
    COMMERCE_RESET_LIMIT_PER_ADDRESS: between(1, 10_000, 20),
    /** How long the link of an e-mail verification mail works, in hours. */
    COMMERCE_EMAIL_CODE_HOURS: between(1, 168, 24),
    /**
     * Verification mails (registration, "account exists", a new link, a changed address) one e-mail address
     * receives per hour, and those one user's own address changes send per hour.
     */
    COMMERCE_VERIFICATION_MAILS_PER_EMAIL: count(5),
    COMMERCE_VERIFICATION_MAILS_PER_USER: count(5),
    /**
     * The site's public origin (shared with the storefront): where password reset and e-mail verification
     * links point (reset links also on an API client's own LinkOrigins). Unset: the address the single
     * server listens on.
     */
    SITE_ORIGIN: httpOrigin,
    /** Whether the last X-Forwarded-For entry names the client (behind a reverse proxy that appends it). */
    TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
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
    /**
     * Whether buyers' product lists are selected, counted and faceted in the in-memory listing index
     * (`catalog/listing-index/`, tens of MiB at 100,000 SKUs) instead of in SQL; off: every list in SQL.
     */
    COMMERCE_LISTING_INDEX: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    /** How often due subscriptions are turned into orders, in seconds; 0 turns the job off. */
    COMMERCE_SUBSCRIPTION_INTERVAL_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of seconds')
      .min(0)
      .max(86_400)
      .default(60),
    /** How often quotes past their validity are marked Expired, in seconds; 0 turns the job off. */
    COMMERCE_QUOTE_EXPIRY_INTERVAL_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of seconds')
      .min(0)
      .max(86_400)
      .default(60),
    /** How long a sent quote is valid when the seller set no ValidUntil, in days. */
    COMMERCE_QUOTE_VALIDITY_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .min(1)
      .max(3650)
      .default(30),
    /** Days an anonymous shopper's untouched cart is kept before it is deleted; 0 keeps them for ever. */
    COMMERCE_ANONYMOUS_CART_DAYS: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .min(0)
      .max(3650)
      .default(30),
    /** Largest request body (JSON or form); larger ones are refused with 413 before they are read. */
    COMMERCE_MAX_BODY_BYTES: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of bytes')
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(1024 * 1024),
    ...Object.fromEntries(
      Object.entries(REPLACED).map(([name, message]) => [name, z.undefined({ error: message }).optional()]),
    ),
  })
  .superRefine((env, context) => {
    const oneAddress = attemptsInWindowFromOneAddress(
      loginBackoff(env),
      env.COMMERCE_LOGIN_WINDOW_MINUTES * 60,
    );
    if (env.COMMERCE_LOGIN_LIMIT_PER_USERNAME <= oneAddress) {
      context.addIssue({
        code: 'custom',
        path: ['COMMERCE_LOGIN_LIMIT_PER_USERNAME'],
        message: `must be above the ${oneAddress} attempts one address can make in a window with these delays, or one address could keep the account out of reach from all others`,
      });
    }
  });

export type CommerceConfig = z.output<typeof schema>;

export function commerceConfigFromEnv(env: EnvVars = process.env): CommerceConfig {
  return parseEnv(schema, env);
}

/** The growing delays of one username from one address. */
export function loginBackoff(config: {
  COMMERCE_LOGIN_FREE_ATTEMPTS: number;
  COMMERCE_LOGIN_FIRST_DELAY_S: number;
  COMMERCE_LOGIN_MAX_DELAY_S: number;
  COMMERCE_LOGIN_WINDOW_MINUTES: number;
}) {
  return {
    free: config.COMMERCE_LOGIN_FREE_ATTEMPTS,
    firstDelayS: config.COMMERCE_LOGIN_FIRST_DELAY_S,
    maxDelayS: config.COMMERCE_LOGIN_MAX_DELAY_S,
    forgetS: config.COMMERCE_LOGIN_WINDOW_MINUTES * 60,
  };
}
