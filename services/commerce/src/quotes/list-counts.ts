/**
 * Exact `Meta.TotalCount`s of quote lists, kept by the committed generation of `quotes` (migration 0043:
 * every transaction that changes a quote moves `cache_generations('quotes')` on at its commit). A list
 * reads the generation in the statement that reads its page, so both are one state: when the count kept
 * for the same filters was taken at that very generation, no quote has changed since and it is still the
 * exact count; otherwise the statement counts again. Counting is what a desk list spends most of its time
 * on at 100,000 quotes (every row of the match, however short the page), and a desk asks the same few
 * queues over and over between two changes.
 *
 * Per process and per database handle, bounded: the least recently used entries go first.
 */
export interface KeptCount {
  generation: number;
  n: number;
}

const MAX_ENTRIES = 2000;

export class ListCounts {
  private readonly entries = new Map<string, KeptCount>();

  get(key: string): KeptCount | undefined {
    const kept = this.entries.get(key);
    if (kept) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
    }
    return kept;
  }

  set(key: string, kept: KeptCount): void {
    this.entries.delete(key);
    this.entries.set(key, kept);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

const perDatabase = new WeakMap<object, ListCounts>();

/** The counts kept for one database handle. */
export function listCountsOf(db: object): ListCounts {
  let counts = perDatabase.get(db);
  if (!counts) {
    counts = new ListCounts();
    perDatabase.set(db, counts);
  }
  return counts;
}
