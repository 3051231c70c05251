/**
 * The seller's quote objects as the commerce service answers them (docs/quotes-wire.md "Objects"): only
 * the fields the desk reads. Money arrives as JSON numbers with at most four decimals.
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

export interface ProductRef {
  ID: string;
  Name: string | null;
}

export interface DeskLine {
  ID: string;
  ProductID: string;
  Product: ProductRef;
  Quantity: number;
  PriceScheduleID: string | null;
  ListUnitPrice: number;
  PriceType: 'List' | 'Discount' | 'Net';
  DiscountPercent: number | null;
  UnitPrice: number;
  ListLineTotal: number;
  LineTotal: number;
  LeadTimeDays: number | null;
  SubstituteProductID: string | null;
  SubstituteProduct: ProductRef | null;
  Note: string | null;
}

export interface DeskUser {
  ID?: string;
  Username?: string;
  FirstName?: string;
  LastName?: string;
  Email?: string;
  Phone?: string;
}

export interface DeskQuote {
  ID: string;
  Name: string;
  Status: QuoteStatus;
  Revision: number;
  FromCompanyID: string;
  FromCompanyName: string;
  FromUserID: string;
  FromUser: DeskUser | null;
  AssignedUserID: string | null;
  DateSubmitted: string;
  DateQuoted: string | null;
  ValidUntil: string | null;
  LastUpdated: string;
  AgeDays: number;
  OrderID: string | null;
  DeclineReason: string | null;
  Currency: string;
  FreightAmount: number;
  ListSubtotal: number;
  Subtotal: number;
  Discount: number;
  Total: number;
  LineItemCount: number;
  Terms: string | null;
  InternalNote: string | null;
  xp: Record<string, unknown>;
  LineItems?: DeskLine[];
}

export interface ListMeta {
  Page: number;
  PageSize: number;
  TotalCount: number;
  TotalPages: number;
}

export interface ListPage<T> {
  Items: T[];
  Meta: ListMeta;
}

export interface RevisionChange {
  Property: string;
  Before: unknown;
  After: unknown;
}

export interface DeskRevision {
  Revision: number;
  DateSent: string;
  SentByUserID?: string;
  ValidUntil: string;
  Content: {
    Currency: string;
    FreightAmount: number;
    Subtotal: number;
    Total: number;
    LineItems: DeskLine[];
  };
  Changes: RevisionChange[];
}

export interface DeskMessage {
  ID: string;
  FromSide: 'Seller' | 'Buyer';
  FromUser: { ID: string; FirstName: string; LastName: string };
  Text: string;
  Revision: number;
  DateCreated: string;
}

/** One entry of the audit trail (`GET /v1/quotes/{id}/events`): `Changes` maps a property to [before, after]. */
export interface DeskEvent {
  ID: string;
  Action: string;
  FromStatus: QuoteStatus | null;
  ToStatus: QuoteStatus;
  Revision: number;
  ActorType: 'seller' | 'buyer' | 'system';
  ActorUserID: string | null;
  Changes: Record<string, unknown>;
  Date: string;
}

/** One error of OrderCloud's `Errors[]` envelope. */
export interface ApiErrorItem {
  ErrorCode: string;
  Message: string;
  Data?: { Property?: string } & Record<string, unknown>;
}

/** A wire name as the last part of a dictionary key (keys are camelCase): `InReview` → `inReview`. */
export const keyPart = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
