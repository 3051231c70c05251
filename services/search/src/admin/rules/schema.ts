import { z } from 'zod';
import { doesSomething, type RuleData, ruleFields } from '../../rules/stored-rule';
import { localeSchema, versionSchema } from '../version';

/** A rule's id: chosen by the caller or made up by the service; unique over every locale. */
export const ruleIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/,
    'must be 1–100 letters, digits, _ . - starting with a letter or digit',
  );

/** POST /rules: a new rule (the id is made up when left out; the locale is every locale by default). */
export const createRuleBody = z
  .object({ id: ruleIdSchema.optional(), locale: localeSchema.default('*'), ...ruleFields })
  .strict()
  .refine(...doesSomething);
export type CreateRuleInput = z.output<typeof createRuleBody>;

/**
 * PUT /rules/{id}: the whole rule again with the version it was read at. `id` and `updated_at` may come
 * back as GET gave them (the id must be the path's); the locale is required, so a rule never moves to
 * every locale by omission.
 */
export const updateRuleBody = z
  .object({
    id: ruleIdSchema.optional(),
    updated_at: z.string().max(40).optional(),
    locale: localeSchema,
    version: versionSchema,
    ...ruleFields,
  })
  .strict()
  .refine(...doesSomething);
export type UpdateRuleInput = z.output<typeof updateRuleBody>;

export const listRulesQuery = z
  .object({
    /** Rules of this widget (rfk_id). */
    widget: z.string().min(1).max(100).optional(),
    /** Rules of this locale (`*` included only when asked for). */
    locale: localeSchema.optional(),
    /** Part of the name or of a keyphrase, case aside. */
    search: z.string().trim().min(1).max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type ListRulesQuery = z.output<typeof listRulesQuery>;

export const deleteRuleQuery = z.object({ version: versionSchema }).strict();

/** The data of a rule from an API body (without id, locale, version). */
export function ruleDataOf(input: CreateRuleInput | UpdateRuleInput): RuleData {
  return {
    name: input.name,
    widgets: input.widgets,
    keyphrases: input.keyphrases,
    match: input.match,
    enabled: input.enabled,
    synonyms: input.synonyms,
    redirect: input.redirect,
    pin: input.pin,
    boost: input.boost,
    bury: input.bury,
    blacklist: input.blacklist,
    include: input.include,
  };
}

/** A rule as the API answers it. */
export interface RuleResource extends RuleData {
  id: string;
  locale: string;
  version: string;
  updated_at: string;
}
