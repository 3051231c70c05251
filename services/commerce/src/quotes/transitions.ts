import { QUOTE_STATUSES } from '@catalogue/db/schema';
import { ApiError } from '../http/api-error';

/**
 * The quote status machine (docs/quotes-wire.md "Statuses and transitions"): ONE table of statuses ×
 * actions. Every use case asks `transition` before it changes anything; a cell that is absent is a
 * refusal with the action's `Quote.Cannot…BadStatus` code, which changes nothing.
 */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_ACTIONS = [
  'assign',
  'edit',
  'send',
  'withdraw',
  'accept',
  'decline',
  'requestChanges',
  'expire',
  'message',
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

/** The status an action leads to, per status it is allowed in; `same` keeps the status. */
type Row = Partial<Record<QuoteStatus, QuoteStatus | 'same'>>;

const OPEN = { Submitted: 'same', InReview: 'same', Quoted: 'same', ChangesRequested: 'same' } as const;

export const TRANSITIONS: Record<QuoteAction, Row> = {
  // Assigning a rep starts the review; reassigning later keeps the status.
  assign: { ...OPEN, Submitted: 'InReview' },
  // Pricing and header changes edit the draft; a Quoted quote's draft becomes the next revision.
  edit: { ...OPEN, Submitted: 'InReview' },
  send: { InReview: 'Quoted', Quoted: 'Quoted', ChangesRequested: 'Quoted' },
  withdraw: {
    Submitted: 'Withdrawn',
    InReview: 'Withdrawn',
    Quoted: 'Withdrawn',
    ChangesRequested: 'Withdrawn',
  },
  accept: { Quoted: 'Accepted' },
  decline: { Submitted: 'Declined', InReview: 'Declined', Quoted: 'Declined', ChangesRequested: 'Declined' },
  requestChanges: { Quoted: 'ChangesRequested' },
  expire: { Quoted: 'Expired' },
  // Messages never change the status and are allowed until the quote is closed without an order.
  message: { ...OPEN, Accepted: 'same', Declined: 'same', Expired: 'same' },
};

/** The `ErrorCode` of a refused action, in OrderCloud's `Order.CannotSubmitBadStatus` style. */
export const BAD_STATUS_CODES: Record<QuoteAction, string> = {
  assign: 'Quote.CannotAssignBadStatus',
  edit: 'Quote.CannotEditBadStatus',
  send: 'Quote.CannotSendBadStatus',
  withdraw: 'Quote.CannotWithdrawBadStatus',
  accept: 'Quote.CannotAcceptBadStatus',
  decline: 'Quote.CannotDeclineBadStatus',
  requestChanges: 'Quote.CannotRequestChangesBadStatus',
  expire: 'Quote.CannotExpireBadStatus',
  message: 'Quote.CannotMessageBadStatus',
};

/** The status `action` leads to from `status`, or null when the table does not allow it. */
export function nextStatus(status: string, action: QuoteAction): QuoteStatus | null {
  if (!isQuoteStatus(status)) return null;
  const to = TRANSITIONS[action][status];
  if (to === undefined) return null;
  return to === 'same' ? status : to;
}

/** The status `action` leads to, or 400 `Quote.Cannot…BadStatus` naming the quote and its status. */
export function transition(quote: { id: string; status: string }, action: QuoteAction): QuoteStatus {
  const to = nextStatus(quote.status, action);
  if (to !== null) return to;
  const allowed = Object.keys(TRANSITIONS[action]).join(', ');
  throw ApiError.of(
    400,
    BAD_STATUS_CODES[action],
    `Quote ${quote.id} is ${quote.status}: ${action} is allowed only when it is ${allowed}.`,
    { ObjectType: 'Quote', ObjectID: quote.id, Status: quote.status },
  );
}

export function isQuoteStatus(value: string): value is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** A stored status (the table's check constraint allows only these). */
export function statusOf(value: string): QuoteStatus {
  if (isQuoteStatus(value)) return value;
  throw new Error(`a quote has the unknown status ${value}`);
}
