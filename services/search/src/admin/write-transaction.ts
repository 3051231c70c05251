import type { Database, Db } from '@catalogue/db';
import type { CommerceUser } from '@catalogue/service-kit/commerce-token';
import { sql } from 'drizzle-orm';

/** A transaction's handle (what `Db.transaction` passes its work). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who writes: the commerce user behind the admin request. */
export type Actor = Pick<
  CommerceUser,
  'userId' | 'username' | 'userType' | 'companyId' | 'clientId' | 'impersonatedBy'
>;

/**
 * Runs `work` in one transaction that first names its actor (`audit.actor`, transaction-local): the audit
 * triggers on the content tables record who made each change (docs/back-office-plan.md, decision 3).
 */
export function inWriteTransaction<T>(
  database: Database,
  actor: Actor,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const who = JSON.stringify({
    userId: actor.userId,
    username: actor.username,
    userType: actor.userType,
    companyId: actor.companyId,
    clientId: actor.clientId,
    impersonatedBy: actor.impersonatedBy,
  });
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('audit.actor', ${who}, true)`);
    return work(tx);
  });
}
