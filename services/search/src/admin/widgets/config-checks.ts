import type { SearchEngine } from '../../engine/engine';
import { recommendationConfigSchema } from '../../recommend/widget';
import { searchWidgetConfigSchema } from '../../search/widget-config-schema';
import { filterAttributes, filterProblem } from '../../wire/limits';
import type { Filter } from '../../wire/request';
import { AdminError } from '../errors';
import { parseWith } from '../request-body';
import { unknownAttributes } from '../site-checks';

/** Sorts that are not attributes (`run-search.ts` `sortKey`). */
const BUILT_IN_SORTS = new Set(['relevance', 'featured', 'name', 'title']);

/**
 * A widget's new `config` checked with its type's own schema (what the widget's handler reads), then
 * against the site: attributes of filters, facets and sorts exist, the default sort is a choice or an
 * attribute, filters stay within the limits. Rules are refused here: they are `search-rule` items (one
 * source of truth), written through /admin/v1/rules. Returns the config as the schema reads it (its
 * defaults filled in), which is what is stored.
 */
export function checkedWidgetConfig(
  engine: SearchEngine,
  type: string,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const problems: string[] = [];
  const attributes = new Set<string>();
  let filter: Filter | undefined;
  let parsed: Record<string, unknown>;
  if (type === 'content_grid' || type === 'preview_search') {
    const search = parseWith(searchWidgetConfigSchema, config, 'config');
    filter = search.filter;
    for (const facet of search.facets) attributes.add(facet.attribute ?? facet.name);
    for (const choice of search.sort.choices) if (!BUILT_IN_SORTS.has(choice.by)) attributes.add(choice.by);
    const fallback = search.sort.default;
    if (
      fallback !== undefined &&
      !BUILT_IN_SORTS.has(fallback) &&
      !search.sort.choices.some((c) => c.name === fallback || `${c.name}_${c.order}` === fallback) &&
      unknownAttributes(engine, [fallback]).length > 0
    )
      problems.push(`config.sort.default: '${fallback}' is neither a sort choice nor an attribute`);
    if (search.rules.length > 0) problems.push(rulesElsewhere);
    parsed = search;
  } else if (type === 'recommendation') {
    const recommendation = parseWith(recommendationConfigSchema, config, 'config');
    filter = recommendation.filter;
    if (recommendation.rules.length > 0) problems.push(rulesElsewhere);
    parsed = recommendation;
  } else {
    throw new AdminError(
      'invalid_request',
      `The settings of a ${type} widget are content: edit them through the content service.`,
      { type, types: ['content_grid', 'preview_search', 'recommendation'] },
    );
  }
  if (filter) {
    const size = filterProblem(filter);
    if (size) problems.push(`config.filter: ${size}`);
    filterAttributes(filter, attributes);
  }
  for (const name of unknownAttributes(engine, attributes))
    problems.push(`config names '${name}', an attribute no product or page has`);
  if (problems.length > 0)
    throw new AdminError('invalid_request', `Invalid widget settings: ${problems.slice(0, 5).join('; ')}`, {
      problems,
    });
  return parsed;
}

const rulesElsewhere =
  'config.rules: rules are search-rule items: create them with POST /admin/v1/rules (one place for every rule)';
