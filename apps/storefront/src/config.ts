/**
 * The storefront's settings, read from the environment of the server process. The server validates
 * APP_ENV when it starts (server/src/config.ts); here an unknown value counts as not production.
 */
export interface StorefrontConfig {
  /** Only production pages may be indexed (spec §2: elsewhere every page is noindex,nofollow). */
  production: boolean;
  /** Public origin for canonical links (`https://catalogue.example.com`); null: the request's own host. */
  siteOrigin: URL | null;
  /**
   * Base URL of the content service (`https://content.internal/content`) when it runs elsewhere; null:
   * the instance this process serves, called in-process.
   */
  contentServiceUrl: string | null;
}

export function storefrontConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): StorefrontConfig {
  return {
    production: env.APP_ENV === 'production',
    siteOrigin: parseOrigin(env.SITE_ORIGIN),
    contentServiceUrl: parseServiceUrl('CONTENT_SERVICE_URL', env.CONTENT_SERVICE_URL),
  };
}

function parseOrigin(value: string | undefined): URL | null {
  if (!value?.trim()) return null;
  const url = new URL(value.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`SITE_ORIGIN must be an http(s) URL, got ${value}`);
  }
  return new URL(url.origin);
}

function parseServiceUrl(name: string, value: string | undefined): string | null {
  if (!value?.trim()) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, got ${value}`);
  }
  return url.toString().replace(/\/+$/, '');
}
