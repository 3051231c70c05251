import { z } from 'zod';
import { sanitiseBodyHtml, sanitiseCss, sanitiseHeadHtml } from '../sanitise';

/**
 * Field shapes shared by the content types' schemas. Plain text is stored as typed (the storefront
 * renders it as text, so markup in it is shown, never run); rich text is HTML, sanitised on save
 * (`format: 'html'` in the type's JSON Schema tells the console which fields those are).
 */

/** A plain text of at most `max` characters (empty allowed: missingTranslations reports it). */
export const text = (max = 2000) => z.string().max(max, `at most ${max} characters`);

/** Rich text: body HTML reduced to the allow-list when the draft is saved. */
export const richText = (max = 100_000) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform(sanitiseBodyHtml)
    .meta({ format: 'html', description: 'HTML, sanitised on save (allow-list)' });

/** Head markup of an SEO block: meta, link and JSON-LD only. */
export const headHtml = (max = 64_000) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform(sanitiseHeadHtml)
    .meta({ format: 'head-html', description: 'meta, link and JSON-LD, sanitised on save' });

export const css = (max = 32_000) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .transform(sanitiseCss)
    .meta({ format: 'css', description: 'CSS, sanitised on save' });

/**
 * A link target: a site path (`/about`, `{base}/projects`, `#top`, `?q=`) or an http(s), mailto or tel
 * URL. Anything else (`javascript:`, `data:`) is refused: links are plain fields, not rich text.
 */
export const href = z
  .string()
  .max(2000, 'at most 2000 characters')
  .regex(
    /^(?:(?:https?:\/\/|mailto:|tel:)[^\s]+|(?:\/|\{base\}|#|\?)[^\s]*)$/i,
    'must be a site path (/…) or an http(s), mailto or tel URL',
  )
  .meta({ format: 'href' });

export const link = z.strictObject({ label: text(200), href });

/** An identifier of a list entry (table, tab, calculator, filter, question, …). */
export const slug = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/,
    'letters, digits, _ . - (at most 200), starting with a letter or digit',
  );

/** A category id (`conduit-fittings.metallic-conduit.emt-conduit`). */
export const categoryId = z
  .string()
  .regex(/^[a-z0-9]+(?:[.-][a-z0-9]+)*$/, 'a category id: lowercase words joined by - and .')
  .max(300);

const ROBOTS_DIRECTIVES = new Set([
  'all',
  'index',
  'noindex',
  'follow',
  'nofollow',
  'none',
  'noarchive',
  'nosnippet',
  'notranslate',
  'noimageindex',
  'indexifembedded',
  'max-snippet',
  'max-image-preview',
  'max-video-preview',
  'unavailable_after',
]);

/** MetaRobots / MetaGooglebot: comma-separated robots directives (`index, follow, max-snippet:-1`). */
export const robots = z
  .string()
  .max(300)
  .refine(
    (value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .every((part) => {
          const [name = '', setting] = part.split(/:(.*)/s);
          return (
            ROBOTS_DIRECTIVES.has(name.trim().toLowerCase()) &&
            (setting === undefined || setting.trim() !== '')
          );
        }),
    `comma-separated robots directives: ${[...ROBOTS_DIRECTIVES].join(', ')} (with :value where one takes it)`,
  );

export const LOCALE_OR_LANGUAGE = /^[a-z]{2}(?:[-_][A-Za-z]{2})?$/;
