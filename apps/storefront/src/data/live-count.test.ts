import { describe, expect, it } from 'vitest';
import { withLiveCount } from './product-content';

describe('withLiveCount (one source for the family counts)', () => {
  it('shows the live count in the products row only, in the locale', () => {
    const tables = [
      {
        id: 'specifications',
        title: 'EMT',
        columns: ['', ''],
        rows: [
          { label: 'Catalogue numbers', values: ['96'], key: 'products' },
          { label: 'Material', values: ['Steel'], key: null },
        ],
      },
    ];
    expect(withLiveCount(tables, 1094, 'de-EU')[0]?.rows).toEqual([
      { label: 'Catalogue numbers', values: ['1.094'], key: 'products' },
      { label: 'Material', values: ['Steel'], key: null },
    ]);
  });
});
