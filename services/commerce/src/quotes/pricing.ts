import { type Money, money, percentOf, roundCents, sum, ZERO } from '../orders/money';
import { lineSubtotal } from '../orders/pricing';

/**
 * A quote line's price (docs/quotes-wire.md "Prices"), without floating point: the list price is the price
 * schedule's break for the quantity; the seller leaves it (`List`), takes a percentage off it (`Discount`)
 * or names a net unit price (`Net`). Unit prices keep four decimals, line totals and totals are cents.
 */
export type PriceType = 'List' | 'Discount' | 'Net';

export interface LinePricing {
  listUnitPrice: Money;
  priceType: PriceType;
  /** Percent, four decimals (12.5 % is 125000n). */
  discountPercent: Money | null;
  netPrice: Money | null;
  quantity: number;
}

export function quotedUnitPrice(line: LinePricing): Money {
  switch (line.priceType) {
    case 'List':
      return line.listUnitPrice;
    case 'Discount':
      return line.listUnitPrice - percentOf(line.listUnitPrice, line.discountPercent ?? ZERO);
    case 'Net':
      return line.netPrice ?? line.listUnitPrice;
  }
}

export function quotedLineTotal(line: LinePricing): Money {
  return lineSubtotal(quotedUnitPrice(line), line.quantity);
}

export interface QuoteTotals {
  /** Σ list unit price × quantity (each line in cents). */
  listSubtotal: Money;
  /** Σ quoted line totals. */
  subtotal: Money;
  /** What the buyer saves against the list: listSubtotal − subtotal (negative for a surcharge). */
  discount: Money;
  freight: Money;
  total: Money;
}

export function quoteTotals(lines: LinePricing[], freight: Money): QuoteTotals {
  const listSubtotal = sum(lines.map((l) => lineSubtotal(l.listUnitPrice, l.quantity)));
  const subtotal = sum(lines.map(quotedLineTotal));
  const freightCents = roundCents(freight);
  return {
    listSubtotal,
    subtotal,
    discount: listSubtotal - subtotal,
    freight: freightCents,
    total: subtotal + freightCents,
  };
}

/** A stored line's pricing inputs (numeric columns as text). */
export function pricingOf(row: {
  listUnitPrice: string;
  priceType: string;
  discountPercent: string | null;
  netPrice: string | null;
  quantity: number;
}): LinePricing {
  return {
    listUnitPrice: money(row.listUnitPrice) ?? ZERO,
    priceType: row.priceType === 'Discount' || row.priceType === 'Net' ? row.priceType : 'List',
    discountPercent: money(row.discountPercent),
    netPrice: money(row.netPrice),
    quantity: row.quantity,
  };
}
