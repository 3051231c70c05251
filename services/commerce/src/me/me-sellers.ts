import { type Db, queryRows } from '@catalogue/db';
import { priceSchedules } from '@catalogue/db/schema';
import { inArray, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { priceScheduleResource } from '../catalog/price-schedules';
import { effectivePriceScheduleIds } from '../catalog/visibility';
import type { CommerceEnv } from '../http/env';
import { listSellers, MARKETPLACE_SELLER, sellersOf, sellsTo } from '../identity/sellers';
import { buyerPrincipal } from './me-catalogs';
import { visibleProduct } from './me-products';

/**
 * GET /v1/me/sellers (who the buyer user's company may order from) and /v1/me/products/{id}/sellers
 * (who sells a product the user can see, each with the price schedule that applies).
 */
export function mountMeSellers(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/me/sellers', async (c) => {
    const principal = buyerPrincipal(c);
    const page = await listSellers(db, sellersOf(principal.companyId), new URL(c.req.url).searchParams);
    return c.json({ Items: page.Items.map((r) => ({ ID: r.id, Name: r.name })), Meta: page.Meta });
  });

  app.get('/v1/me/products/:id/sellers', async (c) => {
    const principal = buyerPrincipal(c);
    const productId = String((await visibleProduct(db, principal, c.req.param('id'))).id);
    // The marketplace owner sells at the schedule the user pays (an assignment's before the default).
    const [effective] = await queryRows<{ price_schedule_id: string | null }>(
      db,
      effectivePriceScheduleIds(principal, [productId]),
    );
    const source = sql`(select ${MARKETPLACE_SELLER.ID}::text as id, ${MARKETPLACE_SELLER.Name}::text as name,
        ${effective?.price_schedule_id ?? null}::text as price_schedule_id
      union all
      select sup.id, sup.name, ps.default_price_schedule_id from product_suppliers ps
        join suppliers sup on sup.id = ps.supplier_id
        where ps.product_id = ${productId} and ${sellsTo(sql`sup`, principal.companyId)})`;
    const page = await listSellers<{ id: string; name: string; price_schedule_id: string | null }>(
      db,
      source,
      new URL(c.req.url).searchParams,
    );
    const scheduleIds = [
      ...new Set(page.Items.map((r) => r.price_schedule_id).filter((id): id is string => !!id)),
    ];
    const schedules =
      scheduleIds.length > 0
        ? await priceScheduleResource.wireAll(
            db,
            (await db.select().from(priceSchedules).where(inArray(priceSchedules.id, scheduleIds))) as Record<
              string,
              unknown
            >[],
          )
        : [];
    const byId = new Map(schedules.map((s) => [s.ID, s]));
    return c.json({
      Items: page.Items.map((r) => ({
        ID: r.id,
        Name: r.name,
        PriceSchedule: byId.get(r.price_schedule_id ?? '') ?? null,
      })),
      Meta: page.Meta,
    });
  });
}
