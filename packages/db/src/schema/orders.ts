import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { at, money, xp } from './columns';

/**
 * The order half of the commerce service (OrderCloud's Orders, LineItems, Cart, Payments, Shipments,
 * OrderReturns, Subscriptions). Money is `numeric(14,4)`, never floating point; totals are computed by the
 * server. Addresses on orders, line items and shipments are snapshots (jsonb) taken when they are set, so
 * a later edit of the saved address does not rewrite history. Parties are `(company_type, company_id)`
 * pairs as in the identity tables ('seller' with '' for the marketplace owner).
 */

export const ORDER_STATUSES = [
  'Unsubmitted',
  'AwaitingApproval',
  'Declined',
  'Open',
  'Completed',
  'Canceled',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    fromCompanyType: text('from_company_type').notNull(),
    fromCompanyId: text('from_company_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    /** `FromUser` as it was when the order was created (changed only by `PATCH …/fromuser`). */
    fromUser: jsonb('from_user').notNull().default(sql`'{}'::jsonb`),
    /** An anonymous shopper's order: the token's `orderid` claim that owns it until it is transferred. */
    anonymousKey: text('anonymous_key'),
    toCompanyType: text('to_company_type').notNull().default('seller'),
    toCompanyId: text('to_company_id').notNull().default(''),
    billingAddressId: text('billing_address_id'),
    billingAddress: jsonb('billing_address'),
    shippingAddressId: text('shipping_address_id'),
    comments: text('comments'),
    status: text('status').notNull().default('Unsubmitted'),
    isSubmitted: boolean('is_submitted').notNull().default(false),
    /**
     * Whether submitting took the order's stock, so that cancelling or declining it gives back exactly
     * what was taken: a project (a request for quote, `xp.projectName`) is submitted without taking any.
     */
    stockTaken: boolean('stock_taken').notNull().default(false),
    dateCreated: at('date_created').notNull().defaultNow(),
    dateSubmitted: at('date_submitted'),
    dateApproved: at('date_approved'),
    dateDeclined: at('date_declined'),
    dateCanceled: at('date_canceled'),
    dateCompleted: at('date_completed'),
    lastUpdated: at('last_updated').notNull().defaultNow(),
    currency: text('currency').notNull().default('USD'),
    lineItemCount: integer('line_item_count').notNull().default(0),
    subtotal: money('subtotal').notNull().default('0'),
    shippingCost: money('shipping_cost').notNull().default('0'),
    taxCost: money('tax_cost').notNull().default('0'),
    gratuity: money('gratuity').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    promotionDiscount: money('promotion_discount').notNull().default('0'),
    total: money('total').notNull().default('0'),
    subscriptionId: text('subscription_id'),
    /** A declined order may be submitted again only when the decline allowed it. */
    allowResubmit: boolean('allow_resubmit').notNull().default(false),
    /**
     * The worksheet's state (orders/worksheet.ts): whether shipping was estimated, the ship method chosen
     * per estimate, the last calculation. Not on the wire, never written by clients.
     */
    worksheet: jsonb('worksheet'),
    /** For forwarded orders: the marketplace order they came from. */
    parentOrderId: text('parent_order_id'),
    xp: xp(),
  },
  (t) => [
    index('orders_from_idx').on(t.fromCompanyType, t.fromCompanyId, t.fromUserId, t.status),
    index('orders_to_idx').on(t.toCompanyType, t.toCompanyId, t.status),
    index('orders_anonymous_idx').on(t.anonymousKey),
    check(
      'orders_status_check',
      sql`${t.status} in ('Unsubmitted', 'AwaitingApproval', 'Declined', 'Open', 'Completed', 'Canceled')`,
    ),
  ],
);

