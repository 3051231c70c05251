import { QUOTE_STATUSES } from '@catalogue/db/schema';
import { z } from 'zod';
import { idSchema, xpSchema } from '../resources/ids';

/**
 * The quote wire objects (docs/quotes-wire.md), each defined once: the request bodies validate with these
 * shapes and the answers are typed by them.
 */

/** An amount of money on the wire: a JSON number, not negative, at most four decimals. */
const amount = z
  .number({ error: 'must be a number' })
  .finite('must be a finite number')
  .min(0, 'must not be negative')
  .max(1e9, 'must be at most 1,000,000,000')
  .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, 'must have at most four decimals');
const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** `PATCH /v1/quotes/{quoteID}`. */
export const quotePatchBody = z.strictObject({
  AssignedUserID: idSchema.nullish(),
  ValidUntil: dateTime.nullish(),
  FreightAmount: amount.optional(),
  Terms: text(4000).nullish(),
  InternalNote: text(4000).nullish(),
  xp: xpSchema.optional(),
});
export type QuotePatch = z.infer<typeof quotePatchBody>;

/** `PATCH /v1/quotes/{quoteID}/lineitems/{lineItemID}`: `UnitPrice` is a net price, `DiscountPercent` off the list. */
export const quoteLinePatchBody = z
  .strictObject({
    UnitPrice: amount.nullish(),
    DiscountPercent: z
      .number({ error: 'must be a number' })
      .finite('must be a finite number')
      .min(0, 'must not be negative')
      .max(100, 'must be at most 100')
      .nullish(),
    LeadTimeDays: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(3650, 'must be at most 3650')
      .nullish(),
    SubstituteProductID: idSchema.nullish(),
    Note: text(2000).nullish(),
  })
  .refine((b) => !(typeof b.UnitPrice === 'number' && typeof b.DiscountPercent === 'number'), {
    message: 'and DiscountPercent cannot both be given: a line has a net price or a discount',
    path: ['UnitPrice'],
  });
export type QuoteLinePatch = z.infer<typeof quoteLinePatchBody>;

export const sendBody = z.strictObject({ Message: text(4000).optional() });
export const withdrawBody = z.strictObject({ Reason: text(2000).optional() });
export const acceptBody = z.strictObject({
  /** The revision the buyer read; accepting fails with Quote.RevisionChanged when another was sent since. */
  Revision: z.number().int().min(1).optional(),
  Comments: text(2000).optional(),
});
export const declineBody = z.strictObject({ Reason: text(2000).min(1, 'must not be empty') });
export const requestChangesBody = z.strictObject({
  Message: text(4000).min(1, 'must not be empty'),
  LineItems: z
    .array(
      z.strictObject({
        ID: idSchema,
        Quantity: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be greater than 0')
          .max(1_000_000_000),
      }),
    )
    .max(500)
    .optional(),
});
export const messageBody = z.strictObject({ Text: text(4000).min(1, 'must not be empty') });

const productRef = z.object({ ID: z.string(), Name: z.string().nullable() });
const money = z.number();

/** One line of a quote, as the seller's draft or a sent revision shows it. */
export const quoteLineItem = z.object({
  ID: z.string(),
  ProductID: z.string(),
  Product: productRef,
  Specs: z.array(z.unknown()),
  Quantity: z.number().int(),
  PriceScheduleID: z.string().nullable(),
  ListUnitPrice: money,
  PriceType: z.enum(['List', 'Discount', 'Net']),
  DiscountPercent: money.nullable(),
  UnitPrice: money,
  ListLineTotal: money,
  LineTotal: money,
  LeadTimeDays: z.number().int().nullable(),
  SubstituteProductID: z.string().nullable(),
  SubstituteProduct: productRef.nullable(),
  Note: z.string().nullable(),
});
export type QuoteLineItem = z.infer<typeof quoteLineItem>;

/** What a revision freezes when it is sent: everything the buyer is offered. */
export const revisionContent = z.object({
  Revision: z.number().int(),
  ValidUntil: z.string(),
  Currency: z.string(),
  FreightAmount: money,
  ListSubtotal: money,
  Subtotal: money,
  Discount: money,
  Total: money,
  Terms: z.string().nullable(),
  LineItems: z.array(quoteLineItem),
});
export type RevisionContent = z.infer<typeof revisionContent>;

