import type { Db } from '@catalogue/db';
import {
  costCenters,
  creditCards,
  lineItems,
  orders,
  payments,
  spendingAccounts,
  subscriptionItems,
  subscriptions,
  users,
} from '@catalogue/db/schema';
import { and, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Principal } from '../auth/claims';
import { type ApiRole, requireAnyRole, wrongUserType } from '../auth/roles';
import { ApiError } from '../http/api-error';
import type { CommerceEnv } from '../http/env';
import { readBody } from '../http/validation';
import { assertSeller } from '../identity/scopes';
import { userToWire } from '../identity/user-wire';
import { parseListParams } from '../list/params';
import { runList } from '../list/run';
import { assignedToMe } from '../me/assigned';
import { Resource } from '../resources/crud';
import { isUniqueViolation } from '../resources/errors';
import { generateId, idSchema, xpSchema } from '../resources/ids';
import { mergePatch } from '../resources/merge';
import { patchBody } from '../resources/patch-body';
import { submitOrder } from './actions';
import { senderAddress } from './addresses';
import type { C } from './context';
import { writeLineItem } from './line-items';
import { toColumn } from './money';
import { bundleItemsBody, bundleLines } from './order-bundles';
import { supplierSellingTo } from './orders';
import { lineSubtotal, priceProduct, senderPrincipal, unitPriceFor } from './pricing';
import { recalculateTotals } from './recalculate';
import { specChoiceSchema } from './wire';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ItemRow = typeof subscriptionItems.$inferSelect;

const INTERVALS = ['Days', 'Weeks', 'Months'] as const;
const dateSchema = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .or(z.iso.date({ message: 'must be an ISO 8601 date' }));

/** The writable Subscription fields (ProjectedSubtotal, LastOrderDate, … are the server's). */
export const subscriptionBody = z.strictObject({
  ID: idSchema.optional(),
  Frequency: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000)
    .optional(),
  Interval: z.enum(INTERVALS, { error: 'must be Days, Weeks or Months' }).optional(),
  NextOrderDate: dateSchema.nullish(),
  EndDate: dateSchema.nullish(),
  Active: z.boolean().optional(),
  FromCompanyID: idSchema.optional(),
  FromUserID: idSchema.optional(),
  ToCompanyID: z.string().max(100).optional(),
  Payment: z
    .strictObject({
      Type: z.enum(['PurchaseOrder', 'CreditCard', 'SpendingAccount'], {
        error: 'must be PurchaseOrder, CreditCard or SpendingAccount',
      }),
      CreditCardID: idSchema.nullish(),
      SpendingAccountID: idSchema.nullish(),
    })
    .nullish(),
  BillingAddressID: idSchema.nullish(),
  ShippingAddressID: idSchema.nullish(),
  xp: xpSchema.optional(),
});
type SubscriptionBody = z.infer<typeof subscriptionBody>;

/** The writable SubscriptionItem fields (a LineItem on the wire; prices are the server's). */
export const subscriptionItemBody = z.strictObject({
  ID: idSchema.optional(),
  ProductID: idSchema,
  Quantity: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be greater than 0')
    .max(1_000_000_000),
  Specs: z.array(specChoiceSchema).max(50).optional(),
  CostCenter: z.string().max(100).nullish(),
  ShippingAddressID: idSchema.nullish(),
  xp: xpSchema.optional(),
});
type ItemBody = z.infer<typeof subscriptionItemBody>;

/** The buyer user a subscription orders for, as the principal pricing and visibility use. */
const subscriber = (row: { fromCompanyId: string; fromUserId: string }): Principal =>
  senderPrincipal({
    fromCompanyType: 'buyer',
    fromCompanyId: row.fromCompanyId,
    fromUserId: row.fromUserId,
    anonymousKey: null,
  });

const choicesOf = (specs: unknown) =>
  ((specs ?? []) as { SpecID: string; OptionID: string | null; Value: string | null }[]).map((s) => ({
    SpecID: s.SpecID,
    OptionID: s.OptionID,
    Value: s.OptionID ? null : s.Value,
  }));

