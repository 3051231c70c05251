/**
 * Money as the commerce service counts it (services/commerce/src/orders/money.ts and quotes/pricing.ts),
 * for the desk's live totals in the browser: bigint ten-thousandths, never floating point; unit prices
 * keep four decimals, line totals and totals are cents, both rounded half away from zero. The totals a
 * rep sees while typing are then the ones the server answers after the save.
 */
export type Amount = bigint;

const SCALE = 10_000n;

/** "12.5", "12,5" or a JSON number → ten-thousandths; null when it is not a plain amount. */
export function parseAmount(value: string | number | null | undefined): Amount | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim().replace(',', '.');
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const four = BigInt(`${whole}${fraction.padEnd(4, '0').slice(0, 4)}`);
  const units = four + ((fraction[4] ?? '0') >= '5' ? 1n : 0n);
  return sign ? -units : units;
}

function roundedDivide(value: Amount, divisor: bigint): Amount {
  const quotient = value / divisor;
  const remainder = value % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < divisor) return quotient;
  return value < 0n ? quotient - 1n : quotient + 1n;
}

/** To cents (still in ten-thousandths), half away from zero. */
export function roundCents(amount: Amount): Amount {
  return roundedDivide(amount, 100n) * 100n;
}

/** `amount × percent / 100` to four decimals. */
export function percentOf(amount: Amount, percent: Amount): Amount {
  return roundedDivide(amount * percent, 100n * SCALE);
}

/** A JSON number for the wire or for `Intl.NumberFormat` (exact for four decimals). */
export function amountToNumber(amount: Amount): number {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(5, '0');
  return Number(`${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`);
}

export interface LineInput {
  listUnitPrice: Amount;
  quantity: number;
  /** Percent off the list price (four decimals), or null. */
  discountPercent: Amount | null;
  /** A net unit price, or null. */
  netPrice: Amount | null;
}

/** The quoted unit price: a net price wins, else the discount off the list price, else the list price. */
export function unitPrice(line: LineInput): Amount {
  if (line.netPrice !== null) return line.netPrice;
  if (line.discountPercent !== null)
    return line.listUnitPrice - percentOf(line.listUnitPrice, line.discountPercent);
  return line.listUnitPrice;
}

export function lineTotal(line: LineInput): Amount {
  return roundCents(unitPrice(line) * BigInt(line.quantity));
}

export interface Totals {
  listSubtotal: Amount;
  subtotal: Amount;
  discount: Amount;
  freight: Amount;
  total: Amount;
}

export function quoteTotals(lines: LineInput[], freight: Amount): Totals {
  let listSubtotal = 0n;
  let subtotal = 0n;
  for (const line of lines) {
    listSubtotal += roundCents(line.listUnitPrice * BigInt(line.quantity));
    subtotal += lineTotal(line);
  }
  const freightCents = roundCents(freight);
  return {
    listSubtotal,
    subtotal,
    discount: listSubtotal - subtotal,
    freight: freightCents,
    total: subtotal + freightCents,
  };
}

/** An amount in the page's language and the quote's currency ("$1,234.50", "1 234,50 $"). */
export function formatMoney(
  amount: Amount | number,
  currency: string,
  language: string,
  unit = false,
): string {
  const value = typeof amount === 'bigint' ? amountToNumber(amount) : amount;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency || 'USD',
    minimumFractionDigits: 2,
    // Unit prices keep up to four decimals; totals are cents.
    maximumFractionDigits: unit ? 4 : 2,
  }).format(value);
}
