import type { Db } from '@catalogue/db';
import {
  buyerAssignments,
  creditCards,
  orderReturns,
  payments,
  paymentTransactions,
  spendingAccounts,
} from '@catalogue/db/schema';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { assignedToMe, inMyGroups } from '../me/assigned';
import { Resource } from '../resources/crud';
import { generateId, idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import {
  assertEditable,
  findOrder,
  ORDER_READ,
  ORDER_WRITE,
  type OrderRow,
  relationTo,
  requireOrderRead,
  requireOrderWrite,
} from './access';
import { currentCart, requireCartUser, withCart } from './cart';
import { type C, directionOf, hasRole, withLockedOrder } from './context';
import { type Money, money, sum, toColumn, ZERO } from './money';
import { senderPrincipal } from './pricing';

export type PaymentRow = typeof payments.$inferSelect;
type TransactionRow = typeof paymentTransactions.$inferSelect;

const PAYMENT_TYPES = ['PurchaseOrder', 'CreditCard', 'SpendingAccount'] as const;

/** The writable payment fields (`Payment` of the SDK; DateCreated, Currency and Transactions are read-only). */
export const paymentBody = z.strictObject({
  ID: idSchema.optional(),
  Type: z.enum(PAYMENT_TYPES, { error: 'must be PurchaseOrder, CreditCard or SpendingAccount' }),
  CreditCardID: idSchema.nullish(),
  SpendingAccountID: idSchema.nullish(),
  Description: z.string().max(2000).nullish(),
  Amount: z.number().finite().min(0, 'must not be negative').max(1e9).nullish(),
  Accepted: z.boolean().optional(),
  OrderReturnID: idSchema.nullish(),
  xp: xpSchema.optional(),
});
type PaymentBody = z.infer<typeof paymentBody>;

/** A payment transaction as a payment integration records it (`Type` and `DateExecuted` required). */
export const transactionBody = z.strictObject({
  ID: idSchema.optional(),
  Type: z.string().min(1, 'must not be empty').max(100),
  DateExecuted: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
  Currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code')
    .nullish(),
  Amount: z.number().finite().min(-1e9).max(1e9).nullish(),
  Succeeded: z.boolean().optional(),
  ResultCode: z.string().max(100).nullish(),
  ResultMessage: z.string().max(2000).nullish(),
  xp: xpSchema.optional(),
});

const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));

const transactionWire = (t: TransactionRow) => ({
  ID: t.id,
  Type: t.type,
  DateExecuted: t.dateExecuted.toISOString(),
  Currency: t.currency,
  Amount: amount(t.amount),
  Succeeded: t.succeeded,
  ResultCode: t.resultCode,
  ResultMessage: t.resultMessage,
  xp: t.xp ?? {},
});

/** A payment as the wire shows it, with its transactions (one read per page). */
export const paymentResource = new Resource({
  objectType: 'Payment',
  table: payments,
  id: payments.id,
  columns: {
    ID: payments.id,
    Type: payments.type,
    DateCreated: payments.dateCreated,
    CreditCardID: payments.creditCardId,
    SpendingAccountID: payments.spendingAccountId,
    Description: payments.description,
    Currency: payments.currency,
    Amount: payments.amount,
    Accepted: payments.accepted,
    OrderReturnID: payments.orderReturnId,
    xp: payments.xp,
  },
  // Writes go through this module (locks, rules); the body is declared above.
  body: z.object({}),
  searchOn: ['ID', 'Description'],
  defaultSort: ['DateCreated', 'ID'],
  roles: { read: ORDER_READ, write: ORDER_WRITE },
  enrich: async (db, rows) => {
    if (rows.length === 0) return rows;
    const orderIds = [...new Set(rows.map((r) => r.orderId as string))];
    const found = await db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          inArray(paymentTransactions.orderId, orderIds),
          inArray(
            paymentTransactions.paymentId,
            rows.map((r) => r.id as string),
          ),
        ),
      )
      .orderBy(paymentTransactions.dateExecuted, paymentTransactions.id);
    return rows.map((row) => ({
      ...row,
      transactions: found.filter((t) => t.orderId === row.orderId && t.paymentId === row.id),
    }));
  },
  extend: (row) => ({
    Amount: amount(row.amount),
    Transactions: ((row.transactions as TransactionRow[] | undefined) ?? []).map(transactionWire),
  }),
});

