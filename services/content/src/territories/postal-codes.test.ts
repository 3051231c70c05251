import { describe, expect, it } from 'vitest';
import { covers, parsePostalCode } from './postal-codes';

describe('parsePostalCode', () => {
  it.each([
    ['US', '60601', '60601', '60601'],
    ['US', ' 60601-1234 ', '60601-1234', '60601'],
    ['CA', 'm5v 3l9', 'M5V 3L9', 'M5V'],
    ['CA', 'H2X', 'H2X', 'H2X'],
    ['GB', 'sw1a 1aa', 'SW1A 1AA', 'SW'],
    ['GB', 'M1', 'M1', 'M'],
    ['EU', 'de-10115', 'DE-10115', 'DE-10115'],
    ['EU', 'NL 1012 AB', 'NL-1012AB', 'NL-1012AB'],
    ['AU', '2000', '2000', '2000'],
    ['NZ', '9016', '9016', '9016'],
  ] as const)('reads %s %s', (region, input, normalised, key) => {
    expect(parsePostalCode(region, input)).toMatchObject({ normalised, key });
  });

  it.each([
    ['US', '6060'],
    ['US', 'ABCDE'],
    ['CA', 'D5V 3L9'],
    ['CA', '12345'],
    ['GB', '1AA SW'],
    ['EU', 'XX-12345'],
    ['EU', 'DE-1011'],
    ['AU', '200'],
    ['NZ', '10101'],
  ] as const)('refuses %s %s', (region, input) => {
    expect(parsePostalCode(region, input)).toBeNull();
  });
});

describe('covers', () => {
  it('compares GB postcode areas whole, and prefixes elsewhere', () => {
    const manchester = parsePostalCode('GB', 'M1 1AE');
    const motherwell = parsePostalCode('GB', 'ML1 1AA');
    if (!manchester || !motherwell) throw new Error('parse failed');
    expect(covers('M', manchester)).toBe(true);
    expect(covers('M', motherwell)).toBe(false);
    const berlin = parsePostalCode('EU', 'DE 10115');
    if (!berlin) throw new Error('parse failed');
    expect(covers('DE', berlin)).toBe(true);
    expect(covers('DE-1', berlin)).toBe(true);
    expect(covers('AT', berlin)).toBe(false);
  });
});
