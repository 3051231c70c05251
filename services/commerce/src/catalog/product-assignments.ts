import type { Db } from '@catalogue/db';
import { priceSchedules, productAssignments, products } from '@catalogue/db/schema';
import { and, eq, ne } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { requireAnyRole, rolesFor } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller, buyerAndGroup } from '../identity/scopes';
import { pageOfRows } from '../list/run';
import { idSchema } from '../resources/ids';

const roles = rolesFor('ProductAssignmentAdmin');
const t = productAssignments;

/**
 * /v1/products/assignments: a product given to a buyer or one of its user groups, optionally at its own
 * price schedule (which wins over the product's default one).
 */
export function mountProductAssignments(app: Hono<CommerceEnv>, db: Db): void {
  app.get('/v1/products/assignments', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, [...roles.read, 'ProductAdmin', 'ProductReader']);
    assertSeller(principal, 'read product assignments');
    const q = new URL(c.req.url).searchParams;
    const param = (name: string) => [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const level = param('level');
    if (level && level !== 'Company' && level !== 'Group') {
      throw ApiError.invalidRequest('level must be Company or Group.');
    }
    const where = and(
      param('productID') ? eq(t.productId, param('productID') as string) : undefined,
      param('buyerID') ? eq(t.buyerId, param('buyerID') as string) : undefined,
      param('userGroupID') ? eq(t.userGroupId, param('userGroupID') as string) : undefined,
      param('priceScheduleID') ? eq(t.priceScheduleId, param('priceScheduleID') as string) : undefined,
      level === 'Company' ? eq(t.userGroupId, '') : undefined,
      level === 'Group' ? ne(t.userGroupId, '') : undefined,
    );
    return c.json(
      await pageOfRows(db, t, where, [t.productId, t.buyerId, t.userGroupId], q, (r) => ({
        SellerID: null,
        ProductID: r.productId,
        BuyerID: r.buyerId,
        UserGroupID: r.userGroupId || null,
        PriceScheduleID: r.priceScheduleId,
      })),
    );
  });

  app.post('/v1/products/assignments', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, [...roles.write, 'ProductAdmin']);
    assertSeller(principal, 'assign products');
    const input = await readBody(
      c.req.raw,
      z.object({
        ProductID: idSchema,
        BuyerID: idSchema,
        UserGroupID: idSchema.nullish(),
        PriceScheduleID: idSchema.nullish(),
      }),
    );
    if ((await db.$count(products, eq(products.id, input.ProductID))) === 0) {
      throw ApiError.notFound('Product', input.ProductID);
    }
    const groupId = await buyerAndGroup(db, input.BuyerID, input.UserGroupID);
    const scheduleId = input.PriceScheduleID ?? null;
    if (scheduleId && (await db.$count(priceSchedules, eq(priceSchedules.id, scheduleId))) === 0) {
      throw ApiError.notFound('PriceSchedule', scheduleId);
    }
    await db
      .insert(t)
      .values({
        productId: input.ProductID,
        buyerId: input.BuyerID,
        userGroupId: groupId,
        priceScheduleId: scheduleId,
      })
      .onConflictDoUpdate({
        target: [t.productId, t.buyerId, t.userGroupId],
        set: { priceScheduleId: scheduleId },
      });
    return c.body(null, 204);
  });

  app.delete('/v1/products/:productID/assignments/:buyerID', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, [...roles.write, 'ProductAdmin']);
    assertSeller(principal, 'remove product assignments');
    const groupId = new URL(c.req.url).searchParams.get('userGroupID') ?? '';
    const deleted = await db
      .delete(t)
      .where(
        and(
          eq(t.productId, c.req.param('productID')),
          eq(t.buyerId, c.req.param('buyerID')),
          eq(t.userGroupId, groupId),
        ),
      )
      .returning();
    if (deleted.length === 0)
      throw ApiError.notFound('ProductAssignment', `${c.req.param('productID')}/${c.req.param('buyerID')}`);
    return c.body(null, 204);
  });
}
