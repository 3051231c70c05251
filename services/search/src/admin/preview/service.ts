import type { WidgetConfig } from '../../config/widget-config';
import type { Placement } from '../../engine/search';
import { RuleBook } from '../../rules/rule-book';
import { ruleDataSchema, type StoredRule } from '../../rules/stored-rule';
import { explainWidgetSearch, WidgetError } from '../../search/run-search';
import { discoverRequestSchema } from '../../wire/request';
import type { AdminDeps } from '../deps';
import { AdminError } from '../errors';
import { parseWith } from '../request-body';
import { checkRule } from '../rules/rule-checks';
import { siteLocale } from '../site-checks';
import type { PreviewAnswer, PreviewInput, PreviewResult, Reason } from './schema';

const SEARCH_TYPES = new Set(['content_grid', 'preview_search']);

/** `rule:kind:i` or `rule:kind` (a behaviour's id) → the rule's id and the kind of behaviour. */
function behaviourOf(id: string): { rule: string; kind: string } {
  const parts = id.split(':');
  const indexed = /^\d+$/.test(parts.at(-1) ?? '');
  const kindAt = indexed ? parts.length - 2 : parts.length - 1;
  return { rule: parts.slice(0, kindAt).join(':'), kind: parts[kindAt] ?? '' };
}

function explain(placement: Placement | undefined): Pick<PreviewResult, 'why' | 'rule' | 'rules' | 'score'> {
  if (!placement) return { why: 'organic', rule: null, rules: [], score: 0 };
  const slot = placement.slotRule ? behaviourOf(placement.slotRule) : null;
  const boosts = placement.boostRules.map((id) => behaviourOf(id).rule);
  const bury = placement.buryRule ? behaviourOf(placement.buryRule).rule : null;
  const rules = [...new Set([...(slot ? [slot.rule] : []), ...boosts, ...(bury ? [bury] : [])])];
  let why: Reason = 'organic';
  if (slot) why = slot.kind === 'pin' ? 'pinned' : slot.kind === 'include' ? 'included' : 'boosted';
  else if (boosts.length > 0) why = 'boosted';
  else if (bury) why = 'buried';
  return { why, rule: rules[0] ?? null, rules, score: Math.round(placement.score * 1000) / 1000 };
}

/** The preview's rules as stored rules, each checked like a rule being saved (every problem at once). */
async function previewRules(deps: AdminDeps, input: PreviewInput): Promise<RuleBook | undefined> {
  if (!input.rules) return undefined;
  const rules: StoredRule[] = [];
  const seen = new Set<string>();
  for (const [i, rule] of input.rules.entries()) {
    const { id, locale, version: _version, updated_at: _updated, ...fields } = rule;
    const data = parseWith(
      ruleDataSchema,
      { ...fields, widgets: fields.widgets ?? [input.widget] },
      `rules[${i}]`,
    );
    await checkRule(deps, deps.database.db, data, `rules[${i}]`);
    const ruleId = id ?? `preview-${i + 1}`;
    if (seen.has(ruleId))
      throw new AdminError('invalid_request', `rules[${i}].id: '${ruleId}' is given twice.`, {
        field: `rules[${i}].id`,
      });
    seen.add(ruleId);
    rules.push({ id: ruleId, locale: siteLocale(deps.engine, locale, true), version: 'preview', data });
  }
  return new RuleBook(rules);
}

function searchWidget(deps: AdminDeps, rfkId: string, locale: string): WidgetConfig {
  const config = deps.engine.widgets.get(rfkId, locale);
  if (!config)
    throw new AdminError('not_found', `No widget is configured with rfk_id '${rfkId}'.`, { rfk_id: rfkId });
  if (!SEARCH_TYPES.has(config.type))
    throw new AdminError(
      'invalid_request',
      `'${rfkId}' is a ${config.type} widget: previews run search widgets.`,
      {
        field: 'widget',
        type: config.type,
      },
    );
  return config;
}

/**
 * Runs a search of a widget as a visitor of the locale would (the region's products, no signed-in
 * company), with the body's rules instead of the stored ones when it has any, and says per result why it
 * is where it is. Nothing is stored, and the answer cache is neither read nor filled.
 */
export async function previewSearch(deps: AdminDeps, input: PreviewInput): Promise<PreviewAnswer> {
  const code = siteLocale(deps.engine, input.locale, false);
  const locale = deps.engine.locales.find(code);
  if (!locale)
    throw new AdminError('invalid_request', `Unknown locale '${input.locale}'.`, { field: 'locale' });
  const config = searchWidget(deps, input.widget, code);
  const entity = input.entity ?? config.entities[0] ?? 'product';
  if (config.entities.length > 0 && !config.entities.includes(entity))
    throw new AdminError('invalid_request', `'${input.widget}' does not answer for entity '${entity}'.`, {
      field: 'entity',
      entities: config.entities,
    });
  const rules = await previewRules(deps, input);
  const [language, country] = code.split('-');
  const request = discoverRequestSchema.parse({
    context: { locale: { language, country } },
    widget: {
      items: [
        {
          rfk_id: input.widget,
          entity,
          search: {
            query: { keyphrase: input.keyphrase },
            limit: input.limit,
            offset: input.offset,
            ...(input.filter ? { filter: input.filter } : {}),
          },
        },
      ],
    },
  });
  const item = request.widget.items[0];
  if (!item) throw new Error('the preview request lost its item');
  let explained: ReturnType<typeof explainWidgetSearch>;
  try {
    explained = explainWidgetSearch(
      item,
      {
        request,
        locale,
        config,
        engine: deps.engine,
        database: deps.database,
        caller: { kind: 'public' },
        audiences: [],
        now: Date.now(),
      },
      { preview: config.type === 'preview_search', ...(rules ? { rules } : {}) },
    );
  } catch (error) {
    // A widget's own 4xx (an unknown sort or facet) is the caller's; its 500 (settings written by hand
    // that its schema refuses) stays a server error.
    if (error instanceof WidgetError && error.code < 500)
      throw new AdminError('invalid_request', error.message, error.details);
    throw error;
  }
  const { response, result } = explained;
  const applied = new Map<string, string[]>();
  for (const behavior of response.rule?.behaviors ?? []) {
    const { rule } = behaviourOf(behavior.id);
    applied.set(rule, [...(applied.get(rule) ?? []), behavior.id]);
  }
  return {
    widget: input.widget,
    locale: code,
    keyphrase: input.keyphrase,
    entity,
    rules: rules ? 'preview' : 'stored',
    total: response.total_item ?? 0,
    redirect_url: response.redirect_url ?? null,
    synonyms: result.expanded,
    applied_rules: [...applied].map(([id, behaviors]) => ({ id, behaviors })),
    results: (response.content ?? []).map((entry, i) => ({
      position: input.offset + i + 1,
      id: entry.id,
      name: typeof entry.name === 'string' ? entry.name : null,
      ...explain(result.placements?.[i]),
    })),
  };
}
