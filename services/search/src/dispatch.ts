import type { Database } from '@catalogue/db';
import { pageLocale, pageWidgets } from './blocks/page-widgets';
import type { SearchEngine } from './engine/engine';
import type { LocaleInfo } from './engine/locales';
import type { Caller } from './http/auth';
import type { SearchError } from './http/errors';
import { rethrowUnavailable } from './http/unavailable';
import { WidgetError } from './search/run-search';
import { widgetRegistry } from './widgets/registry';
import type { DiscoverRequest, WidgetItem } from './wire/request';
import type { DiscoverResponse, WidgetResponse } from './wire/response';

export interface DispatchDeps {
  engine: SearchEngine;
  database: Database;
  caller: Caller;
  now: number;
}

/** A refusal of the whole request (HTTP status and errors). */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    readonly errors: SearchError[],
  ) {
    super(errors[0]?.message ?? 'refused');
  }
}

/** The request's locale: `context.locale` ({country, language}) or the default en-US. */
export function requestLocale(engine: SearchEngine, request: DiscoverRequest): LocaleInfo {
  const asked = request.context.locale;
  const locale = asked ? engine.locales.find(asked.language, asked.country) : engine.locales.default;
  if (!locale) {
    const known = engine.locales.all.map((l) => {
      const [language, country] = l.code.toLowerCase().split('-');
      return { language, country };
    });
    throw new RequestRefused(400, [
      {
        code: 400,
        type: 'invalid_locale',
        message: asked
          ? `Unknown locale: language '${asked.language}', country '${asked.country}'.`
          : 'No locale is configured.',
        severity: 'medium',
        details: { locales: known },
      },
    ]);
  }
  return locale;
}

function widgetError(item: WidgetItem, error: SearchError, type?: WidgetResponse['type']): WidgetResponse {
  return { rfk_id: item.rfk_id, entity: item.entity, ...(type ? { type } : {}), errors: [error] };
}

/**
 * Answers every widget item through the handler of its configured type. A widget's own problem (unknown
 * rfk_id, entity it does not serve, bad sort or facet) is an error object in that widget's answer.
 */
export async function dispatch(request: DiscoverRequest, deps: DispatchDeps): Promise<DiscoverResponse> {
  // The SDK's page-widgets request (a page URI, no items): the content block widgets of that page.
  const pageUri = request.context.page?.uri;
  if (request.widget.items.length === 0 && pageUri) {
    const locale =
      pageLocale(deps.engine.locales, pageUri, request.context.locale) ?? requestLocale(deps.engine, request);
    const widgets = pageWidgets(deps.engine.widgets.forLocale(locale.code), pageUri, locale);
    return { ts: deps.now, dt: 0, widgets };
  }
  const locale = requestLocale(deps.engine, request);
  let audiences: string[];
  try {
    audiences = await deps.engine.audiences(deps.caller);
  } catch (error) {
    rethrowUnavailable(error);
    console.error("[search] reading the caller's user groups failed:", error);
    throw new RequestRefused(503, [
      { code: 503, type: 'unavailable', message: 'The search index is not available.', severity: 'high' },
    ]);
  }
  const registry = await widgetRegistry();
  const widgets: WidgetResponse[] = [];
  for (const item of request.widget.items) {
    const config = deps.engine.widgets.get(item.rfk_id, locale.code);
    if (!config) {
      widgets.push(
        widgetError(item, {
          code: 404,
          type: 'widget_not_found',
          message: `Unknown widget: no widget is configured with rfk_id '${item.rfk_id}'.`,
          severity: 'medium',
          details: { rfk_id: item.rfk_id },
        }),
      );
      continue;
    }
    if (config.entities.length > 0 && !config.entities.includes(item.entity)) {
      widgets.push(
        widgetError(
          item,
          {
            code: 400,
            type: 'invalid_entity',
            message: `Widget '${item.rfk_id}' does not answer for entity '${item.entity}' (it does for ${config.entities.join(', ')}).`,
            severity: 'medium',
            details: { entities: config.entities },
          },
          config.type,
        ),
      );
      continue;
    }
    const handler = registry.get(config.type);
    if (!handler) {
      widgets.push(
        widgetError(
          item,
          {
            code: 400,
            type: 'invalid_widget_type',
            message: 'Invalid widget type',
            severity: 'medium',
            details: { type: config.type },
          },
          config.type,
        ),
      );
      continue;
    }
    try {
      widgets.push(
        await handler(item, {
          request,
          locale,
          config,
          engine: deps.engine,
          database: deps.database,
          caller: deps.caller,
          audiences,
          now: deps.now,
        }),
      );
    } catch (error) {
      if (error instanceof WidgetError) {
        widgets.push(widgetError(item, error.toWire(), config.type));
      } else {
        rethrowUnavailable(error);
        console.error(`[search] widget ${item.rfk_id} failed:`, error);
        widgets.push(
          widgetError(
            item,
            {
              code: 500,
              type: 'internal_error',
              message: 'The widget could not be answered.',
              severity: 'high',
            },
            config.type,
          ),
        );
      }
    }
  }
  return { ts: deps.now, dt: 0, widgets };
}
