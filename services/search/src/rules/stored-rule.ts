import { z } from 'zod';
import { words } from '../engine/analysis';
import { type Rule, ruleSchema } from '../wire/request';

/**
 * Merchandising rules: `search-rule` content items (id = the rule's id, locale = a locale code or `*` for
 * every locale, data = the shape below). They live beside the `search-widget` items and travel the same
 * way: the engine reads them with the site data and follows their edits through the change feed
 * (`content:search-rule…` tags), so every instance applies an edit within the feed interval. The admin API
 * (`src/admin/rules`) writes them; packages/dataset/data/search.yaml seeds the demo's.
 */
export const SEARCH_RULE_TYPE = 'search-rule';

/** Widget types whose answers rules change: search results, preview search, recommendations. */
export const RULE_WIDGET_TYPES = ['content_grid', 'preview_search', 'recommendation'] as const;

/** A word or phrase as a merchandiser writes it: it must hold a letter or digit to ever match. */
const phrase = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200)
  .refine((text) => words(text).length > 0, 'must hold a letter or digit')
  .refine((text) => words(text).length <= 8, 'at most 8 words');

export const synonymSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('equivalent'), terms: z.array(phrase).min(2).max(20) }).strict(),
  z.object({ type: z.literal('one_way'), from: phrase, to: z.array(phrase).min(1).max(20) }).strict(),
]);
export type SynonymRule = z.infer<typeof synonymSchema>;

/**
 * Where a redirect may send the shopper: a path of this site (`/…`, with `{base}` for the locale's URL
 * prefix) or an http(s) address. Anything else (`javascript:`, `//host`, `data:`) is refused.
 */
export const redirectUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((url) => {
    if (url.startsWith('/') || url.startsWith('{base}/') || url === '{base}') return !/^\/[/\\]/.test(url);
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'must be a site path (/…, {base}/…) or an http(s) URL');

const wire = ruleSchema.shape;
const rfkId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be an rfk_id (letters, digits, _ . -)');

/**
 * The fields of a rule: the data of its content item, and the admin API's body without id, locale and
 * version. One list, so the stored shape and the API's cannot drift apart.
 */
export const ruleFields = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  /** The widgets (rfk_ids) it applies to. */
  widgets: z.array(rfkId).min(1).max(20),
  /** Only for these keyphrases; for every search (and every recommendation) when empty. */
  keyphrases: z.array(phrase).max(100).default([]),
  /** `exact`: the keyphrase is one of them (case, accents and punctuation aside); `contains`: holds one. */
  match: z.enum(['exact', 'contains']).default('exact'),
  enabled: z.boolean().default(true),
  synonyms: z.array(synonymSchema).max(200).default([]),
  redirect: z.object({ url: redirectUrl }).strict().nullable().default(null),
  pin: wire.pin.unwrap().default([]),
  boost: wire.boost.unwrap().default([]),
  bury: wire.bury.unwrap().nullable().default(null),
  blacklist: wire.blacklist.unwrap().nullable().default(null),
  include: wire.include.unwrap().default([]),
};

/** The refusal of a rule that would change nothing. */
export const doesSomething = [
  (rule: {
    synonyms: unknown[];
    redirect: unknown;
    pin: unknown[];
    boost: unknown[];
    bury: unknown;
    blacklist: unknown;
    include: unknown[];
  }) =>
    rule.synonyms.length > 0 ||
    rule.redirect !== null ||
    rule.pin.length > 0 ||
    rule.boost.length > 0 ||
    rule.bury !== null ||
    rule.blacklist !== null ||
    rule.include.length > 0,
  { message: 'a rule must do something: synonyms, redirect, pin, boost, bury, blacklist or include' },
] as const;

/** What a rule holds (the data of its `search-rule` content item). */
export const ruleDataSchema = z
  .object(ruleFields)
  .strict()
  .refine(...doesSomething);
export type RuleData = z.output<typeof ruleDataSchema>;

/** A stored rule with what identifies it. */
export interface StoredRule {
  id: string;
  /** A locale code or `*`. */
  locale: string;
  /** The content's version (`contentVersion`): changes with every edit. */
  version: string;
  data: RuleData;
}

/** The rule's product placements in the wire's rule shape, which the engine applies. */
export function wireRule(data: RuleData): Rule {
  return {
    pin: data.pin,
    boost: data.boost,
    include: data.include,
    ...(data.bury ? { bury: data.bury } : {}),
    ...(data.blacklist ? { blacklist: data.blacklist } : {}),
  };
}
