import type { Db } from '@catalogue/db';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Hono } from 'hono';
import { z } from 'zod';
import { type ApiRole, requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller, buyerAndGroup } from '../identity/scopes';
import { pageOfRows } from '../list/run';
import { idSchema } from './ids';

/**
 * An object (bundle, promotion) given to a buyer company or to one of its user groups: a row
 * `(objectId, buyerId, userGroupId)` with '' for a company-level assignment. Marketplace users only.
 */
export interface BuyerGroupAssignmentDef {
  /** The object's wire type (`Bundle`) and its ID property and query parameter (`BundleID`, `bundleID`). */
  objectType: string;
  wire: string;
  param: string;
  table: PgTable;
  objectColumn: PgColumn;
  objectKey: string;
  buyerColumn: PgColumn;
  groupColumn: PgColumn;
  objectExists: (db: Db, id: string) => Promise<boolean>;
  roles: { read: ApiRole[]; write: ApiRole[] };
  /** GET and POST path; DELETE path (`:<param>` and, when in the path, `:buyerID`). */
  list: string;
  remove: string;
  /** Whether the wire model has a `SellerID` (always null here: no seller-level assignments). */
  sellerId?: boolean;
}

/** GET (filters by object, buyer, group and `level`), POST (idempotent, 204) and DELETE (204, 404 when absent). */
export function mountBuyerGroupAssignments(app: Hono<CommerceEnv>, db: Db, def: BuyerGroupAssignmentDef) {
  const param = (q: URLSearchParams, name: string) =>
    [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

  app.get(def.list, async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, def.roles.read);
    assertSeller(principal, `read ${def.objectType.toLowerCase()} assignments`);
    const q = new URL(c.req.url).searchParams;
    const level = param(q, 'level');
    if (level && level !== 'Company' && level !== 'Group') {
      throw ApiError.invalidRequest('level must be Company or Group.', { level });
    }
    const objectId = param(q, def.param);
    const buyerId = param(q, 'buyerID');
    const groupId = param(q, 'userGroupID');
    const where = and(
      objectId ? eq(def.objectColumn, objectId) : undefined,
      buyerId ? eq(def.buyerColumn, buyerId) : undefined,
      groupId ? eq(def.groupColumn, groupId) : undefined,
      level === 'Company' ? eq(def.groupColumn, '') : undefined,
      level === 'Group' ? ne(def.groupColumn, '') : undefined,
    );
    return c.json(
      await pageOfRows(
        db,
        def.table,
        where,
        [def.objectColumn, def.buyerColumn, def.groupColumn],
        q,
        (row: Record<string, unknown>) => ({
          ...(def.sellerId ? { SellerID: null } : {}),
          [def.wire]: row[def.objectKey],
          BuyerID: row.buyerId,
          UserGroupID: row.userGroupId || null,
        }),
      ),
    );
  });

  const body = z.object({ [def.wire]: idSchema, BuyerID: idSchema, UserGroupID: idSchema.nullish() });
  app.post(def.list, async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, def.roles.write);
    assertSeller(principal, `assign ${def.objectType.toLowerCase()}s`);
    const input = (await readBody(c.req.raw, body)) as Record<string, string | null | undefined>;
    const objectId = String(input[def.wire]);
    if (!(await def.objectExists(db, objectId))) throw ApiError.notFound(def.objectType, objectId);
    const buyerId = String(input.BuyerID);
    const groupId = await buyerAndGroup(db, buyerId, input.UserGroupID);
    await db
      .insert(def.table)
      .values({ [def.objectKey]: objectId, buyerId, userGroupId: groupId })
      .onConflictDoNothing();
    return c.body(null, 204);
  });

  app.delete(def.remove, async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, def.roles.write);
    assertSeller(principal, `remove ${def.objectType.toLowerCase()} assignments`);
    const q = new URL(c.req.url).searchParams;
    const objectId = c.req.param(def.param) ?? '';
    const buyerId = c.req.param('buyerID') ?? param(q, 'buyerID');
    if (!buyerId) throw ApiError.invalidRequest('buyerID is required.', { Property: 'buyerID' });
    const groupId = param(q, 'userGroupID') ?? '';
    // Assignments to single users do not exist here: asking to remove one removes nothing.
    const userId = param(q, 'userID');
    const deleted = userId
      ? []
      : await db
          .delete(def.table)
          .where(
            and(eq(def.objectColumn, objectId), eq(def.buyerColumn, buyerId), eq(def.groupColumn, groupId)),
          )
          .returning();
    if (deleted.length === 0) {
      throw ApiError.notFound(
        `${def.objectType}Assignment`,
        [objectId, buyerId, groupId, userId].filter(Boolean).join('/'),
      );
    }
    return c.body(null, 204);
  });
}
