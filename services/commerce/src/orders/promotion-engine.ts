import type { Db } from '@catalogue/db';

/**
 * Re-evaluates the promotions applied to an order after any change to it (in the caller's transaction,
 * before the totals are recalculated): amounts from each promotion's ValueExpression, promotions that are
 * no longer eligible removed, AutoApply promotions added. Filled in by the promotions engine.
 */
export async function refreshPromotions(_tx: Db, _orderId: string): Promise<void> {
  // No promotion is applied to any order until the engine evaluates them.
}
