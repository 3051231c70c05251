import { z } from 'zod';

/**
 * The request body of `POST /api/discover/v2` (docs/search-wire.md; the request models of
 * `@sitecore-search/data` 3.0.0 are the final word). Fields the service does not use are accepted and
 * dropped; the fields it uses are checked, and a problem is reported with its path.
 */

const scalar = z.union([z.string(), z.number(), z.boolean()]);

export type ComparisonType = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export type Filter =
  | { type: ComparisonType; name: string; value: string | number | boolean }
  | { type: 'anyOf' | 'allOf'; name: string; values: (string | number | boolean)[] }
  | { type: 'and' | 'or'; filters: Filter[] }
  | { type: 'not'; filter: Filter }
  | { type: 'exists'; name: string }
  | { type: 'geoDistance'; name: string; distance: string | number; lat?: number; lon?: number }
  | { type: 'geoWithin'; name: string; coordinates: { lat: number; lon: number }[] };

const attributeName = z.string().min(1, 'must not be empty').max(200);

const comparisonFilter = z.object({
  type: z.enum(['eq', 'gt', 'gte', 'lt', 'lte']),
  name: attributeName,
  value: scalar,
});
const listFilter = z.object({
  type: z.enum(['anyOf', 'allOf']),
  name: attributeName,
  values: z.array(scalar).max(1000),
});
const geoDistanceFilter = z.object({
  type: z.literal('geoDistance'),
  name: attributeName,
  distance: z.union([z.string(), z.number()]),
  lat: z.number().optional(),
  lon: z.number().optional(),
});
const geoWithinFilter = z.object({
  type: z.literal('geoWithin'),
  name: attributeName,
  coordinates: z.array(z.object({ lat: z.number(), lon: z.number() })).max(1000),
});
/** `{name}` (the SDK's FilterExists) or `{type:'exists', name}`. */
const existsFilter = z
  .object({ type: z.literal('exists').optional(), name: attributeName })
  .transform((f) => ({ type: 'exists' as const, name: f.name }));

export const filterSchema: z.ZodType<Filter> = z.lazy(() =>
  z.union([
    comparisonFilter,
    listFilter,
    z.object({ type: z.enum(['and', 'or']), filters: z.array(filterSchema).max(100) }),
    z.object({ type: z.literal('not'), filter: filterSchema }),
    geoDistanceFilter,
    geoWithinFilter,
    existsFilter,
  ]),
) as z.ZodType<Filter>;

/**
 * A rule's filter: the SDK's SearchFilter model `{type?, name, values}`; `{type, name, value}` and the
 * full filter grammar are tolerated too.
 */
export const ruleFilterSchema: z.ZodType<Filter> = z.union([
  z
    .object({ type: z.string().optional(), name: attributeName, values: z.array(scalar).max(1000) })
    .transform((f, ctx): Filter => {
      if (f.type === 'allOf') return { type: 'allOf', name: f.name, values: f.values };
      if (f.type === undefined || f.type === 'eq' || f.type === 'anyOf')
        return { type: 'anyOf', name: f.name, values: f.values };
      const single = f.values[0];
      if (
        (f.type === 'gt' || f.type === 'gte' || f.type === 'lt' || f.type === 'lte') &&
        f.values.length === 1 &&
        single !== undefined
      )
        return { type: f.type, name: f.name, value: single };
      // An issue, not a throw: a thrown error escapes safeParse and a bad body would answer 500.
      ctx.addIssue({
        code: 'custom',
        message: `unsupported rule filter: type '${f.type}' with ${f.values.length} values`,
      });
      return z.NEVER;
    }),
  filterSchema,
]);

const slots = z.array(z.number().int().min(1).max(10_000)).max(100);

export const ruleSchema = z.object({
  behaviors: z.boolean().optional(),
  blacklist: z.object({ filter: ruleFilterSchema }).optional(),
  bury: z.object({ filter: ruleFilterSchema }).optional(),
  boost: z
    .array(
      z.object({
        filter: ruleFilterSchema,
        slots: slots.optional(),
        weight: z.number().min(-1000).max(1000).optional(),
      }),
    )
    .max(50)
    .optional(),
  include: z
    .array(z.object({ filter: ruleFilterSchema, slots }))
    .max(50)
    .optional(),
  pin: z
    .array(
      z.object({
        id: z.union([z.string().min(1), z.number()]).transform(String),
        slot: z.union([
          z
            .number()
            .int()
            .min(1)
            .max(10_000)
            .transform((n) => [n]),
          slots,
        ]),
      }),
    )
    .max(100)
    .optional(),
});
export type Rule = z.infer<typeof ruleSchema>;

const sortItem = z.object({ name: z.string().min(1), order: z.enum(['asc', 'desc']).optional() });

export const facetTypeSchema = z.object({
  name: z.string().min(1).max(200),
  max: z.number().int().min(1).max(100).optional(),
  min_count: z.number().int().min(0).optional(),
  exclude: z.array(z.string()).max(1000).optional(),
  after: z.string().optional(),
  keyphrase: z.string().max(200).optional(),
  filter: z
    .object({ type: z.enum(['or', 'and']).default('or'), values: z.array(z.string()).max(1000) })
    .optional(),
  filtering_options: z.array(z.enum(['hard_filters', 'other_facet_values', 'own_values'])).optional(),
  sort: z
    .union([
      z.object({ name: z.enum(['text', 'count']), order: z.enum(['asc', 'desc']).optional() }),
      z.array(z.unknown()),
    ])
    .optional(),
});
export type FacetTypeRequest = z.infer<typeof facetTypeSchema>;

