import { WIDGET_TYPES, type WidgetType } from '../wire/response';

/** The content item type holding widget configurations (one per rfk_id, locale '*' or a locale code). */
export const WIDGET_CONTENT_TYPE = 'search-widget';

/**
 * A widget's configuration from the data (packages/dataset/data/search.yaml): its type, the entities it
 * answers for, and a free `config` whose shape each widget type defines.
 */
export interface WidgetConfig {
  rfkId: string;
  type: WidgetType;
  /** Entities the widget answers for; empty = any. */
  entities: string[];
  name: string;
  config: Record<string, unknown>;
}

function isWidgetType(value: unknown): value is WidgetType {
  return typeof value === 'string' && (WIDGET_TYPES as readonly string[]).includes(value);
}

/** Widget configurations by rfk_id, with per-locale variants over the '*' one. */
export class WidgetConfigs {
  private readonly byKey = new Map<string, WidgetConfig>();

  constructor(items: { id: string; locale: string; data: unknown }[]) {
    for (const item of items) {
      const data = item.data as Record<string, unknown>;
      if (!isWidgetType(data.type)) {
        console.error(
          `[search] widget ${item.id} (${item.locale}): unknown type ${JSON.stringify(data.type)}`,
        );
        continue;
      }
      const entities = Array.isArray(data.entities)
        ? data.entities.filter((e): e is string => typeof e === 'string')
        : typeof data.entity === 'string'
          ? [data.entity]
          : [];
      this.byKey.set(`${item.id}|${item.locale}`, {
        rfkId: item.id,
        type: data.type,
        entities,
        name: typeof data.name === 'string' ? data.name : item.id,
        config:
          typeof data.config === 'object' && data.config !== null && !Array.isArray(data.config)
            ? (data.config as Record<string, unknown>)
            : {},
      });
    }
  }

  /** The configuration of a widget in a locale (its own variant, else the '*' one). */
  get(rfkId: string, localeCode: string): WidgetConfig | undefined {
    return this.byKey.get(`${rfkId}|${localeCode}`) ?? this.byKey.get(`${rfkId}|*`);
  }

  /** Every widget as configured for a locale (its own variant, else the '*' one). */
  forLocale(localeCode: string): WidgetConfig[] {
    const ids = new Set([...this.byKey.values()].map((c) => c.rfkId));
    return [...ids].map((id) => this.get(id, localeCode)).filter((c): c is WidgetConfig => c !== undefined);
  }

  /** Every widget's `*` configuration (else its first variant's), one per rfk_id. */
  all(): WidgetConfig[] {
    const ids = new Set([...this.byKey.values()].map((c) => c.rfkId));
    return [...ids].map(
      (id) =>
        this.byKey.get(`${id}|*`) ?? ([...this.byKey.values()].find((c) => c.rfkId === id) as WidgetConfig),
    );
  }

  get size(): number {
    return this.byKey.size;
  }
}