export const lineItems = pgTable(
  'line_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id'),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price'),
    priceOverridden: boolean('price_overridden').notNull().default(false),
    isOnSale: boolean('is_on_sale').notNull().default(false),
    priceScheduleId: text('price_schedule_id'),
    promotionDiscount: money('promotion_discount').notNull().default('0'),
    lineSubtotal: money('line_subtotal').notNull().default('0'),
    lineTotal: money('line_total').notNull().default('0'),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    costCenter: text('cost_center'),
    dateNeeded: at('date_needed'),
    shippingAccount: text('shipping_account'),
    shippingAddressId: text('shipping_address_id'),
    shippingAddress: jsonb('shipping_address'),
    shipFromAddressId: text('ship_from_address_id'),
    shipFromAddress: jsonb('ship_from_address'),
    supplierId: text('supplier_id'),
    inventoryRecordId: text('inventory_record_id'),
    /** LineItemSpec[] with names and markups resolved when the item was written. */
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    /** LineItemProduct / LineItemVariant as they were when the item was last written. */
    product: jsonb('product').notNull(),
    variant: jsonb('variant'),
    bundleId: text('bundle_id'),
    bundleItemId: text('bundle_item_id'),
    incomingOrderId: text('incoming_order_id'),
    outgoingOrderId: text('outgoing_order_id'),
    dateAdded: at('date_added').notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.id] }),
    index('line_items_product_idx').on(t.productId),
    check('line_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The user's active cart (OrderCloud's /cart): which unsubmitted order it is. */
export const activeCarts = pgTable(
  'active_carts',
  {
    companyType: text('company_type').notNull(),
    companyId: text('company_id').notNull(),
    /** The user, or for anonymous shoppers their token's `orderid` claim. */
    userKey: text('user_key').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyType, t.companyId, t.userKey] })],
);

export const orderApprovals = pgTable(
  'order_approvals',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    approvalRuleId: text('approval_rule_id').notNull(),
    approvingGroupId: text('approving_group_id').notNull(),
    /** Pending, Approved or Declined. */
    status: text('status').notNull().default('Pending'),
    dateCreated: at('date_created').notNull().defaultNow(),
    dateCompleted: at('date_completed'),
    approverUserId: text('approver_user_id'),
    approverCompanyType: text('approver_company_type'),
    approverCompanyId: text('approver_company_id'),
    comments: text('comments'),
    allowResubmit: boolean('allow_resubmit').notNull().default(false),
  },
  (t) => [index('order_approvals_order_idx').on(t.orderId, t.status)],
);

/** A promotion applied to an order (`line_item_id` '' for order-level ones), with the amount it gave. */
export const orderPromotions = pgTable(
  'order_promotions',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    promotionId: text('promotion_id').notNull(),
    lineItemId: text('line_item_id').notNull().default(''),
    code: text('code').notNull(),
    amount: money('amount').notNull().default('0'),
    amountOverridden: boolean('amount_overridden').notNull().default(false),
    dateApplied: at('date_applied').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.promotionId, t.lineItemId] }),
    index('order_promotions_promotion_idx').on(t.promotionId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    /** PurchaseOrder, CreditCard or SpendingAccount. */
    type: text('type').notNull(),
    dateCreated: at('date_created').notNull().defaultNow(),
    creditCardId: text('credit_card_id'),
    spendingAccountId: text('spending_account_id'),
    description: text('description'),
    currency: text('currency').notNull().default('USD'),
    amount: money('amount'),
    accepted: boolean('accepted').notNull().default(false),
    orderReturnId: text('order_return_id'),
    xp: xp(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.id] })],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    orderId: text('order_id').notNull(),
    paymentId: text('payment_id').notNull(),
    id: text('id').notNull(),
    type: text('type'),
    dateExecuted: at('date_executed').notNull().defaultNow(),
    currency: text('currency'),
    amount: money('amount'),
    succeeded: boolean('succeeded').notNull().default(false),
    resultCode: text('result_code'),
    resultMessage: text('result_message'),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.paymentId, t.id] }),
    foreignKey({
      name: 'payment_transactions_payment_fk',
      columns: [t.orderId, t.paymentId],
      foreignColumns: [payments.orderId, payments.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: text('id').primaryKey(),
    /** The buyer the shipment goes to. */
    buyerId: text('buyer_id'),
    /** The seller ('') or supplier that ships. */
    ownerId: text('owner_id').notNull().default(''),
    shipper: text('shipper'),
    dateShipped: at('date_shipped'),
    dateDelivered: at('date_delivered'),
    trackingNumber: text('tracking_number'),
    cost: money('cost'),
    account: text('account'),
    fromAddressId: text('from_address_id'),
    fromAddress: jsonb('from_address'),
    toAddressId: text('to_address_id'),
    toAddress: jsonb('to_address'),
    dateCreated: at('date_created').notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [index('shipments_buyer_idx').on(t.buyerId)],
);

export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: text('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    orderId: text('order_id').notNull(),
    lineItemId: text('line_item_id').notNull(),
    quantityShipped: integer('quantity_shipped').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.orderId, t.lineItemId] }),
    foreignKey({
      name: 'shipment_items_line_item_fk',
      columns: [t.orderId, t.lineItemId],
      foreignColumns: [lineItems.orderId, lineItems.id],
    })
      .onDelete('restrict')
      .onUpdate('cascade'),
    index('shipment_items_order_idx').on(t.orderId, t.lineItemId),
    check('shipment_items_quantity_check', sql`${t.quantityShipped} > 0`),
  ],
);

