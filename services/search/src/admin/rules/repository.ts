import { type Db, queryRows } from '@catalogue/db';
import { type SQL, sql } from 'drizzle-orm';
import { WIDGET_CONTENT_TYPE } from '../../config/widget-config';
import { contentVersion } from '../../rules/content-version';
import { type RuleData, SEARCH_RULE_TYPE } from '../../rules/stored-rule';
import type { Tx } from '../write-transaction';

/** A `search-rule` content item as read. */
export interface RuleRow extends Record<string, unknown> {
  id: string;
  locale: string;
  data: unknown;
  version: string;
  updated_at: Date | string;
}

const columns = sql`id, locale, data, ${contentVersion} as version, updated_at`;

/** `text` with LIKE's wildcards taken literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listRuleRows(
  db: Db,
  filter: { widget?: string; locale?: string; search?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: RuleRow[]; total: number }> {
  const conditions: SQL[] = [sql`type = ${SEARCH_RULE_TYPE}`];
  if (filter.widget) conditions.push(sql`data->'widgets' ? ${filter.widget}`);
  if (filter.locale) conditions.push(sql`locale = ${filter.locale}`);
  if (filter.search) {
    const pattern = `%${likeEscaped(filter.search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(data->>'name') like ${pattern} or lower(data->>'keyphrases') like ${pattern})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    queryRows<RuleRow>(
      db,
      sql`select ${columns} from content_items where ${where} order by id, locale
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from content_items where ${where}`),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** A rule by id (the first locale's if hand-written items share an id). */
export async function findRuleRow(db: Db | Tx, id: string): Promise<RuleRow | null> {
  const rows = await queryRows<RuleRow>(
    db,
    sql`select ${columns} from content_items where type = ${SEARCH_RULE_TYPE} and id = ${id}
        order by locale limit 1`,
  );
  return rows[0] ?? null;
}

/** Serialises writers of one rule id (creates of the same id in different locales included). */
export async function lockRuleId(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${SEARCH_RULE_TYPE}:${id}`}))`);
}

export async function insertRuleRow(tx: Tx, id: string, locale: string, data: RuleData): Promise<RuleRow> {
  const rows = await queryRows<RuleRow>(
    tx,
    sql`insert into content_items (type, id, locale, data, updated_at)
        values (${SEARCH_RULE_TYPE}, ${id}, ${locale}, ${JSON.stringify(data)}::jsonb, now())
        returning ${columns}`,
  );
  return rows[0] as RuleRow;
}

/** Replaces a rule if it is still at `version`; null when it is not (changed or gone). */
export async function updateRuleRow(
  tx: Tx,
  current: { id: string; locale: string; version: string },
  locale: string,
  data: RuleData,
): Promise<RuleRow | null> {
  const rows = await queryRows<RuleRow>(
    tx,
    sql`update content_items set locale = ${locale}, data = ${JSON.stringify(data)}::jsonb, updated_at = now()
        where type = ${SEARCH_RULE_TYPE} and id = ${current.id} and locale = ${current.locale}
          and ${contentVersion} = ${current.version}
        returning ${columns}`,
  );
  return rows[0] ?? null;
}

/** Deletes a rule if it is still at `version`. */
export async function deleteRuleRow(
  tx: Tx,
  current: { id: string; locale: string; version: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from content_items
        where type = ${SEARCH_RULE_TYPE} and id = ${current.id} and locale = ${current.locale}
          and ${contentVersion} = ${current.version}
        returning id`,
  );
  return rows.length > 0;
}

/** The ids among `ids` that are products. */
export async function existingProducts(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from products where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The configured type of each widget (rfk_id) among `ids`, from its `search-widget` items. */
export async function widgetTypes(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; type: string }>(
    db,
    sql`select distinct id, data->>'type' as type from content_items
        where type = ${WIDGET_CONTENT_TYPE} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r.type]));
}