/** The receiving company's order administrator: the seller (or supplier) side of a payment. */
const isReceiverAdmin = (principal: Principal, order: OrderRow) =>
  relationTo(principal, order).receiver && hasRole(principal, 'OrderAdmin');

const submittedRefusal = (order: OrderRow, property: string, message: string) =>
  ApiError.of(400, 'Order.CannotModifySubmittedOrder', message, {
    ObjectType: 'Order',
    ObjectID: order.id,
    Status: order.status,
    Property: property,
  });

/**
 * Who may change an order's payments: while it is unsubmitted, whoever may edit it (its sender, or the
 * receiver's OrderAdmin); once submitted, only the receiver's OrderAdmin, and only for what `allowed` says.
 */
function assertPaymentWrite(principal: Principal, order: OrderRow, afterSubmit: string | null): void {
  if (order.status === 'Unsubmitted') {
    assertEditable(principal, order);
    return;
  }
  if (afterSubmit === null || !isReceiverAdmin(principal, order)) {
    // The sender (or anyone else who reaches the order) gets the same refusal as for line items.
    assertEditable(principal, order);
  }
}

async function paymentOf(tx: Db, orderId: string, id: string): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, id)))
    .limit(1);
  if (!row) throw ApiError.notFound('Payment', id);
  return row;
}

const required = (property: string, type: string) =>
  ApiError.of(400, 'Required', `${property} is required for a ${type} payment.`, { Property: property });
const notFor = (property: string, type: string) =>
  ApiError.invalidRequest(`${property} does not belong on a ${type} payment.`, { Property: property });

/** A credit card the order's sender may pay with: their own (`/me/creditcards`) or one assigned to them. */
async function usableCreditCard(tx: Db, sender: Principal, id: string) {
  const [card] =
    sender.companyType === 'buyer' && !sender.anonymous
      ? await tx
          .select()
          .from(creditCards)
          .where(
            and(
              eq(creditCards.buyerId, sender.companyId),
              eq(creditCards.id, id),
              or(
                eq(creditCards.ownerUserId, sender.userId),
                and(eq(creditCards.ownerUserId, ''), assignedToMe(sender, 'creditcard', creditCards.id)),
              ),
            ),
          )
          .limit(1)
      : [];
  if (!card) {
    throw ApiError.of(404, 'NotFound', `Credit card ${id} not found among the cards this buyer may use.`, {
      ObjectType: 'CreditCard',
      ObjectID: id,
      Property: 'CreditCardID',
    });
  }
  if (card.expirationDate && card.expirationDate.getTime() < Date.now()) {
    throw ApiError.of(400, 'Payment.CreditCardExpired', `Credit card ${id} has expired.`, {
      Property: 'CreditCardID',
      CreditCardID: id,
    });
  }
  return card;
}

/**
 * A spending account the order's sender may pay with: assigned to them, their group or their company,
 * allowed as a payment method, within its dates, and with a balance that covers what this order takes
 * from it — unless one of the assignments that reach the sender says AllowExceed.
 */
async function usableSpendingAccount(
  tx: Db,
  sender: Principal,
  order: OrderRow,
  id: string,
  wanted: Money,
  exceptPaymentId: string | null,
) {
  const [account] =
    sender.companyType === 'buyer' && !sender.anonymous
      ? await tx
          .select()
          .from(spendingAccounts)
          .where(
            and(
              eq(spendingAccounts.buyerId, sender.companyId),
              eq(spendingAccounts.id, id),
              assignedToMe(sender, 'spendingaccount', spendingAccounts.id),
            ),
          )
          .limit(1)
      : [];
  if (!account) {
    throw ApiError.of(
      404,
      'NotFound',
      `Spending account ${id} not found among the accounts this buyer may use.`,
      { ObjectType: 'SpendingAccount', ObjectID: id, Property: 'SpendingAccountID' },
    );
  }
  if (!account.allowAsPaymentMethod) {
    throw ApiError.of(
      400,
      'Payment.SpendingAccountNotPaymentMethod',
      `Spending account ${id} cannot be used as a payment method.`,
      { Property: 'SpendingAccountID', SpendingAccountID: id },
    );
  }
  const now = Date.now();
  if (
    (account.startDate && account.startDate.getTime() > now) ||
    (account.endDate && account.endDate.getTime() < now)
  ) {
    throw ApiError.of(
      400,
      'Payment.SpendingAccountNotActive',
      `Spending account ${id} is outside its start and end dates.`,
      { Property: 'SpendingAccountID', SpendingAccountID: id },
    );
  }
  if (await mayExceed(tx, sender, id)) return account;
  const others = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.spendingAccountId, id),
        ...(exceptPaymentId ? [ne(payments.id, exceptPaymentId)] : []),
      ),
    );
  const taken = sum(others.map((p) => money(p.amount) ?? ZERO)) + wanted;
  const balance = money(account.balance) ?? ZERO;
  if (taken > balance) {
    throw ApiError.of(
      400,
      'Payment.InsufficientBalance',
      `Spending account ${id} has a balance of ${Number(toColumn(balance))}; this order would take ${Number(toColumn(taken))}.`,
      {
        Property: 'Amount',
        SpendingAccountID: id,
        Balance: Number(toColumn(balance)),
        Amount: Number(toColumn(taken)),
      },
    );
  }
  return account;
}

