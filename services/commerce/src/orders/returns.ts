import { type Db, queryRows } from '@catalogue/db';
import {
  approvalRules,
  lineItems,
  orderReturnApprovals,
  orderReturnItems,
  orderReturns,
  orders,
  payments,
  users,
} from '@catalogue/db/schema';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { type ApiRole, requireAnyRole, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { userResource } from '../identity/buyer-users';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { Resource } from '../resources/crud';
import { isUniqueViolation } from '../resources/errors';
import { generateId, idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import { ORDER_READ, ORDER_WRITE, type OrderRow, orderScope, relationTo } from './access';
import type { C } from './context';
import { evaluateBoolean, parseExpression } from './expressions';
import { divide, type Money, money, roundCents, sum, toColumn, ZERO } from './money';
import { lineItemResource, orderResource } from './wire';

/**
 * Order returns (OrderCloud's `/orderreturns`): a request to give back shipped quantities of an Open or
 * Completed order's line items, for a refund. The buyer who sent the order (or the company's OrderAdmin)
 * or whoever receives it creates one; `submit` sends it for the marketplace's `OrderReturn` approval rules
 * (AwaitingApproval, approved or declined by the users of the rule's admin group) or straight to Open;
 * the receiver completes it once the refund is paid. Every write locks the order's row first, so the
 * quantities of concurrent returns of one order are checked one at a time.
 */

type ReturnRow = typeof orderReturns.$inferSelect;
type ItemRow = typeof orderReturnItems.$inferSelect;
type LineRow = typeof lineItems.$inferSelect;

const ADMIN: ApiRole[] = ['OrderAdmin'];

const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const txOf = (raw: unknown) => raw as Db;

export const returnResource = new Resource({
  objectType: 'OrderReturn',
  table: orderReturns,
  id: orderReturns.id,
  columns: {
    ID: orderReturns.id,
    OrderID: orderReturns.orderId,
    Status: orderReturns.status,
    DateCreated: orderReturns.dateCreated,
    DateSubmitted: orderReturns.dateSubmitted,
    DateApproved: orderReturns.dateApproved,
    DateDeclined: orderReturns.dateDeclined,
    DateCanceled: orderReturns.dateCanceled,
    DateCompleted: orderReturns.dateCompleted,
    LastUpdated: orderReturns.lastUpdated,
    RefundAmount: orderReturns.refundAmount,
    Comments: orderReturns.comments,
    xp: orderReturns.xp,
  },
  // Writes are below (locks, quantities, refunds); the body is `returnBody`.
  body: z.object({}),
  searchOn: ['ID', 'OrderID', 'Comments'],
  defaultSort: ['!DateCreated', 'ID'],
  roles: { read: ORDER_READ, write: ORDER_WRITE },
  enrich: async (db, rows) => {
    const ids = rows.map((r) => String(r.id));
    if (ids.length === 0) return rows;
    const [items, paid] = await Promise.all([
      db
        .select()
        .from(orderReturnItems)
        .where(inArray(orderReturnItems.returnId, ids))
        .orderBy(asc(orderReturnItems.lineItemId)),
      db
        .select({ id: payments.id, returnId: payments.orderReturnId })
        .from(payments)
        .where(inArray(payments.orderReturnId, ids))
        .orderBy(asc(payments.id)),
    ]);
    return rows.map((row) => ({
      ...row,
      items: items.filter((i) => i.returnId === row.id),
      paymentIds: paid.filter((p) => p.returnId === row.id).map((p) => p.id),
    }));
  },
  extend: (row) => ({
    RefundAmount: amount(row.refundAmount),
    PaymentIDs: (row.paymentIds as string[] | undefined) ?? [],
    ItemsToReturn: ((row.items as ItemRow[] | undefined) ?? []).map((i) => ({
      LineItemID: i.lineItemId,
      Quantity: i.quantity,
      RefundAmount: amount(i.refundAmount),
      Comments: i.comments ?? null,
    })),
  }),
});

const refund = z.number().finite().min(0, 'must not be negative').max(1e9);

const itemBody = z.strictObject({
  LineItemID: idSchema,
  Quantity: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be greater than 0')
    .max(1_000_000_000),
  RefundAmount: refund.nullish(),
  Comments: z.string().max(2000).nullish(),
});
type ItemBody = z.infer<typeof itemBody>;

/** The writable OrderReturn fields; read-only ones are accepted and ignored, so a fetched return can be saved. */
const returnBody = z.strictObject({
  ID: idSchema.optional(),
  OrderID: idSchema,
  RefundAmount: refund.nullish(),
  Comments: z.string().max(2000).nullish(),
  ItemsToReturn: z.array(itemBody).max(500).optional(),
  xp: xpSchema.optional(),
  PaymentIDs: z.unknown().optional(),
  Status: z.unknown().optional(),
  DateCreated: z.unknown().optional(),
  DateSubmitted: z.unknown().optional(),
  DateApproved: z.unknown().optional(),
  DateDeclined: z.unknown().optional(),
  DateCanceled: z.unknown().optional(),
  DateCompleted: z.unknown().optional(),
  LastUpdated: z.unknown().optional(),
});
type ReturnBody = z.infer<typeof returnBody>;

/** `PUT /orderreturns/{id}/items/{lineItemID}`: one item (the route names the line item). */
const oneItemBody = itemBody.extend({ LineItemID: idSchema.optional() });

const approvalInfo = z.strictObject({ Comments: z.string().max(2000).nullish() });

/** Returns a caller reaches: those of the orders it reaches (never an anonymous shopper's). */
function returnScope(principal: Principal): SQL {
  if (principal.anonymous) return sql`false`;
  return sql`exists (select 1 from orders where orders.id = ${orderReturns.orderId}
    and ${orderScope(principal, 'All')})`;
}

/** The caller's admin user groups (approvers of marketplace rules are seller users). */
function myGroups(principal: Principal): SQL {
  return sql`(select uga.user_group_id from user_group_assignments uga
    where uga.company_type = ${principal.companyType} and uga.company_id = ${principal.companyId}
      and uga.user_id = ${principal.userId})`;
}

function assertNotAnonymous(principal: Principal): void {
  if (principal.anonymous) {
    throw wrongUserType(
      principal.userType,
      ['buyer', 'admin', 'supplier'],
      'Anonymous shoppers cannot create or change order returns: log in first.',
    );
  }
}

/** Whoever sent the order (or the sending company's order admins) and whoever receives it write its returns. */
function assertReturnWriter(principal: Principal, order: OrderRow): void {
  const relation = relationTo(principal, order);
  if (!relation.sender && !relation.receiver) throw ApiError.notFound('Order', order.id);
}

const statusError = (code: string, row: ReturnRow, message: string) =>
  ApiError.of(400, code, message, { ObjectType: 'OrderReturn', ObjectID: row.id, Status: row.status });

async function findReturn(db: Db, principal: Principal, id: string): Promise<ReturnRow> {
  const [row] = await db
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, id), returnScope(principal)))
    .limit(1);
  if (!row) throw ApiError.notFound('OrderReturn', id);
  return row;
}

