import { type Money, money, toNumber, ZERO } from '../orders/money';
import { lineSubtotal } from '../orders/pricing';
import { pricingOf, quoteTotals } from './pricing';
import type {
  OrderRow,
  QuoteEventRow,
  QuoteLineRow,
  QuoteMessageRow,
  QuoteRevisionRow,
  QuoteRow,
} from './repository';
import { diffRevisions } from './revisions';
import { statusOf } from './transitions';
import {
  type BuyerQuote,
  type QuoteEvent,
  type QuoteLineItem,
  type QuoteMessage,
  type QuoteRevision,
  type RevisionContent,
  revisionContent,
  type SellerQuote,
} from './wire';

/** Rows → the wire objects of docs/quotes-wire.md (money as JSON numbers, exact to four decimals). */
const num = (amount: Money): number => toNumber(amount) ?? 0;
const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const ref = (value: unknown): { ID: string; Name: string | null } | null => {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { ID?: unknown; Name?: unknown };
  return { ID: String(v.ID ?? ''), Name: typeof v.Name === 'string' ? v.Name : null };
};

/** What a quote shows of its project: who sent it (a list reads only these columns of `orders`). */
export type ProjectSender = Pick<OrderRow, 'fromCompanyId' | 'fromUserId' | 'fromUser'>;
export function lineItemOf(row: QuoteLineRow): QuoteLineItem {
  const pricing = pricingOf(row);
  return {
    ID: row.id,
    ProductID: row.productId,
    Product: ref(row.product) ?? { ID: row.productId, Name: null },
    Specs: Array.isArray(row.specs) ? row.specs : [],
    Quantity: row.quantity,
    PriceScheduleID: row.priceScheduleId,
    ListUnitPrice: num(pricing.listUnitPrice),
    PriceType: pricing.priceType,
    DiscountPercent: pricing.discountPercent === null ? null : num(pricing.discountPercent),
    UnitPrice: num(money(row.unitPrice) ?? ZERO),
    ListLineTotal: num(lineSubtotal(pricing.listUnitPrice, row.quantity)),
    LineTotal: num(money(row.lineTotal) ?? ZERO),
    LeadTimeDays: row.leadTimeDays,
    SubstituteProductID: row.substituteProductId,
    SubstituteProduct: ref(row.substituteProduct),
    Note: row.note,
  };
}

/** The content a send freezes: the draft's header, lines and totals, with the validity it is sent with. */
export function contentOf(
  quote: QuoteRow,
  lines: QuoteLineRow[],
  revision: number,
  validUntil: Date,
): RevisionContent {
  const totals = quoteTotals(lines.map(pricingOf), money(quote.freightAmount) ?? ZERO);
  return {
    Revision: revision,
    ValidUntil: validUntil.toISOString(),
    Currency: quote.currency,
    FreightAmount: num(totals.freight),
    ListSubtotal: num(totals.listSubtotal),
    Subtotal: num(totals.subtotal),
    Discount: num(totals.discount),
    Total: num(totals.total),
    Terms: quote.terms,
    LineItems: lines.map(lineItemOf),
  };
}

const DAY = 24 * 60 * 60 * 1000;

export function sellerQuoteOf(
  quote: QuoteRow,
  order: ProjectSender,
  lines: QuoteLineRow[] | null,
  now: Date,
): SellerQuote {
  const listSubtotal = money(quote.listSubtotal) ?? ZERO;
  const subtotal = money(quote.subtotal) ?? ZERO;
  return {
    ID: quote.id,
    Name: quote.name,
    Status: statusOf(quote.status),
    Revision: quote.revision,
    FromCompanyID: order.fromCompanyId,
    FromCompanyName: quote.fromCompanyName,
    FromUserID: order.fromUserId,
    FromUser: order.fromUser,
    AssignedUserID: quote.assignedUserId,
    DateSubmitted: quote.dateSubmitted.toISOString(),
    DateQuoted: iso(quote.dateQuoted),
    ValidUntil: iso(quote.validUntil),
    DateAccepted: iso(quote.dateAccepted),
    DateDeclined: iso(quote.dateDeclined),
    DateExpired: iso(quote.dateExpired),
    DateWithdrawn: iso(quote.dateWithdrawn),
    DateExpiryWarned: iso(quote.expiryWarnedAt),
    LastUpdated: quote.lastUpdated.toISOString(),
    AgeDays: Math.max(0, Math.floor((now.getTime() - quote.dateSubmitted.getTime()) / DAY)),
    OrderID: quote.orderId,
    DeclineReason: quote.declineReason,
    Currency: quote.currency,
    FreightAmount: num(money(quote.freightAmount) ?? ZERO),
    ListSubtotal: num(listSubtotal),
    Subtotal: num(subtotal),
    Discount: num(listSubtotal - subtotal),
    Total: num(money(quote.total) ?? ZERO),
    LineItemCount: quote.lineItemCount,
    Terms: quote.terms,
    InternalNote: quote.internalNote,
    xp: (quote.xp ?? {}) as Record<string, unknown>,
    ...(lines ? { LineItems: lines.map(lineItemOf) } : {}),
  };
}

