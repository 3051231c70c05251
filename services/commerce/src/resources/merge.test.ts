import { describe, expect, it } from 'vitest';
import { mergePatch } from './merge';

describe('xp merge for PATCH', () => {
  it('merges nested objects and keeps keys patched to null', () => {
    const current = { a: 1, nested: { x: 1, y: { deep: true } }, list: [1, 2], gone: 'soon' };
    const patch = { nested: { y: { other: 2 } }, list: [3], gone: null, added: 'new' };
    expect(mergePatch(current, patch)).toEqual({
      a: 1,
      nested: { x: 1, y: { deep: true, other: 2 } },
      list: [3],
      gone: null,
      added: 'new',
    });
  });
  it('replaces when either side is not an object', () => {
    expect(mergePatch({ a: 1 }, [1])).toEqual([1]);
    expect(mergePatch('x', { a: 1 })).toEqual({ a: 1 });
  });
});
