import type { IndexSearch } from './listing-query';
import type { ListingStore } from './listing-store';

const PIECE = /[\p{L}\p{N}]+/gu;

/**
 * The slots a `search` may match, as a byte per slot (1: may match), from the word postings: a term's
 * letters-and-digits pieces each lie inside one word of the text, so the slots holding a word that
 * contains every piece are a superset of the term's matches, and exactly them when the term is one piece.
 * `verify`: the text must still be checked (`includes`) for the marked slots. `bound`: at least as many
 * as the marked slots. `slots`: the marked slots themselves, when there are few (`FEW_SLOTS` or fewer).
 * Null: any slot may match (a term without letters or digits), the text decides alone. The marks are
 * scratch memory, valid until the next search: a request uses them without yielding.
 */
export function searchCandidates(
  store: ListingStore,
  search: IndexSearch,
): { marks: Uint8Array; verify: boolean; bound: number; slots: number[] | null } | null {
  const size = store.slotCount;
  pool.reset(size);
  let result: Marks | null = null;
  let verify = false;
  for (const term of search.words) {
    const pieces = term.match(PIECE) ?? [];
    if (pieces.length === 0) {
      // Any text may hold it: for AnyTerm everything may match; otherwise it narrows nothing.
      if (search.kind === 'any') return null;
      verify = true;
      continue;
    }
    if (pieces.length > 1 || pieces[0] !== term) verify = true;
    let marks: Marks | null = null;
    for (const piece of pieces)
      marks = marks ? and(marks, pieceMarks(store, piece)) : pieceMarks(store, piece);
    if (marks === null) continue;
    result = result === null ? marks : search.kind === 'any' ? or(result, marks) : and(result, marks);
  }
  return result === null ? null : { ...result, verify };
}

/** Up to this many marked slots are also kept as a list (sorting them beats walking the sort order). */
const FEW_SLOTS = 8192;

/** A byte per slot (1: marked), at least as many as the marked slots, and those slots when few. */
interface Marks {
  marks: Uint8Array;
  bound: number;
  slots: number[] | null;
}

/** Byte arrays of one byte per slot, reused by every search (zeroed when taken); a few are kept. */
class MarksPool {
  private arrays: Uint8Array[] = [];
  private used = 0;

  reset(size: number): void {
    if ((this.arrays[0]?.length ?? size) < size) this.arrays = [];
    this.used = 0;
  }

  take(size: number): Uint8Array {
    const array = this.arrays[this.used];
    this.used++;
    if (array) return array.fill(0, 0, size).subarray(0, size);
    const fresh = new Uint8Array(size);
    if (this.arrays.length < KEPT_ARRAYS) this.arrays.push(fresh);
    return fresh;
  }
}

/** Arrays kept for reuse: a search of more pieces than this allocates the rest each time. */
const KEPT_ARRAYS = 8;
const pool = new MarksPool();

/** The slots holding a word that contains `piece`. */
function pieceMarks(store: ListingStore, piece: string): Marks {
  const marks = pool.take(store.slotCount);
  const lists = [];
  let bound = 0;
  const words = store.words.texts;
  for (let w = 0; w < words.length; w++) {
    if (!(words[w] as string).includes(piece)) continue;
    const postings = store.wordSlots.get(w);
    if (!postings) continue;
    lists.push(postings);
    bound += postings.length;
  }
  // The slots are listed only when few: a common piece's list would be garbage at once.
  const slots: number[] | null = bound <= FEW_SLOTS ? [] : null;
  for (const { items, length } of lists) {
    for (let i = 0; i < length; i++) {
      const slot = items[i] as number;
      if (marks[slot] === 1) continue;
      marks[slot] = 1;
      slots?.push(slot);
    }
  }
  return { marks, bound, slots };
}

function and(a: Marks, b: Marks): Marks {
  const [x, y] = [a.marks, b.marks];
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) & (y[i] as number);
  const few = a.slots ?? b.slots;
  return { marks: x, bound: Math.min(a.bound, b.bound), slots: few?.filter((s) => x[s] === 1) ?? null };
}

function or(a: Marks, b: Marks): Marks {
  const [x, y] = [a.marks, b.marks];
  // B's slots that A lacks, before A's marks take them.
  const added = a.slots ? (b.slots?.filter((s) => x[s] === 0) ?? null) : null;
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) | (y[i] as number);
  const slots = a.slots && added && a.slots.length + added.length <= FEW_SLOTS ? a.slots.concat(added) : null;
  return { marks: x, bound: a.bound + b.bound, slots };
}
