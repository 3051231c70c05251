import type { ProductMarketingItem } from '@catalogue/dataset';
import type { Db } from '@catalogue/db';
import { contentItems } from '@catalogue/db/schema';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';

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
