import { describe, expect, it } from 'vitest';
import { generateId } from './ids';

describe('generateId', () => {
  it('answers distinct 22-character URL-safe IDs, across many draws of random bytes', () => {
    const ids = Array.from({ length: 5_000 }, generateId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Each position takes many values: no byte of a draw is reused or left zero.
    const firsts = new Set(ids.map((id) => id.slice(0, 2)));
    const lasts = new Set(ids.map((id) => id.slice(-3, -1)));
    expect(firsts.size).toBeGreaterThan(1_000);
    expect(lasts.size).toBeGreaterThan(1_000);
  });
});
