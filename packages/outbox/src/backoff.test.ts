import { describe, expect, it } from 'vitest';
import { backoffSeconds } from './backoff';

describe('backoff', () => {
  it('doubles per attempt between half and all of the delay', () => {
    expect(backoffSeconds(1, 30, 3600, () => 0)).toBe(15);
    expect(backoffSeconds(1, 30, 3600, () => 1)).toBe(30);
    expect(backoffSeconds(2, 30, 3600, () => 1)).toBe(60);
    expect(backoffSeconds(4, 30, 3600, () => 0.5)).toBe(180);
  });

  it('stops at the cap, however many attempts failed', () => {
    expect(backoffSeconds(8, 30, 3600, () => 1)).toBe(3600);
    expect(backoffSeconds(10_000, 30, 3600, () => 1)).toBe(3600);
    expect(backoffSeconds(10_000, 30, 3600, () => 0)).toBe(1800);
  });

  it('never answers less than a second', () => {
    expect(backoffSeconds(1, 1, 1, () => 0)).toBe(1);
  });
});