/** Whether an assignment of the spending account that reaches the sender says AllowExceed. */
async function mayExceed(tx: Db, sender: Principal, id: string): Promise<boolean> {
  const a = buyerAssignments;
  const [exceed] = await tx
    .select({ allowExceed: a.allowExceed })
    .from(a)
    .where(
      and(
        eq(a.kind, 'spendingaccount'),
        eq(a.buyerId, sender.companyId),
        eq(a.objectId, id),
        eq(a.allowExceed, true),
        or(
          and(eq(a.userGroupId, ''), eq(a.userId, '')),
          eq(a.userId, sender.userId),
          inMyGroups(sender, a.userGroupId),
        ),
      ),
    )
    .limit(1);
  return exceed !== undefined;
}

/**
 * Takes (sign −1, at submit) or gives back (+1, when a submitted order is canceled or declined) what the
 * order's spending-account payments pay. Taking refuses with `Payment.InsufficientBalance` when the balance
 * no longer covers it (another order spent it meanwhile) unless the sender may exceed it. The updated
 * accounts stay locked until the transaction ends, so concurrent submits queue.
 */
export async function moveSpendingAccountBalances(
  tx: Db,
  order: OrderRow,
  sign: 1 | -1,
  /** The order's payments, when the caller holds them. */
  known?: (typeof payments.$inferSelect)[],
): Promise<void> {
  const paid = (
    known ??
    (await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.type, 'SpendingAccount'))))
  ).filter((p) => p.type === 'SpendingAccount');
  const sender = senderPrincipal(order);
  for (const payment of paid) {
    if (!payment.spendingAccountId || payment.orderReturnId) continue;
    const amount = money(payment.amount) ?? ZERO;
    const [account] = await tx
      .update(spendingAccounts)
      .set({ balance: sql`${spendingAccounts.balance} + ${toColumn(amount * BigInt(sign))}::numeric` })
      .where(
        and(
          eq(spendingAccounts.buyerId, order.fromCompanyId),
          eq(spendingAccounts.id, payment.spendingAccountId),
        ),
      )
      .returning();
    if (!account || sign > 0) continue;
    const balance = money(account.balance) ?? ZERO;
    if (balance < ZERO && !(await mayExceed(tx, sender, payment.spendingAccountId))) {
      throw ApiError.of(
        400,
        'Payment.InsufficientBalance',
        `Spending account ${payment.spendingAccountId} no longer covers payment ${payment.id}.`,
        {
          SpendingAccountID: payment.spendingAccountId,
          PaymentID: payment.id,
          Balance: Number(toColumn(balance + amount)),
        },
      );
    }
  }
}

/** What is left to pay: the order total minus its other payments (never below zero). */
async function remaining(tx: Db, order: OrderRow, exceptPaymentId: string | null): Promise<Money> {
  const others = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), ...(exceptPaymentId ? [ne(payments.id, exceptPaymentId)] : [])),
    );
  const left = (money(order.total) ?? ZERO) - sum(others.map((p) => money(p.amount) ?? ZERO));
  return left > ZERO ? left : ZERO;
}

/**
 * Whether a payment is accepted. The receiver's OrderAdmin (the seller, or its payment integration)
 * decides for every type. Otherwise a purchase order and a spending account payment (whose balance was
 * just checked) are accepted automatically, and a credit card payment waits for the seller: its sender may
 * withdraw acceptance (`false`) but never grant it (`Payment.AcceptedSetBySeller`).
 */
