import type { Db } from '@catalogue/db';
import { lineItems, orderApprovals, orders, users } from '@catalogue/db/schema';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { requireAnyRole } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { buyerUserResource } from '../identity/buyer-users';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import type { ListSchema } from '../list/schema';
import { findOrder, type OrderRow, requireOrderRead, requireOrderWrite } from './access';
import { giveBackStock } from './actions';
import { approvalsNeeded, closeRound } from './approval-engine';
import { type C, directionOf, withLockedOrder } from './context';
import { moveSpendingAccountBalances } from './payments';
import { releasePromotions } from './promotion-engine';
import { orderResource } from './wire';

/**
 * Approving and declining orders that wait for approval (OrderCloud's approval rules at work):
 *
 * - `POST /v1/orders/{direction}/{orderID}/approve` and `/decline` with `{Comments, AllowResubmit}`: the
 *   order must be AwaitingApproval (`Order.MustBeAwaitingApproval`) and the caller an eligible approver,
 *   i.e. a member of the approving group of one of its pending approvals (`Order.NotEligibleApprover`,
 *   403). Buyer users reach such orders as Incoming (access.ts), the marketplace's approvers too.
 * - Approving marks every pending approval the caller is eligible for as Approved, then evaluates the
 *   rules again with `order.approved(…)` (chained rules may add approvals); with nothing pending left the
 *   order opens (`DateApproved`).
 * - Declining marks the caller's approvals Declined, closes the round (other pending approvals are
 *   declined without an approver), gives the stock back and declines the order (`DateDeclined`); it may
 *   be submitted again only when the decline says `AllowResubmit`.
 * - `GET …/approvals` (every approval of the order, each round, with its Approver),
 *   `GET …/eligibleapprovers` (active users of the pending approvals' groups) and
 *   `GET /v1/me/orders/approvable` (orders of the user's company awaiting an approval of one of the user's
 *   groups).
 */

const decisionBody = z.strictObject({
  Comments: z.string().max(2000).nullish(),
  AllowResubmit: z.boolean().nullish(),
});

/** The group company an approval waits for (set at creation; the order's buyer for older rows). */
const approvalCompanyType = sql`coalesce(oa.approver_company_type, o.from_company_type)`;
const approvalCompanyId = sql`coalesce(oa.approver_company_id, o.from_company_id)`;

/**
 * Pending approvals of `orderColumn`'s order that `principal` may decide: the caller is a member of the
 * approving group, in the group's company. Anonymous shoppers never approve (their token stands for a
 * template user).
 */
function pendingForMe(principal: Principal, orderColumn: SQL): SQL {
  if (principal.anonymous) return sql`false`;
  return sql`exists (select 1 from order_approvals oa
    join orders o on o.id = oa.order_id
    join user_group_assignments uga on uga.company_type = ${approvalCompanyType}
      and uga.company_id = ${approvalCompanyId} and uga.user_group_id = oa.approving_group_id
    where oa.order_id = ${orderColumn} and oa.status = 'Pending'
      and uga.company_type = ${principal.companyType} and uga.company_id = ${principal.companyId}
      and uga.user_id = ${principal.userId})`;
}

/** The keys of the pending approvals of a (locked) order the caller may decide. */
async function myPendingKeys(tx: Db, principal: Principal, order: OrderRow): Promise<number[]> {
  if (principal.anonymous) return [];
  const rows = await tx.execute(sql`select oa.key from order_approvals oa
    join orders o on o.id = oa.order_id
    join user_group_assignments uga on uga.company_type = ${approvalCompanyType}
      and uga.company_id = ${approvalCompanyId} and uga.user_group_id = oa.approving_group_id
    where oa.order_id = ${order.id} and oa.status = 'Pending'
      and uga.company_type = ${principal.companyType} and uga.company_id = ${principal.companyId}
      and uga.user_id = ${principal.userId}`);
  return (rows as unknown as { rows: { key: number | string }[] }).rows.map((r) => Number(r.key));
}

async function decide(tx: Db, principal: Principal, order: OrderRow): Promise<number[]> {
  if (order.status !== 'AwaitingApproval') {
    throw ApiError.of(
      400,
      'Order.MustBeAwaitingApproval',
      `Order ${order.id} is ${order.status}: only orders awaiting approval can be approved or declined.`,
      { ObjectType: 'Order', ObjectID: order.id, Status: order.status },
    );
  }
  const keys = await myPendingKeys(tx, principal, order);
  if (keys.length === 0) {
    throw ApiError.of(
      403,
      'Order.NotEligibleApprover',
      `User ${principal.userId} is not in the approving group of any pending approval of order ${order.id}.`,
      { ObjectType: 'Order', ObjectID: order.id },
    );
  }
  return keys;
}