/**
 * The buyer's view: figures, terms, validity and lines of the revision sent last; before the first, the
 * requested lines without prices. (The draft the seller is working on is never shown.)
 */
export function buyerQuoteOf(
  quote: QuoteRow,
  order: ProjectSender,
  sent: RevisionContent | null,
  lines: QuoteLineRow[] | null,
): BuyerQuote {
  const common = {
    ID: quote.id,
    Name: quote.name,
    Status: statusOf(quote.status),
    Revision: quote.revision,
    FromUserID: order.fromUserId,
    DateSubmitted: quote.dateSubmitted.toISOString(),
    DateQuoted: iso(quote.dateQuoted),
    DateAccepted: iso(quote.dateAccepted),
    DateDeclined: iso(quote.dateDeclined),
    DateExpired: iso(quote.dateExpired),
    DateWithdrawn: iso(quote.dateWithdrawn),
    OrderID: quote.orderId,
    DeclineReason: quote.declineReason,
    Currency: quote.currency,
  };
  if (sent) {
    return {
      ...common,
      ValidUntil: sent.ValidUntil,
      FreightAmount: sent.FreightAmount,
      ListSubtotal: sent.ListSubtotal,
      Subtotal: sent.Subtotal,
      Discount: sent.Discount,
      Total: sent.Total,
      LineItemCount: sent.LineItems.length,
      Terms: sent.Terms,
      ...(lines ? { LineItems: sent.LineItems } : {}),
    };
  }
  return {
    ...common,
    ValidUntil: null,
    FreightAmount: null,
    ListSubtotal: null,
    Subtotal: null,
    Discount: null,
    Total: null,
    LineItemCount: quote.lineItemCount,
    Terms: null,
    ...(lines
      ? {
          LineItems: lines.map((row) => ({
            ...lineItemOf(row),
            ListUnitPrice: null,
            PriceType: 'List' as const,
            DiscountPercent: null,
            UnitPrice: null,
            ListLineTotal: null,
            LineTotal: null,
            LeadTimeDays: null,
            SubstituteProductID: null,
            SubstituteProduct: null,
            Note: null,
          })),
        }
      : {}),
  };
}

export function revisionsOfRows(rows: QuoteRevisionRow[], side: 'seller' | 'buyer'): QuoteRevision[] {
  let previous: RevisionContent | null = null;
  return rows.map((row) => {
    const content = revisionContent.parse(row.content);
    const answer: QuoteRevision = {
      Revision: row.revision,
      DateSent: row.dateSent.toISOString(),
      ...(side === 'seller' ? { SentByUserID: row.sentByUserId } : {}),
      ValidUntil: row.validUntil.toISOString(),
      Content: content,
      Changes: diffRevisions(previous, content),
    };
    previous = content;
    return answer;
  });
}

export function messageOf(row: QuoteMessageRow): QuoteMessage {
  const user = row.fromUser as { ID?: string; FirstName?: string; LastName?: string };
  return {
    ID: String(row.key),
    FromSide: row.fromSide === 'Seller' ? 'Seller' : 'Buyer',
    FromUser: {
      ID: user.ID ?? row.fromUserId,
      FirstName: user.FirstName ?? '',
      LastName: user.LastName ?? '',
    },
    Text: row.body,
    Revision: row.revision,
    DateCreated: row.dateCreated.toISOString(),
  };
}

export function eventOf(row: QuoteEventRow): QuoteEvent {
  return {
    ID: String(row.key),
    Action: row.action,
    FromStatus: row.fromStatus === '' ? null : row.fromStatus,
    ToStatus: row.toStatus,
    Revision: row.revision,
    ActorType: row.actorType === 'seller' || row.actorType === 'buyer' ? row.actorType : 'system',
    ActorCompanyID: row.actorCompanyId,
    ActorUserID: row.actorUserId,
    Changes: (row.changes ?? {}) as Record<string, unknown>,
    Date: row.at.toISOString(),
  };
}
