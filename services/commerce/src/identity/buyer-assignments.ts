import type { Db } from '@catalogue/db';
import { buyerAssignments, userGroups, users } from '@catalogue/db/schema';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Hono } from 'hono';
import { z } from 'zod';
import { type ApiRole, requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { pageOfRows } from '../list/run';
import { idSchema } from '../resources/ids';
import { routeBuyer } from './scopes';

export type AssignmentKind = 'address' | 'costcenter' | 'creditcard' | 'spendingaccount';

export interface BuyerAssignmentConfig {
  kind: AssignmentKind;
  /** Route segment (`addresses`) and wire names (`Address` → `AddressID`, query `addressID`). */
  segment: string;
  objectType: string;
  /** The object table, its buyer column and id column, to check the object exists. */
  objectTable: PgTable;
  objectBuyer: PgColumn;
  objectId: PgColumn;
  /** Levels the resource can be assigned at: cost centers only to groups. */
  toUsers: boolean;
  /** Extra boolean properties of the assignment (IsShipping, IsBilling, AllowExceed). */
  flags: ('IsShipping' | 'IsBilling' | 'AllowExceed')[];
  roles: { read: ApiRole[]; write: ApiRole[] };
}

const FLAG_COLUMNS = {
  IsShipping: 'isShipping',
  IsBilling: 'isBilling',
  AllowExceed: 'allowExceed',
} as const;
const a = buyerAssignments;

/**
 * `/buyers/{buyerID}/{segment}/assignments` (GET, POST) and `/buyers/{buyerID}/{segment}/{id}/assignments`
 * (DELETE with `userID`/`userGroupID`), the same for addresses, cost centers, credit cards and spending accounts.
 */
export function mountBuyerAssignments(app: Hono<CommerceEnv>, db: Db, config: BuyerAssignmentConfig): void {
  const idWire = `${config.objectType}ID`;
  const base = `/v1/buyers/:buyerID/${config.segment}`;
  const param = (q: URLSearchParams, name: string) =>
    [...q].find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

  app.get(`${base}/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, config.roles.read);
    const buyerId = await routeBuyer(db, c);
    const q = new URL(c.req.url).searchParams;
    const conditions: (SQL | undefined)[] = [eq(a.kind, config.kind), eq(a.buyerId, buyerId)];
    const objectId = param(q, idWire);
    if (objectId) conditions.push(eq(a.objectId, objectId));
    const userId = param(q, 'userID');
    if (userId) conditions.push(eq(a.userId, userId));
    const groupId = param(q, 'userGroupID');
    if (groupId) conditions.push(eq(a.userGroupId, groupId));
    const level = param(q, 'level');
    if (level === 'User') conditions.push(and(eq(a.userGroupId, ''), ne(a.userId, '')));
    else if (level === 'Group') conditions.push(and(ne(a.userGroupId, ''), eq(a.userId, '')));
    else if (level === 'Company') conditions.push(and(eq(a.userGroupId, ''), eq(a.userId, '')));
    else if (level) throw ApiError.invalidRequest('level must be User, Group or Company.');
    for (const flag of config.flags) {
      const value = param(q, flag);
      if (value !== undefined) {
        if (value !== 'true' && value !== 'false')
          throw ApiError.invalidRequest(`${flag} must be true or false.`);
        conditions.push(eq(a[FLAG_COLUMNS[flag]], value === 'true'));
      }
    }
    const where = and(...conditions);
    return c.json(
      await pageOfRows(db, a, where, [a.objectId, a.userGroupId, a.userId], q, (r) => ({
        [idWire]: r.objectId,
        ...(config.toUsers ? { UserID: r.userId || null } : {}),
        UserGroupID: r.userGroupId || null,
        ...Object.fromEntries(config.flags.map((f) => [f, r[FLAG_COLUMNS[f]] ?? false])),
      })),
    );
  });

  const body = z.object({
    [idWire]: idSchema,
    UserGroupID: idSchema.nullish(),
    ...(config.toUsers ? { UserID: idSchema.nullish() } : {}),
    ...Object.fromEntries(config.flags.map((f) => [f, z.boolean().optional()])),
  });

  app.post(`${base}/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, config.roles.write);
    const buyerId = await routeBuyer(db, c);
    const input = (await readBody(c.req.raw, body)) as Record<string, unknown>;
    const objectId = String(input[idWire]);
    const userId = typeof input.UserID === 'string' ? input.UserID : '';
    const groupId = typeof input.UserGroupID === 'string' ? input.UserGroupID : '';
    if (userId && groupId) throw ApiError.invalidRequest('Give UserID or UserGroupID, not both.');
    if (
      (await db.$count(
        config.objectTable,
        and(eq(config.objectBuyer, buyerId), eq(config.objectId, objectId)),
      )) === 0
    ) {
      throw ApiError.notFound(config.objectType, objectId);
    }
    if (
      userId &&
      (await db.$count(
        users,
        and(eq(users.companyType, 'buyer'), eq(users.companyId, buyerId), eq(users.id, userId)),
      )) === 0
    ) {
      throw ApiError.notFound('User', userId);
    }
    if (
      groupId &&
      (await db.$count(
        userGroups,
        and(
          eq(userGroups.companyType, 'buyer'),
          eq(userGroups.companyId, buyerId),
          eq(userGroups.id, groupId),
        ),
      )) === 0
    ) {
      throw ApiError.notFound('UserGroup', groupId);
    }
    const flags = Object.fromEntries(config.flags.map((f) => [FLAG_COLUMNS[f], input[f] === true]));
    const insert = db
      .insert(a)
      .values({ kind: config.kind, buyerId, objectId, userGroupId: groupId, userId, ...flags });
    if (config.flags.length > 0) {
      await insert.onConflictDoUpdate({
        target: [a.kind, a.buyerId, a.objectId, a.userGroupId, a.userId],
        set: flags,
      });
    } else {
      await insert.onConflictDoNothing();
    }
    return c.body(null, 204);
  });

  app.delete(`${base}/:objectID/assignments`, async (c) => {
    requireAnyRole(c.get('principal').roles, config.roles.write);
    const buyerId = await routeBuyer(db, c);
    const q = new URL(c.req.url).searchParams;
    const where = and(
      eq(a.kind, config.kind),
      eq(a.buyerId, buyerId),
      eq(a.objectId, c.req.param('objectID')),
      eq(a.userId, param(q, 'userID') ?? ''),
      eq(a.userGroupId, param(q, 'userGroupID') ?? ''),
    );
    const deleted = await db.delete(a).where(where).returning();
    if (deleted.length === 0)
      throw ApiError.notFound(`${config.objectType}Assignment`, c.req.param('objectID'));
    return c.body(null, 204);
  });
}