/** The approver columns and decision of approvals the caller decides. */
function decision(principal: Principal, status: 'Approved' | 'Declined', body: z.infer<typeof decisionBody>) {
  return {
    status,
    dateCompleted: new Date(),
    approverUserId: principal.userId,
    approverCompanyType: principal.companyType,
    approverCompanyId: principal.companyId,
    comments: body.Comments ?? null,
    allowResubmit: status === 'Declined' && body.AllowResubmit === true,
  };
}

export async function approveOrder(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: z.infer<typeof decisionBody>,
): Promise<OrderRow> {
  const keys = await decide(tx, principal, order);
  await tx
    .update(orderApprovals)
    .set(decision(principal, 'Approved', body))
    .where(and(eq(orderApprovals.orderId, order.id), inArray(orderApprovals.key, keys)));
  // Chained rules: evaluated again now that these rules count as approved.
  const items = await tx.select().from(lineItems).where(eq(lineItems.orderId, order.id));
  const added = await approvalsNeeded(tx, order, items);
  if (added.length > 0) {
    await tx.insert(orderApprovals).values(added.map((n) => ({ orderId: order.id, ...n })));
  }
  const pending = await tx.$count(
    orderApprovals,
    and(eq(orderApprovals.orderId, order.id), eq(orderApprovals.status, 'Pending')),
  );
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set(pending === 0 ? { status: 'Open', dateApproved: now, lastUpdated: now } : { lastUpdated: now })
    .where(eq(orders.id, order.id))
    .returning();
  return updated as OrderRow;
}

