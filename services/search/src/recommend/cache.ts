import type { Database } from '@catalogue/db';
import { DEFAULT_TRENDING, eventGeneration, type TrendingOptions, trendingScores } from './signals';

export interface TrendingCacheOptions {
  trending?: TrendingOptions;
  /** Recomputed at most this often, however many events arrive (ms). */
  minAgeMs?: number;
  /** Recomputed at least this often even without new events: decay and project lines move on (ms). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * The trending ranking, computed from the event window once and reused while the event generation (the
 * last event id) is unchanged — one index read per request instead of a window scan. Under a stream of
 * events it is recomputed at most every `minAgeMs`; without events at least every `maxAgeMs`, since the
 * decay and the project lines (which have no generation) change with time. Concurrent callers share one
 * computation.
 */
export class TrendingCache {
  private value: { generation: number; at: number; ids: string[] } | null = null;
  private computing: Promise<string[]> | null = null;
  private readonly minAgeMs: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly database: Database,
    private readonly options: TrendingCacheOptions = {},
  ) {
    this.minAgeMs = options.minAgeMs ?? 5_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Product ids, most trending first. */
  async ranked(): Promise<string[]> {
    const cached = this.value;
    const now = this.now();
    if (cached && now - cached.at < this.minAgeMs) return cached.ids;
    const generation = await eventGeneration(this.database);
    if (cached && cached.generation === generation && now - cached.at < this.maxAgeMs) return cached.ids;
    this.computing ??= (async () => {
      try {
        const at = this.now();
        const scores = await trendingScores(this.database, this.options.trending ?? DEFAULT_TRENDING);
        const ids = scores.map((s) => s.id);
        this.value = { generation, at, ids };
        return ids;
      } finally {
        this.computing = null;
      }
    })();
    return this.computing;
  }

  /** Forgets the ranking (tests, or after a bulk import of events). */
  clear(): void {
    this.value = null;
  }
}