const limit = z.number().int().min(0).max(1000);
const offset = z.number().int().min(0).max(1_000_000);

export const searchSchema = z.object({
  content: z.object({ fields: z.array(z.string()).max(100).optional() }).optional(),
  limit: limit.optional(),
  offset: offset.optional(),
  group_by: z.string().optional(),
  query: z
    .object({
      keyphrase: z.string().max(500).default(''),
      operator: z.enum(['and', 'or', 'AND', 'OR']).optional(),
      highlight: z
        .object({
          fields: z.array(z.string()).max(50).default([]),
          fragment_size: z.number().int().min(1).max(10_000).optional(),
          pre_tag: z.string().max(100).optional(),
          post_tag: z.string().max(100).optional(),
        })
        .optional(),
      relevance: z
        .array(z.object({ name: z.string(), analyzer: z.string().optional(), weight: z.number().optional() }))
        .max(50)
        .optional(),
    })
    .optional(),
  filter: filterSchema.optional(),
  sort: z
    .object({
      choices: z.boolean().optional(),
      // The SDK sends `value` as a list (its model exports `value[0]`); one object is accepted too.
      value: z.union([sortItem.transform((s) => [s]), z.array(sortItem).max(10)]).optional(),
    })
    .optional(),
  facet: z
    .object({
      all: z.boolean().optional(),
      max: z.number().int().min(1).max(100).optional(),
      sort: z
        .object({ name: z.enum(['text', 'count']), order: z.enum(['asc', 'desc']).optional() })
        .optional(),
      types: z.array(facetTypeSchema).max(100).optional(),
    })
    .optional(),
  personalization: z
    .object({
      algorithm: z.string().optional(),
      fields: z.array(z.string()).optional(),
      ids: z.array(z.string()).optional(),
    })
    .optional(),
  ranking: z
    .array(z.object({ name: z.string(), weight: z.number().optional() }))
    .max(50)
    .optional(),
  rule: ruleSchema.optional(),
  suggestion: z
    .array(
      z.object({
        name: z.string().min(1).max(100),
        max: z.number().int().min(0).max(100).optional(),
        exclude: z.array(z.string()).max(100).optional(),
        keyphrase_fallback: z.boolean().optional(),
      }),
    )
    .max(20)
    .optional(),
  swatch: z
    .object({
      fields: z.array(z.string()).optional(),
      group_by: z.unknown().optional(),
      max: z.number().optional(),
    })
    .optional(),
});
export type SearchRequestPart = z.infer<typeof searchSchema>;

export const widgetItemSchema = z.object({
  entity: z.string({ error: 'is required' }).min(1, 'is required').max(100),
  rfk_id: z.string({ error: 'is required' }).min(1, 'is required').max(200),
  sources: z.array(z.string()).max(100).optional(),
  rfk_flags: z.array(z.string()).max(100).optional(),
  search: searchSchema.optional(),
  recommendations: z
    .object({
      recipe: z.object({ id: z.string().optional(), version: z.number().optional() }).optional(),
      content: z.object({ fields: z.array(z.string()).max(100).optional() }).optional(),
      filter: z.union([ruleFilterSchema, filterSchema]).optional(),
      limit: limit.optional(),
      rule: ruleSchema.optional(),
    })
    .optional(),
  questions: z
    .object({
      keyphrase: z.string().max(500).optional(),
      exact_answer: z
        .object({ query_types: z.union([z.string(), z.array(z.string())]).optional() })
        .optional(),
      related_questions: z.object({ limit: limit.optional(), offset: offset.optional() }).optional(),
    })
    .optional(),
  appearance: z.record(z.string(), z.unknown()).optional(),
});
export type WidgetItem = z.infer<typeof widgetItemSchema>;

export const contextSchema = z.object({
  browser: z
    .object({
      user_agent: z.string().optional(),
      device: z.string().optional(),
      app_type: z.string().optional(),
    })
    .optional(),
  campaign: z.record(z.string(), z.unknown()).optional(),
  geo: z
    .object({
      ip: z.string().optional(),
      location: z.object({ lat: z.number(), lon: z.number() }).optional(),
    })
    .optional(),
  // `{product: ['id', …]}` (the SDK's MapModel) or a plain list of ids.
  ids: z
    .union([
      z.record(z.string(), z.array(z.union([z.string(), z.number()]).transform(String)).max(1000)),
      z.array(z.union([z.string(), z.number()]).transform(String)).max(1000),
    ])
    .optional(),
  locale: z.object({ country: z.string().max(20), language: z.string().max(20) }).optional(),
  page: z.object({ uri: z.string().max(2000).optional(), custom: z.unknown().optional() }).optional(),
  store: z.object({ id: z.string().optional(), group_id: z.string().optional() }).optional(),
  time: z.object({ epoch: z.number().optional() }).optional(),
  user: z
    .object({
      uuid: z.string().max(200).optional(),
      user_id: z.string().max(200).optional(),
      groups: z.array(z.string()).max(100).optional(),
      custom: z.unknown().optional(),
    })
    .optional(),
});
export type RequestContext = z.infer<typeof contextSchema>;

export const discoverRequestSchema = z.object({
  context: contextSchema.default({}),
  rfk_flags: z.array(z.string()).max(100).optional(),
  widget: z.object({ items: z.array(widgetItemSchema).max(50).default([]) }).default({ items: [] }),
});
export type DiscoverRequest = z.infer<typeof discoverRequestSchema>;
