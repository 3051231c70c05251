import { z } from 'zod';

/**
 * What a quote document prints: a revision's `Content` as the commerce service freezes it
 * (`quote_revisions.content`, the wire's `Revision.Content`, docs/quotes-wire.md) — or, for a seller's
 * preview, the draft in the same shape. Read with zod on both sides that print it: the outbox (from the
 * database) and the storefront's download route (from the API), so a change of the shape fails loudly.
 * Amounts are JSON numbers with at most four decimals, never computed here: only formatted.
 */
const amount = z.number();
const named = z.object({ ID: z.string(), Name: z.string() });

export const quoteDocumentLine = z.object({
  ID: z.string(),
  ProductID: z.string(),
  Product: named,
  Quantity: z.number().int(),
  ListUnitPrice: amount.nullable(),
  PriceType: z.enum(['List', 'Discount', 'Net']).nullable(),
  DiscountPercent: amount.nullable(),
  UnitPrice: amount.nullable(),
  LineTotal: amount.nullable(),
  LeadTimeDays: z.number().int().nullable(),
  SubstituteProductID: z.string().nullable(),
  SubstituteProduct: named.nullable(),
  /** The rep's note to the buyer; internal notes never reach a document (the shape has none). */
  Note: z.string().nullable(),
});
export type QuoteDocumentLine = z.output<typeof quoteDocumentLine>;

export const quoteDocumentContent = z.object({
  ValidUntil: z.string().nullable(),
  Currency: z.string().regex(/^[A-Z]{3}$/),
  FreightAmount: amount.nullable(),
  Subtotal: amount.nullable(),
  Discount: amount.nullable(),
  Total: amount.nullable(),
  Terms: z.string().nullable(),
  LineItems: z.array(quoteDocumentLine),
});
export type QuoteDocumentContent = z.output<typeof quoteDocumentContent>;

/** The quote document: whose quote, which revision, and the content printed. */
export interface QuoteDocument {
  quoteId: string;
  /** The project's name. */
  name: string;
  companyName: string;
  /** The buyer user who submitted the project. */
  buyerName: string;
  /** The revision number; for a draft preview, the one the next send makes. */
  revision: number;
  /** When the revision was sent; null for a draft. */
  dateSent: Date | null;
  /** A seller's preview of the unsent draft: marked as such on every page. */
  draft: boolean;
  content: QuoteDocumentContent;
}
