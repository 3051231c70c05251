import { z } from 'zod';

/**
 * The storefront's settings, read from the environment of the server process and validated with zod.
 * The server calls `storefrontConfig()` once when it starts (server/src/main.ts), so a bad value stops
 * the start with a message naming the variable; pages call it again (memoised per environment object).
 *
 * Third-party scripts (spec §1, §2): each is off until its variable is set. The session recording and
 * the site-verification tag exist only in Production.
 */

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` });

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const schema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
    SITE_ORIGIN: optional(httpUrl('https://catalogue.example.com')),
    /**
     * How long a password reset code works (the commerce service reads the same variable); the forgotten
     * password page says so.
     */
    COMMERCE_RESET_CODE_MINUTES: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(5, 'must be from 5 to 1440')
      .max(1440, 'must be from 5 to 1440')
      .default(60),
    /** Behind a reverse proxy that sets X-Forwarded-For/-Host/-Proto (the single server reads it too). */
    TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
    /** The content service's base URL when it runs elsewhere; unset: the instance of this process. */
    CONTENT_SERVICE_URL: optional(httpUrl('http://content.internal:4003')),
    /** Google Tag Manager container (`GTM-XXXXXXX`). */
    TAG_MANAGER_ID: optional(z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-ABC1234')),
    TAG_MANAGER_SCRIPT_URL: httpUrl('https://www.googletagmanager.com/gtm.js').default(
      'https://www.googletagmanager.com/gtm.js',
    ),
    /** Google Analytics measurement id (`G-XXXXXXXXXX`). */
    ANALYTICS_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]{4,16}$/, 'must look like G-ABCDE12345')),
    ANALYTICS_SCRIPT_URL: httpUrl('https://www.googletagmanager.com/gtag/js').default(
      'https://www.googletagmanager.com/gtag/js',
    ),
    /** The consent manager's script. */
    CONSENT_SCRIPT_URL: optional(httpUrl('https://consent.example.com/banner.js')),
    /** Session recording (Production only); `{id}` in the URL is replaced by SESSION_RECORDING_ID. */
    SESSION_RECORDING_SCRIPT_URL: optional(httpUrl('https://www.clarity.ms/tag/{id}')),
    SESSION_RECORDING_ID: optional(
      z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, - or _'),
    ),
    /** Search-console site verification token (Production only), rendered as a meta tag. */
    SITE_VERIFICATION_TOKEN: optional(
      z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8–128 letters, digits, - or _'),
    ),
    /**
     * The prefabrication app the product toolbar's Prefab button opens in a new tab (spec §4); `{productId}`
     * and `{locale}` are filled in. Unset: the storefront's own prefab page of the product.
     */
    PREFAB_APP_URL: optional(httpUrl('https://prefab.example.com/start?sku={productId}&locale={locale}')),
    /**
     * The sales team's mailbox (the outbox worker reads the same variable for quote requests): the
     * Reply-To of the mails `/api/sendEmail` sends to a user.
     */
    SALES_EMAIL: z
      .string()
      .trim()
      .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
        error: 'must be an address such as sales@example.com or "Sales <sales@example.com>"',
      })
      .default('Sales team <sales@catalogue.localhost>'),
    /**
     * `/api/sendEmail` mails per hour for one user, and for one address (several accounts may share one),
     * counted in the database so every instance counts together.
     */
    SEND_EMAIL_PER_USER_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(10),
    SEND_EMAIL_PER_ADDRESS_PER_HOUR: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1000, 'must be at most 1000')
      .default(20),
    /**
     * The marketing-automation platform's OAuth token endpoint (client-credentials grant). Set: the
     * storefront's `/api/marketing/getAccessToken` hands out that platform's token; unset: a short-lived
     * token the storefront signs itself (MARKETING_TOKEN_SECRET).
     */
    MARKETING_TOKEN_URL: optional(httpUrl('https://marketing.example.com/oauth/token')),
    MARKETING_CLIENT_ID: optional(z.string().trim().min(1).max(500)),
    MARKETING_CLIENT_SECRET: optional(z.string().min(1).max(2000)),
    /**
     * The key (32+ characters) of the storefront's own marketing tokens; every instance must share it.
     * Unset: a random key per process (one instance, or tokens used on the instance that issued them).
     */
    MARKETING_TOKEN_SECRET: optional(z.string().min(32, 'must be at least 32 characters').max(512)),
    /** Lifetime of the storefront's own marketing tokens, in seconds. */
    MARKETING_TOKEN_TTL_S: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(30, 'must be at least 30')
      .max(86_400, 'must be at most 86400')
      .default(600),
  })
  .superRefine((env, context) => {
    if (env.MARKETING_TOKEN_URL) {
      for (const name of ['MARKETING_CLIENT_ID', 'MARKETING_CLIENT_SECRET'] as const) {
        if (!env[name])
          context.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when MARKETING_TOKEN_URL is set',
          });
      }
    }
    const url = env.SESSION_RECORDING_SCRIPT_URL;
    if (url?.includes('%7Bid%7D') || url?.includes('{id}')) {
      if (!env.SESSION_RECORDING_ID) {
        context.addIssue({
          code: 'custom',
          path: ['SESSION_RECORDING_ID'],
          message: 'is required when SESSION_RECORDING_SCRIPT_URL contains {id}',
        });
      }
    } else if (env.SESSION_RECORDING_ID && !url) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_RECORDING_SCRIPT_URL'],
        message: 'is required when SESSION_RECORDING_ID is set',
      });
    }
  });

/** A script the shell loads after the page is interactive. */
export interface ThirdPartyScript {
  src: string;
}

export interface TrackingConfig {
  /** GTM container and its script URL (`…/gtm.js?id=GTM-…`); loaded only while tracking consent is on. */
  tagManager: { id: string; src: string } | null;
  /** Analytics (gtag) measurement id and script URL; loaded only while tracking consent is on. */
  analytics: { id: string; src: string } | null;
  /** The consent manager's script, loaded whatever the choice (it is what records the choice). */
  consent: ThirdPartyScript | null;
  /** Production only; loaded only while tracking consent is on. */
  sessionRecording: ThirdPartyScript | null;
}

/** Whether any third-party script is configured (without one, pages do not load the scripts' component). */
export function hasTrackingScripts(config: TrackingConfig): boolean {
  return Boolean(config.consent || config.tagManager || config.analytics || config.sessionRecording);
}

export interface StorefrontConfig {
  /** Only production pages may be indexed (spec §2: elsewhere every page is noindex,nofollow). */
  production: boolean;
  /** Public origin for canonical links (`https://catalogue.example.com`); null: the request's own host. */
  siteOrigin: URL | null;
  /** Whether X-Forwarded-Host and X-Forwarded-Proto come from a proxy we trust (TRUST_PROXY). */
  trustProxy: boolean;
  /** How long a password reset code works, in minutes (COMMERCE_RESET_CODE_MINUTES). */
  passwordResetMinutes: number;
  /**
   * Base URL of the content service (`http://content.internal:4003`) when it runs elsewhere; null: the
   * instance this process serves, called in-process.
   */
  contentServiceUrl: string | null;
  tracking: TrackingConfig;
  /** Production only. */
  siteVerificationToken: string | null;
  /** The prefab app's URL template (`{productId}`, `{locale}`); null: the storefront's prefab page. */
  prefabAppUrl: string | null;
  /** The sales team's mailbox (Reply-To of `/api/sendEmail` mails). */
  salesEmail: string;
  /** `/api/sendEmail`'s limits: mails per hour for one user and for one address. */
  sendEmailLimits: { perUserPerHour: number; perAddressPerHour: number };
  marketing: MarketingConfig;
}

