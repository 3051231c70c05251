import { describe, expect, it } from 'vitest';
import { pendingProjectItems, withPendingItem } from './project-persist';

describe('productPersist items for a project', () => {
  it('adds items, sums quantities of the same product and keeps the other keys', () => {
    const first = withPendingItem('{"favourites":["EMT-050-10"]}', {
      productId: 'EMT-075-10',
      quantity: 2,
      source: 'conduit-fill',
    });
    const second = withPendingItem(first, { productId: 'EMT-075-10', quantity: 3, source: 'conduit-fill' });
    const third = withPendingItem(second, { productId: 'SC-4141-G12-10', quantity: 1, source: 'strut-span' });
    expect(JSON.parse(third)).toEqual({
      favourites: ['EMT-050-10'],
      pendingProjectItems: [
        { productId: 'EMT-075-10', quantity: 5, source: 'conduit-fill' },
        { productId: 'SC-4141-G12-10', quantity: 1, source: 'strut-span' },
      ],
    });
  });

  it('starts afresh from a missing or unreadable value and ignores malformed items', () => {
    expect(pendingProjectItems(null)).toEqual([]);
    expect(pendingProjectItems('not json')).toEqual([]);
    expect(
      pendingProjectItems(
        '{"pendingProjectItems":[{"productId":"A","quantity":0,"source":"x"},{"productId":"B","quantity":1,"source":"x"}]}',
      ),
    ).toEqual([{ productId: 'B', quantity: 1, source: 'x' }]);
    expect(JSON.parse(withPendingItem('[1,2]', { productId: 'A', quantity: 9998, source: 's' }))).toEqual({
      pendingProjectItems: [{ productId: 'A', quantity: 9998, source: 's' }],
    });
    const capped = withPendingItem(withPendingItem(null, { productId: 'A', quantity: 9998, source: 's' }), {
      productId: 'A',
      quantity: 5,
      source: 's',
    });
    expect(pendingProjectItems(capped)[0]?.quantity).toBe(9999);
  });
});
