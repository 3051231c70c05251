import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './category-menu';

const row = (id: string, parentId: string | null, slug: string, fr?: string) => ({
  id,
  parentId,
  name: `Name ${id}`,
  description: null,
  xp: { Slug: slug, Names: fr ? { fr } : {} },
});

describe('buildMenuTree', () => {
  it('nests rows under their parents in the given order, with slug paths and localized names', () => {
    const tree = buildMenuTree(
      [
        row('c1', null, 'conduit'),
        row('l1', 'c1', 'metallic', 'Conduits métalliques'),
        row('f1', 'l1', 'emt'),
        row('l2', 'c1', 'pvc'),
        row('c2', null, 'tray'),
      ],
      'fr',
    );
    expect(tree.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(tree[0]?.children.map((c) => [c.name, c.slugs])).toEqual([
      ['Conduits métalliques', ['conduit', 'metallic']],
      ['Name l2', ['conduit', 'pvc']],
    ]);
    expect(tree[0]?.children[0]?.children[0]?.slugs).toEqual(['conduit', 'metallic', 'emt']);
  });

  it('drops rows without a usable slug together with their branch, and orphans', () => {
    const tree = buildMenuTree(
      [
        row('c1', null, 'Bad Slug'),
        row('l1', 'c1', 'child'),
        row('x', 'missing', 'orphan'),
        row('c2', null, 'ok'),
      ],
      'en',
    );
    expect(tree.map((c) => c.id)).toEqual(['c2']);
  });
});
