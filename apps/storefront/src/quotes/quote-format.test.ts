import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney } from './quote-format';

/** Intl separates some parts with no-break spaces: compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money and dates in the locale', () => {
  it("writes the quote's currency in the locale's notation", () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, 'CAD', 'fr-CA'))).toBe('1 234,50 $');
    expect(plain(formatMoney(1234.5, 'EUR', 'de-EU'))).toBe('1.234,50 €');
    expect(plain(formatMoney(1234.5, 'EUR', 'nl-EU'))).toBe('€ 1.234,50');
  });

  it('keeps the four decimals of a discounted unit price', () => {
    expect(formatMoney(7.6125, 'USD', 'en-US')).toBe('$7.6125');
    expect(formatMoney(8, 'USD', 'en-US')).toBe('$8.00');
  });

  it('writes a UTC day as the locale does', () => {
    expect(formatDay('2027-03-03T23:30:00Z', 'en-US')).toBe('March 3, 2027');
    expect(formatDay('2027-03-03T23:30:00Z', 'fr-CA')).toBe('3 mars 2027');
    expect(formatDay('not a date', 'en-US')).toBe('–');
  });
});
