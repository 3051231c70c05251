import type { Db } from '@catalogue/db';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { type ApiRole, requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { pageOfRows } from '../list/run';

type C = Context<CommerceEnv>;

export interface AssignmentSide {
  /** Wire property (`UserGroupID`), its query parameter (`userGroupID`) and the table's column key. */
  wire: string;
  param: string;
  column: PgColumn;
  key: string;
  /** May be left out (stored as ''), e.g. the user group of a company-level assignment. */
  optional?: boolean;
  /** Checks that the object exists in the scope; throws NotFound otherwise. */
  mustExist?: (scopeValues: Record<string, unknown>, id: string) => Promise<void>;
}

export interface AssignmentDef {
  table: PgTable;
  sides: AssignmentSide[];
  /**
   * Values the assignment carries besides its sides (e.g. a spec's DefaultValue): wire name → column, and
   * the value stored when the body leaves it out (null unless given). Saving an existing assignment again
   * replaces them.
   */
  values?: { wire: string; column: PgColumn; key: string; default?: unknown }[];
  body: z.ZodObject;
  roles: { read: ApiRole[]; write: ApiRole[] };
  /** The rows and fixed values of the route's scope (e.g. one buyer). */
  scope: (c: C) => Promise<{ where: SQL | undefined; values: Record<string, unknown> }>;
  /** Key columns the scope fixes (e.g. the catalog of category assignments), for updating carried values. */
  scopeKey?: PgColumn[];
}

/**
 * Assignment endpoints: GET `list` (filtered by each side's query parameter, paged), POST `list` (204,
 * idempotent), DELETE `remove` (path parameters named like the sides' params; 204, 404 when absent).
 */
export function mountAssignments(
  app: Hono<CommerceEnv>,
  db: Db,
  list: string,
  remove: string,
  def: AssignmentDef,
) {
  app.get(list, async (c) => {
    requireAnyRole(c.get('principal').roles, def.roles.read);
    const scope = await def.scope(c);
    const query = new URL(c.req.url).searchParams;
    const conditions = [scope.where];
    for (const side of def.sides) {
      const value = [...query].find(([k]) => k.toLowerCase() === side.param.toLowerCase())?.[1];
      if (value) conditions.push(eq(side.column, value));
    }
    const where = and(...conditions);
    return c.json(
      await pageOfRows(
        db,
        def.table,
        where,
        def.sides.map((s) => s.column),
        query,
        (row) => ({
          ...Object.fromEntries(def.sides.map((s) => [s.wire, row[s.key] === '' ? null : row[s.key]])),
          ...Object.fromEntries((def.values ?? []).map((v) => [v.wire, row[v.key] ?? null])),
        }),
      ),
    );
  });

  app.post(list, async (c) => {
    requireAnyRole(c.get('principal').roles, def.roles.write);
    const scope = await def.scope(c);
    const body = (await readBody(c.req.raw, def.body)) as Record<string, string>;
    const values: Record<string, unknown> = { ...scope.values };
    for (const side of def.sides) {
      const id = body[side.wire];
      if (id === undefined || id === null) continue;
      await side.mustExist?.(scope.values, id);
      values[side.key] = id;
    }
    const carried = Object.fromEntries(
      (def.values ?? []).map((v) => [v.key, body[v.wire] ?? v.default ?? null]),
    );
    const insert = db.insert(def.table).values({ ...values, ...carried });
    if (def.values && def.values.length > 0) {
      await insert.onConflictDoUpdate({
        target: [...(def.scopeKey ?? []), ...def.sides.map((s) => s.column)],
        set: carried,
      });
    } else {
      await insert.onConflictDoNothing();
    }
    return c.body(null, 204);
  });

  app.delete(remove, async (c) => {
    requireAnyRole(c.get('principal').roles, def.roles.write);
    const scope = await def.scope(c);
    const query = new URL(c.req.url).searchParams;
    const conditions = [scope.where];
    for (const side of def.sides) {
      const value =
        c.req.param(side.param) ??
        [...query].find(([k]) => k.toLowerCase() === side.param.toLowerCase())?.[1];
      if (value === undefined && !side.optional) throw ApiError.invalidRequest(`${side.param} is required.`);
      conditions.push(eq(side.column, value ?? ''));
    }
    const deleted = await db
      .delete(def.table)
      .where(and(...conditions))
      .returning();
    if (deleted.length === 0) {
      throw ApiError.notFound(
        'Assignment',
        def.sides
          .map((s) => c.req.param(s.param) ?? '')
          .filter(Boolean)
          .join('/'),
      );
    }
    return c.body(null, 204);
  });
}
