import { fold } from './analysis';

export type AttrValue = string | number | boolean;

/**
 * One filterable attribute of every document: a dictionary of its distinct values and each document's
 * value codes (an Int32Array for the first value, a map for documents with more). Filters and facets
 * work on codes: a filter leaf becomes a table "code accepted?", a facet count an Int32Array of counts.
 */
export class Column {
  readonly values: AttrValue[] = [];
  /** Folded text of each value, for case- and accent-insensitive comparisons. */
  readonly folded: string[] = [];
  private readonly codeOf = new Map<string, number>();
  private first = new Int32Array(1024).fill(-1);
  /** 1 for documents with more than one value (their other codes are in `more`). */
  private several = new Uint8Array(1024);
  private readonly more = new Map<number, number[]>();

  constructor(readonly name: string) {}

  private code(value: AttrValue): number {
    const key = `${typeof value}:${String(value)}`;
    let code = this.codeOf.get(key);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.folded.push(fold(String(value)));
      this.codeOf.set(key, code);
    }
    return code;
  }

  set(doc: number, values: readonly AttrValue[] | undefined): void {
    if (doc >= this.first.length) {
      const grown = new Int32Array(Math.max(doc + 1, this.first.length * 2)).fill(-1);
      grown.set(this.first);
      this.first = grown;
      const flags = new Uint8Array(grown.length);
      flags.set(this.several);
      this.several = flags;
    }
    this.more.delete(doc);
    this.several[doc] = 0;
    if (!values || values.length === 0) {
      this.first[doc] = -1;
      return;
    }
    const codes = [...new Set(values.map((v) => this.code(v)))];
    this.first[doc] = codes[0] as number;
    if (codes.length > 1) {
      this.more.set(doc, codes.slice(1));
      this.several[doc] = 1;
    }
  }

  /** The first value code of a document, or -1. */
  firstCode(doc: number): number {
    return doc < this.first.length ? (this.first[doc] as number) : -1;
  }

  /** Every value code of a document. */
  codes(doc: number): number[] {
    const first = this.firstCode(doc);
    if (first < 0) return [];
    const more = this.several[doc] ? this.more.get(doc) : undefined;
    return more ? [first, ...more] : [first];
  }

  /** Whether a document has a value whose code `accepted` marks. */
  anyAccepted(doc: number, accepted: Uint8Array): boolean {
    const first = this.firstCode(doc);
    if (first < 0) return false;
    if (accepted[first]) return true;
    if (!this.several[doc]) return false;
    const more = this.more.get(doc);
    if (!more) return false;
    for (const code of more) if (accepted[code]) return true;
    return false;
  }

  /** Adds one to `counts[code]` for every value of the document. */
  count(doc: number, counts: Int32Array): void {
    const first = this.firstCode(doc);
    if (first < 0) return;
    counts[first] = (counts[first] as number) + 1;
    if (!this.several[doc]) return;
    const more = this.more.get(doc);
    if (more) for (const code of more) counts[code] = (counts[code] as number) + 1;
  }

  /** The codes whose value passes a test, as a table indexed by code. */
  accepting(test: (value: AttrValue, folded: string) => boolean): Uint8Array {
    const table = new Uint8Array(this.values.length);
    for (let code = 0; code < this.values.length; code++)
      if (test(this.values[code] as AttrValue, this.folded[code] as string)) table[code] = 1;
    return table;
  }
}
