import type { DiscoverRequest, Filter, Rule } from './request';

/**
 * How large the filters of one discover request may be, over all its widget items (search and
 * recommendation filters and every rule's filter together). Each filter leaf reads its attribute's value
 * dictionary once (every SKU for `sku`), and each node is tested per document, so the cost of a request
 * grows with these numbers; the schema's per-list maxima alone allowed thousands of nodes in a 256 KB
 * body. The SDK builds a few nodes per facet selection; these limits are far above that.
 */
export const FILTER_LIMITS = {
  /** Filter nodes (leaves, and/or/not) in the whole request. */
  nodes: 200,
  /** Nesting of and/or/not in one filter. */
  depth: 12,
} as const;

interface Size {
  nodes: number;
  depth: number;
}

function measure(filter: Filter | undefined, size: Size, depth = 1): void {
  if (!filter) return;
  size.nodes++;
  size.depth = Math.max(size.depth, depth);
  if (filter.type === 'and' || filter.type === 'or')
    for (const child of filter.filters) measure(child, size, depth + 1);
  else if (filter.type === 'not') measure(filter.filter, size, depth + 1);
}

function measureRule(rule: Rule | undefined, size: Size): void {
  if (!rule) return;
  measure(rule.blacklist?.filter, size);
  measure(rule.bury?.filter, size);
  for (const boost of rule.boost ?? []) measure(boost.filter, size);
  for (const include of rule.include ?? []) measure(include.filter, size);
}

/** What is too large about the request's filters, or null. */
export function filterSizeProblem(request: DiscoverRequest): string | null {
  const size: Size = { nodes: 0, depth: 0 };
  for (const item of request.widget.items) {
    measure(item.search?.filter, size);
    measureRule(item.search?.rule, size);
    measure(item.recommendations?.filter, size);
    measureRule(item.recommendations?.rule, size);
  }
  if (size.nodes > FILTER_LIMITS.nodes)
    return `The request's filters have ${size.nodes} nodes; at most ${FILTER_LIMITS.nodes} are allowed.`;
  if (size.depth > FILTER_LIMITS.depth)
    return `A filter is nested ${size.depth} deep; at most ${FILTER_LIMITS.depth} levels are allowed.`;
  return null;
}

/** What is too large about one rule's filters (a merchandising rule), or null. */
export function ruleFilterProblem(rule: Rule): string | null {
  const size: Size = { nodes: 0, depth: 0 };
  measureRule(rule, size);
  if (size.nodes > FILTER_LIMITS.nodes)
    return `The rule's filters have ${size.nodes} nodes; at most ${FILTER_LIMITS.nodes} are allowed.`;
  if (size.depth > FILTER_LIMITS.depth)
    return `A filter is nested ${size.depth} deep; at most ${FILTER_LIMITS.depth} levels are allowed.`;
  return null;
}

/** The attribute names a filter reads. */
export function filterAttributes(filter: Filter | undefined, into: Set<string> = new Set()): Set<string> {
  if (!filter) return into;
  if ('filters' in filter) for (const child of filter.filters) filterAttributes(child, into);
  else if ('filter' in filter) filterAttributes(filter.filter, into);
  else into.add(filter.name);
  return into;
}

/** What is too large about one filter (a widget's configured one), or null. */
export function filterProblem(filter: Filter): string | null {
  const size: Size = { nodes: 0, depth: 0 };
  measure(filter, size);
  if (size.nodes > FILTER_LIMITS.nodes)
    return `The filter has ${size.nodes} nodes; at most ${FILTER_LIMITS.nodes} are allowed.`;
  if (size.depth > FILTER_LIMITS.depth)
    return `The filter is nested ${size.depth} deep; at most ${FILTER_LIMITS.depth} levels are allowed.`;
  return null;
}