export async function declineOrder(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: z.infer<typeof decisionBody>,
): Promise<OrderRow> {
  const keys = await decide(tx, principal, order);
  await tx
    .update(orderApprovals)
    .set(decision(principal, 'Declined', body))
    .where(and(eq(orderApprovals.orderId, order.id), inArray(orderApprovals.key, keys)));
  await closeRound(tx, order.id);
  // The stock and promotion redemptions taken at submit go back; a resubmit takes them again.
  await releasePromotions(tx, order.id);
  await giveBackStock(tx, order);
  await moveSpendingAccountBalances(tx, order, 1);
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({
      status: 'Declined',
      dateDeclined: now,
      allowResubmit: body.AllowResubmit === true,
      lastUpdated: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return updated as OrderRow;
}

type ApprovalRow = typeof orderApprovals.$inferSelect;

const oa = orderApprovals;
/** The list kernel's view of OrderApproval. `Approver` filters and sorts by the approver's user ID. */
const approvalList: ListSchema = {
  objectType: 'OrderApproval',
  fields: {
    ApprovalRuleID: { expr: sql`${oa.approvalRuleId}`, type: 'string' },
    ApprovingGroupID: { expr: sql`${oa.approvingGroupId}`, type: 'string' },
    Status: { expr: sql`${oa.status}`, type: 'string' },
    AllowResubmit: { expr: sql`${oa.allowResubmit}`, type: 'boolean' },
    DateCreated: { expr: sql`${oa.dateCreated}`, type: 'date' },
    DateCompleted: { expr: sql`${oa.dateCompleted}`, type: 'date' },
    Approver: { expr: sql`${oa.approverUserId}`, type: 'string' },
    Comments: { expr: sql`${oa.comments}`, type: 'string' },
  },
  xp: null,
  searchOn: ['ApprovalRuleID', 'ApprovingGroupID', 'Approver', 'Comments'],
  defaultSort: ['DateCreated'],
  // The kernel orders keys as text: zero-padded, the text order is the numeric one.
  keys: [sql`lpad(${oa.key}::text, 20, '0')`],
};

/** Approvals as the wire shows them, with their approvers (one read for the page). */
async function approvalsToWire(db: Db, rows: ApprovalRow[]) {
  const decided = rows.filter((r) => r.approverUserId && r.approverCompanyType);
  const approvers = new Map<string, Record<string, unknown>>();
  const userKey = (type: string, company: string, id: string) => `${type}\u0000${company}\u0000${id}`;
  if (decided.length > 0) {
    const found = await db
      .select()
      .from(users)
      .where(
        sql`(${users.companyType}, ${users.companyId}, ${users.id}) in (${sql.join(
          decided.map(
            (r) => sql`(${r.approverCompanyType}, ${r.approverCompanyId ?? ''}, ${r.approverUserId})`,
          ),
          sql`, `,
        )})`,
      );
    for (const user of found) {
      const { FailedLoginAttempts: _f, Password: _p, ...wire } = userToWire(user, []);
      approvers.set(userKey(user.companyType, user.companyId, user.id), wire);
    }
  }
  return rows.map((r) => ({
    ApprovalRuleID: r.approvalRuleId,
    ApprovingGroupID: r.approvingGroupId,
    Status: r.status,
    AllowResubmit: r.allowResubmit,
    DateCreated: r.dateCreated.toISOString(),
    DateCompleted: r.dateCompleted ? r.dateCompleted.toISOString() : null,
    Approver:
      r.approverUserId && r.approverCompanyType
        ? (approvers.get(userKey(r.approverCompanyType, r.approverCompanyId ?? '', r.approverUserId)) ?? null)
        : null,
    Comments: r.comments,
  }));
}

/** The list kernel's view of users as eligible approvers (users of two companies can be listed). */
const approverList: ListSchema = {
  ...buyerUserResource.list,
  objectType: 'User',
  keys: [sql`${users.companyType}`, sql`${users.companyId}`, sql`${users.id}`],
};

const dateParam = z.iso.datetime({ offset: true }).or(z.iso.date());

export function mountOrderApprovals(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orders/:direction/:orderID';
  const act = (fn: typeof approveOrder) => async (c: C) => {
    const principal = c.get('principal');
    requireOrderWrite(principal);
    const direction = directionOf(c);
    const body = await readBody(c.req.raw, decisionBody);
    const row = await withLockedOrder(
      db,
      principal,
      direction,
      c.req.param('orderID') as string,
      (tx, order) => fn(tx, principal, order, body),
    );
    return c.json(await orderResource.wireOne(db, row as Record<string, unknown>), 201);
  };
  app.post(`${base}/approve`, act(approveOrder));
  app.post(`${base}/decline`, act(declineOrder));

  app.get(`${base}/approvals`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      orderApprovals,
      approvalList,
      params,
      eq(orderApprovals.orderId, order.id),
    );
    return c.json({ Items: await approvalsToWire(db, page.Items), Meta: page.Meta });
  });

  app.get(`${base}/eligibleapprovers`, async (c) => {
    const principal = c.get('principal');
    requireOrderRead(principal);
    const order = await findOrder(db, principal, directionOf(c), c.req.param('orderID'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    const scope = sql`${users.active} and exists (select 1 from order_approvals oa
      join orders o on o.id = oa.order_id
      join user_group_assignments uga on uga.company_type = ${approvalCompanyType}
        and uga.company_id = ${approvalCompanyId} and uga.user_group_id = oa.approving_group_id
      where oa.order_id = ${order.id} and oa.status = 'Pending'
        and uga.company_type = ${users.companyType} and uga.company_id = ${users.companyId}
        and uga.user_id = ${users.id})`;
    const page = await runList(db, users, approverList, params, scope);
    return c.json({
      Items: page.Items.map((user) => {
        const { FailedLoginAttempts: _f, Password: _p, ...wire } = userToWire(user, []);
        return wire;
      }),
      Meta: page.Meta,
    });
  });

  app.get('/v1/me/orders/approvable', async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ['Shopper']);
    const query = new URL(c.req.url).searchParams;
    const params = parseListParams(query, ['from', 'to']);
    const conditions: (SQL | undefined)[] = [
      eq(orders.status, 'AwaitingApproval'),
      pendingForMe(principal, sql`${orders.id}`),
    ];
    for (const name of ['from', 'to'] as const) {
      const value = query.get(name);
      if (value === null) continue;
      if (!dateParam.safeParse(value).success) {
        throw ApiError.invalidRequest(`${name} must be a date (ISO 8601).`, { Property: name });
      }
      // Approvable orders come in to the approver: the range is on DateSubmitted, as OrderCloud does.
      conditions.push(
        name === 'from'
          ? gte(orders.dateSubmitted, new Date(value))
          : lte(orders.dateSubmitted, new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value)),
      );
    }
    const page = await runList(db, orders, orderResource.list, params, and(...conditions));
    return c.json({
      Items: await orderResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });
}
