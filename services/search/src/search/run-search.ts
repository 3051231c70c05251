import type { ZodSafeParseResult } from 'zod';
import { withBase } from '../blocks/config';
import { fold, type Language } from '../engine/analysis';
import type { AttrValue, Column } from '../engine/columns';
import { anyValueEquals, compileFilter, type DocTest, findColumn } from '../engine/filter';
import { localePath } from '../engine/locales';
import {
  type FacetQuery,
  MAX_FACETS,
  type Query,
  type QueryResult,
  type QueryRules,
  runQuery,
  type SlotRule,
  type SortKey,
} from '../engine/search';
import { categoryName, type IndexedDoc, type TextIndex } from '../engine/text-index';
import type { SearchError } from '../http/errors';
import type { RuleBook } from '../rules/rule-book';
import { type StoredRule, wireRule } from '../rules/stored-rule';
import type { WidgetContext } from '../widgets/registry';
import { facetValueId, parseFacetValueId } from '../wire/facet-id';
import type { FacetTypeRequest, Filter, Rule, WidgetItem } from '../wire/request';
import type { EntityContent, Facet, Suggestion, WidgetResponse } from '../wire/response';
import { drawingThumbPath } from './drawing-thumb';
import { highlight } from './highlight';
import { categorySuggestions, keyphraseSuggestions } from './suggest';
import {
  type ConfigRule,
  type FacetConfig,
  labelIn,
  type SearchWidgetConfig,
  searchWidgetConfigSchema,
} from './widget-config-schema';