function acceptance(
  principal: Principal,
  order: OrderRow,
  type: PaymentBody['Type'],
  given: boolean | undefined,
  current: boolean | null,
): boolean {
  const automatic = type !== 'CreditCard';
  if (isReceiverAdmin(principal, order)) return given ?? current ?? automatic;
  if (given === true && !automatic) {
    throw ApiError.of(
      403,
      'Payment.AcceptedSetBySeller',
      'A credit card payment is accepted by the seller (or its payment integration), not by the buyer.',
      { Property: 'Accepted' },
    );
  }
  if (given === false) return false;
  return current ?? automatic;
}

/** Checks a payment's type, instrument and amount against the order; returns its column values. */
async function paymentColumns(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: PaymentBody,
  existing: PaymentRow | null,
  keepAcceptance: boolean,
) {
  const type = body.Type;
  if (type === 'CreditCard') {
    if (!body.CreditCardID) throw required('CreditCardID', type);
    if (body.SpendingAccountID) throw notFor('SpendingAccountID', type);
  } else if (type === 'SpendingAccount') {
    if (!body.SpendingAccountID) throw required('SpendingAccountID', type);
    if (body.CreditCardID) throw notFor('CreditCardID', type);
  } else {
    if (body.CreditCardID) throw notFor('CreditCardID', type);
    if (body.SpendingAccountID) throw notFor('SpendingAccountID', type);
  }
  if (body.OrderReturnID) {
    const [found] = await tx
      .select({ id: orderReturns.id, refund: orderReturns.refundAmount })
      .from(orderReturns)
      .where(and(eq(orderReturns.id, body.OrderReturnID), eq(orderReturns.orderId, order.id)))
      .limit(1);
    if (!found) {
      throw ApiError.of(404, 'NotFound', `Order return ${body.OrderReturnID} not found for this order.`, {
        ObjectType: 'OrderReturn',
        ObjectID: body.OrderReturnID,
        Property: 'OrderReturnID',
      });
    }
  }
  const sender = senderPrincipal(order);
  const value =
    body.Amount !== undefined && body.Amount !== null
      ? (money(body.Amount) ?? ZERO)
      : await remaining(tx, order, existing?.id ?? null);
  if (type === 'CreditCard') await usableCreditCard(tx, sender, body.CreditCardID as string);
  if (type === 'SpendingAccount') {
    await usableSpendingAccount(
      tx,
      sender,
      order,
      body.SpendingAccountID as string,
      value,
      existing?.id ?? null,
    );
  }
  const accepted = acceptance(
    principal,
    order,
    type,
    body.Accepted,
    keepAcceptance && existing ? existing.accepted : null,
  );
  return {
    type,
    creditCardId: body.CreditCardID ?? null,
    spendingAccountId: body.SpendingAccountID ?? null,
    description: body.Description ?? null,
    currency: order.currency,
    amount: toColumn(value),
    accepted,
    orderReturnId: body.OrderReturnID ?? null,
    xp: body.xp ?? {},
  };
}

/** `POST …/payments` on an order locked by the caller. */
export async function createPayment(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  body: PaymentBody,
): Promise<PaymentRow> {
  // A refund payment (with an OrderReturnID) is the seller's record on a submitted order.
  assertPaymentWrite(principal, order, body.OrderReturnID ? 'OrderReturnID' : null);
  const id = body.ID ?? generateId();
  const [taken] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.id, id)))
    .limit(1);
  if (taken) {
    throw ApiError.of(409, 'IdExists', `Payment ${id} already exists on order ${order.id}.`, {
      ObjectType: 'Payment',
      ObjectID: id,
    });
  }
  const values = await paymentColumns(tx, principal, order, body, null, false);
  const [row] = await tx
    .insert(payments)
    .values({ ...values, orderId: order.id, id })
    .returning();
  return row as PaymentRow;
}

/**
 * `PATCH …/payments/{id}`. Unsubmitted: the fields are merged and checked again; changing what is paid
 * (type, card, account, amount) takes a credit card payment's acceptance away again. Submitted: only the
 * receiver's OrderAdmin may still set Accepted and xp.
 */
