import { z } from 'zod';
import { doesSomething, ruleFields } from '../../rules/stored-rule';
import { filterSchema } from '../../wire/request';
import { ruleIdSchema } from '../rules/schema';
import { localeSchema, versionSchema } from '../version';
import { rfkIdSchema } from '../widgets/schema';

/**
 * A rule of a preview: a rule as POST /rules takes it, or as GET gave it (version and updated_at are
 * read and ignored); `widgets` defaults to the previewed widget and `locale` to every locale.
 */
export const previewRuleSchema = z
  .object({
    ...ruleFields,
    id: ruleIdSchema.optional(),
    locale: localeSchema.default('*'),
    widgets: ruleFields.widgets.optional(),
    version: versionSchema.optional(),
    updated_at: z.string().max(40).optional(),
  })
  .strict()
  .refine(...doesSomething);

/**
 * POST /preview: a search of one widget in one locale as the storefront would run it (a visitor's view:
 * the region's products), with `rules` in place of every stored rule when given (the stored ones when
 * left out).
 */
export const previewBody = z
  .object({
    widget: rfkIdSchema,
    locale: localeSchema,
    keyphrase: z.string().max(500).default(''),
    entity: z.enum(['product', 'content']).optional(),
    limit: z.number().int().min(1).max(100).default(24),
    offset: z.number().int().min(0).max(10_000).default(0),
    filter: filterSchema.optional(),
    rules: z.array(previewRuleSchema).max(500).optional(),
  })
  .strict();
export type PreviewInput = z.output<typeof previewBody>;

/** Why a result is where it is. */
export type Reason = 'pinned' | 'included' | 'boosted' | 'buried' | 'organic';

export interface PreviewResult {
  position: number;
  id: string;
  name: string | null;
  why: Reason;
  /** The rule that placed, boosted or buried it (the slot's rule first), or null. */
  rule: string | null;
  /** Every rule that changed its place (slot, boost weights, bury). */
  rules: string[];
  score: number;
}

export interface PreviewAnswer {
  widget: string;
  locale: string;
  keyphrase: string;
  entity: string;
  /** Whose rules ran: the body's (`preview`) or the stored ones (`stored`). */
  rules: 'preview' | 'stored';
  total: number;
  redirect_url: string | null;
  /** Query words synonyms widened, with the alternatives searched too. */
  synonyms: { words: string[]; alternatives: string[][] }[];
  /** Rules that changed the answer, with the wire's behaviours they produced. */
  applied_rules: { id: string; behaviors: string[] }[];
  results: PreviewResult[];
}
