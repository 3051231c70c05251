import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('rate limiter', () => {
  it('allows the limit per window, then says how long to wait, then allows again', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual([null, null, null]);
    expect(limiter.hit('a')).toBe(60);
    expect(limiter.hit('b')).toBeNull();
    now += 45_000;
    expect(limiter.hit('a')).toBe(15);
    now += 15_000;
    expect(limiter.hit('a')).toBeNull();
  });
});
