import { SEARCH_WIDGET_TYPES } from '@catalogue/dataset';
import { z } from 'zod';
import { defineType } from './definition';
import { css, headHtml, href, LOCALE_OR_LANGUAGE, richText, slug, text } from './fields';

/**
 * The merchandisers' items, read by the search service through its change feed: widgets (search.yaml's
 * `search-widget` items) and rules. Block widgets (banner, HTML, content and SEO blocks) are checked
 * here block by block and their markup sanitised; the other widgets' settings and the rules' filters are
 * interpreted, and checked again, by the search service when it reads them.
 */

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

const widget = <T extends (typeof SEARCH_WIDGET_TYPES)[number]>(types: readonly T[], config: z.ZodType) =>
  z.strictObject({
    type: z.enum(types),
    name: text(200).min(1, 'a widget needs a name'),
    entities: z.array(z.enum(['product', 'content'])).max(2),
    config,
  });

const BODY_BLOCKS = ['banner', 'html_block', 'content_block'] as const;
const OTHERS = SEARCH_WIDGET_TYPES.filter(
  (type): type is Exclude<(typeof SEARCH_WIDGET_TYPES)[number], (typeof BODY_BLOCKS)[number] | 'seo'> =>
    type !== 'seo' && !(BODY_BLOCKS as readonly string[]).includes(type),
);

const searchWidgetSchema = z.discriminatedUnion('type', [
  widget(BODY_BLOCKS, z.strictObject({ blocks: z.array(block(richText(64_000))).max(100) })),
  widget(['seo'], z.strictObject({ blocks: z.array(block(headHtml())).max(100) })),
  widget(OTHERS, settings),
]);

export const searchWidgetType = defineType({
  type: 'search-widget',
  description:
    "A widget of the search service by rfk_id: type, name, entities and its settings; banner, HTML, content and SEO blocks (config.blocks: pages, prefixes, patterns, locales, html, css, …) are sanitised on save. Locale '*' for every locale, or a locale code for that locale's variant.",
  role: 'Merchandiser',
  locales: 'either',
  fixedId: null,
  idOf: null,
  schema: searchWidgetSchema,
  unpublishable: true,
  translated: [],
});

const filter = settings.refine((value) => Object.keys(value).length > 0, 'a filter such as {name, values}');
const slots = z.array(z.number().int().min(1).max(10_000)).max(100);

const searchRuleSchema = z.strictObject({
  /** The rfk_id of the widget the rule applies to. */
  widget: slug,
  keyphrase: text(200).min(1, 'a rule needs a keyphrase'),
  synonyms: z.array(text(200).min(1)).max(50),
  redirect: href.nullable(),
  pin: z.array(z.strictObject({ id: text(200).min(1), slot: z.number().int().min(1).max(10_000) })).max(100),
  boost: z
    .array(
      z.strictObject({ filter, slots: slots.optional(), weight: z.number().min(-1000).max(1000).optional() }),
    )
    .max(50),
  bury: z.strictObject({ filter }).nullable(),
  blacklist: z.strictObject({ filter }).nullable(),
  include: z.array(z.strictObject({ filter, slots })).max(50),
});

export const searchRuleType = defineType({
  type: 'search-rule',
  description:
    'A merchandising rule of a widget for a keyphrase in a locale: synonyms, a redirect, and pin, boost, bury, blacklist and include behaviours (filters in the search wire grammar).',
  role: 'Merchandiser',
  locales: 'either',
  fixedId: null,
  idOf: null,
  schema: searchRuleSchema,
  unpublishable: true,
  translated: [],
});
