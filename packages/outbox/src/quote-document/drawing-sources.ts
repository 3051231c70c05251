import { type Db, queryRows } from '@catalogue/db';
import type { GeometrySource } from '@catalogue/drawings/geometry';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { QuoteDocumentContent } from './content';
import type { QuoteDrawingSources } from './drawings';

/**
 * What a mailed quote document's drawings are made of, read from the database: the catalogue data of every
 * product the quote offers (`products.xp`: TradeSize, LengthMm, CategoryID, as the storefront reads them)
 * and the reader's locale's default unit system (its `locale` content item). A product deleted since, or
 * without that data, simply has no drawing.
 */
const xp = z
  .object({
    TradeSize: z.object({ imperial: z.string(), metric: z.string() }).nullish(),
    LengthMm: z.number().nullish(),
    CategoryID: z.string().nullish(),
  })
  .catch({});
const localeInfo = z.object({ defaultUnitSystem: z.enum(['metric', 'imperial']) }).catch({
  defaultUnitSystem: 'metric',
});

export async function quoteDrawingSources(
  db: Db,
  content: QuoteDocumentContent,
  locale: string,
): Promise<QuoteDrawingSources> {
  const ids = [
    ...new Set(content.LineItems.flatMap((l) => [l.ProductID, l.SubstituteProductID ?? []]).flat()),
  ];
  const [products, locales] = await Promise.all([
    ids.length === 0
      ? []
      : queryRows<{ id: string; xp: unknown }>(
          db,
          sql`select id, xp from products where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
    queryRows<{ data: unknown }>(
      db,
      sql`select data from content_items where type = 'locale' and id = ${locale} limit 1`,
    ),
  ]);
  const sources = new Map<string, GeometrySource>();
  for (const row of products) {
    const data = xp.parse(row.xp);
    sources.set(row.id, {
      tradeSize: data.TradeSize ?? null,
      lengthMm: data.LengthMm ?? null,
      categoryId: data.CategoryID ?? '',
    });
  }
  return { products: sources, unitSystem: localeInfo.parse(locales[0]?.data).defaultUnitSystem };
}