export async function patchPayment(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  id: string,
  patch: Partial<PaymentBody>,
): Promise<PaymentRow> {
  const existing = await paymentOf(tx, order.id, id);
  if (order.status !== 'Unsubmitted') {
    assertPaymentWrite(principal, order, 'Accepted, xp');
    const other = Object.keys(patch).find((k) => k !== 'Accepted' && k !== 'xp');
    if (other) {
      throw submittedRefusal(
        order,
        other,
        `Order ${order.id} is ${order.status}: only Accepted and xp of its payments can change.`,
      );
    }
    const [row] = await tx
      .update(payments)
      .set({
        ...(patch.Accepted !== undefined ? { accepted: patch.Accepted } : {}),
        ...(patch.xp !== undefined ? { xp: mergePatch(existing.xp ?? {}, patch.xp) } : {}),
      })
      .where(and(eq(payments.orderId, order.id), eq(payments.id, id)))
      .returning();
    return row as PaymentRow;
  }
  assertPaymentWrite(principal, order, null);
  if (patch.ID !== undefined && patch.ID !== id) {
    throw ApiError.invalidRequest('The ID of a payment cannot change.', { Property: 'ID' });
  }
  const merged: PaymentBody = {
    Type: existing.type as PaymentBody['Type'],
    CreditCardID: existing.creditCardId,
    SpendingAccountID: existing.spendingAccountId,
    Description: existing.description,
    Amount: amount(existing.amount),
    OrderReturnID: existing.orderReturnId,
    ...patch,
    xp: (patch.xp !== undefined ? mergePatch(existing.xp ?? {}, patch.xp) : existing.xp) as Record<
      string,
      unknown
    >,
  };
  // A new type drops the instrument of the old one unless the patch names it again.
  if (patch.Type !== undefined && patch.Type !== existing.type) {
    if (patch.CreditCardID === undefined) merged.CreditCardID = null;
    if (patch.SpendingAccountID === undefined) merged.SpendingAccountID = null;
  }
  const whatIsPaid = ['Type', 'CreditCardID', 'SpendingAccountID', 'Amount'].some(
    (k) => (patch as Record<string, unknown>)[k] !== undefined,
  );
  const values = await paymentColumns(tx, principal, order, merged, existing, !whatIsPaid);
  const [row] = await tx
    .update(payments)
    .set(values)
    .where(and(eq(payments.orderId, order.id), eq(payments.id, id)))
    .returning();
  return row as PaymentRow;
}

/** `DELETE …/payments/{id}` (its transactions go with it), on an unsubmitted order. */
export async function deletePayment(tx: Db, principal: Principal, order: OrderRow, id: string) {
  assertPaymentWrite(principal, order, null);
  await paymentOf(tx, order.id, id);
  await tx.delete(payments).where(and(eq(payments.orderId, order.id), eq(payments.id, id)));
}

/**
 * `POST …/payments/{id}/transactions`: a payment integration's record (authorization, capture, refund).
 * On an unsubmitted order whoever may edit it records them; afterwards only the receiver's OrderAdmin.
 * Returns the payment with its transactions.
 */
export async function addTransaction(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  paymentId: string,
  body: z.infer<typeof transactionBody>,
): Promise<PaymentRow> {
  assertPaymentWrite(principal, order, 'transactions');
  const payment = await paymentOf(tx, order.id, paymentId);
  const id = body.ID ?? generateId();
  const [taken] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, order.id),
        eq(paymentTransactions.paymentId, paymentId),
        eq(paymentTransactions.id, id),
      ),
    )
    .limit(1);
  if (taken) {
    throw ApiError.of(409, 'IdExists', `Payment transaction ${id} already exists on payment ${paymentId}.`, {
      ObjectType: 'PaymentTransaction',
      ObjectID: id,
    });
  }
  await tx.insert(paymentTransactions).values({
    orderId: order.id,
    paymentId,
    id,
    type: body.Type,
    dateExecuted: new Date(body.DateExecuted),
    currency: body.Currency ?? payment.currency,
    amount:
      body.Amount !== undefined && body.Amount !== null
        ? toColumn(money(body.Amount) ?? ZERO)
        : payment.amount,
    succeeded: body.Succeeded ?? false,
    resultCode: body.ResultCode ?? null,
    resultMessage: body.ResultMessage ?? null,
    xp: body.xp ?? {},
  });
  return payment;
}

/** `DELETE …/payments/{id}/transactions/{transactionID}`, with the same rules as adding one. */
export async function deleteTransaction(
  tx: Db,
  principal: Principal,
  order: OrderRow,
  paymentId: string,
  transactionId: string,
): Promise<void> {
  assertPaymentWrite(principal, order, 'transactions');
  await paymentOf(tx, order.id, paymentId);
  const deleted = await tx
    .delete(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, order.id),
        eq(paymentTransactions.paymentId, paymentId),
        eq(paymentTransactions.id, transactionId),
      ),
    )
    .returning({ id: paymentTransactions.id });
  if (deleted.length === 0) throw ApiError.notFound('PaymentTransaction', transactionId);
}

