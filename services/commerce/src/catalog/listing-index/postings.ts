/**
 * A growable list of slots in an Int32Array (half the memory of a JavaScript array of numbers): the
 * products holding one catalog, category, facet value or word. Order does not matter.
 */
export class Postings {
  items = new Int32Array(4);
  length = 0;

  push(slot: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = slot;
  }

  /** Removes one occurrence: the last element takes its place. */
  remove(slot: number): void {
    const items = this.items;
    for (let i = this.length - 1; i >= 0; i--) {
      if (items[i] === slot) {
        items[i] = items[this.length - 1] as number;
        this.length--;
        return;
      }
    }
  }

  /** Gives back the room grown for pushes still to come (after a full load). */
  trim(): void {
    if (this.items.length > this.length) this.items = this.items.slice(0, Math.max(this.length, 1));
  }

  view(): Int32Array {
    return this.items.subarray(0, this.length);
  }
}

/** The postings under `key`, made when missing. */
export function postingsAt<K>(map: Map<K, Postings>, key: K): Postings {
  let list = map.get(key);
  if (!list) {
    list = new Postings();
    map.set(key, list);
  }
  return list;
}
