const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Strings kept as UTF-8 in one growable byte array instead of as JavaScript strings: the names and
 * descriptions of 100,000 products in four languages are about 800 bytes a product this way, against
 * twice that as strings (French and German texts are two bytes a character in V8) plus their objects.
 * A string is a handle: its byte offset and length, packed in a number (offset * 2^22 + length, both
 * exact in a double up to 2^31 bytes of pool and 4 MiB per string; a longer text keeps its first
 * 1,398,101 characters, far beyond any name or description). Replaced strings leave garbage,
 * dropped by `compact` (which moves the live ones and hands back their new handles).
 */
export class TextPool {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  /** Bytes of strings released. */
  garbage = 0;

  static readonly EMPTY = 0;
  private static readonly LENGTH = 2 ** 22;

  get size(): number {
    return this.used;
  }

  add(whole: string): number {
    if (whole === '') return TextPool.EMPTY;
    const text = whole.length * 3 < TextPool.LENGTH ? whole : whole.slice(0, (TextPool.LENGTH - 1) / 3);
    const most = text.length * 3;
    this.ensure(this.used + most);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.used));
    const handle = this.used * TextPool.LENGTH + written;
    this.used += written;
    return handle;
  }

  get(handle: number): string {
    const length = handle % TextPool.LENGTH;
    if (length === 0) return '';
    const offset = (handle - length) / TextPool.LENGTH;
    return decoder.decode(this.bytes.subarray(offset, offset + length));
  }

  release(handle: number): void {
    this.garbage += handle % TextPool.LENGTH;
  }

  /** Whether enough is garbage to be worth a compaction. */
  get wasteful(): boolean {
    return this.garbage > 1 << 20 && this.garbage * 2 > this.used;
  }

  /** Moves the live strings together: `handles` are rewritten in place (the same handle twice is fine). */
  compact(handles: Float64Array[]): void {
    const fresh = new Uint8Array(Math.max(1 << 16, this.used - this.garbage));
    const moved = new Map<number, number>();
    let used = 0;
    for (const list of handles) {
      for (let i = 0; i < list.length; i++) {
        const handle = list[i] as number;
        const length = handle % TextPool.LENGTH;
        if (length === 0) continue;
        let next = moved.get(handle);
        if (next === undefined) {
          const offset = (handle - length) / TextPool.LENGTH;
          fresh.set(this.bytes.subarray(offset, offset + length), used);
          next = used * TextPool.LENGTH + length;
          used += length;
          moved.set(handle, next);
        }
        list[i] = next;
      }
    }
    this.bytes = fresh;
    this.used = used;
    this.garbage = 0;
  }

  /** Drops spare capacity (after a full build). */
  trim(): void {
    if (this.bytes.length > this.used + 1024) this.bytes = this.bytes.slice(0, this.used);
  }

  private ensure(size: number): void {
    if (size <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(size, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }
}
