import { z } from 'zod';
import { filterSchema, ruleFilterSchema } from '../wire/request';

/**
 * The `config` of search widgets (`content_grid`, `preview_search`) in search.yaml. Checked when a
 * widget answers: a bad configuration is that widget's error, never a crash.
 */

const localizedLabel = z.union([z.string(), z.record(z.string(), z.string())]);

export const sortChoiceSchema = z.object({
  name: z.string().min(1),
  label: localizedLabel.optional(),
  /** 'relevance', 'name', or an attribute (column) name. */
  by: z.string().min(1).default('relevance'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type SortChoiceConfig = z.infer<typeof sortChoiceSchema>;

export const facetConfigSchema = z.object({
  name: z.string().min(1),
  /** The attribute (column) behind the facet; the name by default. */
  attribute: z.string().min(1).optional(),
  label: localizedLabel.optional(),
  /** Attribute id in the `attributes` content item whose option labels name the values. */
  labels: z.string().optional(),
  max: z.number().int().min(1).max(100).optional(),
  min_count: z.number().int().min(0).optional(),
});
export type FacetConfig = z.infer<typeof facetConfigSchema>;

/** A rule from configuration: the wire's rule shape plus an id and an optional keyphrase trigger. */
export const configRuleSchema = z.object({
  id: z.string().min(1),
  version: z.union([z.string(), z.number()]).transform(String).default('1'),
  /** Only when the keyphrase (folded) is one of these; always when unset. */
  keyphrases: z.array(z.string()).optional(),
  blacklist: z.object({ filter: ruleFilterSchema }).optional(),
  bury: z.object({ filter: ruleFilterSchema }).optional(),
  boost: z
    .array(
      z.object({
        filter: ruleFilterSchema,
        slots: z.array(z.number().int().min(1)).optional(),
        weight: z.number().optional(),
      }),
    )
    .optional(),
  include: z
    .array(z.object({ filter: ruleFilterSchema, slots: z.array(z.number().int().min(1)) }))
    .optional(),
  pin: z
    .array(
      z.object({
        id: z.string(),
        slot: z.union([
          z
            .number()
            .int()
            .min(1)
            .transform((n) => [n]),
          z.array(z.number().int().min(1)),
        ]),
      }),
    )
    .optional(),
});
export type ConfigRule = z.infer<typeof configRuleSchema>;

export const suggesterSchema = z.object({
  name: z.string().min(1),
  /** keyphrase: completions and family names; category: families of the matching products. */
  type: z.enum(['keyphrase', 'category']).default('keyphrase'),
  max: z.number().int().min(1).max(100).default(5),
});

export const searchWidgetConfigSchema = z.object({
  limit: z.number().int().min(1).max(1000).default(24),
  max_limit: z.number().int().min(1).max(1000).default(100),
  operator: z.enum(['and', 'or']).default('and'),
  /** Complete the last word as typed (preview search). */
  prefix: z.boolean().default(false),
  filter: filterSchema.optional(),
  sort: z
    .object({ default: z.string().optional(), choices: z.array(sortChoiceSchema).default([]) })
    .default({ choices: [] }),
  facets: z.array(facetConfigSchema).default([]),
  facet_max: z.number().int().min(1).max(100).default(10),
  suggesters: z.array(suggesterSchema).default([]),
  rules: z.array(configRuleSchema).default([]),
  /** Fields answered when the request names none. */
  fields: z.array(z.string()).optional(),
});
export type SearchWidgetConfig = z.infer<typeof searchWidgetConfigSchema>;

export function labelIn(
  label: z.infer<typeof localizedLabel> | undefined,
  language: string,
  fallback: string,
): string {
  if (label === undefined) return fallback;
  if (typeof label === 'string') return label;
  return label[language] ?? label.en ?? fallback;
}