/**
 * Runs `fn` in one transaction holding the row locks of the return's order, then of the return (always in
 * that order): NotFound when the caller does not reach the return.
 */
function withLockedReturn<T>(
  db: Db,
  principal: Principal,
  id: string,
  fn: (tx: Db, row: ReturnRow, order: OrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (raw) => {
    const tx = txOf(raw);
    const seen = await findReturn(tx, principal, id);
    const [order] = await tx.select().from(orders).where(eq(orders.id, seen.orderId)).for('update').limit(1);
    const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update').limit(1);
    if (!order || !row) throw ApiError.notFound('OrderReturn', id);
    return fn(tx, row, order);
  });
}

/** The order of a new return, locked: reachable by the caller, who sends or receives it; Open or Completed. */
async function lockReturnableOrder(tx: Db, principal: Principal, orderId: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(principal, 'All')))
    .for('update')
    .limit(1);
  if (!order) throw ApiError.notFound('Order', orderId);
  assertReturnWriter(principal, order);
  if (order.status !== 'Open' && order.status !== 'Completed') {
    throw ApiError.of(
      400,
      'OrderReturn.InvalidOrderStatus',
      `Order ${order.id} is ${order.status}: only open or completed orders have returns.`,
      { Property: 'OrderID', ObjectType: 'Order', ObjectID: order.id, Status: order.status },
    );
  }
  return order;
}

