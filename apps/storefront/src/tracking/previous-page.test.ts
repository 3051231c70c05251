import { describe, expect, it } from 'vitest';
import { pageUrlWithoutQuery, previousPageAfter } from './previous-page';

const A = 'https://shop.example.com/';
const B = 'https://shop.example.com/fr-ca';

describe('previousPageURL', () => {
  it('drops the query string and fragment', () => {
    expect(pageUrlWithoutQuery('https://shop.example.com/search?q=tray#results')).toBe(
      'https://shop.example.com/search',
    );
  });

  it('is the page the tab showed before', () => {
    expect(previousPageAfter({ current: B, lastSeen: A, referrer: '' })).toBe(A);
    expect(previousPageAfter({ current: B, lastSeen: A, referrer: 'https://elsewhere.example/' })).toBe(A);
  });

  it('does not change when the same page is shown again', () => {
    expect(previousPageAfter({ current: A, lastSeen: A, referrer: '' })).toBe('keep');
  });

  it("takes a same-site referrer on a tab's first page and forgets outside referrers", () => {
    expect(previousPageAfter({ current: B, lastSeen: null, referrer: `${A}?utm=x` })).toBe(A);
    expect(
      previousPageAfter({ current: B, lastSeen: null, referrer: 'https://search.example/?q=x' }),
    ).toBeNull();
    expect(previousPageAfter({ current: B, lastSeen: null, referrer: '' })).toBeNull();
    expect(previousPageAfter({ current: B, lastSeen: null, referrer: 'not a url' })).toBeNull();
  });
});
