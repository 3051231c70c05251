import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Database } from '@catalogue/db';
import type { WidgetConfig } from '../config/widget-config';
import type { SearchEngine } from '../engine/engine';
import type { LocaleInfo } from '../engine/locales';
import type { Caller } from '../http/auth';
import type { DiscoverRequest, WidgetItem } from '../wire/request';
import type { WidgetResponse, WidgetType } from '../wire/response';

/** What a widget handler gets besides its request item. */
export interface WidgetContext {
  /** The whole request (context, other items). */
  request: DiscoverRequest;
  /** The request's locale (context.locale, else en-US) with its language, region and URL prefix. */
  locale: LocaleInfo;
  /** The widget's configuration from the data (`search-widget` content item of its rfk_id). */
  config: WidgetConfig;
  engine: SearchEngine;
  database: Database;
  caller: Caller;
  /**
   * The caller's audiences (a signed-in buyer's company and `company/user group`s): products assigned to
   * them are found besides the region's own (SearchEngine.audiences).
   */
  audiences: string[];
  /** Request start (ms since the epoch). */
  now: number;
}

export type WidgetHandler = (item: WidgetItem, ctx: WidgetContext) => Promise<WidgetResponse>;

/**
 * A widget type's handler. Every file of this folder that exports `widget: WidgetDefinition` is
 * registered at start — a new widget type is a new file, no edit elsewhere.
 */
export interface WidgetDefinition {
  type: WidgetType;
  handle: WidgetHandler;
}

export class WidgetRegistry {
  private readonly handlers = new Map<WidgetType, WidgetHandler>();

  register(definition: WidgetDefinition): void {
    if (this.handlers.has(definition.type))
      throw new Error(`Two widget handlers for type '${definition.type}'`);
    this.handlers.set(definition.type, definition.handle);
  }

  get(type: WidgetType): WidgetHandler | undefined {
    return this.handlers.get(type);
  }

  types(): WidgetType[] {
    return [...this.handlers.keys()];
  }
}

const FOLDER = fileURLToPath(new URL('.', import.meta.url));
const SOURCE = /^(?!registry\.)[a-z0-9-]+\.(ts|js)$/;

function isDefinition(value: unknown): value is WidgetDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const { type, handle } = value as Record<string, unknown>;
  return typeof type === 'string' && typeof handle === 'function';
}

let loaded: Promise<WidgetRegistry> | null = null;

/** The handlers of every widget file in this folder (loaded once per process). */
export function widgetRegistry(): Promise<WidgetRegistry> {
  loaded ??= (async () => {
    const registry = new WidgetRegistry();
    const files = readdirSync(FOLDER)
      .filter((file) => SOURCE.test(file) && !/\.(test|d)\.ts$/.test(file))
      .sort();
    for (const file of files) {
      const module = (await import(pathToFileURL(`${FOLDER}${file}`).href)) as { widget?: unknown };
      if (module.widget === undefined) continue; // a helper module, not a widget type
      if (!isDefinition(module.widget))
        throw new Error(`src/widgets/${file}: 'widget' must be { type, handle }`);
      registry.register(module.widget);
    }
    return registry;
  })();
  return loaded;
}
