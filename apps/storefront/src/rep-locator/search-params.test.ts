import { describe, expect, it } from 'vitest';
import { readRepSearch } from './search-params';

describe('readRepSearch', () => {
  it('reads region and postal code from the query string', () => {
    expect(readRepSearch({ region: 'ca', postalCode: ' M5V 3L9 ' }, 'US')).toEqual({
      region: 'CA',
      postalCode: 'M5V 3L9',
    });
  });

  it("falls back to the locale's region for a missing or unknown region", () => {
    expect(readRepSearch({}, 'EU')).toEqual({ region: 'EU', postalCode: '' });
    expect(readRepSearch({ region: 'XX', postalCode: '10001' }, 'GB')).toEqual({
      region: 'GB',
      postalCode: '10001',
    });
  });

  it('takes the first of repeated parameters and caps the postal code', () => {
    expect(readRepSearch({ region: ['AU', 'NZ'], postalCode: ['2000', '3000'] }, 'US')).toEqual({
      region: 'AU',
      postalCode: '2000',
    });
    expect(readRepSearch({ postalCode: '1'.repeat(100) }, 'US').postalCode).toHaveLength(40);
  });
});
