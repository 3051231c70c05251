import type { Db } from '@catalogue/db';
import { priceSchedules, products } from '@catalogue/db/schema';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { priceScheduleResource } from '../catalog/price-schedules';
import { productCountColumns } from '../catalog/product-inventory';
import { effectivePriceScheduleId, type Subject } from '../catalog/visibility';
import { arrayLiteral } from '../list/compile';
import type { Resource } from '../resources/crud';
import { toWire } from '../resources/resource';

/** A buyer's product as wire JSON text, with its ID for ordering. */
export interface BuyerProductJson {
  id: string;
  json: string;
}

interface BreakJson {
  quantity: number;
  price: string;
  sale_price: string | null;
}

const { xp: _xp, ...productColumns } = getTableColumns(products);

type Selected = {
  product: { id: string } & Record<string, unknown>;
  xp: string | null;
  schedule: Record<string, unknown> | null;
  breaks: BreakJson[] | null;
  specCount: number;
  variantCount: number;
};

/**
 * The products `where` selects, each with the price schedule `subject` pays, its breaks and its
 * SpecCount/VariantCount: one statement whatever the number of products.
 */
function selectBuyerProducts(db: Db, subject: Subject, where: SQL) {
  return db
    .select({
      product: productColumns,
      xp: sql<string | null>`${products.xp}::text`,
      schedule: priceSchedules,
      breaks: sql<BreakJson[] | null>`(select json_agg(json_build_object('quantity', b.quantity,
          'price', b.price::text, 'sale_price', b.sale_price::text) order by b.quantity)
        from price_breaks b where b.price_schedule_id = "price_schedules"."id")`,
      ...productCountColumns(sql`${products}`),
    })
    .from(products)
    .leftJoin(priceSchedules, eq(priceSchedules.id, effectivePriceScheduleId(subject, sql`${products}`)))
    .where(where);
}

/** The page query of a list, prepared once per database handle (and on PostgreSQL once per connection). */
const byIds = new WeakMap<Db, ReturnType<ReturnType<typeof selectBuyerProducts>['prepare']>>();

function preparedByIds(db: Db) {
  let query = byIds.get(db);
  if (!query) {
    const subject = { companyId: sql.placeholder('companyId'), userId: sql.placeholder('userId') };
    query = selectBuyerProducts(
      db,
      subject,
      sql`${products.id} = any(${sql.placeholder('ids')}::text[])`,
    ).prepare('buyer_products_by_ids');
    byIds.set(db, query);
  }
  return query;
}

/**
 * BuyerProducts (issue 21: a round trip costs PostgreSQL and the service more CPU than the query itself,
 * and parsing and planning the statement as much as running it): the products of a page in one prepared
 * statement, one product by `where`. The product's xp, most of its bytes, comes as PostgreSQL's JSON text
 * and is written into the answer as it is, not parsed and re-serialised.
 */
export async function buyerProductsJson(
  db: Db,
  resource: Resource,
  principal: Principal,
  select: { ids: string[] } | { where: SQL },
): Promise<BuyerProductJson[]> {
  const rows: Selected[] =
    'ids' in select
      ? await preparedByIds(db).execute({
          ids: arrayLiteral(select.ids),
          companyId: principal.companyId,
          userId: principal.userId,
        })
      : await selectBuyerProducts(db, principal, select.where);
  return rows.map((r) => {
    const wire = toWire(resource.def, { ...r.product, specCount: r.specCount, variantCount: r.variantCount });
    delete wire.xp;
    wire.PriceSchedule = r.schedule ? scheduleWire(r.schedule, r.breaks ?? []) : null;
    const json = JSON.stringify(wire);
    return { id: r.product.id, json: `${json.slice(0, -1)},"xp":${r.xp ?? 'null'}}` };
  });
}

/** A price schedule as the wire shows it, with its breaks. */
function scheduleWire(schedule: Record<string, unknown>, breaks: BreakJson[]): Record<string, unknown> {
  return toWire(priceScheduleResource.def, {
    ...schedule,
    priceBreaks: breaks.map((b) => ({
      Quantity: b.quantity,
      Price: Number(b.price),
      SalePrice: b.sale_price === null ? null : Number(b.sale_price),
    })),
  });
}
