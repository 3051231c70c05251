import { describe, expect, it } from 'vitest';
import type { ListingRow } from './listing-rows';
import { ListingStore } from './listing-store';
import { makeSortOrder, type SortName, updatedSortOrder } from './sort-order';

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function row(id: string, name: string): ListingRow {
  return {
    product_id: id,
    id_key: id.toLowerCase(),
    name,
    name_key: name.toLowerCase(),
    catalogs: ['c'],
    within: [],
    placed: [],
    facets: [],
    filter_tokens: [],
    search_text: `${id.toLowerCase()}\n${name.toLowerCase()}`,
  };
}

describe('sort orders brought up to date after changes', () => {
  it('equal a full sort after random inserts, renames and removals, for every sort', () => {
    const next = random(21);
    const names = ['Alpha', 'alpha', 'Beta', 'Ölrohr', 'beta', 'Zeta', 'Γάμμα', '😀 pipe'];
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
    const id = () => `${pick(['A', 'a', 'B', 'b', 'Z'])}-${Math.floor(next() * 300)}`;
    const store = new ListingStore();
    for (let i = 0; i < 200; i++) {
      const p = id();
      store.put(p, row(p, pick(names)));
    }
    const sorts: SortName[] = ['id', 'name', '!name'];
    const orders = new Map(sorts.map((s) => [s, makeSortOrder(store, s)]));
    for (let round = 0; round < 30; round++) {
      for (let k = Math.floor(next() * 20); k > 0; k--) {
        const p = id();
        store.put(p, next() < 0.3 ? null : row(p, pick(names)));
      }
      for (const sort of sorts) {
        const updated = updatedSortOrder(store, sort, orders.get(sort) ?? makeSortOrder(store, sort));
        const full = makeSortOrder(store, sort);
        expect([...updated.slots], `${sort} round ${round}`).toEqual([...full.slots]);
        expect([...updated.rank]).toEqual([...full.rank]);
        orders.set(sort, updated);
      }
    }
  });
});
