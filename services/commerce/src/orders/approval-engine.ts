import { type Db, preparedStatement, queryRows } from '@catalogue/db';
import { approvalRules, orderApprovals, users } from '@catalogue/db/schema';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { userToWire } from '../identity/user-wire';
import type { OrderRow } from './access';
import { type Expr, type ExpressionContext, evaluateBoolean, parseExpression } from './expressions';
import type { LineItemRow } from './line-items';
import { lineItemResource, orderResource } from './wire';

/**
 * An approval an order needs before it opens: the rule that fired, the group that must approve, and the
 * company that group belongs to (the order's buyer for a buyer's rule, the marketplace owner — 'seller',
 * '' — for a marketplace rule). The company goes into `order_approvals.approver_company_*` when the
 * approval is created: whoever approves is a user of that company, so the columns say which company's
 * group the approval waits for before the approver is known, and whose user approved once it is done.
 */
export interface NeededApproval {
  approvalRuleId: string;
  approvingGroupId: string;
  approverCompanyType: 'buyer' | 'seller';
  approverCompanyId: string;
}

type ApprovalRow = typeof orderApprovals.$inferSelect;
type RuleRow = typeof approvalRules.$inferSelect;

/**
 * The approvals of an order's current approval round. A round starts at submit and ends when the order
 * opens, or when it is declined (or canceled): a decline closes every approval still pending, and the
 * declined approvals get fresh keys from the sequence (see `closeRound`), so the round's last key is a
 * declined one. The current round is therefore every approval with a key above the highest declined one.
 */
export async function currentRound(tx: Db, orderId: string): Promise<ApprovalRow[]> {
  return tx
    .select()
    .from(orderApprovals)
    .where(
      and(
        eq(orderApprovals.orderId, orderId),
        sql`${orderApprovals.key} > coalesce((select max(d.key) from order_approvals d
          where d.order_id = ${orderId} and d.status = 'Declined'), 0)`,
      ),
    )
    .orderBy(asc(orderApprovals.key));
}

/** Parsed rule expressions by text (bounded: rules are few, but the text is user data). */
const parsed = new Map<string, ReturnType<typeof parseExpression>>();
const PARSE_CACHE_LIMIT = 500;

function parseRule(text: string): ReturnType<typeof parseExpression> {
  let result = parsed.get(text);
  if (!result) {
    result = parseExpression(text, 'boolean');
    if (parsed.size >= PARSE_CACHE_LIMIT) parsed.clear();
    parsed.set(text, result);
  }
  return result;
}

/** Category assignments of the order's products (for `incategory`/`inparentcategory`), any catalog. */
async function productCategories(
  tx: Db,
  productIds: string[],
): Promise<NonNullable<ExpressionContext['productCategories']>> {
  if (productIds.length === 0) return {};
  const rows = await queryRows<{ product_id: string; category_id: string; depth: number }>(
    tx,
    sql`with recursive up(catalog_id, category_id, product_id, depth) as (
        select cpa.catalog_id, cpa.category_id, cpa.product_id, 0
          from category_product_assignments cpa
          where cpa.product_id in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        union
        select c.catalog_id, c.parent_id, up.product_id, up.depth + 1
          from up join categories c on c.catalog_id = up.catalog_id and c.id = up.category_id
          where c.parent_id is not null and up.depth < 20
      )
      select product_id, category_id, depth from up`,
  );
  const out: Record<string, { direct: string[]; ancestors: string[] }> = {};
  for (const row of rows) {
    const entry = out[row.product_id] ?? { direct: [], ancestors: [] };
    out[row.product_id] = entry;
    const list = Number(row.depth) === 0 ? entry.direct : entry.ancestors;
    if (!list.includes(row.category_id)) list.push(row.category_id);
  }
  return out;
}

/** The user placing the order as the wire shows users (the order's FromUser if the user is gone). */
async function orderUser(tx: Db, order: OrderRow): Promise<unknown> {
  const [user] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyType, order.fromCompanyType),
        eq(users.companyId, order.fromCompanyId),
        eq(users.id, order.fromUserId),
      ),
    )
    .limit(1);
  if (!user) return order.fromUser ?? null;
  const { FailedLoginAttempts: _f, Password: _p, ...wire } = userToWire(user, []);
  return wire;
}

/** Rules that apply to an order: its buyer's, and the marketplace's `Order` rules when it receives it. */
function rulesFor(toMarketplace: boolean): SQL | undefined {
  const buyer = and(
    eq(approvalRules.ownerId, sql.placeholder('buyerId')),
    sql`${approvalRules.ownerId} <> ''`,
  );
  if (!toMarketplace) return buyer;
  return or(buyer, and(eq(approvalRules.ownerId, ''), eq(approvalRules.approvalType, 'Order')));
}

