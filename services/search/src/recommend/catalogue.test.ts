import { describe, expect, it } from 'vitest';
import { type IndexedDoc, TextIndex } from '../engine/text-index';
import { IndexCatalogue } from './catalogue';
import { rankSimilar } from './similar';

const LINES = ['strut.channel', 'strut.fittings', 'wire.thhn'];

function doc(id: string, n: number): IndexedDoc {
  const line = LINES[n % LINES.length] as string;
  const family = `${line}.f${n % 2}`;
  const trail = n % 7 === 0 ? ['root', line] : ['root', line, family, `${family}.s${n % 3}`];
  return {
    key: id,
    id,
    scopes: n % 5 === 0 ? ['GB'] : ['US', 'GB'],
    text: {},
    category: trail.at(-1) ?? null,
    catalogueNumber: null,
    attrs: { id: [id], category: trail, material: [n % 3 === 0 ? 'steel' : 'zinc'], weight_kg: [n % 4] },
    fields: {},
    localized: {},
    path: `/product/${id}`,
  };
}

/** What the recipes can see of a catalogue: every product, family, line and similar list. */
function view(catalogue: IndexCatalogue, ids: string[]): unknown {
  const families = LINES.flatMap((line) => [`${line}.f0`, `${line}.f1`]);
  return {
    products: ids.map((id) => catalogue.product(id) ?? null),
    families: families.map((family) =>
      catalogue
        .family(family)
        .map((p) => p.id)
        .sort(),
    ),
    lines: LINES.map((line) => catalogue.familiesOf(line).sort()),
    similar: ids.map((id) =>
      rankSimilar(catalogue, [id], { scopes: new Set(['US']), exclude: new Set([id]) }, 10),
    ),
  };
}

describe('IndexCatalogue', () => {
  it('follows products added, changed (another family or line) and removed as if built anew', () => {
    const index = new TextIndex();
    const ids = Array.from({ length: 60 }, (_, n) => `P${n}`);
    ids.slice(0, 40).forEach((id, n) => {
      index.upsert(doc(id, n));
    });
    const catalogue = new IndexCatalogue(index);
    view(catalogue, ids); // builds the blocks a change must drop
    for (let step = 0; step < 30; step++) {
      const id = ids[(step * 7) % ids.length] as string;
      if (step % 4 === 3) index.remove(id);
      else index.upsert(doc(id, step * 5 + 1));
      if (step % 3 === 0) index.upsert(doc(ids[step + 30] as string, step));
      expect(catalogue.follow()).toBe(true);
      expect(view(catalogue, ids)).toEqual(view(new IndexCatalogue(index), ids));
    }
  });

  it('asks to be built anew when the index cannot name the changes', () => {
    const index = new TextIndex();
    index.upsert(doc('P1', 1));
    const catalogue = new IndexCatalogue(index);
    index.setCategories([]);
    expect(catalogue.follow()).toBe(false);
    const later = new IndexCatalogue(index);
    for (let n = 0; n < 10_000; n++) index.upsert(doc('P1', n));
    expect(later.follow()).toBe(false);
  });
});