/** An item priced for its subscription's user now (null price when it can no longer be bought). */
async function priceItem(db: Db, sender: Principal, item: ItemRow) {
  try {
    const priced = await priceProduct(db, sender, item.productId, choicesOf(item.specs));
    const unit = unitPriceFor(priced, item.quantity, item.quantity);
    return {
      unit,
      subtotal: lineSubtotal(unit, item.quantity),
      product: priced.product,
      variant: priced.variant,
    };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

const amount = (m: bigint | null | undefined) => (m === null || m === undefined ? null : Number(toColumn(m)));

export const subscriptionResource = new Resource({
  objectType: 'Subscription',
  table: subscriptions,
  id: subscriptions.id,
  columns: {
    ID: subscriptions.id,
    Frequency: subscriptions.frequency,
    Interval: subscriptions.interval,
    NextOrderDate: subscriptions.nextOrderDate,
    LastOrderDate: subscriptions.lastOrderDate,
    NotificationDate: subscriptions.notificationDate,
    DateCreated: subscriptions.dateCreated,
    EndDate: subscriptions.endDate,
    Active: subscriptions.active,
    FromCompanyID: subscriptions.fromCompanyId,
    FromUserID: subscriptions.fromUserId,
    ToCompanyID: subscriptions.toCompanyId,
    BillingAddressID: subscriptions.billingAddressId,
    ShippingAddressID: subscriptions.shippingAddressId,
    xp: subscriptions.xp,
  },
  body: z.object({}),
  searchOn: ['ID'],
  defaultSort: ['DateCreated', 'ID'],
  roles: { read: ['SubscriptionAdmin', 'SubscriptionReader'], write: ['SubscriptionAdmin'] },
  // ProjectedSubtotal: the items priced for the subscription's user today.
  enrich: async (db, rows) => {
    const ids = rows.map((r) => r.id as string);
    if (ids.length === 0) return rows;
    const items = await db
      .select()
      .from(subscriptionItems)
      .where(inArray(subscriptionItems.subscriptionId, ids));
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      const sender = subscriber(row as SubscriptionRow);
      let total = 0n;
      for (const item of items.filter((i) => i.subscriptionId === row.id)) {
        total += (await priceItem(db, sender, item))?.subtotal ?? 0n;
      }
      out.push({ ...row, projectedSubtotal: total });
    }
    return out;
  },
  extend: (row) => ({
    Payment: row.payment ?? null,
    ProjectedSubtotal: amount(row.projectedSubtotal as bigint | undefined),
  }),
});

export function subscriptionWire(db: Db, row: SubscriptionRow) {
  return subscriptionResource.wireOne(db, row as Record<string, unknown>);
}

export const subscriptionItemResource = new Resource({
  objectType: 'SubscriptionItem',
  table: subscriptionItems,
  id: subscriptionItems.id,
  columns: {
    ID: subscriptionItems.id,
    ProductID: subscriptionItems.productId,
    Quantity: subscriptionItems.quantity,
    BundleItemID: subscriptionItems.bundleItemId,
    DateAdded: subscriptionItems.dateAdded,
    CostCenter: subscriptionItems.costCenter,
    ShippingAddressID: subscriptionItems.shippingAddressId,
    xp: subscriptionItems.xp,
  },
  body: z.object({}),
  searchOn: ['ID', 'ProductID'],
  defaultSort: ['DateAdded', 'ID'],
  roles: { read: ['SubscriptionAdmin', 'SubscriptionReader'], write: ['SubscriptionAdmin'] },
  enrich: async (db, rows) => {
    const ids = [...new Set(rows.map((r) => r.subscriptionId as string))];
    if (ids.length === 0) return rows;
    const subs = await db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      const sub = subs.find((s) => s.id === row.subscriptionId);
      const priced = sub ? await priceItem(db, subscriber(sub), row as ItemRow) : null;
      out.push({ ...row, priced });
    }
    return out;
  },
  extend: (row) => {
    const priced = row.priced as Awaited<ReturnType<typeof priceItem>> | undefined;
    return {
      IsBundle: row.bundleId !== null && row.bundleId !== undefined,
      UnitPrice: amount(priced?.unit),
      LineSubtotal: amount(priced?.subtotal),
      LineTotal: amount(priced?.subtotal),
      PromotionDiscount: 0,
      QuantityShipped: 0,
      Specs: row.specs ?? [],
      Product: priced?.product ?? { ID: row.productId },
      Variant: priced?.variant ?? null,
    };
  },
});

// --- validation --------------------------------------------------------------------------------------