/**
 * Checks the items of a return and prices them: each names a line item of the order, whose product is
 * returnable, for no more than can still be returned — what has shipped (everything, once the order is
 * Completed) less what other returns of the order (not canceled or declined) take back. A refund not given
 * is the line's total after promotions per unit × the quantity, rounded to cents.
 */
async function pricedItems(
  tx: Db,
  order: OrderRow,
  returnId: string,
  items: ItemBody[],
): Promise<{ lineItemId: string; quantity: number; refundAmount: string; comments: string | null }[]> {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.LineItemID)) {
      throw ApiError.invalidRequest(`Line item ${item.LineItemID} is named twice.`, {
        Property: `ItemsToReturn.${index}.LineItemID`,
      });
    }
    seen.add(item.LineItemID);
  });
  if (items.length === 0) return [];
  const ids = items.map((i) => i.LineItemID);
  const lines = await tx
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, order.id), inArray(lineItems.id, ids)));
  const byId = new Map(lines.map((l) => [l.id, l] as const));
  const taken = await queryRows<{ line_item_id: string; n: number }>(
    tx,
    sql`select ri.line_item_id, sum(ri.quantity)::int as n from order_return_items ri
      join order_returns r on r.id = ri.return_id
      where r.order_id = ${order.id} and r.id <> ${returnId}
        and r.status not in ('Canceled', 'Declined')
      group by ri.line_item_id`,
  );
  const elsewhere = new Map(taken.map((t) => [t.line_item_id, t.n] as const));
  return items.map((item, index) => {
    const line = byId.get(item.LineItemID);
    if (!line) {
      throw ApiError.of(404, 'NotFound', `LineItem ${item.LineItemID} not found`, {
        ObjectType: 'LineItem',
        ObjectID: item.LineItemID,
        Property: `ItemsToReturn.${index}.LineItemID`,
      });
    }
    if ((line.product as { Returnable?: boolean } | null)?.Returnable === false) {
      throw ApiError.of(
        400,
        'OrderReturn.ItemNotReturnable',
        `Product ${line.productId} of line item ${line.id} is not returnable.`,
        { Property: `ItemsToReturn.${index}.LineItemID`, LineItemID: line.id, ProductID: line.productId },
      );
    }
    const eligible = order.status === 'Completed' ? line.quantity : line.quantityShipped;
    const returnable = Math.max(eligible - (elsewhere.get(line.id) ?? 0), 0);
    if (item.Quantity > returnable) {
      throw ApiError.of(
        400,
        'OrderReturn.QuantityExceedsReturnable',
        `Only ${returnable} of line item ${line.id} can be returned, not ${item.Quantity}.`,
        {
          Property: `ItemsToReturn.${index}.Quantity`,
          LineItemID: line.id,
          QuantityShipped: line.quantityShipped,
          QuantityReturnable: returnable,
        },
      );
    }
    return {
      lineItemId: line.id,
      quantity: item.Quantity,
      refundAmount: toColumn(
        item.RefundAmount !== undefined && item.RefundAmount !== null
          ? (money(item.RefundAmount) ?? ZERO)
          : defaultRefund(line, item.Quantity),
      ),
      comments: item.Comments ?? null,
    };
  });
}

/** The line's total after promotions, per unit, times the quantity: rounded to cents once. */
function defaultRefund(line: LineRow, quantity: number): Money {
  const total = money(line.lineTotal) ?? ZERO;
  return roundCents(divide(total * BigInt(quantity), BigInt(line.quantity)));
}

/** Replaces the items of a return and, unless RefundAmount was set by hand, sets it to their sum. */
async function writeItems(tx: Db, row: ReturnRow, priced: Awaited<ReturnType<typeof pricedItems>>) {
  await tx.delete(orderReturnItems).where(eq(orderReturnItems.returnId, row.id));
  if (priced.length > 0) {
    await tx.insert(orderReturnItems).values(priced.map((p) => ({ ...p, returnId: row.id })));
  }
}

async function refreshRefund(tx: Db, id: string): Promise<ReturnRow> {
  const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).limit(1);
  if (!row) throw ApiError.notFound('OrderReturn', id);
  const set: Partial<ReturnRow> = { lastUpdated: new Date() };
  if (!row.refundOverridden) {
    const items = await tx.select().from(orderReturnItems).where(eq(orderReturnItems.returnId, id));
    set.refundAmount = toColumn(sum(items.map((i) => money(i.refundAmount) ?? ZERO)));
  }
  const [updated] = await tx.update(orderReturns).set(set).where(eq(orderReturns.id, id)).returning();
  return updated as ReturnRow;
}

