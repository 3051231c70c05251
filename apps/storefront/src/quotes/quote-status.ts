import type { BuyerQuote, QuoteStatus } from './quote-wire';

/**
 * What the buyer may do with a quote in each status — the buyer's columns of the status table in
 * docs/quotes-wire.md — and how its validity reads. The service decides in the end (a refusal is shown);
 * these rules only keep the page from offering what it would refuse.
 */

/** Three days, as the expiry warning mail (`claimExpiryWarnings(tx, now, 3)`). */
export const EXPIRING_SOON_MS = 3 * 24 * 60 * 60 * 1000;

export interface BuyerActions {
  accept: boolean;
  decline: boolean;
  requestChanges: boolean;
  message: boolean;
}

/** A Quoted quote whose sent validity has passed is expired even before the job marks it. */
export function hasLapsed(quote: Pick<BuyerQuote, 'Status' | 'ValidUntil'>, now: Date): boolean {
  if (quote.Status === 'Expired') return true;
  if (quote.Status !== 'Quoted' || !quote.ValidUntil) return false;
  return new Date(quote.ValidUntil).getTime() <= now.getTime();
}

export function buyerActions(quote: Pick<BuyerQuote, 'Status' | 'ValidUntil'>, now: Date): BuyerActions {
  const lapsed = hasLapsed(quote, now);
  const status = quote.Status;
  return {
    accept: status === 'Quoted' && !lapsed,
    decline:
      ['Submitted', 'InReview', 'ChangesRequested'].includes(status) || (status === 'Quoted' && !lapsed),
    requestChanges: status === 'Quoted' && !lapsed,
    message: status !== 'Withdrawn',
  };
}

export type Validity = { kind: 'none' } | { kind: 'valid' | 'soon' | 'lapsed'; until: string };

/** The validity the list and the quote show: only an offer on the table has one that matters. */
export function validityOf(quote: Pick<BuyerQuote, 'Status' | 'ValidUntil'>, now: Date): Validity {
  if (!quote.ValidUntil || (quote.Status !== 'Quoted' && quote.Status !== 'Expired')) return { kind: 'none' };
  const left = new Date(quote.ValidUntil).getTime() - now.getTime();
  if (Number.isNaN(left)) return { kind: 'none' };
  if (hasLapsed(quote, now)) return { kind: 'lapsed', until: quote.ValidUntil };
  return { kind: left <= EXPIRING_SOON_MS ? 'soon' : 'valid', until: quote.ValidUntil };
}

/** The dictionary key of a status's name (keys are camelCase: `quotes.status.inReview`). */
export function statusKey(status: QuoteStatus): string {
  return `quotes.status.${status.charAt(0).toLowerCase()}${status.slice(1)}`;
}

/** The badge's colour family: what needs the buyer, what is settled, what is over. */
export function statusTone(status: QuoteStatus): 'waiting' | 'action' | 'done' | 'closed' {
  if (status === 'Quoted') return 'action';
  if (status === 'Accepted') return 'done';
  if (status === 'Declined' || status === 'Expired' || status === 'Withdrawn') return 'closed';
  return 'waiting';
}
