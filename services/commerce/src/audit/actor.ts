import { type AuditActor, withAuditActor } from '@catalogue/db';
import type { MiddlewareHandler } from 'hono';
import type { Principal } from '../auth/claims';
import type { CommerceEnv } from '../http/env';

/** The audit trail's actor for a caller: who they are, for which client, and who impersonates them. */
export function auditActorOf(principal: Principal): AuditActor {
  return {
    userId: principal.userId,
    username: principal.username,
    userType: principal.userType,
    companyId: principal.companyId,
    clientId: principal.clientId,
    impersonatedBy: principal.impersonatedBy,
  };
}

/** Methods that change nothing: their requests run without an actor and pay nothing for the trail. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After `authenticate`: every write of an authenticated request is made for its caller. The database
 * layer (`withAuditActor`, packages/db `audit-actor.ts`) sets `audit.actor` at the start of each of the
 * request's transactions, and runs an audited write outside a transaction in one of its own, so no route
 * has to remember it.
 */
export function recordActor(): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    return withAuditActor(auditActorOf(c.get('principal')), () => next());
  };
}
