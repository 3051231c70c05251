import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type Page, pageOf } from './paging';

const items = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key }));

describe('pageOf', () => {
  it('walks a sorted list page by page with opaque cursors until hasNext is false', () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const page: Page<{ key: string }> = pageOf(items, (x) => x.key, 2, cursor);
      expect(page.total).toBe(5);
      seen.push(...page.results.map((r) => r.key));
      if (!page.pageInfo.hasNext) break;
      cursor = page.pageInfo.endCursor;
      expect(cursor).not.toContain('c1:');
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps a page boundary where it was when an item before it disappears', () => {
    const first = pageOf(items, (x) => x.key, 2, null);
    const without = items.filter((x) => x.key !== 'a');
    expect(pageOf(without, (x) => x.key, 2, first.pageInfo.endCursor).results.map((r) => r.key)).toEqual([
      'c',
      'd',
    ]);
  });

  it('defaults to 20 and refuses limits outside 1 to 100', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ key: String(i).padStart(2, '0') }));
    expect(pageOf(many, (x) => x.key, null, null).results).toHaveLength(20);
    expect(() => pageOf(many, (x) => x.key, 0, null)).toThrow(/limit must be from 1 to 100/);
    expect(() => pageOf(many, (x) => x.key, 101, null)).toThrow(/limit must be from 1 to 100/);
  });

  it('refuses malformed cursors', () => {
    expect(decodeCursor(encodeCursor('/products'))).toBe('/products');
    for (const bad of ['zzz', '!!', Buffer.from('other').toString('base64url'), `${encodeCursor('x')}=`])
      expect(() => decodeCursor(bad)).toThrow(/Malformed cursor/);
  });
});
