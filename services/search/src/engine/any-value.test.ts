import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from './analysis';
import { anyValueEquals, valueEquals } from './filter';

describe('anyValueEquals', () => {
  it('matches exactly when one of the wanted values equals the stored one (valueEquals)', () => {
    const scalar = fc.oneof(
      fc.constantFrom('Steel', 'steel', 'STÉEL', 'Straße', 'strasse', '5', '5.0', 'true', 'false', ''),
      fc.string({ maxLength: 4 }),
      fc.integer({ min: -3, max: 8 }),
      fc.constantFrom(5, 0, -0, 2.5),
      fc.boolean(),
    );
    fc.assert(
      fc.property(scalar, fc.array(scalar, { maxLength: 12 }), (stored, wanted) => {
        const folded = fold(String(stored));
        expect(anyValueEquals(wanted)(stored, folded)).toBe(
          wanted.some((w) => valueEquals(stored, folded, w)),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