async function buyerUser(tx: Db, companyId: string, userId: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyType, 'buyer'), eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  if (!user)
    throw ApiError.of(404, 'NotFound', `User ${userId} not found`, {
      ObjectType: 'User',
      ObjectID: userId,
      Property: 'FromUserID',
    });
  if (!user.active)
    throw ApiError.invalidRequest(`User ${userId} is not active.`, { Property: 'FromUserID' });
  return user;
}

async function checkPayment(tx: Db, sender: Principal, payment: NonNullable<SubscriptionBody['Payment']>) {
  if (payment.Type === 'CreditCard') {
    if (!payment.CreditCardID) {
      throw ApiError.of(400, 'Required', 'Payment.CreditCardID is required for a CreditCard payment.', {
        Property: 'Payment.CreditCardID',
      });
    }
    const [card] = await tx
      .select({ id: creditCards.id })
      .from(creditCards)
      .where(
        and(
          eq(creditCards.buyerId, sender.companyId),
          eq(creditCards.id, payment.CreditCardID),
          or(
            eq(creditCards.ownerUserId, sender.userId),
            and(eq(creditCards.ownerUserId, ''), assignedToMe(sender, 'creditcard', creditCards.id)),
          ),
        ),
      )
      .limit(1);
    if (!card) {
      throw ApiError.of(
        404,
        'NotFound',
        `CreditCard ${payment.CreditCardID} not found among this user's cards.`,
        {
          ObjectType: 'CreditCard',
          ObjectID: payment.CreditCardID,
          Property: 'Payment.CreditCardID',
        },
      );
    }
  } else if (payment.Type === 'SpendingAccount') {
    if (!payment.SpendingAccountID) {
      throw ApiError.of(
        400,
        'Required',
        'Payment.SpendingAccountID is required for a SpendingAccount payment.',
        {
          Property: 'Payment.SpendingAccountID',
        },
      );
    }
    const [account] = await tx
      .select({ id: spendingAccounts.id })
      .from(spendingAccounts)
      .where(
        and(
          eq(spendingAccounts.buyerId, sender.companyId),
          eq(spendingAccounts.id, payment.SpendingAccountID),
          eq(spendingAccounts.allowAsPaymentMethod, true),
          assignedToMe(sender, 'spendingaccount', spendingAccounts.id),
        ),
      )
      .limit(1);
    if (!account) {
      throw ApiError.of(
        404,
        'NotFound',
        `SpendingAccount ${payment.SpendingAccountID} not found among the accounts this user may pay with.`,
        {
          ObjectType: 'SpendingAccount',
          ObjectID: payment.SpendingAccountID,
          Property: 'Payment.SpendingAccountID',
        },
      );
    }
  }
}

const badDate = (property: string, message: string) =>
  ApiError.of(400, 'ValidationFailure', `${property} ${message}.`, { Property: property });

/**
 * The column values of a subscription write, checked: the buyer user exists and is active (for /me: the
 * caller), the supplier sells to them, NextOrderDate is given and in the future (when it changes), EndDate
 * after it, the payment method and addresses are theirs to use.
 */
async function subscriptionColumns(
  tx: Db,
  principal: Principal,
  me: boolean,
  values: SubscriptionBody,
  existing: SubscriptionRow | null,
  now: Date,
) {
  let companyId: string;
  let userId: string;
  if (me) {
    if (
      (values.FromCompanyID !== undefined && values.FromCompanyID !== principal.companyId) ||
      (values.FromUserID !== undefined && values.FromUserID !== principal.userId)
    ) {
      throw ApiError.invalidRequest('A subscription of /me is always the current user\u2019s.', {
        Property: values.FromUserID !== undefined ? 'FromUserID' : 'FromCompanyID',
      });
    }
    companyId = principal.companyId;
    userId = principal.userId;
  } else {
    if (!values.FromCompanyID || !values.FromUserID) {
      const property = values.FromCompanyID ? 'FromUserID' : 'FromCompanyID';
      throw ApiError.of(
        400,
        'Required',
        `${property} is required: the buyer user the subscription orders for.`,
        {
          Property: property,
        },
      );
    }
    companyId = values.FromCompanyID;
    userId = values.FromUserID;
  }
  await buyerUser(tx, companyId, userId);
  const sender = subscriber({ fromCompanyId: companyId, fromUserId: userId });
  const toCompanyId = values.ToCompanyID ?? '';
  if (toCompanyId !== '') await supplierSellingTo(tx, toCompanyId, companyId);

  if (!values.NextOrderDate) {
    throw ApiError.of(400, 'Required', 'NextOrderDate is required.', { Property: 'NextOrderDate' });
  }
  const next = new Date(values.NextOrderDate);
  const unchanged = existing?.nextOrderDate?.getTime() === next.getTime();
  if (!unchanged && next.getTime() <= now.getTime()) throw badDate('NextOrderDate', 'must be in the future');
  const end = values.EndDate ? new Date(values.EndDate) : null;
  if (end && end.getTime() <= next.getTime()) throw badDate('EndDate', 'must be after NextOrderDate');
  if (values.Payment) await checkPayment(tx, sender, values.Payment);
  if (values.BillingAddressID) await senderAddress(tx, sender, values.BillingAddressID, 'BillingAddressID');
  if (values.ShippingAddressID)
    await senderAddress(tx, sender, values.ShippingAddressID, 'ShippingAddressID');
  return {
    frequency: values.Frequency ?? 1,
    interval: values.Interval ?? 'Months',
    nextOrderDate: next,
    endDate: end,
    active: values.Active ?? true,
    fromCompanyId: companyId,
    fromUserId: userId,
    toCompanyId,
    payment: values.Payment
      ? {
          Type: values.Payment.Type,
          CreditCardID: values.Payment.CreditCardID ?? null,
          SpendingAccountID: values.Payment.SpendingAccountID ?? null,
        }
      : null,
    billingAddressId: values.BillingAddressID ?? null,
    shippingAddressId: values.ShippingAddressID ?? null,
    xp: values.xp ?? {},
  };
}

