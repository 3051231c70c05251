import type { Database } from '@catalogue/db';
import { z } from 'zod';
import { compileFilter, type DocTest } from '../engine/filter';
import { localePath } from '../engine/locales';
import type { IndexedDoc, TextIndex } from '../engine/text-index';
import { wireRule } from '../rules/stored-rule';
import { parseWidgetConfig, WidgetError } from '../search/run-search';
import type { WidgetContext } from '../widgets/registry';
import type { Rule, WidgetItem } from '../wire/request';
import { ruleFilterSchema, ruleSchema } from '../wire/request';
import type { EntityContent, RuleBehavior, WidgetResponse } from '../wire/response';
import { TrendingCache } from './cache';
import { IndexCatalogue } from './catalogue';
import { inScope, isRecipe, RECIPES, type RecipeId, type RecipeScope } from './recipes';
import { addedTogether, recentlyViewed, type Visitor } from './signals';
import { rankSimilar, type SimilarCatalogue } from './similar';

/**
 * A recommendation widget's `config` in search.yaml: the recipe it runs (`similar`, `trending`,
 * `together`, `recently_viewed`), page sizes, the fields answered, an optional hard filter and rules.
 */
export const recommendationConfigSchema = z.object({
  recipe: z.enum(RECIPES),
  limit: z.number().int().min(1).max(100).default(10),
  max_limit: z.number().int().min(1).max(100).default(50),
  fields: z.array(z.string()).optional(),
  filter: ruleFilterSchema.optional(),
  rules: z.array(ruleSchema.extend({ id: z.string(), version: z.string().default('1') })).default([]),
});
type RecommendationConfig = z.infer<typeof recommendationConfigSchema>;

function recommendationConfig(ctx: WidgetContext): RecommendationConfig {
  return parseWidgetConfig(ctx, recommendationConfigSchema);
}

/** Per database: the trending cache and the recipes' view of the product index. */
interface State {
  trending: TrendingCache;
  catalogue: IndexCatalogue | null;
}
const states = new WeakMap<Database, State>();

function stateOf(database: Database): State {
  let state = states.get(database);
  if (!state) {
    state = { trending: new TrendingCache(database), catalogue: null };
    states.set(database, state);
  }
  return state;
}

/** The catalogue of the index, up to date: followed change by change, built anew for a new index. */
function catalogueOf(index: TextIndex, state: State): IndexCatalogue {
  if (!state.catalogue || state.catalogue.index !== index || !state.catalogue.follow()) {
    state.catalogue = new IndexCatalogue(index);
  }
  return state.catalogue;
}

/** `context.ids.product` (or a plain list of ids). */
function contextProducts(ctx: WidgetContext): string[] {
  const ids = ctx.request.context.ids;
  if (!ids) return [];
  if (Array.isArray(ids)) return ids;
  return ids.product ?? [];
}

/**
 * The visitor from the request's browser id and the caller's proven user: a commerce token's (not an
 * anonymous shopper's, whose template user every visitor shares), or the `user_id` an api key names. A
 * `user_id` in a request without either is ignored: it would show anyone another user's history.
 */
function visitorOf(ctx: WidgetContext): Visitor {
  const uuid = ctx.request.context.user?.uuid || null;
  const { caller } = ctx;
  if (caller.kind === 'user' && !caller.anonymous) {
    return { uuid, user: { userId: caller.userId, companyId: caller.companyId } };
  }
  const named = ctx.request.context.user?.user_id;
  if (caller.kind === 'api-key' && named) return { uuid, user: { userId: named, companyId: null } };
  return { uuid, user: null };
}

/** Candidate product ids of a recipe, best first (before region, filter and rules). */
async function candidates(
  recipe: RecipeId,
  ctx: WidgetContext,
  catalogue: SimilarCatalogue,
  scope: RecipeScope,
  seeds: string[],
  pool: number,
): Promise<string[]> {
  const visitor = visitorOf(ctx);
  switch (recipe) {
    case 'similar': {
      // Without a product on the page: similar to what the visitor looked at last.
      const from = seeds.length > 0 ? seeds : (await recentlyViewed(ctx.database, visitor, 1)).slice(0, 1);
      return rankSimilar(catalogue, from, { ...scope, exclude: new Set([...scope.exclude, ...from]) }, pool);
    }
    case 'trending':
      return stateOf(ctx.database).trending.ranked();
    case 'together': {
      // Without a product on the page: together with what the visitor looked at last.
      const from = seeds.length > 0 ? seeds : await recentlyViewed(ctx.database, visitor, 3);
      return from.length > 0 ? (await addedTogether(ctx.database, from, pool * 2)).map((r) => r.id) : [];
    }
    case 'recently_viewed':
      return recentlyViewed(ctx.database, visitor, pool * 2);
  }
}

/**
 * Applies rules to a ranked list of doc numbers: blacklist removes, boost (with or without slots) moves
 * matches forward, bury moves matches to the end, pin places a product at its slot (1-based).
 */
