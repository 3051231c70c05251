import { describe, expect, it } from 'vitest';
import {
  type LinePricing,
  quoteTotals as serverTotals,
} from '../../../../services/commerce/src/quotes/pricing';
import { formatMoney, type LineInput, parseAmount, quoteTotals, unitPrice } from './quote-money';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

describe('desk totals', () => {
  it('parses amounts with a point or a comma and refuses anything else', () => {
    expect(parseAmount('12.5')).toBe(125_000n);
    expect(parseAmount('12,5')).toBe(125_000n);
    expect(parseAmount('0.00005')).toBe(1n);
    expect(parseAmount(7.25)).toBe(72_500n);
    expect(parseAmount('12a')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
  });

  it('takes a discount off the list price to four decimals, half away from zero', () => {
    const line = (discount: string): LineInput => ({
      listUnitPrice: parseAmount('3.3333') ?? 0n,
      quantity: 3,
      discountPercent: parseAmount(discount),
      netPrice: null,
    });
    // 3.3333 × 12.5 % = 0.4166625 → 0.4167; 3.3333 − 0.4167 = 2.9166
    expect(unitPrice(line('12.5'))).toBe(29_166n);
    expect(quoteTotals([line('12.5')], 0n).subtotal).toBe(87_500n); // 8.7498 → 8.75
  });

  it('agrees with the commerce service on random quotes', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const lines: LineInput[] = [];
      const server: LinePricing[] = [];
      for (let i = 0, n = 1 + next(6); i < n; i++) {
        const listUnitPrice = BigInt(next(5_000_000));
        const quantity = 1 + next(2000);
        const kind = next(3);
        const discountPercent = kind === 1 ? BigInt(next(1_000_001)) : null;
        const netPrice = kind === 2 ? BigInt(next(5_000_000)) : null;
        lines.push({ listUnitPrice, quantity, discountPercent, netPrice });
        server.push({
          listUnitPrice,
          quantity,
          priceType: kind === 1 ? 'Discount' : kind === 2 ? 'Net' : 'List',
          discountPercent,
          netPrice,
        });
      }
      const freight = BigInt(next(10_000_000));
      const ours = quoteTotals(lines, freight);
      const theirs = serverTotals(server, freight);
      expect(ours, `seed ${seed}`).toEqual(theirs);
    }
  });

  it('formats amounts in the page language and currency', () => {
    expect(formatMoney(12_345_000n, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(12_345_678n, 'EUR', 'de', true)).toMatch(/^1\.234,5678\s€$/);
    expect(formatMoney(1234.5, 'CAD', 'fr-CA')).toMatch(/^1\s234,50\s\$$/);
  });
});