/** Setting a RefundAmount by hand (the return's or an item's) is for order administrators. */
function assertRefundOverride(principal: Principal, body: Partial<ReturnBody>): void {
  const items = body.ItemsToReturn ?? [];
  const given =
    (body.RefundAmount !== undefined && body.RefundAmount !== null) ||
    items.some((i) => i.RefundAmount !== undefined && i.RefundAmount !== null);
  if (given) requireAnyRole(principal.roles, ADMIN);
}

/** The rule context of a return: `order` is the return (with its order as `Order`), `items` its items. */
async function ruleContext(tx: Db, row: ReturnRow, order: OrderRow) {
  const items = await tx.select().from(orderReturnItems).where(eq(orderReturnItems.returnId, row.id));
  const lines =
    items.length === 0
      ? []
      : await tx
          .select()
          .from(lineItems)
          .where(
            and(
              eq(lineItems.orderId, order.id),
              inArray(
                lineItems.id,
                items.map((i) => i.lineItemId),
              ),
            ),
          );
  const lineWire = await lineItemResource.wireAll(tx, lines as Record<string, unknown>[]);
  const wire = await returnResource.wireOne(tx, row as Record<string, unknown>);
  return {
    order: { ...wire, Order: await orderResource.wireOne(tx, order as Record<string, unknown>) },
    items: items.map((item) => {
      const line = lineWire.find((l) => l.ID === item.lineItemId) ?? {};
      return {
        ...line,
        LineItemID: item.lineItemId,
        QuantityOrdered: line.Quantity ?? null,
        Quantity: item.quantity,
        RefundAmount: amount(item.refundAmount),
        // items.total() sums LineSubtotal: for a return, what it refunds.
        LineSubtotal: amount(item.refundAmount),
        Comments: item.comments ?? null,
      };
    }),
    user: order.fromUser ?? null,
  };
}

/**
 * The approvals a submitted return needs: every marketplace approval rule of type OrderReturn whose
 * RuleExpression holds. A rule that cannot be parsed or evaluated counts as holding (a person decides
 * rather than nobody).
 */
async function returnApprovalsNeeded(tx: Db, row: ReturnRow, order: OrderRow) {
  const rules = await tx
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.ownerId, ''), eq(approvalRules.approvalType, 'OrderReturn')))
    .orderBy(asc(approvalRules.id));
  if (rules.length === 0) return [];
  const context = await ruleContext(tx, row, order);
  return rules.filter((rule) => {
    const parsed = parseExpression(rule.ruleExpression, 'boolean');
    if (!parsed.ok) return true;
    const result = evaluateBoolean(parsed.ast, context);
    return !result.ok || result.value;
  });
}

