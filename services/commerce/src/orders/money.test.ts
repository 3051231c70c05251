import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divide, money, percentOf, roundCents, toColumn, toNumber } from './money';

describe('money', () => {
  it('reads numeric text and JSON numbers exactly', () => {
    expect(money('12.3400')).toBe(123400n);
    expect(money('0.1')).toBe(1000n);
    expect(money(0.1)).toBe(1000n);
    expect(money(19.99)).toBe(199900n);
    expect(money('-2.5')).toBe(-25000n);
    expect(money(1.00005)).toBe(10001n);
    expect(money(null)).toBeNull();
    expect(() => money('1e5')).toThrow();
  });

  it('rounds to cents half away from zero', () => {
    expect(roundCents(money('1.005') as bigint)).toBe(money('1.01'));
    expect(roundCents(money('1.0049') as bigint)).toBe(money('1.00'));
    expect(roundCents(money('-1.005') as bigint)).toBe(money('-1.01'));
    expect(roundCents(money('2.9999') as bigint)).toBe(money('3.00'));
  });

  it('takes percentages and divides with half-away rounding', () => {
    expect(percentOf(money('19.99') as bigint, money('15') as bigint)).toBe(money('2.9985'));
    expect(divide(money('10') as bigint, 3n)).toBe(money('3.3333'));
    expect(divide(money('2') as bigint, 3n)).toBe(money('0.6667'));
  });

  it('writes what it reads', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }), (units) => {
        expect(money(toColumn(units))).toBe(units);
        expect(money(toNumber(units) as number)).toBe(units);
      }),
    );
  });
});
