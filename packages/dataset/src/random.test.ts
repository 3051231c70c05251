import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from './random';

describe('Random', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const sequence = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 20 }, () => random.next());
    };
    expect(sequence(42)).toEqual(sequence(42));
    expect(sequence(42)).not.toEqual(sequence(43));
    expect(Random.derive(1, 'a').next()).not.toBe(Random.derive(1, 'b').next());
  });

  it('stays within its ranges', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.nat(1000), (seed, min, span) => {
        const random = new Random(seed);
        for (let i = 0; i < 20; i++) {
          const x = random.next();
          expect(x >= 0 && x < 1).toBe(true);
          const n = random.int(min, min + span);
          expect(Number.isInteger(n) && n >= min && n <= min + span).toBe(true);
        }
      }),
    );
  });

  it('shuffles into a permutation', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer()), (seed, items) => {
        const shuffled = new Random(seed).shuffle(items);
        expect([...shuffled].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });
});
