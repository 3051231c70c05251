import type { IndexSearch } from './listing-query';
import type { ListingStore } from './listing-store';

const PIECE = /[\p{L}\p{N}]+/gu;

/**
 * The slots a `search` may match, as a byte per slot (1: may match), from the word postings: a term's
 * letters-and-digits pieces each lie inside one word of the text, so the slots holding a word that
 * contains every piece are a superset of the term's matches, and exactly them when the term is one piece.
 * `verify`: the text must still be checked (`includes`) for the marked slots. `bound`: at least as many
 * as the marked slots. Null: any slot may match (a term without letters or digits), the text decides alone.
 */
export function searchCandidates(
  store: ListingStore,
  search: IndexSearch,
): { marks: Uint8Array; verify: boolean; bound: number } | null {
  const size = store.slotCount;
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
      marks = marks ? and(marks, pieceMarks(store, piece, size)) : pieceMarks(store, piece, size);
    if (marks === null) continue;
    result = result === null ? marks : search.kind === 'any' ? or(result, marks) : and(result, marks);
  }
  return result === null ? null : { marks: result.marks, verify, bound: result.bound };
}

/** A byte per slot (1: marked) and at least as many as the marked slots. */
interface Marks {
  marks: Uint8Array;
  bound: number;
}

/** The slots holding a word that contains `piece`. */
function pieceMarks(store: ListingStore, piece: string, size: number): Marks {
  const marks = new Uint8Array(size);
  let bound = 0;
  const words = store.words.texts;
  for (let w = 0; w < words.length; w++) {
    if (!(words[w] as string).includes(piece)) continue;
    const postings = store.wordSlots.get(w);
    if (!postings) continue;
    const items = postings.items;
    for (let i = 0; i < postings.length; i++) marks[items[i] as number] = 1;
    bound += postings.length;
  }
  return { marks, bound };
}

function and(a: Marks, b: Marks): Marks {
  const [x, y] = [a.marks, b.marks];
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) & (y[i] as number);
  return { marks: x, bound: Math.min(a.bound, b.bound) };
}

function or(a: Marks, b: Marks): Marks {
  const [x, y] = [a.marks, b.marks];
  for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) | (y[i] as number);
  return { marks: x, bound: a.bound + b.bound };
}

/** The marked slots, in slot order. */
export function markedSlots(marks: Uint8Array): number[] {
  const slots: number[] = [];
  for (let i = 0; i < marks.length; i++) if (marks[i] === 1) slots.push(i);
  return slots;
}