function applyRules(
  index: TextIndex,
  ranked: number[],
  rules: { id: string; version: string; rule: Rule }[],
  allowed: (doc: number) => boolean,
): { docs: number[]; behaviors: RuleBehavior[] } {
  let docs = ranked;
  const behaviors: RuleBehavior[] = [];
  for (const { id, version, rule } of rules) {
    let applied = false;
    if (rule.blacklist) {
      const test = compileFilter(index, rule.blacklist.filter);
      const before = docs.length;
      docs = docs.filter((d) => !test(d));
      applied ||= docs.length !== before;
    }
    for (const boost of rule.boost ?? []) {
      const test = compileFilter(index, boost.filter);
      const hits = docs.filter(test);
      if (hits.length > 0) {
        docs = [...hits, ...docs.filter((d) => !test(d))];
        applied = true;
      }
    }
    if (rule.bury) {
      const test = compileFilter(index, rule.bury.filter);
      const hits = docs.filter(test);
      if (hits.length > 0) {
        docs = [...docs.filter((d) => !test(d)), ...hits];
        applied = true;
      }
    }
    for (const pin of rule.pin ?? []) {
      const number = index.byKey.get(pin.id);
      if (number === undefined || !allowed(number)) continue;
      const slot = Math.max(1, pin.slot[0] ?? 1);
      docs = docs.filter((d) => d !== number);
      docs.splice(Math.min(slot - 1, docs.length), 0, number);
      applied = true;
    }
    if (applied) behaviors.push({ id, version });
  }
  return { docs, behaviors };
}

function render(doc: IndexedDoc, ctx: WidgetContext, fields: string[] | undefined): EntityContent {
  const language = ctx.locale.language;
  const values: Record<string, unknown> = {
    ...doc.fields,
    ...(doc.localized[language] ?? doc.localized.en ?? Object.values(doc.localized)[0] ?? {}),
    url: localePath(ctx.locale, doc.path),
  };
  const out: EntityContent = { id: doc.id };
  for (const [key, value] of Object.entries(values)) {
    if (!fields || fields.length === 0 || fields.includes(key)) out[key] = value;
  }
  return out;
}

/**
 * Answers a `recommendation` widget: the configured recipe (or the request's `recommendations.recipe.id`
 * when it names one), only products the caller sees in the locale's region (the region's own, and those
 * assigned to a signed-in buyer's company or user groups) and never the context's own products,
 * then the widget's and the request's filter and rules, `recommendations.limit` items.
 */
export async function recommend(item: WidgetItem, ctx: WidgetContext): Promise<WidgetResponse> {
  if (item.entity !== 'product') {
    throw new WidgetError(
      400,
      'invalid_entity',
      `Recommendations are made for products, not '${item.entity}'.`,
    );
  }
  const config = recommendationConfig(ctx);
  const asked = item.recommendations?.recipe?.id;
  if (asked !== undefined && !isRecipe(asked)) {
    throw new WidgetError(400, 'invalid_recipe', `Unknown recipe '${asked}'.`, { recipes: RECIPES });
  }
  const recipe: RecipeId = asked ?? config.recipe;
  const limit = Math.min(item.recommendations?.limit ?? config.limit, config.max_limit);
  const index = ctx.engine.products;
  const state = stateOf(ctx.database);
  const catalogue = catalogueOf(index, state);
  const seeds = contextProducts(ctx);
  const scope: RecipeScope = {
    scopes: new Set(ctx.engine.productScopes(ctx.locale.region, ctx.audiences)),
    exclude: new Set(seeds),
  };
  const pool = Math.max(limit * 4, 40);

  const filters: DocTest[] = [];
  if (config.filter) filters.push(compileFilter(index, config.filter));
  if (item.recommendations?.filter) filters.push(compileFilter(index, item.recommendations.filter));
  const allowed = (doc: number) => filters.every((test) => test(doc));

  const ranked = inScope(
    catalogue,
    await candidates(recipe, ctx, catalogue, scope, seeds, pool),
    scope,
    Number.MAX_SAFE_INTEGER,
  )
    .map((id) => index.byKey.get(id))
    .filter((n): n is number => n !== undefined && allowed(n));
  // Merchandising rules for every search of the widget (recommendations have no keyphrase), then the
  // widget configuration's, then the request's.
  const stored = ctx.engine.rules.applicable(ctx.config.rfkId, ctx.locale.code, '');
  const rules = [
    ...stored.map((rule) => ({ id: rule.id, version: rule.version, rule: wireRule(rule.data) })),
    ...config.rules.map(({ id, version, ...rule }) => ({ id, version, rule })),
    ...(item.recommendations?.rule ? [{ id: 'request', version: '1', rule: item.recommendations.rule }] : []),
  ];
  const { docs, behaviors } = applyRules(index, ranked, rules, (n) => {
    const doc = index.docs[n];
    if (!doc) return false;
    return doc.scopes.some((s) => scope.scopes.has(s)) && !scope.exclude.has(doc.id) && allowed(n);
  });
  const fields = item.recommendations?.content?.fields ?? config.fields;
  const content = docs
    .slice(0, limit)
    .map((n) => index.doc(n))
    .filter((doc): doc is IndexedDoc => doc !== null)
    .map((doc) => render(doc, ctx, fields));
  return {
    rfk_id: item.rfk_id,
    type: 'recommendation',
    entity: item.entity,
    content,
    total_item: content.length,
    limit,
    offset: 0,
    ...(behaviors.length > 0 ? { rule: { behaviors } } : {}),
  };
}