/** A widget-level error: answered in that widget's `errors`, the rest of the request goes on. */
export class WidgetError extends Error {
  constructor(
    readonly code: number,
    readonly type: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toWire(): SearchError {
    return {
      code: this.code,
      type: this.type,
      message: this.message,
      severity: 'medium',
      details: this.details ?? {},
    };
  }
}

export function indexFor(ctx: WidgetContext, entity: string): TextIndex {
  if (entity === 'product') return ctx.engine.products;
  if (entity === 'content') return ctx.engine.content;
  throw new WidgetError(400, 'invalid_entity', `Unknown entity '${entity}': use 'product' or 'content'.`);
}

export function searchConfig(ctx: WidgetContext): SearchWidgetConfig {
  return parseWidgetConfig(ctx, searchWidgetConfigSchema);
}

/** The widget's `config` read through `schema`; a misconfigured widget answers 500 with the issues. */
export function parseWidgetConfig<T>(
  ctx: WidgetContext,
  schema: { safeParse(value: unknown): ZodSafeParseResult<T> },
): T {
  const parsed = schema.safeParse(ctx.config.config);
  if (!parsed.success) {
    throw new WidgetError(
      500,
      'invalid_widget_configuration',
      `Widget ${ctx.config.rfkId} is misconfigured.`,
      {
        issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      },
    );
  }
  return parsed.data;
}

function scopeOf(ctx: WidgetContext, index: TextIndex, entity: string): number {
  if (entity !== 'product') return index.scopeMask(ctx.locale.code);
  // Products: the region's own, plus those assigned to the caller's company or user groups there.
  return ctx.engine.productScopeMask(ctx.locale.region, ctx.audiences);
}

/** A filter of the request or the configuration (`region` takes `US` as well as the search region `USA`). */
function compile(index: TextIndex, filter: Filter): DocTest {
  return compileFilter(index, filter);
}

function sortKey(
  index: TextIndex,
  config: SearchWidgetConfig,
  value: { name: string; order?: 'asc' | 'desc' }[] | undefined,
): SortKey {
  const wanted = value?.[0] ?? (config.sort.default ? { name: config.sort.default } : undefined);
  if (!wanted) return { kind: 'relevance' };
  const choice =
    config.sort.choices.find((c) => c.name === wanted.name && (!wanted.order || c.order === wanted.order)) ??
    config.sort.choices.find((c) => c.name === `${wanted.name}_${wanted.order ?? 'asc'}`);
  const by = choice?.by ?? wanted.name;
  const order = choice ? choice.order : (wanted.order ?? 'asc');
  if (by === 'relevance' || by === 'featured') return { kind: 'relevance' };
  if (by === 'name' || by === 'title') return { kind: 'name', order };
  const column = findColumn(index, by);
  if (!column)
    throw new WidgetError(400, 'invalid_sort', `Unknown sort '${wanted.name}'.`, {
      choices: config.sort.choices.map((c) => c.name),
    });
  return { kind: 'column', column, order };
}

interface FacetPlan {
  config: FacetConfig;
  request: FacetTypeRequest | undefined;
  query: FacetQuery;
}

function facetPlans(index: TextIndex, config: SearchWidgetConfig, item: WidgetItem): FacetPlan[] {
  const facet = item.search?.facet;
  if (!facet) return [];
  const requested = facet.types ?? [];
  const names = facet.all || requested.length === 0 ? config.facets.map((f) => f.name) : [];
  for (const type of requested) if (!names.includes(type.name)) names.push(type.name);
  if (names.length > MAX_FACETS)
    throw new WidgetError(400, 'invalid_facet', `At most ${MAX_FACETS} facets can be asked for at once.`);
  const plans: FacetPlan[] = [];
  for (const name of names) {
    const facetConfig = config.facets.find((f) => f.name === name) ?? { name };
    const column = findColumn(index, facetConfig.attribute ?? name);
    const request = requested.find((t) => t.name === name);
    if (!column) {
      if (request) throw new WidgetError(400, 'invalid_facet', `Unknown facet '${name}'.`);
      continue;
    }
    const mode = request?.filter?.type ?? 'or';
    const wanted = (request?.filter?.values ?? []).map((raw) => {
      const parsed = parseFacetValueId(raw);
      if (parsed && parsed.name !== name && parsed.name !== facetConfig.attribute)
        throw new WidgetError(
          400,
          'invalid_facet_value',
          `Facet value ${raw} is not a value of facet '${name}'.`,
        );
      return parsed ? parsed.value : raw;
    });
    const selected = selectedCodes(column, wanted, mode);
    const options = request?.filtering_options ?? [
      'hard_filters',
      'other_facet_values',
      ...(mode === 'and' ? (['own_values'] as const) : []),
    ];
    plans.push({
      config: facetConfig,
      request,
      query: {
        name,
        column,
        selected,
        mode,
        applyHard: options.includes('hard_filters'),
        applyOther: options.includes('other_facet_values'),
        applyOwn: options.includes('own_values'),
      },
    });
  }
  return plans;
}

/**
 * The dictionary codes a facet selection picks: the column's dictionary is read once, and each wanted
 * value is matched through one set, so the cost does not grow with values × dictionary. A value no
 * document has (any more) selects nothing: with `or` it adds nothing, with `and` it empties (code -1).
 */
function selectedCodes(column: Column, wanted: AttrValue[], mode: 'or' | 'and'): number[] {
  const selected = new Set<number>();
  if (wanted.length === 0) return [];
  const matchers = wanted.map((value) => anyValueEquals([value]));
  const any = anyValueEquals(wanted);
  const found = new Set<number>();
  column.values.forEach((stored, code) => {
    const folded = column.folded[code] as string;
    if (!any(stored, folded)) return;
    selected.add(code);
    // Which wanted values this code matches matters only for `and` (a value matching nothing empties).
    if (mode === 'and') for (const [i, match] of matchers.entries()) if (match(stored, folded)) found.add(i);
  });
  if (mode === 'and' && found.size < wanted.length) selected.add(-1);
  return [...selected];
}

interface RuleSet {
  rules: QueryRules;
  versions: Map<string, string>;
}

function addRule(
  index: TextIndex,
  target: RuleSet,
  id: string,
  version: string,
  rule: Rule | ConfigRule,
  pinDocs: (ids: string[]) => number[],
): void {
  const { rules, versions } = target;
  if (rule.blacklist) {
    rules.blacklist.push({ id: `${id}:blacklist`, test: compile(index, rule.blacklist.filter) });
    versions.set(`${id}:blacklist`, version);
  }
  if (rule.bury) {
    rules.bury.push({ id: `${id}:bury`, test: compile(index, rule.bury.filter) });
    versions.set(`${id}:bury`, version);
  }
  (rule.boost ?? []).forEach((boost, i) => {
    const ruleId = `${id}:boost:${i}`;
    versions.set(ruleId, version);
    const test = compile(index, boost.filter);
    if (boost.slots && boost.slots.length > 0)
      rules.slots.push({ id: ruleId, slots: boost.slots, test, fromResults: true });
    else rules.boostWeight.push({ id: ruleId, test, weight: boost.weight ?? 10 });
  });
  (rule.include ?? []).forEach((include, i) => {
    const ruleId = `${id}:include:${i}`;
    versions.set(ruleId, version);
    rules.slots.push({
      id: ruleId,
      slots: include.slots,
      test: compile(index, include.filter),
      fromResults: false,
    });
  });
  (rule.pin ?? []).forEach((pin, i) => {
    const ruleId = `${id}:pin:${i}`;
    versions.set(ruleId, version);
    const docs = pinDocs([pin.id]);
    if (docs.length > 0)
      rules.slots.push({ id: ruleId, slots: pin.slot, docs, fromResults: false } satisfies SlotRule);
  });
}

function fieldValue(doc: IndexedDoc, language: Language): Record<string, unknown> {
  return {
    ...doc.fields,
    ...(doc.localized[language] ?? doc.localized.en ?? Object.values(doc.localized)[0] ?? {}),
  };
}

export interface SearchOptions {
  /** Preview search: as-you-type completion of the last word, no facets, small pages. */
  preview: boolean;
  /** Merchandising rules in place of the engine's stored ones (the admin preview's unsaved set). */
  rules?: RuleBook;
  /** Say why each result is where it is (the admin preview). */
  explain?: boolean;
}

/** A search answer with what the admin preview shows beside it. */
export interface ExplainedSearch {
  response: WidgetResponse;
  result: QueryResult;
  /** The merchandising rules that applied (stored or the preview's), most specific first. */
  rules: StoredRule[];
}

/** Answers a search widget item (search results or preview search). */
export function runWidgetSearch(
  item: WidgetItem,
  ctx: WidgetContext,
  options: SearchOptions,
): WidgetResponse {
  const index = indexFor(ctx, item.entity);
  // The scope mask is part of the key: a partner's answer (with its restricted products) is never reused
  // for a visitor, while callers without audience scopes in the index share answers.
  const key = `${index.version}|${ctx.engine.siteVersion}|${ctx.locale.code}|${scopeOf(ctx, index, item.entity)}|${options.preview}|${JSON.stringify(item)}`;
  const cached = ctx.engine.answers.get(key) as WidgetResponse | undefined;
  if (cached) return cached;
  const answer = computeWidgetSearch(item, ctx, options, index).response;
  ctx.engine.answers.set(key, answer);
  return answer;
}

/** A search widget's answer with its placements, never from or into the answer cache (admin preview). */
export function explainWidgetSearch(
  item: WidgetItem,
  ctx: WidgetContext,
  options: SearchOptions,
): ExplainedSearch {
  return computeWidgetSearch(item, ctx, { ...options, explain: true }, indexFor(ctx, item.entity));
}

function computeWidgetSearch(
  item: WidgetItem,
  ctx: WidgetContext,
  options: SearchOptions,
  index: TextIndex,
): ExplainedSearch {
  const config = searchConfig(ctx);
  const search = item.search ?? {};
  const language = ctx.locale.language;
  const keyphrase = search.query?.keyphrase ?? '';
  const limit = Math.min(search.limit ?? config.limit, config.max_limit);
  const offset = search.offset ?? 0;

  const filters: DocTest[] = [];
  if (config.filter) filters.push(compile(index, config.filter));
  if (search.filter) filters.push(compile(index, search.filter));
  const filter: DocTest | null =
    filters.length === 0
      ? null
      : filters.length === 1
        ? (filters[0] as DocTest)
        : (doc) => filters.every((f) => f(doc));

  const ruleSet: RuleSet = {
    rules: { blacklist: [], bury: [], boostWeight: [], slots: [] },
    versions: new Map(),
  };
  const pinDocs = (ids: string[]) =>
    ids
      .map((id) => index.byKey.get(item.entity === 'content' ? `${ctx.locale.code}|${id}` : id))
      .filter((doc): doc is number => doc !== undefined);
  if (search.rule) addRule(index, ruleSet, 'request', '1', search.rule, pinDocs);
  // Merchandising rules (search-rule items) before the widget configuration's own.
  const book = options.rules ?? ctx.engine.rules;
  const stored = book.applicable(ctx.config.rfkId, ctx.locale.code, keyphrase);
  for (const rule of stored) addRule(index, ruleSet, rule.id, rule.version, wireRule(rule.data), pinDocs);
  const folded = fold(keyphrase.trim());
  for (const rule of config.rules) {
    if (rule.keyphrases && !rule.keyphrases.some((k) => fold(k.trim()) === folded)) continue;
    addRule(index, ruleSet, rule.id, rule.version, rule, pinDocs);
  }

  const plans = options.preview ? [] : facetPlans(index, config, item);
  const operatorRaw = search.query?.operator?.toLowerCase();
  const query: Query = {
    language,
    scopeMask: scopeOf(ctx, index, item.entity),
    keyphrase,
    operator: operatorRaw === 'or' ? 'or' : operatorRaw === 'and' ? 'and' : config.operator,
    prefixLast: options.preview || config.prefix,
    filter,
    facets: plans.map((p) => p.query),
    sort: sortKey(index, config, search.sort?.value),
    offset,
    limit,
    rules: ruleSet.rules,
    synonyms: book.synonymsOf(stored),
    explain: options.explain ?? false,
  };
  const result = runQuery(index, query);

  const fields = search.content?.fields ?? config.fields;
  const hl = search.query?.highlight;
  const content: EntityContent[] = result.page.map((number) => {
    const doc = index.doc(number);
    if (!doc) return { id: '' };
    const values = fieldValue(doc, language);
    values.url = localePath(ctx.locale, doc.path);
    if (item.entity === 'product') {
      // The thumbnail of the product's drawing, which the storefront generates (`/api/drawings/…`).
      values.image_url = drawingThumbPath(ctx.locale.code, doc.id);
      // The family trail as the locale's catalog names it.
      const names = index.trailOf(doc.category).map((c) => categoryName(c, language, ctx.locale.catalogId));
      values.category = names.at(-1) ?? null;
      values.category_names = names;
    }
    const out: EntityContent = { id: doc.id };
    for (const [key, value] of Object.entries(values)) {
      if (!fields || fields.length === 0 || fields.includes(key)) out[key] = value;
    }
    if (hl && hl.fields.length > 0 && keyphrase.trim()) {
      const marked: Record<string, string[]> = {};
      for (const field of hl.fields) {
        const text = values[field];
        if (typeof text !== 'string') continue;
        const fragment = highlight(text, result.terms, language, {
          preTag: hl.pre_tag ?? '<em>',
          postTag: hl.post_tag ?? '</em>',
          ...(hl.fragment_size ? { fragmentSize: hl.fragment_size } : {}),
        });
        if (fragment !== null) marked[field] = [fragment];
      }
      out.highlight = marked;
    }
    return out;
  });

  const response: WidgetResponse = {
    rfk_id: item.rfk_id,
    type: ctx.config.type,
    entity: item.entity,
    content,
    total_item: result.total,
    limit,
    offset,
  };
  if (!options.preview) {
    response.facet = plans.map((plan, f) =>
      presentFacet(ctx, item, config, plan, result.facetCounts[f] as Int32Array),
    );
    if (search.sort?.choices !== false)
      response.sort = {
        choices: config.sort.choices.map((c) => ({
          name: c.name,
          label: labelIn(c.label, language, c.name),
        })),
      };
  }
  const suggestions = suggestionsFor(ctx, index, config, item, result.results, options);
  if (suggestions) response.suggestion = suggestions;
  const behaviors = result.applied.map((id) => ({ id, version: ruleSet.versions.get(id) ?? '1' }));
  // Our extension of the wire: the first redirect of the rules the keyphrase triggers (the storefront
  // sends the shopper there); the answer still holds the results.
  const redirect = stored.find((rule) => rule.data.redirect !== null);
  if (redirect?.data.redirect) {
    response.redirect_url = withBase(
      redirect.data.redirect.url,
      ctx.locale.urlPrefix ? `/${ctx.locale.urlPrefix}` : '',
    );
    behaviors.push({ id: `${redirect.id}:redirect`, version: redirect.version });
  }
  if (behaviors.length > 0) response.rule = { behaviors };
  return { response, result, rules: stored };
}

function presentFacet(
  ctx: WidgetContext,
  item: WidgetItem,
  config: SearchWidgetConfig,
  plan: FacetPlan,
  counts: Int32Array,
): Facet {
  const language = ctx.locale.language;
  const { column } = plan.query;
  const request = plan.request;
  const facetRequest = item.search?.facet;
  const max = Math.min(100, request?.max ?? plan.config.max ?? facetRequest?.max ?? config.facet_max);
  const minCount = request?.min_count ?? plan.config.min_count ?? 1;
  const exclude = new Set((request?.exclude ?? []).map((v) => parseFacetValueId(v)?.value ?? v).map(fold));
  const sort =
    request?.sort && !Array.isArray(request.sort)
      ? request.sort
      : (facetRequest?.sort ?? { name: 'count', order: 'desc' });
  const labels = plan.config.labels ? ctx.engine.labels.get(plan.config.labels) : undefined;
  const textOf = (code: number) => {
    const value = column.values[code];
    return labels?.get(String(value))?.[language] ?? labels?.get(String(value))?.en ?? String(value);
  };
  const keyphrase = request?.keyphrase ? fold(request.keyphrase) : null;
  const selected = new Set(plan.query.selected);
  const candidates: { code: number; text: string; count: number }[] = [];
  for (let code = 0; code < counts.length; code++) {
    const count = counts[code] as number;
    if (count < minCount && !selected.has(code)) continue;
    if (count === 0 && !selected.has(code)) continue;
    if (exclude.has(column.folded[code] as string)) continue;
    const text = textOf(code);
    if (keyphrase && !fold(text).includes(keyphrase)) continue;
    candidates.push({ code, text, count });
  }
  const direction = sort.order === 'asc' ? 1 : sort.order === 'desc' ? -1 : sort.name === 'text' ? 1 : -1;
  candidates.sort((a, b) =>
    sort.name === 'text'
      ? direction * a.text.localeCompare(b.text, language) || b.count - a.count
      : direction * (a.count - b.count) || a.text.localeCompare(b.text, language),
  );
  let shown = candidates.slice(0, max);
  // Selected values stay visible even beyond the first `max`.
  for (const c of candidates.slice(max)) if (selected.has(c.code)) shown = [...shown, c];
  if (request?.after) {
    const at = shown.findIndex(
      (c) => facetValueId(plan.query.name, String(column.values[c.code])) === request.after,
    );
    if (at >= 0) shown = shown.slice(at + 1);
  }
  return {
    name: plan.query.name,
    label: labelIn(plan.config.label, language, plan.query.name),
    value: shown.map((c) => ({
      id: facetValueId(plan.query.name, String(column.values[c.code])),
      text: c.text,
      count: c.count,
    })),
  };
}

function suggestionsFor(
  ctx: WidgetContext,
  index: TextIndex,
  config: SearchWidgetConfig,
  item: WidgetItem,
  results: Int32Array,
  options: SearchOptions,
): Record<string, Suggestion[]> | null {
  const requested = item.search?.suggestion;
  if (!requested || requested.length === 0) return null;
  const keyphrase = item.search?.query?.keyphrase ?? '';
  const out: Record<string, Suggestion[]> = {};
  for (const suggestion of requested) {
    const configured = config.suggesters.find((s) => s.name === suggestion.name);
    const type = configured?.type ?? (suggestion.name.includes('category') ? 'category' : 'keyphrase');
    const max = Math.min(100, suggestion.max ?? configured?.max ?? 5);
    const exclude = new Set((suggestion.exclude ?? []).map(fold));
    const list =
      type === 'category'
        ? categorySuggestions(ctx, index, results, max + exclude.size)
        : keyphraseSuggestions(
            ctx,
            index,
            keyphrase,
            results,
            max + exclude.size,
            options.preview || config.prefix,
          );
    out[suggestion.name] = list.filter((s) => !exclude.has(fold(s.text))).slice(0, max);
  }
  return out;
}
