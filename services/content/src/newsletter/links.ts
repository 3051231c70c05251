import type { LocaleInfo } from '@catalogue/dataset';
import type { ContentConfig } from '../config';

/** Where the single server publishes the address it listens on (server/src/main.ts). */
const LISTEN_ORIGIN_ENV = 'CATALOGUE_LISTEN_ORIGIN';

/**
 * The site's origin for links in mails: SITE_ORIGIN, else the address the single server listens on, else
 * `http://localhost:3000` — never a request's Host or a caller's URL.
 */
export function siteOriginOf(config: Pick<ContentConfig, 'SITE_ORIGIN'>, env = process.env): string {
  if (config.SITE_ORIGIN) return new URL(config.SITE_ORIGIN).origin;
  const listening = env[LISTEN_ORIGIN_ENV];
  return listening && URL.canParse(listening) ? new URL(listening).origin : 'http://localhost:3000';
}

/**
 * The confirmation page of the sign-up's locale with its token: `/newsletter/confirm` under the locale's
 * URL prefix (none for en-US), as the storefront routes it (`app/[locale]/newsletter/confirm`).
 */
export function confirmationLink(
  origin: string,
  locale: Pick<LocaleInfo, 'urlPrefix'>,
  token: string,
): string {
  const prefix = locale.urlPrefix ? `/${locale.urlPrefix}` : '';
  return `${origin}${prefix}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}
