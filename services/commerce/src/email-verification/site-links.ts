import { LOCALE_CODES, type LocaleCode } from '@catalogue/dataset/model';
import { z } from 'zod';

/** Site locale codes by their lowercase form, which is also their URL prefix (`fr-ca` → `fr-CA`). */
const LOCALES = new Map<string, LocaleCode>(LOCALE_CODES.map((code) => [code.toLowerCase(), code]));

/** The default locale has no URL prefix (the storefront's proxy redirects `/en-us/…` to `/…`). */
const DEFAULT_LOCALE: LocaleCode = 'en-US';

/** A site locale as a client may write it (`fr-ca`, `fr-CA`), as its code; our extension `Locale`. */
export const localeField = z
  .string()
  .transform((value, context) => {
    const code = LOCALES.get(value.toLowerCase());
    if (!code) {
      context.addIssue({
        code: 'custom',
        message: `must be one of the site's locales: ${LOCALE_CODES.join(', ')}`,
      });
      return z.NEVER;
    }
    return code;
  })
  .nullish();

/** The locale a stored value names, or null. */
export function siteLocale(value: string | null | undefined): LocaleCode | null {
  return value ? (LOCALES.get(value.toLowerCase()) ?? null) : null;
}

/** The environment variable in which the single server publishes the address it listens on. */
const LISTEN_ORIGIN_ENV = 'CATALOGUE_LISTEN_ORIGIN';

/**
 * Links to the storefront's pages in mails the commerce service queues. The origin is configured
 * (SITE_ORIGIN) or the address the single server listens on — never a value a caller sent, so a mail can
 * only ever send its reader to the site itself.
 */
export class SiteLinks {
  constructor(private readonly configuredOrigin: string | undefined) {}

  origin(): string {
    if (this.configuredOrigin) return new URL(this.configuredOrigin).origin;
    const listening = process.env[LISTEN_ORIGIN_ENV];
    return listening && URL.canParse(listening) ? new URL(listening).origin : 'http://localhost:3000';
  }

  /** `https://site/fr-ca/verify-email?code=…` for a page path in a locale (none: en-US). */
  page(locale: LocaleCode | null, path: string, query: Record<string, string> = {}): string {
    const code = locale ?? DEFAULT_LOCALE;
    const prefix = code === DEFAULT_LOCALE ? '' : `/${code.toLowerCase()}`;
    const url = new URL(`${prefix}${path}`, this.origin());
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  }
}
