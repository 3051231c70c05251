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

const RFK_ID = /^[A-Za-z0-9_.-]+$/;

/** search.yaml: the search service's widgets (loaded as `search-widget` content items). */
export function readSearch(root: DataNode): SearchWidgetData[] {
  root.only(['widgets']);
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
