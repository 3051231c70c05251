import { storefrontConfig } from '../config';

/**
 * The environment variable in which the single server publishes the address it listens on
 * (server/src/main.ts), the origin of canonical links when SITE_ORIGIN is not set.
 */
export const LISTEN_ORIGIN_ENV = 'CATALOGUE_LISTEN_ORIGIN';

/**
 * The origin canonical and alternate links are built on: SITE_ORIGIN when set, else the address the
 * server listens on (`http://localhost:3000`). Never the request's Host header: pages are cached for
 * every visitor alike, so one visitor's Host (a typo, or a forged header) would end up in everyone's page.
 */
export async function siteOrigin(): Promise<URL> {
  const configured = storefrontConfig().siteOrigin;
  if (configured) return configured;
  const listening = process.env[LISTEN_ORIGIN_ENV];
  return new URL(listening && URL.canParse(listening) ? new URL(listening).origin : 'http://localhost:3000');
}
