import { describe, expect, it } from 'vitest';
import { Column } from './columns';

describe('Column', () => {
  it('keeps each document its distinct value codes, first value first', () => {
    const column = new Column('region');
    column.set(0, ['US', 'CA', 'US']);
    column.set(2, [7, true, 'x']);
    column.set(3000, ['CA']);
    expect(column.codes(0).map((c) => column.values[c])).toEqual(['US', 'CA']);
    expect(column.codes(1)).toEqual([]);
    expect(column.codes(2).map((c) => column.values[c])).toEqual([7, true, 'x']);
    expect(column.codes(3000).map((c) => column.values[c])).toEqual(['CA']);
    // Numbers, booleans and texts that print alike stay different values.
    column.set(4, [1, '1', true, 'true']);
    expect(column.codes(4).map((c) => column.values[c])).toEqual([1, '1', true, 'true']);
  });

  it('filters and counts over every value of a document', () => {
    const column = new Column('certifications');
    column.set(0, ['UL', 'CSA', 'CE']);
    column.set(1, ['CE']);
    const accepted = column.accepting((_, folded) => folded === 'ce');
    expect(column.anyAccepted(0, accepted)).toBe(true);
    expect(column.anyAccepted(1, accepted)).toBe(true);
    expect(column.anyAccepted(2, accepted)).toBe(false);
    const counts = new Int32Array(column.values.length);
    column.count(0, counts);
    column.count(1, counts);
    expect([...counts]).toEqual([1, 1, 2]);
  });

  it('keeps the right values through many replacements (which compact its code lists)', () => {
    const column = new Column('category');
    for (let round = 0; round < 200; round++)
      for (let doc = 0; doc < 1000; doc++) column.set(doc, [`a${round % 3}`, `b${doc % 5}`, `c${round}`]);
    column.set(10, undefined);
    column.trim();
    expect(column.codes(999).map((c) => column.values[c])).toEqual(['a1', 'b4', 'c199']);
    expect(column.codes(10)).toEqual([]);
  });
});