/** A quote for the seller: the draft's figures, the internal note and the assignee. */
export const sellerQuote = z.object({
  ID: z.string(),
  Name: z.string(),
  Status: z.enum(QUOTE_STATUSES),
  Revision: z.number().int(),
  FromCompanyID: z.string(),
  FromCompanyName: z.string(),
  FromUserID: z.string(),
  FromUser: z.unknown(),
  AssignedUserID: z.string().nullable(),
  DateSubmitted: z.string(),
  DateQuoted: z.string().nullable(),
  ValidUntil: z.string().nullable(),
  DateAccepted: z.string().nullable(),
  DateDeclined: z.string().nullable(),
  DateExpired: z.string().nullable(),
  DateWithdrawn: z.string().nullable(),
  DateExpiryWarned: z.string().nullable(),
  LastUpdated: z.string(),
  /** Whole days since the project was submitted, for the desk's "age". */
  AgeDays: z.number().int(),
  OrderID: z.string().nullable(),
  DeclineReason: z.string().nullable(),
  Currency: z.string(),
  FreightAmount: money,
  ListSubtotal: money,
  Subtotal: money,
  Discount: money,
  Total: money,
  LineItemCount: z.number().int(),
  Terms: z.string().nullable(),
  InternalNote: z.string().nullable(),
  xp: z.record(z.string(), z.unknown()),
  LineItems: z.array(quoteLineItem).optional(),
});
export type SellerQuote = z.infer<typeof sellerQuote>;

/**
 * A quote for the buyer: status and dates, and the figures and lines of the revision sent last (before
 * the first one: the requested lines, prices null). Never the draft, the internal note or the assignee.
 */
export const buyerQuote = z.object({
  ID: z.string(),
  Name: z.string(),
  Status: z.enum(QUOTE_STATUSES),
  Revision: z.number().int(),
  FromUserID: z.string(),
  DateSubmitted: z.string(),
  DateQuoted: z.string().nullable(),
  ValidUntil: z.string().nullable(),
  DateAccepted: z.string().nullable(),
  DateDeclined: z.string().nullable(),
  DateExpired: z.string().nullable(),
  DateWithdrawn: z.string().nullable(),
  OrderID: z.string().nullable(),
  DeclineReason: z.string().nullable(),
  Currency: z.string(),
  FreightAmount: money.nullable(),
  ListSubtotal: money.nullable(),
  Subtotal: money.nullable(),
  Discount: money.nullable(),
  Total: money.nullable(),
  LineItemCount: z.number().int(),
  Terms: z.string().nullable(),
  LineItems: z
    .array(
      quoteLineItem.extend({
        ListUnitPrice: money.nullable(),
        UnitPrice: money.nullable(),
        ListLineTotal: money.nullable(),
        LineTotal: money.nullable(),
      }),
    )
    .optional(),
});
export type BuyerQuote = z.infer<typeof buyerQuote>;

/** One property that differs between a revision and the one before it. */
export const revisionChange = z.object({ Property: z.string(), Before: z.unknown(), After: z.unknown() });

export const quoteRevision = z.object({
  Revision: z.number().int(),
  DateSent: z.string(),
  SentByUserID: z.string().optional(),
  ValidUntil: z.string(),
  Content: revisionContent,
  /** Against the revision before (empty for the first). */
  Changes: z.array(revisionChange),
});
export type QuoteRevision = z.infer<typeof quoteRevision>;

export const quoteMessage = z.object({
  ID: z.string(),
  FromSide: z.enum(['Seller', 'Buyer']),
  FromUser: z.object({ ID: z.string(), FirstName: z.string(), LastName: z.string() }),
  Text: z.string(),
  Revision: z.number().int(),
  DateCreated: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessage>;

/** One entry of the audit trail (seller only). */
export const quoteEvent = z.object({
  ID: z.string(),
  Action: z.string(),
  FromStatus: z.string().nullable(),
  ToStatus: z.string(),
  Revision: z.number().int(),
  ActorType: z.enum(['seller', 'buyer', 'system']),
  ActorCompanyID: z.string().nullable(),
  ActorUserID: z.string().nullable(),
  Changes: z.record(z.string(), z.unknown()),
  Date: z.string(),
});
export type QuoteEvent = z.infer<typeof quoteEvent>;