/** The wire values of a stored subscription, to merge a PATCH into. */
function valuesOf(row: SubscriptionRow): SubscriptionBody {
  return {
    Frequency: row.frequency,
    Interval: row.interval as SubscriptionBody['Interval'],
    NextOrderDate: row.nextOrderDate?.toISOString() ?? null,
    EndDate: row.endDate?.toISOString() ?? null,
    Active: row.active,
    FromCompanyID: row.fromCompanyId,
    FromUserID: row.fromUserId,
    ToCompanyID: row.toCompanyId,
    Payment: (row.payment as SubscriptionBody['Payment']) ?? null,
    BillingAddressID: row.billingAddressId,
    ShippingAddressID: row.shippingAddressId,
    xp: row.xp as Record<string, unknown>,
  };
}

/** Checks an item for the subscription's user (visible, purchasable, quantity rules, specs, addresses). */
async function itemColumns(tx: Db, sub: SubscriptionRow, body: ItemBody) {
  const sender = subscriber(sub);
  const priced = await priceProduct(tx, sender, body.ProductID, body.Specs ?? []);
  unitPriceFor(priced, body.Quantity, body.Quantity);
  if (body.CostCenter) {
    const [center] = await tx
      .select({ id: costCenters.id })
      .from(costCenters)
      .where(
        and(
          eq(costCenters.buyerId, sender.companyId),
          eq(costCenters.id, body.CostCenter),
          assignedToMe(sender, 'costcenter', costCenters.id),
        ),
      )
      .limit(1);
    if (!center) {
      throw ApiError.of(
        404,
        'NotFound',
        `Cost center ${body.CostCenter} not found among this buyer's cost centers.`,
        {
          ObjectType: 'CostCenter',
          ObjectID: body.CostCenter,
          Property: 'CostCenter',
        },
      );
    }
  }
  if (body.ShippingAddressID) await senderAddress(tx, sender, body.ShippingAddressID, 'ShippingAddressID');
  return {
    productId: body.ProductID,
    variantId: priced.variantId,
    quantity: body.Quantity,
    specs: priced.specs,
    costCenter: body.CostCenter ?? null,
    shippingAddressId: body.ShippingAddressID ?? null,
    xp: body.xp ?? {},
  };
}

const idExists = (objectType: string, id: string) => (error: unknown) => {
  if (isUniqueViolation(error)) {
    throw ApiError.of(409, 'IdExists', `${objectType} ${id} already exists.`, {
      ObjectType: objectType,
      ObjectID: id,
    });
  }
  throw error;
};

const p = (c: C, name: string) => c.req.param(name) as string;

// --- routes ----------------------------------------------------------------------------------------

interface Flavour {
  base: string;
  me: boolean;
  bundles: string;
}

