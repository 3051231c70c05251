import { z } from 'zod';

/**
 * The buyer's quote objects of the commerce service (docs/quotes-wire.md "Objects"), as the storefront
 * reads them: only the fields the screens use, parsed so that a changed contract fails loudly here
 * rather than rendering `undefined`. Money arrives as JSON numbers with at most four decimals.
 */

export const QUOTE_STATUSES = [
  'Submitted',
  'InReview',
  'Quoted',
  'ChangesRequested',
  'Accepted',
  'Declined',
  'Expired',
  'Withdrawn',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const productRef = z.object({ ID: z.string(), Name: z.string().nullable() });

export const buyerQuoteLine = z.object({
  ID: z.string(),
  ProductID: z.string(),
  Product: productRef,
  Quantity: z.number().int(),
  ListUnitPrice: z.number().nullable(),
  PriceType: z.enum(['List', 'Discount', 'Net']),
  DiscountPercent: z.number().nullable(),
  UnitPrice: z.number().nullable(),
  LineTotal: z.number().nullable(),
  LeadTimeDays: z.number().int().nullable(),
  SubstituteProductID: z.string().nullable(),
  SubstituteProduct: productRef.nullable(),
  Note: z.string().nullable(),
});
export type BuyerQuoteLine = z.infer<typeof buyerQuoteLine>;

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
  FreightAmount: z.number().nullable(),
  ListSubtotal: z.number().nullable(),
  Subtotal: z.number().nullable(),
  Discount: z.number().nullable(),
  Total: z.number().nullable(),
  LineItemCount: z.number().int(),
  Terms: z.string().nullable(),
  LineItems: z.array(buyerQuoteLine).optional(),
});
export type BuyerQuote = z.infer<typeof buyerQuote>;

const meta = z.object({
  Page: z.number().int(),
  PageSize: z.number().int(),
  TotalCount: z.number().int(),
  TotalPages: z.number().int(),
});

export const buyerQuoteList = z.object({ Items: z.array(buyerQuote), Meta: meta });
export type BuyerQuoteList = z.infer<typeof buyerQuoteList>;

export const quoteMessage = z.object({
  ID: z.string(),
  FromSide: z.enum(['Seller', 'Buyer']),
  FromUser: z.object({ ID: z.string(), FirstName: z.string(), LastName: z.string() }),
  Text: z.string(),
  Revision: z.number().int(),
  DateCreated: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessage>;

export const quoteMessageList = z.object({ Items: z.array(quoteMessage), Meta: meta });

/** The part of OrderCloud's Order the accept answers that the screens show. */
export const acceptedOrder = z.object({ ID: z.string(), Status: z.string() });
export type AcceptedOrder = z.infer<typeof acceptedOrder>;

/** OrderCloud's error envelope (`{"Errors": [...]}`). */
export const errorEnvelope = z.object({
  Errors: z
    .array(
      z.object({
        ErrorCode: z.string(),
        Message: z.string().optional(),
        Data: z.record(z.string(), z.unknown()).nullish(),
      }),
    )
    .min(1),
});
