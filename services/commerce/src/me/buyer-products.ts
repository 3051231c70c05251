import type { Db } from '@catalogue/db';
import { priceSchedules, products } from '@catalogue/db/schema';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/claims';
import { priceScheduleResource } from '../catalog/price-schedules';
import { productCountColumns } from '../catalog/product-inventory';
import { effectivePriceScheduleId } from '../catalog/visibility';
import type { Resource } from '../resources/crud';
import { toWire } from '../resources/resource';

/**
 * BuyerProducts in two statements whatever the page size (issue 21: on PostgreSQL each round trip costs
 * more CPU in system calls than the query itself): the products with the schedule this user pays and
 * their SpecCount/VariantCount, then those schedules with their price breaks.
 */
export async function buyerProducts(
  db: Db,
  resource: Resource,
  principal: Principal,
  where: SQL,
): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({
      product: products,
      scheduleId: sql<string | null>`${effectivePriceScheduleId(principal, sql`${products}`)}`,
      ...productCountColumns(sql`${products}`),
    })
    .from(products)
    .where(where);
  if (rows.length === 0) return [];
  const schedules = await schedulesWithBreaks(db, [
    ...new Set(rows.map((r) => r.scheduleId).filter((id): id is string => !!id)),
  ]);
  const wire = await resource.wireAll(
    db,
    rows.map((r) => ({ ...r.product, specCount: r.specCount, variantCount: r.variantCount })),
  );
  return wire.map((p, i) => ({ ...p, PriceSchedule: schedules.get(rows[i]?.scheduleId ?? '') ?? null }));
}

interface BreakJson {
  quantity: number;
  price: string;
  sale_price: string | null;
}

/** Price schedules by ID, as the wire shows them, with their breaks read in the same statement. */
async function schedulesWithBreaks(db: Db, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      schedule: priceSchedules,
      breaks: sql<BreakJson[]>`coalesce((select json_agg(json_build_object('quantity', b.quantity,
          'price', b.price::text, 'sale_price', b.sale_price::text) order by b.quantity)
        from price_breaks b where b.price_schedule_id = "price_schedules"."id"), '[]')`,
    })
    .from(priceSchedules)
    .where(inArray(priceSchedules.id, ids));
  return new Map(
    rows.map((r) => [
      r.schedule.id,
      toWire(priceScheduleResource.def, {
        ...r.schedule,
        priceBreaks: r.breaks.map((b) => ({
          Quantity: b.quantity,
          Price: Number(b.price),
          SalePrice: b.sale_price === null ? null : Number(b.sale_price),
        })),
      }),
    ]),
  );
}
