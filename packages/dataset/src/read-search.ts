import { type DataNode, requireUnique } from './data-node';
import { LOCALE_CODES } from './model';

/** The widget types of the search service (the wire's `type`). */
export const SEARCH_WIDGET_TYPES = [
  'recommendation',
  'preview_search',
  'content_grid',
  'content_block',
  'questions_answers',
  'html_block',
  'banner',
  'seo',
] as const;
export type SearchWidgetType = (typeof SEARCH_WIDGET_TYPES)[number];

/**
 * One widget of search.yaml: its rfk_id, type, the entities it answers for, optionally the one locale it
 * applies to (a variant over the '*' one), and a free `config` each widget type defines (see the file).
 */
export interface SearchWidgetData {
  rfkId: string;
  type: SearchWidgetType;
  name: string;
  entities: string[];
  locale: '*' | (typeof LOCALE_CODES)[number];
  config: Record<string, unknown>;
}

/**
 * One merchandising rule of search.yaml (a `search-rule` content item): its id, the locale it applies in
 * ('*' = every locale) and its data, whose shape the search service checks (services/search
 * `rules/stored-rule.ts`; `blocks/search-yaml.test.ts` reads every rule of the file through it).
 */
export interface SearchRuleData {
  id: string;
  locale: '*' | (typeof LOCALE_CODES)[number];
  data: Record<string, unknown>;
}

const RFK_ID = /^[A-Za-z0-9_.-]+$/;
const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

/** search.yaml's merchandising rules (loaded as `search-rule` content items); none when it has none. */
export function readSearchRules(root: DataNode): SearchRuleData[] {
  const nodes = root.optional('rules')?.list() ?? [];
  requireUnique(nodes, (n) => n.get('id').string(), 'rule');
  return nodes.map((node) => {
    const { id: _id, locale: _locale, ...data } = node.record();
    const locale = node.optional('locale');
    return {
      id: node.get('id').matching(RULE_ID, 'a rule id (letters, digits, _ . -)'),
      locale: locale ? locale.oneOf(['*', ...LOCALE_CODES] as const) : '*',
      data,
    };
  });
}

/** search.yaml: the search service's widgets (loaded as `search-widget` content items). */
export function readSearch(root: DataNode): SearchWidgetData[] {
  root.only(['widgets', 'rules']);
  const nodes = root.get('widgets').nonEmptyList();
  requireUnique(
    nodes,
    (n) => `${n.get('rfk_id').string()} in locale ${n.optional('locale')?.string() ?? '*'}`,
    'widget',
  );
  return nodes.map((node) => {
    node.only(['rfk_id', 'type', 'name', 'entities', 'locale', 'config']);
    const entities =
      node
        .optional('entities')
        ?.list()
        .map((e) => e.string()) ?? [];
    const locale = node.optional('locale');
    return {
      rfkId: node.get('rfk_id').matching(RFK_ID, 'an rfk_id (letters, digits, _ . -)'),
      type: node.get('type').oneOf(SEARCH_WIDGET_TYPES),
      name: node.optional('name')?.string() ?? node.get('rfk_id').string(),
      entities,
      locale: locale ? locale.oneOf(['*', ...LOCALE_CODES] as const) : '*',
      config: node.optional('config')?.record() ?? {},
    };
  });
}
