/**
 * A sorted list of document numbers in a growable Int32Array (4 bytes a posting: an index of 100,000
 * SKUs in four languages holds millions of them). Documents are mostly appended in ascending order while
 * the index is built; a re-indexed document is inserted or removed in place.
 */
export class Postings {
  private buffer: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.buffer = new Int32Array(capacity);
  }

  get ids(): Int32Array {
    return this.buffer;
  }

  private position(doc: number): number {
    let low = 0;
    let high = this.length;
    const buffer = this.buffer;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((buffer[mid] as number) < doc) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  add(doc: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Int32Array(Math.max(4, this.buffer.length * 2));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    if (this.length === 0 || (this.buffer[this.length - 1] as number) < doc) {
      this.buffer[this.length++] = doc;
      return;
    }
    const at = this.position(doc);
    if (this.buffer[at] === doc && at < this.length) return;
    this.buffer.copyWithin(at + 1, at, this.length);
    this.buffer[at] = doc;
    this.length++;
  }

  remove(doc: number): void {
    const at = this.position(doc);
    if (at >= this.length || this.buffer[at] !== doc) return;
    this.buffer.copyWithin(at, at + 1, this.length);
    this.length--;
  }

  /** Drops spare capacity (after a full build). */
  trim(): void {
    if (this.buffer.length > this.length + 4) this.buffer = this.buffer.slice(0, this.length);
  }
}
