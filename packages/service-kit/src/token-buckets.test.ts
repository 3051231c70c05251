import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets';

describe('TokenBuckets', () => {
  it('lets a key spend its capacity at once, then earns it back at the rate, per key', () => {
    let now = 1_000_000;
    const buckets = new TokenBuckets(10, 60_000, () => now);
    expect(buckets.hit('a', 6)).toBe(0);
    expect(buckets.hit('a', 4)).toBe(0);
    // Empty: one unit comes back every 6 s.
    expect(buckets.hit('a')).toBe(6);
    expect(buckets.hit('b', 10)).toBe(0);
    now += 12_000;
    expect(buckets.hit('a', 3)).toBe(6);
    expect(buckets.hit('a', 2)).toBe(0);
    expect(buckets.hit('a')).toBe(6);
  });

  it('checks without spending, and refuses a cost beyond the capacity with a whole period to wait', () => {
    const now = 0;
    const buckets = new TokenBuckets(5, 60_000, () => now);
    expect(buckets.waitFor('a', 5)).toBe(0);
    expect(buckets.waitFor('a', 5)).toBe(0);
    expect(buckets.waitFor('a', 6)).toBe(60);
    expect(buckets.hit('a', 6)).toBe(60);
    expect(buckets.hit('a', 5)).toBe(0);
  });

  it('stays bounded under a flood of new keys, keeping the keys still being limited', () => {
    let now = 0;
    const buckets = new TokenBuckets(2, 60_000, () => now, 100);
    buckets.hit('flooder', 2);
    for (let i = 0; i < 1000; i++) {
      now += 1;
      buckets.hit(`visitor-${i}`);
    }
    expect(buckets.waitFor('flooder')).toBeGreaterThan(0);
  });
});
