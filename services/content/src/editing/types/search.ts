import type { SEARCH_WIDGET_TYPES } from '@catalogue/dataset';
import { z } from 'zod';
import { defineType } from './definition';
import { css, headHtml, LOCALE_OR_LANGUAGE, richText, slug, text } from './fields';

/**
 * Search widgets (`search-widget` items, read by the search service through its change feed) whose
 * settings are content: banner, HTML, content and SEO blocks, checked here block by block and their
 * markup sanitised, and the questions widget. The settings of search and recommendation widgets, and
 * the merchandising rules (`search-rule`), are written through the search service's admin API, which
 * checks them against the site (attributes, widgets): one writer per item, one set of checks.
 */

/** Where the other widget settings and the rules are edited. */
export const SEARCH_ADMIN_API =
  "the search service's admin API (/discover/admin/v1/widgets and /rules), which checks them against the site";

/** A JSON object of settings, bounded in size (the input guard bounds its depth and width). */
const settings = z.record(z.string().max(100), z.unknown());

const pathList = z.array(z.string().max(300).regex(/^\//, 'a path starting with /')).max(100);

/** One block of a block widget (services/search/src/blocks/config.ts reads them). */
const block = (html: z.ZodType<string>) =>
  z.strictObject({
    pages: pathList.optional(),
    prefixes: pathList.optional(),
    patterns: pathList.optional(),
    locales: z
      .array(z.string().regex(LOCALE_OR_LANGUAGE, 'a locale code or a language (en-US, fr)'))
      .max(20)
      .optional(),
    html: html.optional(),
    css: css().optional(),
    cssNames: z.array(slug).max(20).optional(),
    content: z.array(settings).max(100).optional(),
    variables: settings.optional(),
  });

type WidgetType = (typeof SEARCH_WIDGET_TYPES)[number];

const widget = <T extends WidgetType>(types: readonly [T, ...T[]], config: z.ZodType) =>
  z.strictObject({
    type: z.enum(types),
    name: text(200).min(1, 'a widget needs a name'),
    entities: z.array(z.enum(['product', 'content'])).max(2),
    config,
  });

const BODY_BLOCKS = ['banner', 'html_block', 'content_block'] as const;
const SETTINGS_TYPES = [
  'content_grid',
  'preview_search',
  'recommendation',
] as const satisfies readonly WidgetType[];

const searchWidgetSchema = z.discriminatedUnion('type', [
  widget(BODY_BLOCKS, z.strictObject({ blocks: z.array(block(richText(64_000))).max(100) })),
  widget(['seo'], z.strictObject({ blocks: z.array(block(headHtml())).max(100) })),
  widget(['questions_answers'], settings),
  z.looseObject({ type: z.enum(SETTINGS_TYPES) }).refine(() => false, {
    message: `the settings of this widget type are edited through ${SEARCH_ADMIN_API}`,
    path: ['type'],
  }),
]);

export const searchWidgetType = defineType({
  type: 'search-widget',
  description:
    "A content widget of the search service by rfk_id: banner, HTML, content and SEO blocks (config.blocks: pages, prefixes, patterns, locales, html, css, cssNames, content, variables; markup sanitised on save) and the questions widget. Locale '*' for every locale, or a locale code for that locale's variant. Search and recommendation widgets' settings are edited through the search service's admin API.",
  role: 'Merchandiser',
  locales: 'either',
  fixedId: null,
  idOf: null,
  schema: searchWidgetSchema,
  unpublishable: true,
  translated: [],
});

/** Types of content_items whose writer is another service's API: the role they need, and where. */
export const WRITTEN_ELSEWHERE: Record<string, { role: 'Merchandiser'; where: string }> = {
  'search-rule': { role: 'Merchandiser', where: SEARCH_ADMIN_API },
};