function authorize(principal: Principal, me: boolean, access: 'read' | 'write'): void {
  if (me) {
    requireAnyRole(principal.roles, ['MeSubscriptionAdmin']);
    if (principal.companyType !== 'buyer' || principal.anonymous) {
      throw wrongUserType(principal.userType, ['buyer'], 'Only buyer users have subscriptions of their own.');
    }
    return;
  }
  const roles: ApiRole[] =
    access === 'read' ? ['SubscriptionAdmin', 'SubscriptionReader'] : ['SubscriptionAdmin'];
  requireAnyRole(principal.roles, roles);
  assertSeller(principal, 'manage subscriptions');
}

/** Which subscriptions a caller reaches: all (marketplace), or their own (/me). */
function scopeOf(principal: Principal, me: boolean): SQL | undefined {
  if (!me) return undefined;
  return and(
    eq(subscriptions.fromCompanyId, principal.companyId),
    eq(subscriptions.fromUserId, principal.userId),
  );
}

async function lockSubscription(
  tx: Db,
  principal: Principal,
  me: boolean,
  id: string,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), scopeOf(principal, me)))
    .for('update')
    .limit(1);
  if (!row) throw ApiError.notFound('Subscription', id);
  return row;
}

function mountFlavour(app: Hono<CommerceEnv>, db: Db, { base, me, bundles }: Flavour): void {
  const tx = <T>(fn: (t: Db) => Promise<T>) => db.transaction((raw) => fn(raw as unknown as Db));

  app.get(base, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'read');
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(db, subscriptions, subscriptionResource.list, params, scopeOf(principal, me));
    return c.json({
      Items: await subscriptionResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.post(base, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    const body = await readBody(c.req.raw, subscriptionBody);
    const id = body.ID ?? generateId();
    const row = await tx(async (t) => {
      const columns = await subscriptionColumns(t, principal, me, body, null, new Date());
      const [created] = await t
        .insert(subscriptions)
        .values({ id, ...columns })
        .returning();
      return created as SubscriptionRow;
    }).catch(idExists('Subscription', id));
    return c.json(await subscriptionWire(db, row), 201);
  });

  app.get(`${base}/:subscriptionID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'read');
    const id = p(c, 'subscriptionID');
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), scopeOf(principal, me)))
      .limit(1);
    if (!row) throw ApiError.notFound('Subscription', id);
    return c.json(await subscriptionWire(db, row));
  });

  const write = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    const id = p(c, 'subscriptionID');
    const body = (await readBody(
      c.req.raw,
      replace ? subscriptionBody : patchBody(subscriptionBody),
    )) as SubscriptionBody;
    const newId = body.ID ?? id;
    const row = await tx(async (t) => {
      const existing = replace
        ? ((
            await t
              .select()
              .from(subscriptions)
              .where(and(eq(subscriptions.id, id), scopeOf(principal, me)))
              .for('update')
              .limit(1)
          )[0] ?? null)
        : await lockSubscription(t, principal, me, id);
      if (replace && !existing) {
        // PUT creates (OrderCloud's create-or-replace), unless the ID is someone else's.
        const taken = await t.$count(subscriptions, eq(subscriptions.id, id));
        if (taken > 0) throw ApiError.notFound('Subscription', id);
      }
      const current = existing ? valuesOf(existing) : {};
      const values: SubscriptionBody = replace
        ? {
            ...(me ? {} : { FromCompanyID: existing?.fromCompanyId, FromUserID: existing?.fromUserId }),
            ...body,
          }
        : {
            ...current,
            ...body,
            ...(body.xp !== undefined
              ? { xp: mergePatch(existing?.xp ?? {}, body.xp) as Record<string, unknown> }
              : {}),
          };
      const columns = await subscriptionColumns(t, principal, me, values, existing, new Date());
      if (!existing) {
        const [created] = await t
          .insert(subscriptions)
          .values({ id: newId, ...columns })
          .returning();
        return created as SubscriptionRow;
      }
      const [updated] = await t
        .update(subscriptions)
        .set({ ...columns, id: newId })
        .where(eq(subscriptions.id, id))
        .returning();
      return updated as SubscriptionRow;
    }).catch(idExists('Subscription', newId));
    return c.json(await subscriptionWire(db, row));
  };
  app.put(`${base}/:subscriptionID`, write(true));
  app.patch(`${base}/:subscriptionID`, write(false));

  app.delete(`${base}/:subscriptionID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    await tx(async (t) => {
      const row = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      await t.delete(subscriptions).where(eq(subscriptions.id, row.id));
    });
    return c.body(null, 204);
  });

  // Items ------------------------------------------------------------------------------------------
  const items = `${base}/:subscriptionID/items`;
  const itemOf = async (t: Db, subId: string, itemId: string): Promise<ItemRow> => {
    const [row] = await t
      .select()
      .from(subscriptionItems)
      .where(and(eq(subscriptionItems.subscriptionId, subId), eq(subscriptionItems.id, itemId)))
      .limit(1);
    if (!row) throw ApiError.notFound('SubscriptionItem', itemId);
    return row;
  };
  const itemWire = (row: ItemRow) => subscriptionItemResource.wireOne(db, row as Record<string, unknown>);

  app.get(items, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'read');
    const id = p(c, 'subscriptionID');
    const [sub] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), scopeOf(principal, me)))
      .limit(1);
    if (!sub) throw ApiError.notFound('Subscription', id);
    const params = parseListParams(new URL(c.req.url).searchParams);
    const page = await runList(
      db,
      subscriptionItems,
      subscriptionItemResource.list,
      params,
      eq(subscriptionItems.subscriptionId, id),
    );
    return c.json({
      Items: await subscriptionItemResource.wireAll(db, page.Items as Record<string, unknown>[]),
      Meta: page.Meta,
    });
  });

  app.post(items, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    const body = await readBody(c.req.raw, subscriptionItemBody);
    const itemId = body.ID ?? generateId();
    const row = await tx(async (t) => {
      const sub = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      const columns = await itemColumns(t, sub, body);
      const [created] = await t
        .insert(subscriptionItems)
        .values({ subscriptionId: sub.id, id: itemId, ...columns })
        .returning();
      return created as ItemRow;
    }).catch(idExists('SubscriptionItem', itemId));
    return c.json(await itemWire(row), 201);
  });

  app.get(`${items}/:itemID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'read');
    const id = p(c, 'subscriptionID');
    const [sub] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), scopeOf(principal, me)))
      .limit(1);
    if (!sub) throw ApiError.notFound('Subscription', id);
    return c.json(await itemWire(await itemOf(db, id, p(c, 'itemID'))));
  });

  const writeItem = (replace: boolean) => async (c: C) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    const raw = (await readBody(
      c.req.raw,
      replace ? subscriptionItemBody : patchBody(subscriptionItemBody),
    )) as Partial<ItemBody>;
    const itemId = p(c, 'itemID');
    const newId = raw.ID ?? itemId;
    const row = await tx(async (t) => {
      const sub = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      const existing = await itemOf(t, sub.id, itemId);
      const body: ItemBody = replace
        ? (raw as ItemBody)
        : {
            ProductID: existing.productId,
            Quantity: existing.quantity,
            Specs: choicesOf(existing.specs),
            CostCenter: existing.costCenter,
            ShippingAddressID: existing.shippingAddressId,
            ...raw,
            xp: (raw.xp !== undefined ? mergePatch(existing.xp ?? {}, raw.xp) : existing.xp) as Record<
              string,
              unknown
            >,
          };
      if (body.ProductID !== existing.productId) {
        throw ApiError.invalidRequest(
          'ProductID of a subscription item cannot change: add a new item instead.',
          {
            Property: 'ProductID',
          },
        );
      }
      const columns = await itemColumns(t, sub, body);
      const [updated] = await t
        .update(subscriptionItems)
        .set({ ...columns, id: newId })
        .where(and(eq(subscriptionItems.subscriptionId, sub.id), eq(subscriptionItems.id, itemId)))
        .returning();
      return updated as ItemRow;
    }).catch(idExists('SubscriptionItem', newId));
    return c.json(await itemWire(row));
  };
  app.put(`${items}/:itemID`, writeItem(true));
  app.patch(`${items}/:itemID`, writeItem(false));

  app.delete(`${items}/:itemID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    await tx(async (t) => {
      const sub = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      const item = await itemOf(t, sub.id, p(c, 'itemID'));
      await t
        .delete(subscriptionItems)
        .where(and(eq(subscriptionItems.subscriptionId, sub.id), eq(subscriptionItems.id, item.id)));
    });
    return c.body(null, 204);
  });

  // Bundles ----------------------------------------------------------------------------------------
  app.post(`${bundles}/:bundleID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    const body = await readBody(c.req.raw, bundleItemsBody);
    const bundleId = p(c, 'bundleID');
    const rows = await tx(async (t) => {
      const sub = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      const lines = await bundleLines(t, subscriber(sub), bundleId, body.LineItems);
      const bundleItemId = generateId();
      const created: ItemRow[] = [];
      for (const line of lines) {
        const columns = await itemColumns(t, sub, {
          ProductID: line.ProductID,
          Quantity: line.Quantity,
          Specs: line.Specs,
          CostCenter: line.CostCenter,
          ShippingAddressID: line.ShippingAddressID,
          xp: line.xp,
        });
        const [row] = await t
          .insert(subscriptionItems)
          .values({ subscriptionId: sub.id, id: line.ID ?? generateId(), ...columns, bundleId, bundleItemId })
          .returning();
        created.push(row as ItemRow);
      }
      return created;
    }).catch(idExists('SubscriptionItem', 'of the bundle'));
    return c.json(await itemWire(rows[0] as ItemRow), 201);
  });

  app.delete(`${bundles}/:bundleID/:bundleItemID`, async (c) => {
    const principal = c.get('principal');
    authorize(principal, me, 'write');
    await tx(async (t) => {
      const sub = await lockSubscription(t, principal, me, p(c, 'subscriptionID'));
      const removed = await t
        .delete(subscriptionItems)
        .where(
          and(
            eq(subscriptionItems.subscriptionId, sub.id),
            eq(subscriptionItems.bundleId, p(c, 'bundleID')),
            eq(subscriptionItems.bundleItemId, p(c, 'bundleItemID')),
          ),
        )
        .returning();
      if (removed.length === 0) throw ApiError.notFound('BundleItem', p(c, 'bundleItemID'));
    });
    return c.body(null, 204);
  });
}

/**
 * Subscriptions: the marketplace's `/v1/subscriptions` (SubscriptionAdmin/SubscriptionReader, seller
 * users) and the buyer user's own `/v1/me/subscriptions` (MeSubscriptionAdmin), each with items and bundle
 * items.
 */
export function mountSubscriptions(app: Hono<CommerceEnv>, db: Db): void {
  mountFlavour(app, db, {
    base: '/v1/subscriptions',
    me: false,
    bundles: '/v1/subscriptions/:subscriptionID/bundles',
  });
  mountFlavour(app, db, {
    base: '/v1/me/subscriptions',
    me: true,
    bundles: '/v1/me/subscriptions/:subscriptionID/items/bundles',
  });
}

// --- the recurring orders ------------------------------------------------------------------------------

/** `date` moved on by `frequency` intervals (months keep the day, clamped to the month's last day; UTC). */
export function advance(date: Date, frequency: number, interval: string): Date {
  const next = new Date(date.getTime());
  if (interval === 'Days') next.setUTCDate(next.getUTCDate() + frequency);
  else if (interval === 'Weeks') next.setUTCDate(next.getUTCDate() + 7 * frequency);
  else {
    const day = next.getUTCDate();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + frequency);
    const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(day, last));
  }
  return next;
}

export interface PlacedSubscriptionOrder {
  SubscriptionID: string;
  OrderID: string | null;
  /** Open / AwaitingApproval when submitted; Unsubmitted when submission was refused; Skipped, Failed. */
  Status: string;
  Error?: string;
}

/**
 * Places the orders of subscriptions that are due at `now` (active, NextOrderDate ≤ now, not past EndDate):
 * for each, in one transaction holding the subscription's row lock (`skip locked`, so concurrent runners
 * never place one order twice), an order from the subscription's user to its ToCompanyID with its
 * addresses and items (priced by writeLineItem as any order), a payment of its Payment type for the total
 * (accepted only for PurchaseOrder: cards and spending accounts need an authorisation the platform cannot
 * make), then submits it; a refused submit leaves the order Unsubmitted for the user to finish. The
 * subscription's NextOrderDate moves on past `now` (missed periods are not ordered twice), LastOrderDate is
 * `now`, and it becomes inactive when the next date passes EndDate. A subscription whose order cannot be
 * built (an item no longer for sale…) still moves on, and the error is reported.
 */
export async function placeDueSubscriptionOrders(db: Db, now: Date): Promise<PlacedSubscriptionOrder[]> {
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.active, true), lte(subscriptions.nextOrderDate, now)))
    .orderBy(subscriptions.nextOrderDate, subscriptions.id);
  const results: PlacedSubscriptionOrder[] = [];
  for (const { id } of due) {
    const outcome = await db.transaction(async (raw) => {
      const t = raw as unknown as Db;
      const [sub] = await t
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.active, true),
            lte(subscriptions.nextOrderDate, now),
          ),
        )
        .for('update', { skipLocked: true })
        .limit(1);
      if (!sub) return null;
      let result: PlacedSubscriptionOrder;
      if (sub.endDate && sub.nextOrderDate && sub.nextOrderDate.getTime() > sub.endDate.getTime()) {
        result = { SubscriptionID: id, OrderID: null, Status: 'Skipped', Error: 'past EndDate' };
      } else {
        try {
          // A savepoint: a failed build leaves nothing behind but the subscription still moves on.
          result = await t.transaction((inner) => placeOrder(inner as unknown as Db, sub, now));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          result = { SubscriptionID: id, OrderID: null, Status: 'Failed', Error: error.message };
        }
      }
      let next = sub.nextOrderDate ?? now;
      while (next.getTime() <= now.getTime()) next = advance(next, sub.frequency, sub.interval);
      const ended = sub.endDate !== null && next.getTime() > sub.endDate.getTime();
      await t
        .update(subscriptions)
        .set({ nextOrderDate: next, lastOrderDate: now, active: !ended })
        .where(eq(subscriptions.id, id));
      return result;
    });
    if (outcome) results.push(outcome);
  }
  return results;
}

async function placeOrder(t: Db, sub: SubscriptionRow, now: Date): Promise<PlacedSubscriptionOrder> {
  const items = await t
    .select()
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, sub.id))
    .orderBy(subscriptionItems.dateAdded, subscriptionItems.id);
  if (items.length === 0)
    return { SubscriptionID: sub.id, OrderID: null, Status: 'Skipped', Error: 'no items' };
  const user = await buyerUser(t, sub.fromCompanyId, sub.fromUserId);
  const sender = { ...subscriber(sub), roles: ['Shopper'] as string[] };
  const { FailedLoginAttempts: _hidden, Password: _password, ...fromUser } = userToWire(user, []);
  const billingAddress = sub.billingAddressId
    ? await senderAddress(t, sender, sub.billingAddressId, 'BillingAddressID')
    : null;
  const [created] = await t
    .insert(orders)
    .values({
      id: generateId(),
      fromCompanyType: 'buyer',
      fromCompanyId: sub.fromCompanyId,
      fromUserId: sub.fromUserId,
      fromUser,
      toCompanyType: sub.toCompanyId ? 'supplier' : 'seller',
      toCompanyId: sub.toCompanyId,
      subscriptionId: sub.id,
      billingAddressId: billingAddress ? sub.billingAddressId : null,
      billingAddress,
      shippingAddressId: sub.shippingAddressId,
      dateCreated: now,
    })
    .returning();
  let order = created as typeof orders.$inferSelect;
  for (const item of items) {
    const line = await writeLineItem(t, sender, order, {
      ProductID: item.productId,
      Quantity: item.quantity,
      Specs: choicesOf(item.specs),
      CostCenter: item.costCenter,
      ShippingAddressID: item.shippingAddressId ?? sub.shippingAddressId,
      xp: item.xp as Record<string, unknown>,
    });
    if (item.bundleId) {
      // Bundle items keep their bundle on the order.
      await t
        .update(lineItems)
        .set({ bundleId: item.bundleId, bundleItemId: item.bundleItemId })
        .where(and(eq(lineItems.orderId, order.id), eq(lineItems.id, line.id)));
    }
    [order] = (await t.select().from(orders).where(eq(orders.id, order.id)).limit(1)) as [typeof order];
  }
  order = await recalculateTotals(t, order.id);
  const payment = sub.payment as {
    Type: string;
    CreditCardID?: string | null;
    SpendingAccountID?: string | null;
  } | null;
  if (payment) {
    await t.insert(payments).values({
      orderId: order.id,
      id: generateId(),
      type: payment.Type,
      creditCardId: payment.CreditCardID ?? null,
      spendingAccountId: payment.SpendingAccountID ?? null,
      description: `Subscription ${sub.id}`,
      currency: order.currency,
      amount: order.total,
      accepted: payment.Type === 'PurchaseOrder',
    });
  }
  try {
    const submitted = await t.transaction((inner) => submitOrder(inner as unknown as Db, sender, order));
    return { SubscriptionID: sub.id, OrderID: order.id, Status: submitted.status };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { SubscriptionID: sub.id, OrderID: order.id, Status: 'Unsubmitted', Error: error.message };
  }
}
