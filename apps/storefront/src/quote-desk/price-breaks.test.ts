import { describe, expect, it } from 'vitest';
import { appliedBreak } from './price-breaks';

describe('applied price break', () => {
  const breaks = [
    { Quantity: 100, Price: 8 },
    { Quantity: 1, Price: 10 },
    { Quantity: 500, Price: 7, SalePrice: 6.5 },
  ];
  it('takes the highest break the quantity reaches', () => {
    expect(appliedBreak(breaks, 1)).toEqual({ quantity: 1, price: 10, salePrice: null });
    expect(appliedBreak(breaks, 99)?.quantity).toBe(1);
    expect(appliedBreak(breaks, 100)?.quantity).toBe(100);
    expect(appliedBreak(breaks, 10_000)).toEqual({ quantity: 500, price: 7, salePrice: 6.5 });
  });
  it('falls back to the first break, or none', () => {
    expect(appliedBreak([{ Quantity: 10, Price: 2 }], 3)?.quantity).toBe(10);
    expect(appliedBreak([], 3)).toBeNull();
  });
});
