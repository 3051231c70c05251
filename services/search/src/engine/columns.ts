import { fold } from './analysis';

export type AttrValue = string | number | boolean;

/**
 * One filterable attribute of every document: a dictionary of its distinct values and each document's
 * value codes (an Int32Array for the first value; a document with more has them in one shared Int32Array,
 * its count then its codes, instead of an array in a map per document: region and category trails are
 * lists on every product). Filters and facets work on codes: a filter leaf becomes a table "code
 * accepted?", a facet count an Int32Array of counts.
 */
export class Column {
  readonly values: AttrValue[] = [];
  /** Folded text of each value, for case- and accent-insensitive comparisons. */
  readonly folded: string[] = [];
  private readonly stringCodes = new Map<string, number>();
  private readonly numberCodes = new Map<number, number>();
  private readonly booleanCodes = new Map<boolean, number>();
  private first = new Int32Array(1024).fill(-1);
  /** Where a document's other codes start in `more` (0: it has none; `more[0]` is unused). */
  private moreAt = new Int32Array(1024);
  private more = new Int32Array(1024);
  private moreUsed = 1;
  private moreGarbage = 0;

  constructor(readonly name: string) {}

  private code(value: AttrValue): number {
    const codes: Map<AttrValue, number> =
      typeof value === 'string'
        ? this.stringCodes
        : typeof value === 'number'
          ? this.numberCodes
          : this.booleanCodes;
    let code = codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      const text = String(value);
      const folded = fold(text);
      this.folded.push(folded === text ? text : folded);
      codes.set(value, code);
    }
    return code;
  }

  set(doc: number, values: readonly AttrValue[] | undefined): void {
    if (doc >= this.first.length) {
      const grown = new Int32Array(Math.max(doc + 1, this.first.length * 2)).fill(-1);
      grown.set(this.first);
      this.first = grown;
      const at = new Int32Array(grown.length);
      at.set(this.moreAt);
      this.moreAt = at;
    }
    this.dropMore(doc);
    if (!values || values.length === 0) {
      this.first[doc] = -1;
      return;
    }
    const codes = [...new Set(values.map((v) => this.code(v)))];
    this.first[doc] = codes[0] as number;
    if (codes.length > 1) this.addMore(doc, codes.slice(1));
  }

  private dropMore(doc: number): void {
    const at = this.moreAt[doc] as number;
    if (at === 0) return;
    this.moreGarbage += 1 + (this.more[at] as number);
    this.moreAt[doc] = 0;
  }

  private addMore(doc: number, codes: number[]): void {
    if (this.moreGarbage > 1 << 16 && this.moreGarbage * 2 > this.moreUsed) this.compactMore();
    const need = this.moreUsed + 1 + codes.length;
    if (need > this.more.length) {
      const grown = new Int32Array(Math.max(need, this.more.length * 2));
      grown.set(this.more.subarray(0, this.moreUsed));
      this.more = grown;
    }
    const at = this.moreUsed;
    this.more[at] = codes.length;
    this.more.set(codes, at + 1);
    this.moreUsed = need;
    this.moreAt[doc] = at;
  }

  /** Moves the live code lists together (replaced ones left garbage). */
  private compactMore(): void {
    const fresh = new Int32Array(Math.max(1024, this.moreUsed - this.moreGarbage + 1));
    let used = 1;
    for (let doc = 0; doc < this.moreAt.length; doc++) {
      const at = this.moreAt[doc] as number;
      if (at === 0) continue;
      const length = 1 + (this.more[at] as number);
      fresh.set(this.more.subarray(at, at + length), used);
      this.moreAt[doc] = used;
      used += length;
    }
    this.more = fresh;
    this.moreUsed = used;
    this.moreGarbage = 0;
  }

  /** Drops spare capacity (after a full build). */
  trim(): void {
    if (this.more.length > this.moreUsed + 1024) this.more = this.more.slice(0, this.moreUsed);
  }

  /** The first value code of a document, or -1. */
  firstCode(doc: number): number {
    return doc < this.first.length ? (this.first[doc] as number) : -1;
  }

  /** Every value code of a document. */
  codes(doc: number): number[] {
    const first = this.firstCode(doc);
    if (first < 0) return [];
    const at = this.moreAt[doc] as number;
    if (at === 0) return [first];
    return [first, ...this.more.subarray(at + 1, at + 1 + (this.more[at] as number))];
  }

  /** Whether a document has a value whose code `accepted` marks. */
  anyAccepted(doc: number, accepted: Uint8Array): boolean {
    const first = this.firstCode(doc);
    if (first < 0) return false;
    if (accepted[first]) return true;
    const at = this.moreAt[doc] as number;
    if (at === 0) return false;
    const more = this.more;
    for (let i = at + 1, end = at + 1 + (more[at] as number); i < end; i++)
      if (accepted[more[i] as number]) return true;
    return false;
  }

  /** Adds one to `counts[code]` for every value of the document. */
  count(doc: number, counts: Int32Array): void {
    const first = this.firstCode(doc);
    if (first < 0) return;
    counts[first] = (counts[first] as number) + 1;
    const at = this.moreAt[doc] as number;
    if (at === 0) return;
    const more = this.more;
    for (let i = at + 1, end = at + 1 + (more[at] as number); i < end; i++) {
      const code = more[i] as number;
      counts[code] = (counts[code] as number) + 1;
    }
  }

  /** The codes whose value passes a test, as a table indexed by code. */
  accepting(test: (value: AttrValue, folded: string) => boolean): Uint8Array {
    const table = new Uint8Array(this.values.length);
    for (let code = 0; code < this.values.length; code++)
      if (test(this.values[code] as AttrValue, this.folded[code] as string)) table[code] = 1;
    return table;
  }
}