/** Where `/api/marketing/getAccessToken` gets its tokens. */
export interface MarketingConfig {
  /** The platform's client-credentials endpoint and client; null: the storefront's own signed tokens. */
  tokenEndpoint: { url: string; clientId: string; clientSecret: string } | null;
  /** The key of the storefront's own tokens; null: a random key per process. */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
}

/** A bad storefront setting; the server prints the message and exits with code 2. */
export class StorefrontConfigError extends Error {
  override name = 'StorefrontConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

let memo: { env: Env; config: StorefrontConfig } | null = null;

export function storefrontConfig(env: Env = process.env): StorefrontConfig {
  if (memo?.env === env) return memo.config;
  const config = parseStorefrontConfig(env);
  memo = { env, config };
  return config;
}

function parseStorefrontConfig(env: Env): StorefrontConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = env[name];
      return `  ${name}=${value === undefined ? '(unset)' : JSON.stringify(value)}: ${issue.message}`;
    });
    throw new StorefrontConfigError(`Invalid storefront configuration:\n${problems.join('\n')}`);
  }
  const values = result.data;
  const production = values.APP_ENV === 'production';
  const recordingUrl = values.SESSION_RECORDING_SCRIPT_URL;
  return {
    production,
    siteOrigin: values.SITE_ORIGIN ? new URL(new URL(values.SITE_ORIGIN).origin) : null,
    trustProxy: values.TRUST_PROXY === 'true',
    passwordResetMinutes: values.COMMERCE_RESET_CODE_MINUTES,
    contentServiceUrl: values.CONTENT_SERVICE_URL ? values.CONTENT_SERVICE_URL.replace(/\/+$/, '') : null,
    tracking: {
      tagManager: values.TAG_MANAGER_ID
        ? {
            id: values.TAG_MANAGER_ID,
            src: withQuery(values.TAG_MANAGER_SCRIPT_URL, 'id', values.TAG_MANAGER_ID),
          }
        : null,
      analytics: values.ANALYTICS_MEASUREMENT_ID
        ? {
            id: values.ANALYTICS_MEASUREMENT_ID,
            src: withQuery(values.ANALYTICS_SCRIPT_URL, 'id', values.ANALYTICS_MEASUREMENT_ID),
          }
        : null,
      consent: values.CONSENT_SCRIPT_URL ? { src: values.CONSENT_SCRIPT_URL } : null,
      sessionRecording:
        production && recordingUrl
          ? {
              src: recordingUrl.replace(
                /\{id\}|%7Bid%7D/g,
                encodeURIComponent(values.SESSION_RECORDING_ID ?? ''),
              ),
            }
          : null,
    },
    siteVerificationToken: production ? (values.SITE_VERIFICATION_TOKEN ?? null) : null,
    prefabAppUrl: values.PREFAB_APP_URL ?? null,
    salesEmail: values.SALES_EMAIL,
    sendEmailLimits: {
      perUserPerHour: values.SEND_EMAIL_PER_USER_PER_HOUR,
      perAddressPerHour: values.SEND_EMAIL_PER_ADDRESS_PER_HOUR,
    },
    marketing: {
      tokenEndpoint:
        values.MARKETING_TOKEN_URL && values.MARKETING_CLIENT_ID && values.MARKETING_CLIENT_SECRET
          ? {
              url: values.MARKETING_TOKEN_URL,
              clientId: values.MARKETING_CLIENT_ID,
              clientSecret: values.MARKETING_CLIENT_SECRET,
            }
          : null,
      tokenSecret: values.MARKETING_TOKEN_SECRET ?? null,
      tokenTtlSeconds: values.MARKETING_TOKEN_TTL_S,
    },
  };
}

function withQuery(base: string, name: string, value: string): string {
  const url = new URL(base);
  url.searchParams.set(name, value);
  return url.href;
}
