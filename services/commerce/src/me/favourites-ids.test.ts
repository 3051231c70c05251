import { describe, expect, it } from 'vitest';
import { favouritesCollectionIds, reservedForSomeoneElse } from './favourites-ids';

describe('favouritesCollectionIds', () => {
  it('is favourites-<user ID> for ordinary IDs, then its hashed form', () => {
    const [plain, second, ...more] = favouritesCollectionIds('engineer');
    expect(plain).toBe('favourites-engineer');
    expect(second).toMatch(/^favourites-[A-Za-z0-9_-]{43}$/);
    expect(more).toEqual([]);
    expect(favouritesCollectionIds('a.b_c-1')[0]).toBe('favourites-a.b_c-1');
  });

  it('hashes user IDs that would not make a valid collection ID, keeping them apart', () => {
    const [long] = favouritesCollectionIds('x'.repeat(95));
    expect(favouritesCollectionIds('x'.repeat(95))).toHaveLength(1);
    expect(long).toMatch(/^favourites-[A-Za-z0-9_-]{43}$/);
    expect(favouritesCollectionIds('x'.repeat(96))[0]).not.toBe(long);
    expect(favouritesCollectionIds('José')[0]).toMatch(/^favourites-[A-Za-z0-9_-]{43}$/);
    expect(favouritesCollectionIds('x'.repeat(89))[0]).toBe(`favourites-${'x'.repeat(89)}`);
  });

  it('reserves every favourites- ID for its own user only', () => {
    const [plain, second] = favouritesCollectionIds('engineer');
    expect(reservedForSomeoneElse(plain as string, 'engineer')).toBe(false);
    expect(reservedForSomeoneElse(second as string, 'engineer')).toBe(false);
    expect(reservedForSomeoneElse(plain as string, 'employee')).toBe(true);
    expect(reservedForSomeoneElse(second as string, 'employee')).toBe(true);
    expect(reservedForSomeoneElse('favourites-nobody-yet', 'employee')).toBe(true);
    expect(reservedForSomeoneElse('my-list', 'employee')).toBe(false);
  });
});
