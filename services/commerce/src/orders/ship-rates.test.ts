import { describe, expect, it } from 'vitest';
import { money, toNumber } from './money';
import { shipEstimates, shippingRegion, taxOn, taxRate } from './ship-rates';

const line = (id: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  id,
  quantity,
  supplierId: null,
  shipFromAddressId: null,
  shippingAddress: { ID: 'home', Country: 'US', State: 'CA' },
  product: { ShipWeight: 1.5, QuantityMultiplier: 1 },
  variant: null,
  ...extra,
});

describe('built-in shipping and tax rules', () => {
  it('groups lines by supplier, ship-from and ship-to, with deterministic IDs', () => {
    const groups = shipEstimates([
      line('b', 2),
      line('a', 1),
      line('c', 1, { supplierId: 'SUP' }),
      line('d', 1, { shippingAddress: { Street1: 'x', City: 'Paris', Country: 'FR' } }),
    ]);
    expect(groups.map((g) => [g.region, g.items.map((i) => i.LineItemID)])).toEqual([
      ['US', ['a', 'b']],
      ['US', ['c']],
      ['EU', ['d']],
    ]);
    expect(shipEstimates([line('a', 1), line('b', 2)])[0]?.ID).toBe(groups[0]?.ID);
    // 3 units × 1.5: Standard 8.00 + 0.60 × 4.5 = 10.70; Express 24.00 + 1.50 × 4.5 = 30.75.
    expect(groups[0]?.methods.map((m) => [m.ID, toNumber(m.cost)])).toEqual([
      ['Standard', 10.7],
      ['Express', 30.75],
    ]);
  });

  it('weighs variants before products, counts the quantity multiplier, and rounds to cents', () => {
    const [group] = shipEstimates([
      line('a', 3, { product: { ShipWeight: 9, QuantityMultiplier: 2 }, variant: { ShipWeight: 0.333 } }),
    ]);
    expect(toNumber(group?.weight ?? 0n)).toBe(1.998);
    // 8.00 + 0.60 × 1.998 = 9.1988 → 9.20
    expect(toNumber(group?.methods[0]?.cost ?? 0n)).toBe(9.2);
    const [none] = shipEstimates([line('a', 1, { product: {}, shippingAddress: null })]);
    expect(none?.region).toBe('OTHER');
    expect(toNumber(none?.methods[0]?.cost ?? 0n)).toBe(20);
  });

  it('taxes by country and US state, 0 where no rule applies', () => {
    expect(shippingRegion('uk')).toBe('GB');
    expect(toNumber(taxRate({ Country: 'US', State: 'ca' }))).toBe(7.25);
    expect(toNumber(taxRate({ Country: 'US', State: 'OR' }))).toBe(0);
    expect(toNumber(taxRate({ Country: 'DE' }))).toBe(19);
    expect(toNumber(taxRate(null))).toBe(0);
    // 10.05 × 7.25 % = 0.728625 → 0.73
    expect(toNumber(taxOn(money('10.05') ?? 0n, money('7.25') ?? 0n))).toBe(0.73);
  });
});