export function mountOrderReturns(app: Hono<CommerceEnv>, db: Db): void {
  const base = '/v1/orderreturns';
  const answer = async (c: C, row: ReturnRow, status: 200 | 201 = 200) =>
    c.json(await returnResource.wireOne(db, row as Record<string, unknown>), status);
  const reader = (c: C) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ORDER_READ);
    return principal;
  };
  const writer = (c: C) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ORDER_WRITE);
    assertNotAnonymous(principal);
    return principal;
  };
  const conflict = (id: string) => (error: unknown) => {
    if (isUniqueViolation(error)) {
      throw ApiError.of(409, 'IdExists', `OrderReturn ${id} already exists.`, {
        ObjectType: 'OrderReturn',
        ObjectID: id,
      });
    }
    throw error;
  };

  app.get(base, async (c) => {
    const principal = reader(c);
    const query = new URL(c.req.url).searchParams;
    const params = parseListParams(query, ['approvable']);
    const approvable = query.get('approvable');
    if (approvable !== null && approvable !== 'true' && approvable !== 'false') {
      throw ApiError.invalidRequest('approvable must be true or false.', { Property: 'approvable' });
    }
    const onlyApprovable =
      approvable === 'true'
        ? and(
            eq(orderReturns.status, 'AwaitingApproval'),
            sql`exists (select 1 from order_return_approvals a where a.return_id = ${orderReturns.id}
              and a.status = 'Pending' and a.approving_group_id in ${myGroups(principal)})`,
          )
        : undefined;
    const page = await runList(
      db,
      orderReturns,
      returnResource.list,
      params,
      and(returnScope(principal), onlyApprovable),
    );
    return c.json({
      Items: await returnResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.get(`${base}/:returnID`, async (c) =>
    answer(c, await findReturn(db, reader(c), c.req.param('returnID'))),
  );

  /** Creates a return for an order (the caller's or one it receives). */
  async function create(tx: Db, principal: Principal, id: string, body: Partial<ReturnBody>) {
    const order = await lockReturnableOrder(tx, principal, String(body.OrderID));
    const priced = await pricedItems(tx, order, id, body.ItemsToReturn ?? []);
    const overridden = body.RefundAmount !== undefined && body.RefundAmount !== null;
    const [created] = await tx
      .insert(orderReturns)
      .values({
        id,
        orderId: order.id,
        comments: body.Comments ?? null,
        xp: body.xp ?? {},
        refundOverridden: overridden,
        refundAmount: overridden ? toColumn(money(body.RefundAmount as number) ?? ZERO) : null,
      })
      .returning();
    await writeItems(tx, created as ReturnRow, priced);
    return refreshRefund(tx, id);
  }

  app.post(base, async (c) => {
    const principal = writer(c);
    const body = await readBody(c.req.raw, returnBody);
    assertRefundOverride(principal, body);
    const id = body.ID ?? generateId();
    const row = await db.transaction((raw) => create(txOf(raw), principal, id, body)).catch(conflict(id));
    return answer(c, row, 201);
  });

  /**
   * PUT creates or replaces an unsubmitted return (omitted fields reset, items replaced); PATCH changes the
   * named fields — ItemsToReturn replaces the items. Once submitted only Comments, xp and (for order
   * administrators) RefundAmount change, until the return is completed or canceled.
   */
  const write = (replace: boolean) => async (c: C) => {
    const principal = writer(c);
    const routeId = c.req.param('returnID') as string;
    const body = (await readBody(
      c.req.raw,
      replace ? returnBody : patchBody(returnBody),
    )) as Partial<ReturnBody>;
    assertRefundOverride(principal, body);
    const newId = body.ID ?? routeId;
    const result = await db
      .transaction(async (raw) => {
        const tx = txOf(raw);
        const [exists] = await tx
          .select({ id: orderReturns.id })
          .from(orderReturns)
          .where(eq(orderReturns.id, routeId))
          .limit(1);
        if (!exists) {
          if (!replace) throw ApiError.notFound('OrderReturn', routeId);
          return { row: await create(tx, principal, newId, body), created: true };
        }
        const row = await withLockedReturnIn(tx, principal, routeId);
        const order = await lockedOrderOf(tx, row);
        assertReturnWriter(principal, order);
        if (body.OrderID !== undefined && body.OrderID !== row.orderId) {
          throw ApiError.invalidRequest('The order of a return cannot change: create another return.', {
            Property: 'OrderID',
          });
        }
        if (row.status !== 'Unsubmitted') {
          const allowed = new Set(['Comments', 'xp', 'RefundAmount', 'OrderID']);
          const other = Object.keys(body).find(
            (k) => !allowed.has(k) && body[k as keyof ReturnBody] !== undefined,
          );
          if (replace || other || ['Completed', 'Canceled'].includes(row.status)) {
            throw statusError(
              'OrderReturn.CannotModifySubmitted',
              row,
              `Return ${row.id} is ${row.status}: only Comments, xp and RefundAmount of a submitted return change.`,
            );
          }
        }
        const set: Partial<ReturnRow> = { lastUpdated: new Date() };
        if (replace) {
          set.comments = body.Comments ?? null;
          set.xp = body.xp ?? {};
        } else {
          if (body.Comments !== undefined) set.comments = body.Comments;
          if (body.xp !== undefined) set.xp = mergePatch(row.xp ?? {}, body.xp) as Record<string, unknown>;
        }
        if (body.RefundAmount !== undefined || replace) {
          const given = body.RefundAmount ?? null;
          set.refundOverridden = given !== null;
          if (given !== null) set.refundAmount = toColumn(money(given) ?? ZERO);
        }
        if (replace || body.ItemsToReturn !== undefined) {
          await writeItems(tx, row, await pricedItems(tx, order, row.id, body.ItemsToReturn ?? []));
        }
        await tx.update(orderReturns).set(set).where(eq(orderReturns.id, row.id));
        if (newId !== row.id) {
          await tx.update(orderReturns).set({ id: newId }).where(eq(orderReturns.id, row.id));
          await tx.update(payments).set({ orderReturnId: newId }).where(eq(payments.orderReturnId, row.id));
        }
        return { row: await refreshRefund(tx, newId), created: false };
      })
      .catch(conflict(newId));
    return answer(c, result.row, result.created ? 201 : 200);
  };
  app.put(`${base}/:returnID`, write(true));
  app.patch(`${base}/:returnID`, write(false));

  /** Inside an open transaction: the return (in scope), its order locked first, then the return. */
  async function withLockedReturnIn(tx: Db, principal: Principal, id: string): Promise<ReturnRow> {
    const seen = await findReturn(tx, principal, id);
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, seen.orderId)).for('update');
    const [row] = await tx.select().from(orderReturns).where(eq(orderReturns.id, id)).for('update').limit(1);
    if (!row) throw ApiError.notFound('OrderReturn', id);
    return row;
  }
  async function lockedOrderOf(tx: Db, row: ReturnRow): Promise<OrderRow> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
    if (!order) throw ApiError.notFound('Order', row.orderId);
    return order;
  }

  app.delete(`${base}/:returnID`, async (c) => {
    const principal = writer(c);
    await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, row, order) => {
      assertReturnWriter(principal, order);
      if (row.status !== 'Unsubmitted') {
        throw statusError(
          'OrderReturn.CannotDeleteSubmitted',
          row,
          `Return ${row.id} is ${row.status}: only unsubmitted returns can be deleted (cancel it instead).`,
        );
      }
      await tx.delete(orderReturns).where(eq(orderReturns.id, row.id));
    });
    return c.body(null, 204);
  });

  /** One item of an unsubmitted return: PUT creates or replaces it, DELETE removes it; both answer the return. */
  app.put(`${base}/:returnID/items/:lineItemID`, async (c) => {
    const principal = writer(c);
    const lineItemId = c.req.param('lineItemID');
    const body = await readBody(c.req.raw, oneItemBody);
    if (body.LineItemID !== undefined && body.LineItemID !== lineItemId) {
      throw ApiError.invalidRequest('LineItemID must be the line item the route names.', {
        Property: 'LineItemID',
      });
    }
    const item = { ...body, LineItemID: lineItemId };
    assertRefundOverride(principal, { ItemsToReturn: [item] });
    const row = await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, current, order) => {
      assertReturnWriter(principal, order);
      assertUnsubmitted(current);
      const [priced] = await pricedItems(tx, order, current.id, [item]);
      await tx
        .delete(orderReturnItems)
        .where(and(eq(orderReturnItems.returnId, current.id), eq(orderReturnItems.lineItemId, lineItemId)));
      await tx
        .insert(orderReturnItems)
        .values({ ...(priced as NonNullable<typeof priced>), returnId: current.id });
      return refreshRefund(tx, current.id);
    });
    return answer(c, row);
  });

  app.delete(`${base}/:returnID/items/:lineItemID`, async (c) => {
    const principal = writer(c);
    const lineItemId = c.req.param('lineItemID');
    const row = await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, current, order) => {
      assertReturnWriter(principal, order);
      assertUnsubmitted(current);
      const removed = await tx
        .delete(orderReturnItems)
        .where(and(eq(orderReturnItems.returnId, current.id), eq(orderReturnItems.lineItemId, lineItemId)))
        .returning();
      if (removed.length === 0) throw ApiError.notFound('OrderReturnItem', lineItemId);
      return refreshRefund(tx, current.id);
    });
    return answer(c, row);
  });

  function assertUnsubmitted(row: ReturnRow): void {
    if (row.status !== 'Unsubmitted') {
      throw statusError(
        'OrderReturn.CannotModifySubmitted',
        row,
        `Return ${row.id} is ${row.status}: its items can only change before it is submitted.`,
      );
    }
  }

  app.post(`${base}/:returnID/submit`, async (c) => {
    const principal = writer(c);
    const row = await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, current, order) => {
      assertReturnWriter(principal, order);
      if (current.status !== 'Unsubmitted') {
        throw statusError(
          'OrderReturn.CannotSubmitBadStatus',
          current,
          `Return ${current.id} is ${current.status} and cannot be submitted.`,
        );
      }
      const needed = await returnApprovalsNeeded(tx, current, order);
      const now = new Date();
      if (needed.length > 0) {
        await tx.insert(orderReturnApprovals).values(
          needed.map((rule) => ({
            returnId: current.id,
            approvalRuleId: rule.id,
            approvingGroupId: rule.approvingGroupId,
          })),
        );
      }
      const [updated] = await tx
        .update(orderReturns)
        .set({
          status: needed.length > 0 ? 'AwaitingApproval' : 'Open',
          dateSubmitted: now,
          dateApproved: needed.length > 0 ? null : now,
          lastUpdated: now,
        })
        .where(eq(orderReturns.id, current.id))
        .returning();
      return updated as ReturnRow;
    });
    return answer(c, row, 201);
  });

  /** approve / decline: the caller's pending approvals (those of its admin groups) are decided. */
  const decide = (decision: 'Approved' | 'Declined') => async (c: C) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ADMIN);
    const body = await readBody(c.req.raw, approvalInfo);
    const row = await withLockedReturn(
      db,
      principal,
      c.req.param('returnID') as string,
      async (tx, current) => {
        if (current.status !== 'AwaitingApproval') {
          throw statusError(
            'OrderReturn.MustBeAwaitingApproval',
            current,
            `Return ${current.id} is ${current.status}, not awaiting approval.`,
          );
        }
        const now = new Date();
        const decided = await tx
          .update(orderReturnApprovals)
          .set({
            status: decision,
            dateCompleted: now,
            approverUserId: principal.userId,
            comments: body.Comments ?? null,
          })
          .where(
            and(
              eq(orderReturnApprovals.returnId, current.id),
              eq(orderReturnApprovals.status, 'Pending'),
              principal.companyType === 'seller'
                ? sql`${orderReturnApprovals.approvingGroupId} in ${myGroups(principal)}`
                : sql`false`,
            ),
          )
          .returning();
        if (decided.length === 0) {
          throw ApiError.of(
            403,
            'OrderReturn.NotEligibleApprover',
            `User ${principal.userId} is not in a group that approves return ${current.id}.`,
            { ObjectType: 'OrderReturn', ObjectID: current.id },
          );
        }
        const pending = await tx.$count(
          orderReturnApprovals,
          and(eq(orderReturnApprovals.returnId, current.id), eq(orderReturnApprovals.status, 'Pending')),
        );
        const set: Partial<ReturnRow> =
          decision === 'Declined'
            ? { status: 'Declined', dateDeclined: now, lastUpdated: now }
            : pending === 0
              ? { status: 'Open', dateApproved: now, lastUpdated: now }
              : { lastUpdated: now };
        const [updated] = await tx
          .update(orderReturns)
          .set(set)
          .where(eq(orderReturns.id, current.id))
          .returning();
        return updated as ReturnRow;
      },
    );
    return answer(c, row, 201);
  };
  app.post(`${base}/:returnID/approve`, decide('Approved'));
  app.post(`${base}/:returnID/decline`, decide('Declined'));

  app.post(`${base}/:returnID/cancel`, async (c) => {
    const principal = writer(c);
    const row = await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, current, order) => {
      assertReturnWriter(principal, order);
      if (current.status === 'Completed' || current.status === 'Canceled') {
        throw statusError(
          'OrderReturn.CannotCancelInCurrentStatus',
          current,
          `Return ${current.id} is ${current.status} and cannot be canceled.`,
        );
      }
      const now = new Date();
      await tx
        .update(orderReturnApprovals)
        .set({ status: 'Declined', dateCompleted: now, comments: 'Return canceled.' })
        .where(
          and(eq(orderReturnApprovals.returnId, current.id), eq(orderReturnApprovals.status, 'Pending')),
        );
      const [updated] = await tx
        .update(orderReturns)
        .set({ status: 'Canceled', dateCanceled: now, lastUpdated: now })
        .where(eq(orderReturns.id, current.id))
        .returning();
      return updated as ReturnRow;
    });
    return answer(c, row, 201);
  });

  /** Whoever receives the order completes an Open return once the refund is paid. */
  app.post(`${base}/:returnID/complete`, async (c) => {
    const principal = c.get('principal');
    requireAnyRole(principal.roles, ADMIN);
    const row = await withLockedReturn(db, principal, c.req.param('returnID'), async (tx, current, order) => {
      if (!relationTo(principal, order).receiver) {
        throw ApiError.of(
          403,
          'OrderReturn.NotEditable',
          `Return ${current.id} can only be completed by whoever receives order ${order.id}.`,
          { ObjectType: 'OrderReturn', ObjectID: current.id },
        );
      }
      if (current.status !== 'Open') {
        throw statusError(
          'OrderReturn.CannotCompleteBadStatus',
          current,
          `Return ${current.id} is ${current.status}: only open returns can be completed.`,
        );
      }
      const now = new Date();
      const [updated] = await tx
        .update(orderReturns)
        .set({ status: 'Completed', dateCompleted: now, lastUpdated: now })
        .where(eq(orderReturns.id, current.id))
        .returning();
      return updated as ReturnRow;
    });
    return answer(c, row, 201);
  });

  const approvalResource = new Resource({
    objectType: 'OrderReturnApproval',
    table: orderReturnApprovals,
    id: orderReturnApprovals.key,
    columns: {
      OrderReturnID: orderReturnApprovals.returnId,
      ApprovalRuleID: orderReturnApprovals.approvalRuleId,
      ApprovingGroupID: orderReturnApprovals.approvingGroupId,
      Status: orderReturnApprovals.status,
      DateCreated: orderReturnApprovals.dateCreated,
      DateCompleted: orderReturnApprovals.dateCompleted,
      Comments: orderReturnApprovals.comments,
    },
    body: z.object({}),
    searchOn: ['ApprovalRuleID', 'ApprovingGroupID', 'Comments'],
    defaultSort: ['DateCreated'],
    roles: { read: ORDER_READ, write: ORDER_WRITE },
    enrich: async (tx, rows) => {
      const ids = [...new Set(rows.map((r) => r.approverUserId).filter((u): u is string => !!u))];
      const approvers =
        ids.length === 0
          ? []
          : await tx
              .select()
              .from(users)
              .where(and(eq(users.companyType, 'seller'), eq(users.companyId, ''), inArray(users.id, ids)));
      const wire = await approverWire(tx, approvers as Record<string, unknown>[]);
      return rows.map((r) => ({ ...r, approver: wire.find((u) => u.ID === r.approverUserId) ?? null }));
    },
    extend: (row) => ({ Approver: row.approver ?? null }),
  });
  // The list kernel's tie-break compares keys as text: the bigint key, zero-padded.
  const approvalList = {
    ...approvalResource.list,
    keys: [sql`lpad((${orderReturnApprovals.key})::text, 20, '0')`],
  };
  const sellerUsers = userResource({ read: ORDER_READ, write: ADMIN }, true);
  /** Approvers as `User`s, without what only user administrators see. */
  const approverWire = async (tx: Db, rows: Record<string, unknown>[]) =>
    (await sellerUsers.wireAll(tx, rows)).map(({ FailedLoginAttempts: _hidden, ...user }) => user);

  app.get(`${base}/:returnID/approvals`, async (c) => {
    const principal = reader(c);
    const row = await findReturn(db, principal, c.req.param('returnID'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      orderReturnApprovals,
      approvalList,
      params,
      eq(orderReturnApprovals.returnId, row.id),
    );
    return c.json({
      Items: await approvalResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  /** The users of the admin groups whose approvals of the return are pending. */
  app.get(`${base}/:returnID/eligibleapprovers`, async (c) => {
    const principal = reader(c);
    const row = await findReturn(db, principal, c.req.param('returnID'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      users,
      sellerUsers.list,
      params,
      and(
        eq(users.companyType, 'seller'),
        eq(users.companyId, ''),
        sql`exists (select 1 from user_group_assignments uga join order_return_approvals a
          on a.approving_group_id = uga.user_group_id
          where uga.company_type = 'seller' and uga.company_id = '' and uga.user_id = ${users.id}
            and a.return_id = ${row.id} and a.status = 'Pending')`,
      ),
    );
    return c.json({
      Items: await approverWire(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });
}
