import { describe, expect, it } from 'vitest';
import { favouritesCollectionId } from './favourites-id';

describe('favouritesCollectionId', () => {
  it('is favourites-<user ID> for ordinary IDs', () => {
    expect(favouritesCollectionId('engineer')).toBe('favourites-engineer');
    expect(favouritesCollectionId('a.b_c-1')).toBe('favourites-a.b_c-1');
  });

  it('hashes user IDs that would not make a valid collection ID, keeping them apart', () => {
    const long = favouritesCollectionId('x'.repeat(95));
    expect(long).toMatch(/^favourites-[A-Za-z0-9_-]{43}$/);
    expect(favouritesCollectionId('x'.repeat(96))).not.toBe(long);
    expect(favouritesCollectionId('José')).toMatch(/^favourites-[A-Za-z0-9_-]{43}$/);
    expect(favouritesCollectionId('x'.repeat(89))).toBe(`favourites-${'x'.repeat(89)}`);
  });
});
