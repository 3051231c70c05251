import { runWidgetSearch } from '../search/run-search';
import type { WidgetDefinition } from './registry';

/**
 * Search results (`content_grid`, e.g. rfkid_7 on product and content): keyphrase, filters, facets with
 * counts, sort choices, paging, highlighting, suggestions and rules.
 */
export const widget: WidgetDefinition = {
  type: 'content_grid',
  handle: async (item, ctx) => runWidgetSearch(item, ctx, { preview: false }),
};