/** The payments of one order, through the list kernel. */
async function listPayments(db: Db, c: C, orderId: string | null) {
  const params = parseListParams(new URL(c.req.url).searchParams);
  const page = await runList(
    db,
    payments,
    paymentResource.list,
    params,
    orderId === null ? sql`false` : eq(payments.orderId, orderId),
  );
  return c.json({
    Items: await paymentResource.wireAll(db, page.Items as Record<string, unknown>[]),
    Meta: page.Meta,
  });
}

/**
 * Payments and payment transactions: `/orders/{direction}/{orderID}/payments…` and the same on `/cart`.
 * Every write is one transaction holding the order's row lock.
 */
export function mountPayments(app: Hono<CommerceEnv>, db: Db): void {
  const wire = async (c: C, row: PaymentRow, status: 200 | 201 = 200) =>
    c.json(await paymentResource.wireOne(db, row as Record<string, unknown>), status);

  /** One set of handlers for both prefixes: how a route finds (and locks) its order differs. */
  interface Target {
    base: string;
    requireRead: (principal: Principal) => void;
    requireWrite: (principal: Principal) => void;
    /** The order to read, or null (an empty cart has no payments). */
    read: (c: C, principal: Principal) => Promise<OrderRow | null>;
    write: <T>(c: C, principal: Principal, fn: (tx: Db, order: OrderRow) => Promise<T>) => Promise<T>;
  }
  const targets: Target[] = [
    {
      base: '/v1/orders/:direction/:orderID/payments',
      requireRead: requireOrderRead,
      requireWrite: requireOrderWrite,
      read: (c, principal) => findOrder(db, principal, directionOf(c), c.req.param('orderID') as string),
      write: (c, principal, fn) =>
        withLockedOrder(db, principal, directionOf(c), c.req.param('orderID') as string, fn),
    },
    {
      base: '/v1/cart/payments',
      requireRead: requireCartUser,
      requireWrite: requireCartUser,
      read: (_c, principal) => currentCart(db, principal),
      write: (_c, principal, fn) => withCart(db, principal, false, fn),
    },
  ];

  for (const target of targets) {
    const { base } = target;
    app.get(base, async (c) => {
      const principal = c.get('principal');
      target.requireRead(principal);
      const order = await target.read(c, principal);
      return listPayments(db, c, order?.id ?? null);
    });

    app.post(base, async (c) => {
      const principal = c.get('principal');
      target.requireWrite(principal);
      const body = await readBody(c.req.raw, paymentBody);
      const row = await target.write(c, principal, (tx, order) => createPayment(tx, principal, order, body));
      return wire(c, row, 201);
    });

    app.get(`${base}/:paymentID`, async (c) => {
      const principal = c.get('principal');
      target.requireRead(principal);
      const id = c.req.param('paymentID');
      const order = await target.read(c, principal);
      if (!order) throw ApiError.notFound('Payment', id);
      return wire(c, await paymentOf(db, order.id, id));
    });

    app.patch(`${base}/:paymentID`, async (c) => {
      const principal = c.get('principal');
      target.requireWrite(principal);
      const body = (await readBody(c.req.raw, patchBody(paymentBody))) as Partial<PaymentBody>;
      const row = await target.write(c, principal, (tx, order) =>
        patchPayment(tx, principal, order, c.req.param('paymentID') as string, body),
      );
      return wire(c, row);
    });

    app.delete(`${base}/:paymentID`, async (c) => {
      const principal = c.get('principal');
      target.requireWrite(principal);
      await target.write(c, principal, (tx, order) =>
        deletePayment(tx, principal, order, c.req.param('paymentID') as string),
      );
      return c.body(null, 204);
    });

    app.post(`${base}/:paymentID/transactions`, async (c) => {
      const principal = c.get('principal');
      target.requireWrite(principal);
      const body = await readBody(c.req.raw, transactionBody);
      const row = await target.write(c, principal, (tx, order) =>
        addTransaction(tx, principal, order, c.req.param('paymentID') as string, body),
      );
      return wire(c, row, 201);
    });

    app.delete(`${base}/:paymentID/transactions/:transactionID`, async (c) => {
      const principal = c.get('principal');
      target.requireWrite(principal);
      await target.write(c, principal, (tx, order) =>
        deleteTransaction(
          tx,
          principal,
          order,
          c.req.param('paymentID') as string,
          c.req.param('transactionID') as string,
        ),
      );
      return c.body(null, 204);
    });
  }
}
