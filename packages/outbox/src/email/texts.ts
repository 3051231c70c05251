import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';

export const DEFAULT_LOCALE = 'en-US';

/** The texts of one locale for a mail: the content service's dictionary and the site name. */
export interface MailTexts {
  /** The locale whose texts these are (the requested one, or en-US when it has none). */
  locale: string;
  /** `fr` for fr-CA: the `lang` of the HTML part and the Content-Language header. */
  language: string;
  siteName: string;
  /** The dictionary's phrase with its `{placeholders}` filled in; a missing key is an error. */
  t(key: string, values?: Readonly<Record<string, string | number>>): string;
}

/**
 * Reads the `dictionary` and `site` content items of `locale` (en-US when the locale has none), the same
 * rows the content service answers from, so mail texts are edited like every other UI text
 * (`packages/dataset/data/dictionary.yaml`). Missing texts are an error, retried by the outbox: a mail is
 * never sent with a made-up text.
 */
export async function mailTexts(db: Db, locale: string | undefined): Promise<MailTexts> {
  const wanted = locale ?? DEFAULT_LOCALE;
  const rows = await queryRows<{ type: string; locale: string; data: unknown }>(
    db,
    sql`select type, locale, data from content_items
        where ((type = 'dictionary' and id = 'ui') or (type = 'site' and id = 'site'))
          and locale in (${wanted}, ${DEFAULT_LOCALE})`,
  );
  const chosen = rows.some((r) => r.type === 'dictionary' && r.locale === wanted) ? wanted : DEFAULT_LOCALE;
  const dictionary = rows.find((r) => r.type === 'dictionary' && r.locale === chosen)?.data as
    | Record<string, unknown>
    | undefined;
  const site = rows.find((r) => r.type === 'site' && r.locale === chosen)?.data as
    | { name?: unknown }
    | undefined;
  if (!dictionary) {
    throw new Error(`no dictionary content item for ${wanted} or ${DEFAULT_LOCALE}: load the dataset`);
  }
  if (typeof site?.name !== 'string') {
    throw new Error(`no site content item with a name for ${chosen}: load the dataset`);
  }
  return textsFrom(chosen, dictionary, site.name);
}

/** The texts of `locale` from its dictionary and site name (read by `mailTexts`; tests build them from the data files). */
export function textsFrom(
  locale: string,
  dictionary: Readonly<Record<string, unknown>>,
  siteName: string,
): MailTexts {
  return {
    locale,
    language: locale.split('-')[0] ?? 'en',
    siteName,
    t(key, values = {}) {
      const phrase = dictionary[key];
      if (typeof phrase !== 'string') throw new Error(`the ${locale} dictionary has no text for ${key}`);
      const all: Record<string, string | number> = { siteName, ...values };
      return phrase.replace(/\{(\w+)\}/g, (match, name: string) =>
        Object.hasOwn(all, name) ? String(all[name]) : match,
      );
    },
  };
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