/** The rules of an order's buyer and, for an order to the marketplace owner, the marketplace's own. */
const rulesOf = (toMarketplace: boolean) =>
  preparedStatement((db) =>
    db
      .select()
      .from(approvalRules)
      .where(rulesFor(toMarketplace))
      .orderBy(sql`${approvalRules.ownerId} = ''`, asc(approvalRules.id)),
  );
const buyerRules = rulesOf(false);
const buyerAndMarketplaceRules = rulesOf(true);

/**
 * Whether a rule needs approval. An expression that cannot be parsed (a rule stored before expressions
 * were checked) or evaluated (e.g. a number where a boolean is needed, division by zero) never passes
 * silently: the rule counts as firing — the order waits for a person — and the problem is logged.
 */
function fires(rule: RuleRow, orderId: string, context: ExpressionContext): boolean {
  const parsedRule = parseRule(rule.ruleExpression);
  let error: string;
  if (parsedRule.ok) {
    const result = evaluateBoolean(parsedRule.ast as Expr, context);
    if (result.ok) return result.value;
    error = result.error;
  } else {
    error = `${parsedRule.error.message} at position ${parsedRule.error.position}`;
  }
  console.warn(
    `[commerce] approval rule ${rule.ownerId || '(marketplace)'}/${rule.id} could not be evaluated for order ${orderId} (${error}); the order needs its approval.`,
  );
  return true;
}

/**
 * The approvals an order needs now: every approval rule of the sender's buyer (and, for orders the
 * marketplace receives, the marketplace's `Order` rules) whose RuleExpression holds for the order and its
 * line items, and that has no approval in the current round yet.
 *
 * At submit (the order is Unsubmitted, or Declined and resubmitted) a new round starts: no rule counts as
 * approved. While the order awaits approval (after an approval), the rules are evaluated again with
 * `order.approved('ruleID')` true for the round's approved rules, so a rule chained on another's approval
 * fires once that approval is given.
 *
 * The expression context is `{ order, items, user, productCategories, approvedRuleIDs }`: the order and
 * line items as the wire shows them, the sending user as a User, and the category assignments of the
 * products (only read when a rule mentions categories).
 */
export async function approvalsNeeded(
  tx: Db,
  order: OrderRow,
  items: LineItemRow[],
): Promise<NeededApproval[]> {
  if (order.fromCompanyType !== 'buyer') return [];
  const rules = await (order.toCompanyType === 'seller' ? buyerAndMarketplaceRules : buyerRules)(tx, {
    buyerId: order.fromCompanyId,
  });
  if (rules.length === 0) return [];

  const round = order.status === 'AwaitingApproval' ? await currentRound(tx, order.id) : [];
  const companyOf = (rule: RuleRow) =>
    rule.ownerId === ''
      ? { approverCompanyType: 'seller' as const, approverCompanyId: '' }
      : { approverCompanyType: 'buyer' as const, approverCompanyId: rule.ownerId };
  const ruleKey = (type: string | null, id: string) => `${type ?? 'buyer'}\u0000${id}`;
  const present = new Set(round.map((a) => ruleKey(a.approverCompanyType, a.approvalRuleId)));
  const pending = rules.filter((rule) => !present.has(ruleKey(companyOf(rule).approverCompanyType, rule.id)));
  if (pending.length === 0) return [];

  const productIds = [...new Set(items.map((i) => i.productId))];
  const needsCategories = pending.some((r) => /categor/i.test(r.ruleExpression));
  const context: ExpressionContext = {
    order: await orderResource.wireOne(tx, order as Record<string, unknown>),
    items: await lineItemResource.wireAll(tx, items as Record<string, unknown>[]),
    user: await orderUser(tx, order),
    productCategories: needsCategories ? await productCategories(tx, productIds) : {},
    approvedRuleIDs: round.filter((a) => a.status === 'Approved').map((a) => a.approvalRuleId),
  };
  return pending
    .filter((rule) => fires(rule, order.id, context))
    .map((rule) => ({
      approvalRuleId: rule.id,
      approvingGroupId: rule.approvingGroupId,
      ...companyOf(rule),
    }));
}

/**
 * Ends the current round at a decline (after the decliner's approvals are marked): every approval still
 * pending is declined too, and one declined approval takes a fresh key from the sequence, so the round's
 * highest key is a declined one (see `currentRound`).
 */
export async function closeRound(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(orderApprovals)
    .set({ status: 'Declined', dateCompleted: new Date() })
    .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.status, 'Pending')));
  await tx.execute(sql`update order_approvals
    set key = nextval(pg_get_serial_sequence('order_approvals', 'key'))
    where key = (select max(d.key) from order_approvals d where d.order_id = ${orderId} and d.status = 'Declined')`);
}
