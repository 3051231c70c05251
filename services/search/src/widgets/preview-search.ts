import { runWidgetSearch } from '../search/run-search';
import type { WidgetDefinition } from './registry';

/**
 * Preview search (`preview_search`, e.g. rfkid_6): keyphrase suggestions plus the top products while the
 * visitor types (the last word counts as a prefix); no facets.
 */
export const widget: WidgetDefinition = {
  type: 'preview_search',
  handle: async (item, ctx) => runWidgetSearch(item, ctx, { preview: true }),
};
