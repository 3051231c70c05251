import type { Db } from '@catalogue/db';
import type { Context } from 'hono';
import type { Principal } from '../auth/claims';
import type { CommerceEnv } from '../http/env';
import { type Direction, lockOrder, type OrderRow, parseDirection } from './access';

export type C = Context<CommerceEnv>;

export const directionOf = (c: C): Direction => parseDirection(c.req.param('direction'));

/**
 * Runs `fn` in one transaction holding the row lock of the order the route names: every order action is
 * one transaction, and concurrent actions on one order queue behind each other.
 */
export function withLockedOrder<T>(
  db: Db,
  principal: Principal,
  direction: Direction,
  orderId: string,
  fn: (tx: Db, order: OrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    return fn(tx, await lockOrder(tx, principal, direction, orderId));
  });
}

export const hasRole = (principal: Principal, role: string) =>
  principal.roles.includes('FullAccess') || principal.roles.includes(role);
