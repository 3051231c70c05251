/**
 * Money without floating point: amounts are bigint counts of 1/10,000 (the database's numeric(14,4)).
 * Prices keep four decimals; amounts a buyer pays (line subtotals, totals, discounts) are rounded to
 * cents, half away from zero, as OrderCloud shows them.
 */
export type Money = bigint;

const SCALE = 10_000n;

/** A numeric column's text ("12.3400"), a JSON number or null → Money (null stays null). */
export function money(value: string | number | null | undefined): Money | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? value.toFixed(6) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  // Round the fifth and later decimals half away from zero.
  const four = BigInt(`${whole}${fraction.padEnd(4, '0').slice(0, 4)}`);
  const roundUp = (fraction[4] ?? '0') >= '5' ? 1n : 0n;
  const units = four + roundUp;
  return sign ? -units : units;
}

export const ZERO: Money = 0n;

/** To cents, half away from zero. */
export function roundCents(amount: Money): Money {
  const hundred = 100n;
  const remainder = amount % hundred;
  const down = amount - remainder;
  if (remainder === 0n) return amount;
  if (amount > 0n) return remainder >= 50n ? down + hundred : down;
  return -remainder >= 50n ? down - hundred : down;
}

/** `amount × percent / 100`, kept to four decimals (half away from zero). */
export function percentOf(amount: Money, percent: Money): Money {
  const product = amount * percent; // scale²
  const divisor = 100n * SCALE;
  const quotient = product / divisor;
  const remainder = product % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < divisor) return quotient;
  return product < 0n ? quotient - 1n : quotient + 1n;
}

/** `amount / divisor` (an integer), kept to four decimals (half away from zero). */
export function divide(amount: Money, divisor: bigint): Money {
  const quotient = amount / divisor;
  const remainder = amount % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < (divisor < 0n ? -divisor : divisor)) return quotient;
  return amount < 0n !== divisor < 0n ? quotient - 1n : quotient + 1n;
}

/** For a numeric column: "12.3400". */
export function toColumn(amount: Money): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(5, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** For the wire: a JSON number (exact for cents and four-decimal prices). */
export function toNumber(amount: Money | null): number | null {
  return amount === null ? null : Number(toColumn(amount));
}

export function sum(amounts: Iterable<Money>): Money {
  let total = ZERO;
  for (const amount of amounts) total += amount;
  return total;
}

export function minMoney(a: Money, b: Money): Money {
  return a < b ? a : b;
}
