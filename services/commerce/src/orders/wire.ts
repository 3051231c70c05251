import { lineItems, orders, users } from '@catalogue/db/schema';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { Resource } from '../resources/crud';
import { idSchema, xpSchema } from '../resources/ids';
import { ORDER_READ, ORDER_WRITE } from './access';

const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** An order as the wire shows it: money as numbers, `FromUser` and `BillingAddress` filled in. */
export const orderResource = new Resource({
  objectType: 'Order',
  table: orders,
  id: orders.id,
  columns: {
    ID: orders.id,
    FromCompanyID: orders.fromCompanyId,
    ToCompanyID: orders.toCompanyId,
    FromUserID: orders.fromUserId,
    BillingAddressID: orders.billingAddressId,
    ShippingAddressID: orders.shippingAddressId,
    Comments: orders.comments,
    LineItemCount: orders.lineItemCount,
    Status: orders.status,
    DateCreated: orders.dateCreated,
    DateSubmitted: orders.dateSubmitted,
    DateApproved: orders.dateApproved,
    DateDeclined: orders.dateDeclined,
    DateCanceled: orders.dateCanceled,
    DateCompleted: orders.dateCompleted,
    LastUpdated: orders.lastUpdated,
    Subtotal: orders.subtotal,
    ShippingCost: orders.shippingCost,
    TaxCost: orders.taxCost,
    Gratuity: orders.gratuity,
    Fees: orders.fees,
    PromotionDiscount: orders.promotionDiscount,
    Currency: orders.currency,
    Total: orders.total,
    IsSubmitted: orders.isSubmitted,
    SubscriptionID: orders.subscriptionId,
    xp: orders.xp,
  },
  // Writes go through orders/orders.ts (locks, recalculation); the body is declared there.
  body: z.object({}),
  searchOn: ['ID', 'Comments'],
  defaultSort: ['!DateCreated', 'ID'],
  roles: { read: ORDER_READ, write: ORDER_WRITE },
  extend: (row) => {
    return {
      FromUser: row.fromUser ?? null,
      BillingAddress: row.billingAddress ?? null,
      Subtotal: amount(row.subtotal),
      ShippingCost: amount(row.shippingCost),
      TaxCost: amount(row.taxCost),
      Gratuity: amount(row.gratuity),
      Fees: amount(row.fees),
      PromotionDiscount: amount(row.promotionDiscount),
      Total: amount(row.total),
    };
  },
});

/** A line item as the wire shows it. */
export const lineItemResource = new Resource({
  objectType: 'LineItem',
  table: lineItems,
  id: lineItems.id,
  columns: {
    ID: lineItems.id,
    ProductID: lineItems.productId,
    Quantity: lineItems.quantity,
    BundleItemID: lineItems.bundleItemId,
    DateAdded: lineItems.dateAdded,
    QuantityShipped: lineItems.quantityShipped,
    UnitPrice: lineItems.unitPrice,
    PromotionDiscount: lineItems.promotionDiscount,
    LineTotal: lineItems.lineTotal,
    LineSubtotal: lineItems.lineSubtotal,
    CostCenter: lineItems.costCenter,
    DateNeeded: lineItems.dateNeeded,
    ShippingAccount: lineItems.shippingAccount,
    ShippingAddressID: lineItems.shippingAddressId,
    ShipFromAddressID: lineItems.shipFromAddressId,
    SupplierID: lineItems.supplierId,
    InventoryRecordID: lineItems.inventoryRecordId,
    PriceScheduleID: lineItems.priceScheduleId,
    IsOnSale: lineItems.isOnSale,
    PriceOverridden: lineItems.priceOverridden,
    IncomingOrderID: lineItems.incomingOrderId,
    OutgoingOrderID: lineItems.outgoingOrderId,
    xp: lineItems.xp,
  },
  body: z.object({}),
  searchOn: ['ID', 'ProductID'],
  defaultSort: ['DateAdded', 'ID'],
  roles: { read: ORDER_READ, write: ORDER_WRITE },
  extend: (row) => ({
    IsBundle: row.bundleId !== null && row.bundleId !== undefined,
    UnitPrice: amount(row.unitPrice),
    PromotionDiscount: amount(row.promotionDiscount),
    LineTotal: amount(row.lineTotal),
    LineSubtotal: amount(row.lineSubtotal),
    Product: row.product ?? null,
    Variant: row.variant ?? null,
    ShippingAddress: row.shippingAddress ?? null,
    ShipFromAddress: row.shipFromAddress ?? null,
    Specs: row.specs ?? [],
    InvitationID: null,
  }),
});

/** The writable order fields (`Order` in docs/ordercloud-wire.md); money the server computes is not here. */
export const orderBody = z.strictObject({
  ID: idSchema.optional(),
  FromCompanyID: idSchema.optional(),
  ToCompanyID: z.string().max(100).optional(),
  FromUserID: idSchema.optional(),
  BillingAddressID: idSchema.nullish(),
  ShippingAddressID: idSchema.nullish(),
  Comments: z.string().max(2000).nullish(),
  ShippingCost: z.number().finite().min(0, 'must not be negative').max(1e9).optional(),
  TaxCost: z.number().finite().min(0, 'must not be negative').max(1e9).optional(),
  Gratuity: z.number().finite().min(0, 'must not be negative').max(1e9).optional(),
  xp: xpSchema.optional(),
});

export const specChoiceSchema = z.strictObject({
  SpecID: idSchema,
  OptionID: idSchema.nullish(),
  Value: z.string().max(2000).nullish(),
  Name: z.string().optional(),
  PriceMarkupType: z.string().optional(),
  PriceMarkup: z.number().nullish(),
});

/** The writable line item fields. */
export const lineItemBody = z.strictObject({
  ID: idSchema.optional(),
  ProductID: idSchema,
  Quantity: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .max(1_000_000_000)
    .refine((quantity) => quantity > 0, {
      message: 'must be greater than 0',
      params: { errorCode: 'LineItem.QuantityMustBePositive' },
    }),
  UnitPrice: z.number().finite().min(0, 'must not be negative').max(1e9).nullish(),
  CostCenter: z.string().max(100).nullish(),
  DateNeeded: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).nullish(),
  ShippingAccount: z.string().max(100).nullish(),
  ShippingAddressID: idSchema.nullish(),
  ShipFromAddressID: idSchema.nullish(),
  InventoryRecordID: idSchema.nullish(),
  Specs: z.array(specChoiceSchema).max(50).optional(),
  xp: xpSchema.optional(),
});

/** Whether a user row belongs to the given company. */
export function sameCompany(companyType: string, companyId: string) {
  return and(eq(users.companyType, companyType), eq(users.companyId, companyId));
}
