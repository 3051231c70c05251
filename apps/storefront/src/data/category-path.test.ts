import { describe, expect, it } from 'vitest';
import { resolveCategoryPath, withChildren } from './category-path';

const row = (id: string, parentId: string | null, slug: string, names?: Record<string, string>) => ({
  id,
  parentId,
  name: `${id} (en)`,
  description: null,
  xp: { Slug: slug, ...(names ? { Names: names } : {}) },
});

const rows = [
  row('a', null, 'conduit'),
  row('a.b', 'a', 'emt', { de: 'EMT-Rohr' }),
  row('a.c', 'a', 'rigid'),
  row('x', null, 'strut'),
  row('x.b', 'x', 'emt'),
  row('a.b.d', 'a.b', 'fittings'),
];

describe('resolveCategoryPath', () => {
  it('walks the slugs from the top level down and answers trail and children', () => {
    const found = resolveCategoryPath(rows, ['conduit', 'emt'], 'de');
    expect(found?.id).toBe('a.b');
    expect(found?.name).toBe('EMT-Rohr');
    expect(found?.level).toBe(2);
    expect(found?.trail.map((c) => c.slugs.join('/'))).toEqual(['conduit', 'conduit/emt']);
    expect(found?.children.map((c) => [c.id, c.slugs.join('/')])).toEqual([
      ['a.b.d', 'conduit/emt/fittings'],
    ]);
  });

  it('follows the parent chain, so a slug used under another parent does not match', () => {
    expect(resolveCategoryPath(rows, ['strut', 'emt'], 'en')?.id).toBe('x.b');
    expect(resolveCategoryPath(rows, ['emt'], 'en')).toBeNull();
    expect(resolveCategoryPath(rows, ['strut', 'fittings'], 'en')).toBeNull();
  });

  it('refuses empty paths and paths deeper than six levels', () => {
    expect(resolveCategoryPath(rows, [], 'en')).toBeNull();
    expect(resolveCategoryPath(rows, ['a', 'b', 'c', 'd', 'e', 'f', 'g'], 'en')).toBeNull();
  });

  it("shows a child once when its slug is its parent's too (a range card shown twice)", () => {
    const parent = row('c', null, 'conduit-fittings');
    const onPath = [row('c.f', 'c', 'conduit-fittings'), parent];
    const children = [row('c.m', 'c', 'metallic'), row('c.f', 'c', 'conduit-fittings')];
    const found = resolveCategoryPath(withChildren(onPath, children, 'c'), ['conduit-fittings'], 'en');
    expect(found?.children.map((c) => c.id)).toEqual(['c.m', 'c.f']);
  });
});
