import type { ProductMarketingItem } from '@catalogue/dataset';
import { type Db, queryRows } from '@catalogue/db';
import { contentItems } from '@catalogue/db/schema';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';

export interface ProductMarketingRow extends ProductMarketingItem {
  id: string;
  locale: string;
}

/**
 * Product marketing content of one locale, by product number (`productNumbers` null = all), after a
 * product number (keyset paging) and at most `limit` of them, with the total the filter matches.
 */
export async function readProductMarketing(
  db: Db,
  locale: string,
  productNumbers: string[] | null,
  after: string | null,
  limit: number,
): Promise<{ total: number; rows: ProductMarketingRow[] }> {
  const filter = and(
    eq(contentItems.type, 'pcm'),
    eq(contentItems.locale, locale),
    productNumbers ? inArray(contentItems.id, productNumbers) : undefined,
  );
  if (productNumbers?.length === 0) return { total: 0, rows: [] };
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(contentItems).where(filter),
    db
      .select({ id: contentItems.id, data: contentItems.data })
      .from(contentItems)
      .where(and(filter, after === null ? undefined : gt(contentItems.id, after)))
      // The primary key (type, id, locale) serves the filter, the order and the cursor comparison alike.
      .orderBy(asc(contentItems.id))
      .limit(limit),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    rows: rows.map((row) => ({ ...(row.data as ProductMarketingItem), id: row.id, locale })),
  };
}

/**
 * As `readProductMarketing`, with every current draft of the locale over the published items (the
 * editors' preview; drafts of products without published content included).
 */
export async function previewProductMarketing(
  db: Db,
  locale: string,
  productNumbers: string[] | null,
  after: string | null,
  limit: number,
): Promise<{ total: number; rows: ProductMarketingRow[] }> {
  if (productNumbers?.length === 0) return { total: 0, rows: [] };
  const merged = sql`(
    select i.id, i.data from content_items i
     where i.type = 'pcm' and i.locale = ${locale}
       and not exists (select 1 from content_drafts d where d.type = i.type and d.id = i.id and d.locale = i.locale)
    union all
    select d.id, d.data from content_drafts d where d.type = 'pcm' and d.locale = ${locale}
  ) as merged`;
  const chosen = productNumbers
    ? sql`id in (${sql.join(
        productNumbers.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`true`;
  const [totals, rows] = await Promise.all([
    queryRows<{ total: string | number }>(db, sql`select count(*) as total from ${merged} where ${chosen}`),
    queryRows<{ id: string; data: ProductMarketingItem }>(
      db,
      sql`select id, data from ${merged} where ${chosen}
        ${after === null ? sql`` : sql`and id > ${after}`} order by id limit ${limit}`,
    ),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    rows: rows.map((row) => ({ ...row.data, id: row.id, locale })),
  };
}