export const orderReturns = pgTable(
  'order_returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict', onUpdate: 'cascade' }),
    status: text('status').notNull().default('Unsubmitted'),
    dateCreated: at('date_created').notNull().defaultNow(),
    dateSubmitted: at('date_submitted'),
    dateApproved: at('date_approved'),
    dateDeclined: at('date_declined'),
    dateCanceled: at('date_canceled'),
    dateCompleted: at('date_completed'),
    lastUpdated: at('last_updated').notNull().defaultNow(),
    refundAmount: money('refund_amount'),
    /** The refund was set by hand (RefundAmount written), not computed from the items. */
    refundOverridden: boolean('refund_overridden').notNull().default(false),
    comments: text('comments'),
    xp: xp(),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId)],
);

export const orderReturnItems = pgTable(
  'order_return_items',
  {
    returnId: text('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    lineItemId: text('line_item_id').notNull(),
    quantity: integer('quantity').notNull(),
    refundAmount: money('refund_amount'),
    comments: text('comments'),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.lineItemId] }),
    check('order_return_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const orderReturnApprovals = pgTable(
  'order_return_approvals',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    returnId: text('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    approvalRuleId: text('approval_rule_id').notNull(),
    approvingGroupId: text('approving_group_id').notNull(),
    status: text('status').notNull().default('Pending'),
    dateCreated: at('date_created').notNull().defaultNow(),
    dateCompleted: at('date_completed'),
    approverUserId: text('approver_user_id'),
    comments: text('comments'),
  },
  (t) => [index('order_return_approvals_return_idx').on(t.returnId, t.status)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    frequency: integer('frequency').notNull().default(1),
    /** Days, Weeks or Months. */
    interval: text('interval').notNull().default('Months'),
    nextOrderDate: at('next_order_date'),
    lastOrderDate: at('last_order_date'),
    notificationDate: at('notification_date'),
    dateCreated: at('date_created').notNull().defaultNow(),
    endDate: at('end_date'),
    active: boolean('active').notNull().default(true),
    fromCompanyId: text('from_company_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    toCompanyId: text('to_company_id').notNull().default(''),
    /** SubscriptionPayment {Type, CreditCardID, SpendingAccountID}. */
    payment: jsonb('payment'),
    billingAddressId: text('billing_address_id'),
    shippingAddressId: text('shipping_address_id'),
    xp: xp(),
  },
  (t) => [index('subscriptions_from_idx').on(t.fromCompanyId, t.fromUserId)],
);

export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id'),
    quantity: integer('quantity').notNull(),
    specs: jsonb('specs').notNull().default(sql`'[]'::jsonb`),
    costCenter: text('cost_center'),
    shippingAddressId: text('shipping_address_id'),
    bundleId: text('bundle_id'),
    bundleItemId: text('bundle_item_id'),
    dateAdded: at('date_added').notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.id] }),
    check('subscription_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * `Idempotency-Key` on POST actions: the first answer, replayed for 24 hours to the same caller with the
 * same key. `request_hash` refuses a key reused for a different request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
