import type { OrderRow } from './access';

/**
 * A project (spec §3 and §7: an order the storefront created with `xp.projectName`) is a request for
 * quote: its quantities say what the buyer wants quoted, not stock to hold. Adding, changing and
 * submitting its lines neither checks nor takes stock (issue 22 item 1); the product's own quantity rules
 * still apply. Any other order keeps OrderCloud's stock checks (cart, line items, submit).
 */
export function isProject(order: Pick<OrderRow, 'xp'>): boolean {
  const xp = order.xp as { projectName?: unknown } | null;
  return typeof xp?.projectName === 'string';
}

/**
 * The order that accepting a quote created (`xp.QuoteID`, docs/quotes-wire.md "Acceptance"): its prices
 * are the quote's, locked, so no promotion applies automatically, and it is no request for quote.
 */
export function isQuoteOrder(order: Pick<OrderRow, 'xp'>): boolean {
  const xp = order.xp as { QuoteID?: unknown } | null;
  return typeof xp?.QuoteID === 'string';
}
