import type { AdminDeps } from '../deps';
import { AdminError } from '../errors';
import { siteLocale } from '../site-checks';
import { type Actor, inWriteTransaction } from '../write-transaction';
import { checkedWidgetConfig } from './config-checks';
import {
  deleteWidgetRow,
  insertWidgetRow,
  listWidgetRows,
  lockWidget,
  updateWidgetRow,
  type WidgetRow,
  widgetVariantRows,
} from './repository';
import type { PutWidgetInput, WidgetResource } from './schema';

/**
 * The widgets' settings (`search-widget` content items, one per rfk_id and locale variant): read them,
 * replace a variant's settings checked by the widget type's own schema, add or remove a locale's variant.
 * Widgets themselves (their rfk_id and type) come from the data (search.yaml): this API neither creates
 * nor deletes one, nor changes a type.
 */

interface WidgetData {
  type?: unknown;
  name?: unknown;
  entities?: unknown;
  config?: unknown;
}

function resourceOf(row: WidgetRow): WidgetResource {
  const data = (row.data ?? {}) as WidgetData;
  return {
    rfk_id: row.id,
    locale: row.locale,
    type: typeof data.type === 'string' ? data.type : '',
    name: typeof data.name === 'string' ? data.name : row.id,
    entities: Array.isArray(data.entities) ? data.entities.filter((e) => typeof e === 'string') : [],
    config:
      typeof data.config === 'object' && data.config !== null && !Array.isArray(data.config)
        ? (data.config as Record<string, unknown>)
        : {},
    version: row.version,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function noWidget(rfkId: string, locale?: string): AdminError {
  return locale === undefined
    ? new AdminError('not_found', `No widget is configured with rfk_id '${rfkId}'.`, { rfk_id: rfkId })
    : new AdminError('not_found', `Widget '${rfkId}' has no variant for locale '${locale}'.`, {
        rfk_id: rfkId,
        locale,
      });
}

export async function listWidgets(deps: AdminDeps): Promise<{
  items: (Omit<WidgetResource, 'locale' | 'config' | 'version' | 'updated_at'> & {
    variants: { locale: string; version: string; updated_at: string }[];
  })[];
}> {
  const byId = new Map<string, WidgetResource[]>();
  for (const row of await listWidgetRows(deps.database.db)) {
    const list = byId.get(row.id) ?? [];
    list.push(resourceOf(row));
    byId.set(row.id, list);
  }
  return {
    items: [...byId.values()].map((variants) => {
      const main = variants.find((v) => v.locale === '*') ?? (variants[0] as WidgetResource);
      return {
        rfk_id: main.rfk_id,
        type: main.type,
        name: main.name,
        entities: main.entities,
        variants: variants.map((v) => ({ locale: v.locale, version: v.version, updated_at: v.updated_at })),
      };
    }),
  };
}

export async function getWidget(
  deps: AdminDeps,
  rfkId: string,
  localeValue: string,
): Promise<WidgetResource> {
  const locale = siteLocale(deps.engine, localeValue, true);
  const rows = await widgetVariantRows(deps.database.db, rfkId);
  if (rows.length === 0) throw noWidget(rfkId);
  const row = rows.find((r) => r.locale === locale);
  if (!row) throw noWidget(rfkId, locale);
  return resourceOf(row);
}

/** Replaces a variant's settings (at the version read), or adds a locale's variant (without a version). */
export async function putWidget(
  deps: AdminDeps,
  actor: Actor,
  rfkId: string,
  localeValue: string,
  input: PutWidgetInput,
): Promise<{ widget: WidgetResource; created: boolean }> {
  const locale = siteLocale(deps.engine, localeValue, true);
  return inWriteTransaction(deps.database, actor, async (tx) => {
    await lockWidget(tx, rfkId);
    const variants = (await widgetVariantRows(tx, rfkId)).map(resourceOf);
    const main = variants.find((v) => v.locale === '*') ?? variants[0];
    if (!main) throw noWidget(rfkId);
    const config = checkedWidgetConfig(deps.engine, main.type, input.config);
    const current = variants.find((v) => v.locale === locale);
    const data = {
      type: main.type,
      name: input.name ?? current?.name ?? main.name,
      entities: input.entities ?? current?.entities ?? main.entities,
      config,
    };
    if (!current) {
      if (input.version !== undefined)
        throw new AdminError('conflict', `Widget '${rfkId}' has no variant for '${locale}' any more.`, {
          rfk_id: rfkId,
          locale,
        });
      return { widget: resourceOf(await insertWidgetRow(tx, rfkId, locale, data)), created: true };
    }
    if (input.version === undefined)
      throw new AdminError('invalid_request', 'version is required to change an existing variant.', {
        field: 'version',
        current_version: current.version,
      });
    if (input.version !== current.version) throw stale(rfkId, locale, current.version);
    const row = await updateWidgetRow(tx, rfkId, locale, input.version, data);
    if (!row) throw stale(rfkId, locale, null);
    return { widget: resourceOf(row), created: false };
  });
}

/** Removes a locale's variant (the locale falls back to `*`); the `*` variant is the widget and stays. */
export async function deleteWidgetVariant(
  deps: AdminDeps,
  actor: Actor,
  rfkId: string,
  localeValue: string,
  version: string,
): Promise<void> {
  const locale = siteLocale(deps.engine, localeValue, true);
  if (locale === '*')
    throw new AdminError('invalid_request', "The '*' variant is the widget itself and cannot be deleted.", {
      field: 'locale',
    });
  await inWriteTransaction(deps.database, actor, async (tx) => {
    await lockWidget(tx, rfkId);
    const current = (await widgetVariantRows(tx, rfkId)).find((r) => r.locale === locale);
    if (!current) throw noWidget(rfkId, locale);
    if (current.version !== version) throw stale(rfkId, locale, current.version);
    if (!(await deleteWidgetRow(tx, rfkId, locale, version))) throw stale(rfkId, locale, null);
  });
}

function stale(rfkId: string, locale: string, current: string | null): AdminError {
  return new AdminError(
    'conflict',
    `The settings of widget '${rfkId}' (${locale}) were changed since they were read: read them again.`,
    { rfk_id: rfkId, locale, ...(current ? { current_version: current } : {}) },
  );
}
