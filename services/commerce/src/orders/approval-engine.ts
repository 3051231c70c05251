import type { Db } from '@catalogue/db';
import type { OrderRow } from './access';
import type { LineItemRow } from './line-items';

/** An approval an order needs before it opens: the rule that fired and the group that must approve. */
export interface NeededApproval {
  approvalRuleId: string;
  approvingGroupId: string;
}

/**
 * The approvals a submitted order needs: every approval rule of the sender's buyer (and the marketplace's
 * order rules) whose RuleExpression holds for the order and its line items. Filled in by the approvals
 * engine.
 */
export async function approvalsNeeded(
  _tx: Db,
  _order: OrderRow,
  _items: LineItemRow[],
): Promise<NeededApproval[]> {
  return [];
}
