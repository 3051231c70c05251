import type { SearchEngine } from '../engine/engine';
import { findColumn } from '../engine/filter';
import { AdminError } from './errors';

/**
 * A locale of a body or query as the site names it (`fr-ca` → `fr-CA`), or `*` when `allowEvery`; a 400
 * listing the site's locales otherwise.
 */
export function siteLocale(engine: SearchEngine, value: string, allowEvery: boolean): string {
  if (allowEvery && value === '*') return '*';
  const found = engine.locales.find(value);
  if (found) return found.code;
  throw new AdminError('invalid_request', `Unknown locale '${value}'.`, {
    field: 'locale',
    locales: [...(allowEvery ? ['*'] : []), ...engine.locales.all.map((l) => l.code)],
  });
}

/**
 * The names among `names` that no indexed product or page has as an attribute: a filter, facet or sort
 * on one would silently match or show nothing, which is a merchandiser's typo, not an intent.
 */
export function unknownAttributes(engine: SearchEngine, names: Iterable<string>): string[] {
  return [...new Set(names)].filter(
    (name) => !findColumn(engine.products, name) && !findColumn(engine.content, name),
  );
}
