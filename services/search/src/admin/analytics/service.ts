import type { WidgetType } from '../../wire/response';
import type { AdminDeps } from '../deps';
import { AdminError } from '../errors';
import { siteLocale } from '../site-checks';
import {
  clicksByPosition,
  type EventScope,
  keyphrasesWithoutResults,
  recommendationActivity,
  topKeyphrases,
} from './repository';
import type { Range, ReportScope } from './schema';

/**
 * The merchandiser's reports over the stored events, per date range and locale: top keyphrases,
 * keyphrases without results, click-through by result position (search widgets), and the recommendation
 * widgets' views and clicks. Which widgets are search or recommendation widgets comes from their settings.
 */

const SEARCH_WIDGETS: WidgetType[] = ['content_grid', 'preview_search'];
const RECOMMENDATION_WIDGETS: WidgetType[] = ['recommendation'];

interface ReportQuery {
  range: Range;
  locale?: string | undefined;
  widget?: string | undefined;
}

function scopeOf(deps: AdminDeps, query: ReportQuery, types: WidgetType[]): EventScope {
  const widgets = deps.engine.widgets
    .all()
    .filter((w) => types.includes(w.type))
    .map((w) => w.rfkId)
    .sort();
  if (query.widget !== undefined && !widgets.includes(query.widget))
    throw new AdminError('invalid_request', `'${query.widget}' is not one of this report's widgets.`, {
      field: 'query.widget',
      widgets,
    });
  return {
    from: query.range.from,
    to: query.range.to,
    locale: query.locale === undefined ? null : siteLocale(deps.engine, query.locale, false),
    widgets: query.widget !== undefined ? [query.widget] : widgets,
  };
}

function described(scope: EventScope): ReportScope {
  return {
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    locale: scope.locale,
    widgets: scope.widgets,
  };
}

/** A share rounded to 4 places, or null when there is nothing to divide by. */
function ratio(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

export async function keyphraseReport(deps: AdminDeps, query: ReportQuery & { limit: number }) {
  const scope = scopeOf(deps, query, SEARCH_WIDGETS);
  const rows = scope.widgets.length > 0 ? await topKeyphrases(deps.database.db, scope, query.limit) : [];
  return {
    scope: described(scope),
    items: rows.map((row) => ({ ...row, click_through: ratio(row.clicks, row.searches) })),
  };
}

export async function noResultsReport(deps: AdminDeps, query: ReportQuery & { limit: number }) {
  const scope = scopeOf(deps, query, SEARCH_WIDGETS);
  const rows =
    scope.widgets.length > 0 ? await keyphrasesWithoutResults(deps.database.db, scope, query.limit) : [];
  return {
    scope: described(scope),
    items: rows.map((row) => ({ ...row, last_searched: new Date(row.last_searched).toISOString() })),
  };
}

export async function clickPositionReport(deps: AdminDeps, query: ReportQuery & { positions: number }) {
  const scope = scopeOf(deps, query, SEARCH_WIDGETS);
  const found =
    scope.widgets.length > 0
      ? await clicksByPosition(deps.database.db, scope, query.positions)
      : { searches: 0, clicks: [], allClicks: 0 };
  const byPosition = new Map(found.clicks.map((c) => [c.position, c.clicks]));
  const last = Math.max(0, ...found.clicks.map((c) => c.position));
  return {
    scope: described(scope),
    searches: found.searches,
    clicks: found.allClicks,
    // Every position up to the last clicked one, the ones nobody clicked included.
    positions: Array.from({ length: last }, (_, i) => {
      const clicks = byPosition.get(i + 1) ?? 0;
      return {
        position: i + 1,
        clicks,
        click_through: ratio(clicks, found.searches),
        share_of_clicks: ratio(clicks, found.allClicks),
      };
    }),
  };
}

export async function recommendationReport(deps: AdminDeps, query: ReportQuery & { products: number }) {
  const scope = scopeOf(deps, query, RECOMMENDATION_WIDGETS);
  const found =
    scope.widgets.length > 0
      ? await recommendationActivity(deps.database.db, scope, query.products)
      : { widgets: [], top: [] };
  const byWidget = new Map(found.widgets.map((w) => [w.rfk_id, w]));
  return {
    scope: described(scope),
    items: scope.widgets.map((rfkId) => {
      const row = byWidget.get(rfkId);
      const views = row?.views ?? 0;
      const clicks = row?.clicks ?? 0;
      return {
        rfk_id: rfkId,
        name: deps.engine.widgets.get(rfkId, scope.locale ?? '*')?.name ?? rfkId,
        views,
        clicks,
        click_through: ratio(clicks, views),
        visitors_clicking: row?.visitors_clicking ?? 0,
        top_products: found.top
          .filter((t) => t.rfk_id === rfkId)
          .map((t) => ({ id: t.id, clicks: t.clicks })),
      };
    }),
  };
}
