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
  })
  .superRefine((env, context) => {
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

export interface StorefrontConfig {
  /** Only production pages may be indexed (spec §2: elsewhere every page is noindex,nofollow). */
  production: boolean;
  /** Public origin for canonical links (`https://catalogue.example.com`); null: the request's own host. */
  siteOrigin: URL | null;
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
  };
}

function withQuery(base: string, name: string, value: string): string {
  const url = new URL(base);
  url.searchParams.set(name, value);
  return url.href;
}
