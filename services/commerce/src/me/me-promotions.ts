import type { Db } from '@catalogue/db';
import { promotionAssignments, promotions } from '@catalogue/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Principal } from '../auth/claims';
import { requireAnyRole, wrongUserType } from '../auth/roles';
import { promotionResource } from '../catalog/promotions';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { inMyGroups } from './assigned';

function shopper(c: Context<CommerceEnv>): Principal {
  const principal = c.get('principal');
  requireAnyRole(principal.roles, ['Shopper']);
  if (principal.companyType !== 'buyer') {
    throw wrongUserType(principal.userType, ['buyer'], 'Only buyer users have promotions of their own.');
  }
  return principal;
}

/**
 * The promotions a buyer user may use now: active, started (or without a start), not expired, and given
 * to all buyers or assigned to the user's company or one of the user's groups.
 */
export function myPromotions(principal: Principal): SQL {
  const a = promotionAssignments;
  const assigned = sql`exists (select 1 from ${a} where ${a.promotionId} = ${promotions.id}
    and ${a.buyerId} = ${principal.companyId}
    and (${a.userGroupId} = '' or ${inMyGroups(principal, a.userGroupId)}))`;
  return and(
    eq(promotions.active, true),
    sql`(${promotions.startDate} is null or ${promotions.startDate} <= now())`,
    sql`(${promotions.expirationDate} is null or ${promotions.expirationDate} > now())`,
    sql`(${promotions.allowAllBuyers} or ${assigned})`,
  ) as SQL;
}

/** /v1/me/promotions[/{promotionID}]. */
export function mountMePromotions(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/me/promotions', async (c) => {
    const principal = shopper(c);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(db, promotions, promotionResource.list, params, myPromotions(principal));
    return c.json({ Items: await promotionResource.wireAll(db, page.Items), Meta: page.Meta });
  });

  app.get('/v1/me/promotions/:id', async (c) => {
    const principal = shopper(c);
    const id = c.req.param('id');
    const [row] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.id, id), myPromotions(principal)))
      .limit(1);
    if (!row) throw ApiError.notFound('Promotion', id);
    return c.json(await promotionResource.wireOne(db, row as Record<string, unknown>));
  });
}
