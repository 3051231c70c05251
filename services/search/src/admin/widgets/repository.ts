import { type Db, queryRows } from '@catalogue/db';
import { sql } from 'drizzle-orm';
import { WIDGET_CONTENT_TYPE } from '../../config/widget-config';
import { contentVersion } from '../../rules/content-version';
import type { Tx } from '../write-transaction';

/** A `search-widget` content item (one locale's variant of a widget) as read. */
export interface WidgetRow extends Record<string, unknown> {
  id: string;
  locale: string;
  data: unknown;
  version: string;
  updated_at: Date | string;
}

const columns = sql`id, locale, data, ${contentVersion} as version, updated_at`;

export function listWidgetRows(db: Db): Promise<WidgetRow[]> {
  return queryRows<WidgetRow>(
    db,
    sql`select ${columns} from content_items where type = ${WIDGET_CONTENT_TYPE} order by id, locale`,
  );
}

/** Every variant of one widget, `*` first. */
export function widgetVariantRows(db: Db | Tx, rfkId: string): Promise<WidgetRow[]> {
  return queryRows<WidgetRow>(
    db,
    sql`select ${columns} from content_items where type = ${WIDGET_CONTENT_TYPE} and id = ${rfkId}
        order by locale <> '*', locale`,
  );
}

/** Serialises the API's writers of one widget. */
export async function lockWidget(tx: Tx, rfkId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${WIDGET_CONTENT_TYPE}:${rfkId}`}))`);
}

export async function insertWidgetRow(
  tx: Tx,
  rfkId: string,
  locale: string,
  data: unknown,
): Promise<WidgetRow> {
  const rows = await queryRows<WidgetRow>(
    tx,
    sql`insert into content_items (type, id, locale, data, updated_at)
        values (${WIDGET_CONTENT_TYPE}, ${rfkId}, ${locale}, ${JSON.stringify(data)}::jsonb, now())
        returning ${columns}`,
  );
  return rows[0] as WidgetRow;
}

/** Replaces a variant's data if it is still at `version`; null when it is not. */
export async function updateWidgetRow(
  tx: Tx,
  rfkId: string,
  locale: string,
  version: string,
  data: unknown,
): Promise<WidgetRow | null> {
  const rows = await queryRows<WidgetRow>(
    tx,
    sql`update content_items set data = ${JSON.stringify(data)}::jsonb, updated_at = now()
        where type = ${WIDGET_CONTENT_TYPE} and id = ${rfkId} and locale = ${locale}
          and ${contentVersion} = ${version}
        returning ${columns}`,
  );
  return rows[0] ?? null;
}

export async function deleteWidgetRow(
  tx: Tx,
  rfkId: string,
  locale: string,
  version: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from content_items
        where type = ${WIDGET_CONTENT_TYPE} and id = ${rfkId} and locale = ${locale}
          and ${contentVersion} = ${version}
        returning id`,
  );
  return rows.length > 0;
}
