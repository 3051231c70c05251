import type { Db } from '@catalogue/db';
import { type Column, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ApiError } from '../http/api-error';
import type { WriteContext } from './resource';

/**
 * Refuses a PUT/PATCH that renames an object other rows still point at: 400 `IdChangeNotAllowed` naming
 * the dependants. For dependants that cannot follow a rename; today every reference follows (ON UPDATE
 * CASCADE or `renames.ts`), so no resource uses it.
 */
export async function refuseIdChangeWithDependants(
  objectType: string,
  values: Record<string, unknown>,
  context: WriteContext,
  dependants: { name: string; table: PgTable; column: Column }[],
): Promise<void> {
  const { routeId, db } = context;
  if (routeId === undefined || typeof values.ID !== 'string' || values.ID === routeId) return;
  const counts = await Promise.all(dependants.map((d) => (db as Db).$count(d.table, eq(d.column, routeId))));
  const used = dependants.filter((_, i) => (counts[i] ?? 0) > 0).map((d) => d.name);
  if (used.length > 0) {
    throw ApiError.of(
      400,
      'IdChangeNotAllowed',
      `${objectType} ${routeId} cannot change its ID while it has ${used.join(', ')}: remove them first.`,
      { ObjectType: objectType, ObjectID: routeId, Property: 'ID' },
    );
  }
}
